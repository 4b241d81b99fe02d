"""An SVG picture's opacity as pixels: the silhouette a 3D tile raises (``output.art_relief``).

The picture is loaded as a theme's SVG is (``svg.load_svg``: its checks and limits), drawn
``side`` pixels on its long side on a transparent ground with pypdfium2, and its alpha channel
returned (0 transparent to 255 opaque).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np


def svg_alpha(path: Path, side: int) -> np.ndarray:
    """The (rows, columns) uint8 opacity of the SVG at ``path``, ``side`` pixels on its long side."""
    import pypdfium2 as pdfium
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import Drawing, Group

    from domino_print.pictures.svg import load_svg

    source = load_svg(path)  # the drawing every later use of this file shares: never changed here
    scale = side / max(source.width, source.height)
    picture = Group(*source.contents, transform=source.transform)
    picture.scale(scale, scale)
    drawing = Drawing(source.width * scale, source.height * scale)
    drawing.add(picture)
    document = pdfium.PdfDocument(renderPDF.drawToString(drawing))
    try:
        image = document[0].render(scale=1, fill_color=(255, 255, 255, 0)).to_numpy()
    finally:
        document.close()
    return np.ascontiguousarray(image[:, :, 3])
