"""Pips laid out like dice, for values 0 (blank) to 12, optionally one colour per value.

Positions are fractions of the square, in the coordinates of a *horizontal*
tile (long side along x): a 6 shows two rows of three running along the long
side, and the renderer turns the face with the tile when it stands upright.
Values 0-9 use a 3 x 3 grid; 10-12 use a 4 x 3 grid with smaller pips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.themes import Theme

_LOW, _MID, _HIGH = 0.24, 0.5, 0.76
_COLUMNS4 = (0.2, 0.4, 0.6, 0.8)
_SIX = tuple((x, y) for x in (_LOW, _MID, _HIGH) for y in (_LOW, _HIGH))
_NINE = tuple((x, y) for x in (_LOW, _MID, _HIGH) for y in (_LOW, _MID, _HIGH))
_EIGHT_OF_TWELVE = tuple((x, y) for x in _COLUMNS4 for y in (_LOW, _HIGH))

PIP_POSITIONS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_MID, _MID),),
    2: ((_LOW, _HIGH), (_HIGH, _LOW)),
    3: ((_LOW, _HIGH), (_MID, _MID), (_HIGH, _LOW)),
    4: ((_LOW, _LOW), (_LOW, _HIGH), (_HIGH, _LOW), (_HIGH, _HIGH)),
    5: ((_LOW, _LOW), (_LOW, _HIGH), (_MID, _MID), (_HIGH, _LOW), (_HIGH, _HIGH)),
    6: _SIX,
    7: (*_SIX, (_MID, _MID)),
    8: tuple(p for p in _NINE if p != (_MID, _MID)),
    9: _NINE,
    10: (*_EIGHT_OF_TWELVE, (0.3, _MID), (0.7, _MID)),
    11: (*_EIGHT_OF_TWELVE, (0.3, _MID), (_MID, _MID), (0.7, _MID)),
    12: tuple((x, y) for x in _COLUMNS4 for y in (_LOW, _MID, _HIGH)),
}
"""Pip centres as fractions of the face, for each value."""

MAX_PIPS = max(PIP_POSITIONS)


def pip_radius(value: int) -> float:
    """Pip radius as a fraction of the face: smaller when the face holds more than nine."""
    return 0.085 if value <= 9 else 0.07


class PipPainter:
    """Round pips; with ``colours`` (one per value) each pip is filled and ringed dark."""

    follows_tile = True
    max_value = MAX_PIPS

    def __init__(self, colours: tuple[str, ...] = ()) -> None:
        self.colours = colours

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> PipPainter:
        return cls(colours=theme.colours)

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        radius = pip_radius(value) * size_pt
        if self.colours:
            canvas.setFillColor(self.colours[value])
            canvas.setStrokeColor("#1A1A1A")
            canvas.setLineWidth(max(0.6, radius * 0.18))
        else:
            canvas.setFillColor("#111111")
        for fx, fy in PIP_POSITIONS[value]:
            canvas.circle(fx * size_pt, fy * size_pt, radius, stroke=1 if self.colours else 0, fill=1)
