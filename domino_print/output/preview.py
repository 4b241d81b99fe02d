"""PNG pictures of a finished PDF's pages, and how to tell a preview of ours from a user's picture.

The previews show exactly what was written, since they come from the PDF itself
(rendered with pypdfium2). A page is rendered in bands of rows and each band is
compressed into the PNG as it comes, so memory stays the same whatever the
resolution and the page count; the PNG goes straight to its stream.

Every preview made for a PDF carries a PNG text chunk naming the tool and that
PDF's file name (``domino-print preview of`` = ``planche.pdf``): a ``planche-3.png``
without it is a user's file, which the tool must never replace nor delete.
pypdfium2 is imported only here, when previews are asked for.
"""

from __future__ import annotations

import io
import math
import os
import stat
import struct
import zlib
from pathlib import Path
from typing import BinaryIO

MARK_KEYWORD = b"domino-print preview of"
"""PNG text keyword whose value is the file name (bytes) of the PDF a preview belongs to."""
SOFTWARE = b"domino-print"

BAND_ROWS = 256
"""Rows rendered at a time: about 4 MB for an A4 page at 600 dpi."""
COMPRESS_LEVEL = 6
IDAT_BYTES = 256 * 1024
"""Compressed bytes gathered before a PNG data chunk is written."""
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_MARK_READ_LIMIT = 64 * 1024
"""The mark is written before the pixels, in the first few hundred bytes; never read further."""


def preview_paths(out: Path, pages: int) -> list[Path]:
    """``planche-1.png``, ``planche-2.png``... beside the PDF, one per page."""
    return [preview_path(out, number) for number in range(1, pages + 1)]


def preview_path(out: Path, number: int) -> Path:
    """The preview of page ``number`` (1 for the first) of the PDF ``out``."""
    return out.with_name(f"{out.stem}-{number}.png")


def mark_for(out: Path) -> bytes:
    """The mark's value for previews of the PDF ``out``: its file name as the file system spells it."""
    return os.fsencode(out.name)


