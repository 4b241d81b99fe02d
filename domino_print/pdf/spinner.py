"""The Doubles game's example figure: a spinner with a branch on each of its four sides.

Geometry first, as plain data: ``spinner_layout`` says where each tile of the figure
lies, in units of the tiles' short side, from the figure's lower-left corner. Then
``SpinnerExample``, a Platypus flowable, paints each tile with the rules page's
``draw_tile`` callback (the same one the example chain uses), so the figure shows
the printed theme's own faces.

The figure, on a double-six set::

            6-4   3-5
     1-6    6-6   6-3  3-3
            2-6

The opening double six (upright, crosswise to the row) has a domino on each of its
four sides: its two long sides and its two ends. The 3 at the far end of the 6-3 was
locked until the double three was laid against it; the double three is a spinner in
turn, and the 3-5 grows from its upper end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from domino_print.platypus_import import Flowable

__all__ = ["PlacedTile", "SpinnerExample", "spinner_layout", "spinner_tiles"]

DrawTile = Callable[..., None]
"""The rules page's ``draw_tile(canvas, a, b, short_pt, turned=False)``, see ``rules.DrawTile``."""

GAP_SHORT = 0.04
"""The gap between touching tiles, as a share of the short side (as in the example chain)."""
MIN_GAP_PT = 1.0


class PlacedTile(NamedTuple):
    """One tile of the figure, in short-side units from the figure's lower-left corner."""

    a: int  # the left half of a lying tile, the lower half of an upright one
    b: int  # the right half, or the upper half
    x: float
    y: float
    upright: bool  # turned a quarter turn: one unit wide, two high

    @property
    def width(self) -> float:
        return 1.0 if self.upright else 2.0

    @property
    def height(self) -> float:
        return 2.0 if self.upright else 1.0


def spinner_layout(gap: float = GAP_SHORT) -> tuple[PlacedTile, ...]:
    """The figure's seven tiles, with ``gap`` (in short sides) between touching tiles.

    Drawing order: the row left to right (1-6, 6-6, 6-3, 3-3), then the branch above the
    double six (6-4), the one below it (2-6), and the branch above the double three (3-5).
    """
    row_y = 2 + gap  # the upright doubles of the row stand on the lower branch
    spinner_x = 2 + gap
    right_x = spinner_x + 1 + gap
    second_x = right_x + 2 + gap
    lying_y = row_y + 0.5  # lying tiles sit on the middle of the upright doubles
    above_y = row_y + 2 + gap
    return (
        PlacedTile(1, 6, 0.0, lying_y, upright=False),
        PlacedTile(6, 6, spinner_x, row_y, upright=True),
        PlacedTile(6, 3, right_x, lying_y, upright=False),
        PlacedTile(3, 3, second_x, row_y, upright=True),
        PlacedTile(6, 4, spinner_x, above_y, upright=True),
        PlacedTile(2, 6, spinner_x, 0.0, upright=True),
        PlacedTile(3, 5, second_x, above_y, upright=True),
    )


def spinner_tiles() -> tuple[tuple[int, int], ...]:
    """The figure's tiles as ``(a, b)`` pairs, in drawing order."""
    return tuple((tile.a, tile.b) for tile in spinner_layout())


def figure_size(tiles: tuple[PlacedTile, ...]) -> tuple[float, float]:
    """Width and height of the figure, in short sides."""
    return max(t.x + t.width for t in tiles), max(t.y + t.height for t in tiles)


class SpinnerExample(Flowable):
    """The spinner figure, each tile painted by ``draw_tile`` at ``short_pt`` high."""

    def __init__(self, draw_tile: DrawTile, short_pt: float):
        super().__init__()
        self.draw_tile = draw_tile
        self.short_pt = short_pt
        gap_pt = max(MIN_GAP_PT, short_pt * GAP_SHORT)
        self.tiles = spinner_layout(gap_pt / short_pt)

    def figure_width(self) -> float:
        return figure_size(self.tiles)[0] * self.short_pt

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        units_wide, units_high = figure_size(self.tiles)
        self.width = units_wide * self.short_pt
        self.height = units_high * self.short_pt
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
