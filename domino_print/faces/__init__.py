"""Face painters: each draws one value into a square box, knowing nothing of the page.

A painter is a small object with ``draw(canvas, value, size_pt)`` that paints the
face of ``value`` into the square ``(0, 0)-(size_pt, size_pt)`` of the canvas's
current coordinates, and a ``follows_tile`` flag: True when the face turns with a
vertical tile (pips), False when it stays upright on the page (numerals, pictures).
A painter may also define ``prepare(values, size_pt)``, called once before any
drawing, to start slow work (decoding photos) for those values ahead of time.
``painter_for`` is the registry from a theme's ``painter`` key to its class; each
module is imported only when a theme needs it, to keep start-up quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.themes import Theme


class FacePainter(Protocol):
    follows_tile: bool

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None: ...


def painter_for(theme: Theme, *, dpi: int = 300) -> FacePainter:
    """The painter a theme asks for, set up with the theme's colours or images."""
    if theme.painter == "pips":
        from domino_print.faces.pips import PipPainter

        return PipPainter(colours=theme.colours)
    if theme.painter == "numeral":
        from domino_print.faces.numerals import NumeralPainter

        return NumeralPainter()
    if theme.painter == "picture":
        from domino_print.faces.pictures import PicturePainter

        return PicturePainter(theme, dpi=dpi)
    raise ValueError(f"no painter named {theme.painter!r}")