def is_preview_of(path: Path, out: Path) -> bool:
    """Whether ``path`` is a regular PNG file carrying the mark of a preview of the PDF ``out``.

    Reads at most the first 64 KB; anything that is not a regular file (a folder, a FIFO,
    a device) or cannot be read is not ours.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a device or FIFO is not even opened
            return False
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # nor waited on if swapped
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return False
        head = os.read(descriptor, _MARK_READ_LIMIT)
    except OSError:
        return False
    finally:
        os.close(descriptor)
    return mark_for(out) in _texts_before_pixels(head).get(MARK_KEYWORD, [])


def _texts_before_pixels(head: bytes) -> dict[bytes, list[bytes]]:
    """The ``tEXt`` chunks found in ``head`` (the start of a PNG) before its first pixel data."""
    texts: dict[bytes, list[bytes]] = {}
    if not head.startswith(_SIGNATURE):
        return texts
    position = len(_SIGNATURE)
    while position + 8 <= len(head):
        length, kind = struct.unpack(">I4s", head[position:position + 8])
        body = head[position + 8:position + 8 + length]
        if kind == b"IDAT" or len(body) < length:
            break
        if kind == b"tEXt" and b"\x00" in body:
            keyword, _, value = body.partition(b"\x00")
            texts.setdefault(keyword, []).append(value)
        position += 12 + length
    return texts


class PagePictures:
    """One PDF opened once, its pages rendered to PNG one at a time.

    ``with PagePictures(pdf) as pictures: pictures.write_png(0, stream, dpi=150, mark=b"x.pdf")``
    """

    def __init__(self, pdf: bytes) -> None:
        import pypdfium2 as pdfium

        _quiet_pdfium_exit()
        self._document = pdfium.PdfDocument(pdf)

    def __enter__(self) -> PagePictures:
        return self

    def __exit__(self, *exc_info) -> None:
        self._document.close()

    def __len__(self) -> int:
        return len(self._document)

    def write_png(self, index: int, stream: BinaryIO, *, dpi: int = 150, mark: bytes | None = None) -> None:
        """Write page ``index`` to ``stream`` as an RGB PNG at ``dpi``, its resolution recorded.

        ``mark`` (a PDF's file name) is written as the preview mark; None for a picture
        that belongs to no file.
        """
        import pypdfium2.raw as pdfium_c

        if not 0 <= index < len(self._document):
            raise IndexError(f"page {index} of a {len(self._document)}-page document")
        page = self._document[index]
        try:
            scale = dpi / 72
            # The size pypdfium2's page.render gives the whole page, kept so that previews
            # keep the size they always had.
            width = math.ceil(page.get_width() * scale)
            height = math.ceil(page.get_height() * scale)
            _write_header(stream, width, height, dpi, mark)
            compressor = zlib.compressobj(COMPRESS_LEVEL)
            pending = bytearray()
            row_bytes = width * 3
            for top in range(0, height, BAND_ROWS):
                rows = min(BAND_ROWS, height - top)
                # crop is in PDF units and rounded up to whole pixels by pypdfium2; half a pixel
                # less than the rows to drop gives exactly those rows, whatever the float error.
                crop_top = (top - 0.5) / scale if top else 0
                below = height - top - rows
                crop_bottom = (below - 0.5) / scale if below else 0
                bitmap = page.render(scale=scale, crop=(0, crop_bottom, 0, crop_top),
                                     force_bitmap_format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
                try:
                    if (bitmap.width, bitmap.height) != (width, rows):
                        raise RuntimeError(f"band of {bitmap.width}x{bitmap.height}, not {width}x{rows}")
                    band, stride = bytes(bitmap.buffer), bitmap.stride
                finally:
                    bitmap.close()
                scanlines = b"".join(
                    b"\x00" + band[row * stride:row * stride + row_bytes] for row in range(rows)
                )  # each row starts with its filter type, 0 (none)
                del band
                pending += compressor.compress(scanlines)
                if len(pending) >= IDAT_BYTES:
                    _write_chunk(stream, b"IDAT", bytes(pending))
                    pending.clear()
            pending += compressor.flush()
            _write_chunk(stream, b"IDAT", bytes(pending))
            _write_chunk(stream, b"IEND", b"")
        finally:
            page.close()


def _quiet_pdfium_exit() -> None:
    """Keep pypdfium2's exit-time warnings ("Weakref ... was not cleaned up from ObjectTracker?")
    off stderr: a signal that stops a run inside a render can leave its object tracker
    behind, and the run must still end with one error line."""
    import logging  # pypdfium2 has loaded it already

    try:
        from pypdfium2_cfg import DEBUG_AUTOCLOSE  # pypdfium2's own switch for those messages
    except ImportError:  # an older pypdfium2: it had no such warnings
        return
    DEBUG_AUTOCLOSE.value = max(DEBUG_AUTOCLOSE.value, logging.ERROR)


def _write_header(stream: BinaryIO, width: int, height: int, dpi: int, mark: bytes | None) -> None:
    stream.write(_SIGNATURE)
    _write_chunk(stream, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    per_metre = round(dpi / 0.0254)
    _write_chunk(stream, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    _write_chunk(stream, b"tEXt", b"Software\x00" + SOFTWARE)
    if mark is not None:
        _write_chunk(stream, b"tEXt", MARK_KEYWORD + b"\x00" + mark)


def _write_chunk(stream: BinaryIO, kind: bytes, body: bytes) -> None:
    stream.write(struct.pack(">I", len(body)) + kind)
    stream.write(body)
    stream.write(struct.pack(">I", zlib.crc32(body, zlib.crc32(kind))))


def render_png(pdf: bytes, index: int, *, dpi: int = 150, mark: bytes | None = None) -> bytes:
    """Page ``index`` of ``pdf`` as a PNG in memory (RGB, ``dpi`` dots per inch, physical size recorded)."""
    buffer = io.BytesIO()
    with PagePictures(pdf) as pictures:
        pictures.write_png(index, buffer, dpi=dpi, mark=mark)
    return buffer.getvalue()
