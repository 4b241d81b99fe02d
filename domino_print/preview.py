"""PNG pictures of a finished PDF's pages, rendered from its bytes with pypdfium2.

The previews show exactly what was written, since they come from the PDF
itself. pypdfium2 and Pillow are imported only here, when previews are asked for.
"""

from __future__ import annotations

import io


def render_png(pdf: bytes, index: int, *, dpi: int = 150) -> bytes:
    """Page ``index`` of ``pdf`` as a PNG (RGB, ``dpi`` dots per inch, physical size recorded)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        if not 0 <= index < len(document):
            raise IndexError(f"page {index} of a {len(document)}-page document")
        page = document[index]
        bitmap = page.render(scale=dpi / 72)
        image = bitmap.to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
        bitmap.close()
        page.close()
        return buffer.getvalue()
    finally:
        document.close()
