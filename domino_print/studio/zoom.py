"""A page of the preview enlarged, to check the faces: the preview's own PDF drawn at ``ZOOM_DPI``.

The page's list of previews links each page to ``/zoom/<scope>/<key>/<n>.jpg`` (``studio-zoom.js``
opens it in a dialog); the picture is drawn once from the cached PDF and kept beside it in the
cache (trimmed with the rest). A zoom is drawn within ``ZOOM_PIXELS``, in one of the studio's
render slots (as a preview is).
"""

from __future__ import annotations

import io
from pathlib import Path

from domino_print.studio.rendering import _PDFIUM, JPEG_QUALITY, render_scale, write_atomically

ZOOM_DPI = 150
"""An A4 page 1754 px wide: a face of 30 mm is 177 px, enough to see whether a face is in view."""
ZOOM_PIXELS = 5_000_000
"""The most pixels a zoomed page is drawn with: A4 and Letter at ``ZOOM_DPI`` (4.35 and 4.2
million) fit; a larger page (A3, 2 x 2 m) is drawn at the resolution that fits, so that one zoom
costs at most about 40 MB however large the page (a 2 m page at 150 dpi took 1.1 GB)."""


def zoomed_page(cache_dir: Path, key: str, page: int) -> bytes | None:
    """Page ``page`` of the cached PDF ``key`` as a JPEG at ``ZOOM_DPI``; None if there is none."""
    path = cache_dir / f"{key}-zoom-{page}.jpg"
    try:
        return path.read_bytes()
    except OSError:
        pass
    try:
        pdf = (cache_dir / f"{key}.pdf").read_bytes()
    except OSError:
        return None
    import pypdfium2 as pdfium  # loaded with the first page enlarged

    with _PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            if not 0 <= page < len(document):
                return None
            handle = document[page]
            image = handle.render(scale=render_scale(handle.get_size(), ZOOM_DPI, ZOOM_PIXELS)).to_pil()
            handle.close()
        finally:
            document.close()
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY)
    data = buffer.getvalue()
    write_atomically(path, data)
    return data
