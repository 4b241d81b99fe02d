"""A rules page's example figure: the tiles a game's unit places, painted with the sheet's faces.

The unit (``domino_print.rules``) gives the figure as data, ``PlacedTile``s in short-side units
from its lower-left corner, and arrows; ``FigureExample``, a Platypus flowable, paints each
tile with the rules page's ``draw_tile`` callback, so the figure shows the printed theme's
own faces.
"""

from __future__ import annotations

from collections.abc import Callable

from domino_print.pdf.platypus import Flowable
from domino_print.rules.variant import Figure, figure_size

__all__ = ["DrawTile", "FigureExample"]

DrawTile = Callable[..., None]
"""``draw_tile(canvas, a, b, short_pt, turned=False)``: one horizontal tile (``2 * short_pt``
wide, ``short_pt`` high), ``a`` on the left half and ``b`` on the right, lower-left corner at
the canvas's current origin. The caller translates and rotates; ``turned=True`` says it has
turned the tile a quarter turn (a double laid crosswise), so faces that stay upright on the
sheet (pictures, numerals) can turn back."""

GAP_SHORT = 0.04
"""The gap between touching tiles, as a share of the short side."""
MIN_GAP_PT = 1.0
ARROW_GREY = 0.35


class FigureExample(Flowable):
    """The figure, each tile painted by ``draw_tile`` at ``short_pt`` high."""

    def __init__(self, draw_tile: DrawTile, figure: Figure, short_pt: float):
        super().__init__()
        self.draw_tile = draw_tile
        self.short_pt = short_pt
        self.gap = max(MIN_GAP_PT, short_pt * GAP_SHORT) / short_pt
        self.tiles = figure.layout(self.gap)
        self.min_height = figure.min_height
        self.arrows = figure.arrows(self.gap)

    def figure_width(self) -> float:
        return figure_size(self.tiles)[0] * self.short_pt

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        units_wide, units_high = figure_size(self.tiles)
        self.width = units_wide * self.short_pt
        self.height = max(units_high, self.min_height) * self.short_pt
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        s = self.short_pt
        for tile in self.tiles:
            canvas.saveState()
            if tile.upright:
                # A lying tile turned a quarter turn anticlockwise: ``a`` ends up below ``b``.
                canvas.translate((tile.x + 1) * s, tile.y * s)
                canvas.rotate(90)
                self.draw_tile(canvas, tile.a, tile.b, s, turned=True)
            else:
                canvas.translate(tile.x * s, tile.y * s)
                self.draw_tile(canvas, tile.a, tile.b, s)
            canvas.restoreState()
        for arrow in self.arrows:
            self._arrow(arrow.x0 * s, arrow.y0 * s, arrow.x1 * s, arrow.y1 * s)

    def _arrow(self, x0: float, y0: float, x1: float, y1: float) -> None:
        import math

        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeGray(ARROW_GREY)
        canvas.setFillGray(ARROW_GREY)
        canvas.setLineWidth(max(1.0, self.short_pt * 0.05))
        canvas.setLineCap(1)
        head = self.short_pt * 0.22
        angle = math.atan2(y1 - y0, x1 - x0)
        bx, by = x1 - head * math.cos(angle), y1 - head * math.sin(angle)
        canvas.line(x0, y0, bx, by)
        path = canvas.beginPath()
        path.moveTo(x1, y1)
        for side in (0.45, -0.45):
            path.lineTo(x1 - head * math.cos(angle + side), y1 - head * math.sin(angle + side))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.restoreState()
