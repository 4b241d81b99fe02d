"""PNG previews of a finished PDF, rendered from its bytes with pypdfium2.

The previews show exactly what was written, since they come from the PDF
itself. pypdfium2 and Pillow are imported only here, when previews are asked for.
"""

from __future__ import annotations

import io
from collections.abc import Callable


def render_pngs(pdf: bytes, *, dpi: int = 150, on_page: Callable[[], None] | None = None) -> list[bytes]:
    """One PNG (RGB, ``dpi`` dots per inch, physical size recorded) per page of ``pdf``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        pngs = []
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=dpi / 72)
            image = bitmap.to_pil().convert("RGB")
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
            pngs.append(buffer.getvalue())
            bitmap.close()
            page.close()
            if on_page is not None:
                on_page()
        return pngs
    finally:
        document.close()
