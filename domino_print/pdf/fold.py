"""The fold line of a fold-over page (``--backs fold``): its own look, never taken for a cut.

Cut lines are solid and black, a tile's centre line is a short grey dash; the fold line is a
long-dash-dot line in violet, labelled "plier ici" (in the sheet's language) near each end on the
tiles' side, beside a small arrow that arches over the line. The geometry (where the line runs) is
``layout.FoldLine``, in millimetres.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from domino_print import fonts
from domino_print.texts import text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.sheet import FoldLine

FOLD_COLOUR = "#7A3FA8"
FOLD_LINE_PT = 0.8
FOLD_DASH_PT = (14.0, 3.0, 1.6, 3.0)
"""Long dash, gap, dot, gap: the dash-dot that marks a fold in print."""
FOLD_LABEL_PT = 7.0
SYMBOL_RADIUS_MM = 2.2
LABEL_LIFT_MM = 1.3
"""The label's baseline sits this far from the line, on the tiles' side."""


def draw_fold_line(canvas: Canvas, fold: FoldLine, *, lang: str, margin_mm: float) -> None:
    """The fold line along ``fold.line``, with its label and symbol near each end."""
    line = fold.line
    canvas.saveState()
    canvas.setStrokeColor(FOLD_COLOUR)
    canvas.setLineWidth(FOLD_LINE_PT)
    canvas.setDash(list(FOLD_DASH_PT), 0)
    canvas.line(line.x0 * mm, line.y0 * mm, line.x1 * mm, line.y1 * mm)
    canvas.restoreState()
    label = text(lang, "fold.here")
    length = (line.x1 - line.x0 if fold.horizontal else line.y1 - line.y0) * mm
    # Each label starts in line with the tiles' margin, or 4 mm into a vertical line.
    start = (margin_mm - line.x0) * mm if fold.horizontal else 4 * mm
    canvas.saveState()
    # Work along the line: x runs along it, y towards the tiles (up, or left of a vertical fold).
    canvas.translate(line.x0 * mm, line.y0 * mm)
    if not fold.horizontal:
        canvas.rotate(90)
    label_w = stringWidth(label, fonts.ITALIC, FOLD_LABEL_PT)
    symbol_w = 2 * SYMBOL_RADIUS_MM * mm
    for left in (start, length - start - symbol_w - 1.5 * mm - label_w):
        _draw_symbol(canvas, left + SYMBOL_RADIUS_MM * mm)
        canvas.setFillColor(FOLD_COLOUR)
        canvas.setFont(fonts.ITALIC, FOLD_LABEL_PT)
        canvas.drawString(left + symbol_w + 1.5 * mm, LABEL_LIFT_MM * mm, label)
    canvas.restoreState()


def _draw_symbol(canvas: Canvas, x: float) -> None:
    """An arrow arching over the line from the backs' side to the tiles' side, centred at ``x``."""
    radius = SYMBOL_RADIUS_MM * mm
    canvas.saveState()
    canvas.setStrokeColor(FOLD_COLOUR)
    canvas.setFillColor(FOLD_COLOUR)
    canvas.setLineWidth(0.7)
    canvas.setLineCap(1)
    arc = canvas.beginPath()
    arc.arc(x - radius, -radius, x + radius, radius, startAng=-150, extent=240)
    canvas.drawPath(arc, stroke=1, fill=0)
    head = canvas.beginPath()  # at the arc's end (its top), pointing along its turn (towards -x)
    head.moveTo(x - 2.2, radius)
    head.lineTo(x + 1.0, radius + 1.9)
    head.lineTo(x + 1.0, radius - 1.9)
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)
    canvas.restoreState()
