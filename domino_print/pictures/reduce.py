"""Reduce a picture above the decoding limit once, on arrival, within a memory budget.

A phone's photo may be larger than a theme's picture may decode to (``decode.MAX_DECODED_PIXELS``,
40 megapixels, for every picture that is decoded whole): a 48 MP iPhone HEIC, a 50 MP Android
HEIF, a 100 MP panorama saved as PNG. The studio keeps a reduced, upright copy of such a
picture instead of refusing it (``reduce_large``), and that copy is an ordinary picture the
command line reads. Baseline JPEGs are never reduced here: ``decode`` already reads them at
1/8 scale up to 300 megapixels.

Each format is decoded the cheapest way it allows, so that one picture's cost stays within
``MEMORY_BUDGET`` bytes:

* a non-interlaced 8-bit PNG a band of rows at a time (``_png_in_bands``): its rows are
  unfiltered by Pillow from a small PNG made for each band (the row before the band, decoded
  already, goes first, unfiltered), so no more than a band is ever held, whatever its size;
* a HEIF picture is decoded by libheif into one buffer (3 or 4 bytes a pixel) and reduced a band
  at a time from that buffer, never copied whole into Pillow;
* every other picture (TIFF, WebP, BMP, GIF, progressive JPEG, 16-bit or interlaced PNG) is
  decoded whole by Pillow, if its pixels fit in the budget.

Up to ``MAX_ARRIVAL_PIXELS`` (200 megapixels, the largest phone photos); over it, or over what
its format can decode within the budget, ``PictureError`` (category ``too_large``) says its size
and the limit for it.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from domino_print.errors import Phrase
from domino_print.pictures import PictureError
from domino_print.pictures.decode import (
    JPEG_FORMATS,
    READ_ERRORS,
    bomb_megapixels,
    damaged,
    in_working_mode,
    open_picture,
)

MAX_ARRIVAL_PIXELS = 200_000_000
"""The largest picture reduced on arrival (a 200 MP phone photo)."""
MEMORY_BUDGET = 240 * 1024 * 1024
"""Bytes one picture's decoding may hold at once (a studio process stays under 400 MB)."""
KEPT_PIXELS = 16_000_000
"""The reduced copy's most pixels: a printed face of 80 mm at 300 dpi needs under 1 megapixel."""
BAND_PIXELS = 4_000_000
"""Pixels decoded in one band of a PNG or a HEIF buffer."""
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
"""Bytes a pixel holds in an 8-bit PNG, by colour type (grey, RGB, palette, grey+alpha, RGBA)."""
_WHOLE_BYTES_PER_PIXEL = {"1": 2, "L": 1, "P": 5, "I;16": 2, "I;16B": 2, "I;16L": 2}
"""What a pixel costs decoded whole by Pillow, by mode: RGB, RGBA, LA, CMYK and the others are
stored in 4 bytes (the default), 1 and L in one; a 1-bit picture is reduced as L, a palette as RGB
(4 more). A progressive JPEG's coefficients cost about as much as its RGB pixels."""


def _too_large(path: Path, width: int, height: int, limit: int) -> PictureError:
    return PictureError(path, "picture.too_large_kind",
                        size=Phrase("picture.pixels", width=width, height=height,
                                    megapixels=width * height / 1e6),
                        megapixels=round(width * height / 1e6), limit=limit // 1_000_000)


def _factor(width: int, height: int) -> int:
    """The whole factor that brings ``width`` x ``height`` within ``KEPT_PIXELS``."""
    return max(1, math.ceil(math.sqrt(width * height / KEPT_PIXELS)))


# -- PNG, a band at a time -------------------------------------------------------------------
def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    at = len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IEND":
            return


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png_banded(data: bytes) -> tuple[bytes, list[bytes], int, int, int] | None:
    """The IHDR and the chunks a band's PNG needs (PLTE, tRNS, gAMA...), the size and the bytes a
    pixel holds, for a PNG that can be read by bands (8 bits, not interlaced); else None."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    header, extra = b"", []
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind in (b"PLTE", b"tRNS"):
            extra.append(_chunk(kind, body))
        elif kind == b"IDAT":
            break
    if len(header) != 13:
        return None
    width, height, depth, colour, _compression, _filters, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or interlace or colour not in _PNG_CHANNELS:
        return None
    return header, extra, width, height, _PNG_CHANNELS[colour]


def _png_in_bands(data: bytes, path: Path, factor: int) -> Image.Image:
    """A PNG reduced by ``factor``, decoded a band of rows at a time (see the module's docstring)."""
    read = _png_banded(data)
    assert read is not None
    header, extra, width, height, channels = read
    row_bytes = 1 + width * channels
    band_rows = max(factor, BAND_PIXELS // width // factor * factor)
    inflate = zlib.decompressobj()
    pending = b""
    previous: bytes | None = None  # the last decoded row of the band before, unfiltered
    result: Image.Image | None = None
    top = 0

    def band(raw: bytes, rows: int) -> Image.Image:
        nonlocal previous
        lead = b"" if previous is None else b"\x00" + previous
        shown_rows = rows + (previous is not None)
        ihdr = header[:4] + struct.pack(">I", shown_rows) + header[8:]
        small = (_PNG_SIGNATURE + _chunk(b"IHDR", ihdr) + b"".join(extra)
                 + _chunk(b"IDAT", zlib.compress(lead + raw, 0)) + _chunk(b"IEND", b""))
        with Image.open(io.BytesIO(small), formats=("PNG",)) as image:
            image.load()
            if previous is not None:
                image = image.crop((0, 1, width, shown_rows))
            last = image.crop((0, rows - 1, width, rows))
            previous = last.tobytes()
            if image.mode == "P":
                image = image.convert("RGBA" if "transparency" in image.info else "RGB")
            elif "transparency" in image.info:
                image = image.convert("RGBA" if image.mode == "RGB" else "LA")
            return image.reduce(factor) if factor > 1 else image.copy()

    def chunks_of_idat() -> Iterator[bytes]:
        for kind, body in _chunks(data):
            if kind == b"IDAT":
                yield body

    def inflated() -> Iterator[bytes]:
        """The filtered rows, a band's worth at most at a time (a flat picture inflates a
        thousandfold: one chunk may hold the whole picture)."""
        most = band_rows * row_bytes
        for compressed in chunks_of_idat():
            piece = inflate.decompress(compressed, most)
            yield piece
            while inflate.unconsumed_tail:
                yield inflate.decompress(inflate.unconsumed_tail, most)
        yield inflate.flush()

    try:
        for piece in inflated():
            pending += piece
            while top < height and len(pending) >= min(band_rows, height - top) * row_bytes:
                rows = min(band_rows, height - top)
                shrunk = band(pending[:rows * row_bytes], rows)
                pending = pending[rows * row_bytes:]
                if result is None:
                    result = Image.new(shrunk.mode, (-(-width // factor), -(-height // factor)))
                result.paste(shrunk, (0, top // factor))
                top += rows
        if top < height:
            raise ValueError(f"the rows end at {top + len(pending) // row_bytes} of {height}")
    except (*READ_ERRORS, zlib.error) as exc:
        raise damaged(path, exc) from None
    assert result is not None
    return result


# -- HEIF, from libheif's buffer ---------------------------------------------------------------
def _heif_reduced(data: bytes, path: Path) -> Image.Image:
    """A HEIF picture decoded once by libheif (turned as its file says) and reduced a band at a
    time from that buffer."""
    import pillow_heif  # a dependency; loaded for phone photos only

    try:
        heif = pillow_heif.open_heif(io.BytesIO(data), convert_hdr_to_8bit=True)
        mode, (width, height) = heif.mode, heif.size
        if mode not in ("RGB", "RGBA") or width * height * len(mode) > MEMORY_BUDGET:
            raise _too_large(path, width, height, MEMORY_BUDGET // len(mode) // 1_000_000 * 1_000_000)
        buffer, stride = heif.data, heif.stride
        factor = _factor(width, height)
        band_rows = max(factor, BAND_PIXELS // width // factor * factor)
        result = Image.new(mode, (-(-width // factor), -(-height // factor)))
        for top in range(0, height, band_rows):
            rows = min(band_rows, height - top)
            piece = Image.frombuffer(mode, (width, rows), buffer[top * stride:(top + rows) * stride],
                                     "raw", mode, stride, 1)
            result.paste(piece.reduce(factor) if factor > 1 else piece, (0, top // factor))
        icc = heif.info.get("icc_profile")
    except PictureError:
        raise
    except (*READ_ERRORS, RuntimeError) as exc:
        raise damaged(path, exc) from None
    if icc:
        result.info["icc_profile"] = icc
    return result


def _reducible(image: Image.Image) -> Image.Image:
    """The decoded pixels in a mode ``Image.reduce`` averages: a palette as colours, 1 bit as grey."""
    if image.mode == "P":
        return image.convert("RGBA" if "transparency" in image.info else "RGB")
    if image.mode == "1":
        return image.convert("L")
    return in_working_mode(image) if image.mode not in ("L", "LA", "RGB", "RGBA") else image


def _orientation(image: Image.Image) -> int:
    try:
        return int(image.getexif().get(0x0112, 1) or 1)
    except (*READ_ERRORS, KeyError, TypeError):
        return 1


def _png_orientation(data: bytes) -> int:
    """The orientation in a PNG's ``eXIf`` chunk, read without decoding its pixels."""
    for kind, body in _chunks(data):
        if kind == b"eXIf":
            exif = Image.Exif()
            try:
                exif.load(body)
                return int(exif.get(0x0112, 1) or 1)
            except (*READ_ERRORS, KeyError, TypeError, struct.error):
                return 1
    return 1


_TURNS = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
          4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
          6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_90}
"""How each EXIF orientation is undone (as ``ImageOps.exif_transpose`` does)."""


def _finished(image: Image.Image, orientation: int) -> Image.Image:
    """The reduced picture upright, in sRGB and a working mode, as ``decode`` gives it."""
    if orientation in _TURNS:
        icc = image.info.get("icc_profile")
        image = image.transpose(_TURNS[orientation])
        if icc:
            image.info["icc_profile"] = icc
    return in_working_mode(image)


def reduce_large(data: bytes, path: Path) -> tuple[bytes, str] | None:
    """A reduced copy (file bytes, and the suffix of its format) of a picture whose size is over
    ``decode.MAX_DECODED_PIXELS`` and which is decoded whole, upright, at most ``KEPT_PIXELS``;
    None for any other picture (the caller stores it as it is). ``PictureError`` when it is over
    ``MAX_ARRIVAL_PIXELS`` or what its format can decode within ``MEMORY_BUDGET``."""
    try:
        opened = open_picture(io.BytesIO(data), path)
    except PictureError as exc:
        if exc.category != "too_large":
            raise
    else:
        opened.close()
        return None  # within the limits: stored as it is
    try:
        image = Image.open(io.BytesIO(data), formats=_formats(data))
    except Image.DecompressionBombError as exc:
        raise PictureError(path, "picture.over_arrival",
                           megapixels=bomb_megapixels(exc, MAX_ARRIVAL_PIXELS),
                           limit=MAX_ARRIVAL_PIXELS // 1_000_000) from None
    except READ_ERRORS as exc:
        raise damaged(path, exc) from None
    with image:
        width, height = image.size
        fmt = image.format or ""
        if width * height > MAX_ARRIVAL_PIXELS:
            raise _too_large(path, width, height, MAX_ARRIVAL_PIXELS)
        if fmt in JPEG_FORMATS and not image.info.get("progressive"):
            raise _too_large(path, width, height, MAX_ARRIVAL_PIXELS)  # over decode's own JPEG limit
        factor = _factor(width, height)
        if fmt == "HEIF":
            reduced = _heif_reduced(data, path)
            orientation = 1  # libheif has turned it already
        elif fmt == "PNG" and _png_banded(data) is not None:
            reduced = _png_in_bands(data, path, factor)
            orientation = _png_orientation(data)  # Pillow's getexif would decode the whole PNG
        else:
            orientation = _orientation(image)
            budget_pixels = MEMORY_BUDGET // _WHOLE_BYTES_PER_PIXEL.get(image.mode, 4)
            if width * height > budget_pixels:
                raise _too_large(path, width, height, budget_pixels // 1_000_000 * 1_000_000)
            if fmt in JPEG_FORMATS:
                image.draft("RGB", (width // factor, height // factor))
            try:
                image.load()
            except READ_ERRORS as exc:
                raise damaged(path, exc) from None
            icc = image.info.get("icc_profile")
            shrink = max(1, round(image.width * factor / width))
            loaded = _reducible(image)
            reduced = loaded.reduce(shrink) if shrink > 1 else loaded.copy()
            if icc:
                reduced.info["icc_profile"] = icc
    upright = _finished(reduced, orientation)
    buffer = io.BytesIO()
    if upright.mode in ("RGBA", "LA") or (upright.getcolors(256) is not None):
        upright.save(buffer, "PNG", compress_level=6)
        return buffer.getvalue(), ".png"
    upright.convert("RGB").save(buffer, "JPEG", quality=92)
    return buffer.getvalue(), ".jpg"


def _formats(data: bytes) -> tuple[str, ...]:
    """The decoders ``decode.open_picture`` would allow for these bytes (HEIF registered then)."""
    from domino_print.pictures.decode import _formats_for

    return _formats_for(io.BytesIO(data))
