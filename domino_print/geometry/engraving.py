"""What a laser engraves on each tile (``--cut svg --laser``), as plain millimetre data.

A tile's engraving is its middle line (between its two halves, stopping short of the long
edges as the printed dashed line does) and, for a set of pips, every pip as a circle, at the
places the sheet prints them: the pips turn with a standing tile (``geometry.dice``). Other
faces (pictures, numerals, words) are printed, not engraved. Coordinates are millimetres from
the page's lower-left corner, y upwards, as in ``geometry.sheet``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from domino_print.geometry.dice import DICE, pip_radius
from domino_print.geometry.shapes import Placement, Segment

CENTRE_INSET = 0.16
"""The middle line stops this fraction of the short side before each long edge."""


class Circle(NamedTuple):
    """A pip: its centre and radius, in mm."""

    x_mm: float
    y_mm: float
    r_mm: float


class TileEngraving(NamedTuple):
    """What is engraved on one tile of a sheet page."""

    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index, which nothing here calls
    """The tile's index in the set (``Placement.index``)."""
    centre_line: Segment
    pips: tuple[Circle, ...]
    """Empty unless the faces are pips."""


def centre_segment(placement: Placement) -> Segment:
    """The middle line of a placed tile, across it between its two halves."""
    short = min(placement.width_mm, placement.height_mm)
    inset = CENTRE_INSET * short
    x, y = placement.x_mm, placement.y_mm
    if placement.vertical:
        return Segment(x + inset, y + short, x + short - inset, y + short)
    return Segment(x + short, y + inset, x + short, y + short - inset)


def pip_circles(placement: Placement, values: tuple[int, int]) -> tuple[Circle, ...]:
    """The pips of a placed tile showing ``values`` (its first half on the left, or on top of
    a standing tile), turned with the tile as the sheet draws them."""
    short = min(placement.width_mm, placement.height_mm)
    x, y = placement.x_mm, placement.y_mm
    circles = []
    for half, value in enumerate(values):
        radius = pip_radius(value) * short
        for fx, fy in DICE[value]:
            if placement.vertical:  # the tile's own coordinates turned a quarter turn clockwise
                cx, cy = x + fy * short, y + (2 - half) * short - fx * short
            else:
                cx, cy = x + (half + fx) * short, y + fy * short
            circles.append(Circle(cx, cy, radius))
    return tuple(circles)


def tile_engravings(placements: Sequence[Placement], pips: Sequence[tuple[int, int]] | None
                    ) -> tuple[TileEngraving, ...]:
    """Each placed tile's engraving; ``pips`` gives every tile's two values when its faces are
    pips (indexed by ``Placement.index``), else None."""
    return tuple(
        TileEngraving(p.index, centre_segment(p), pip_circles(p, pips[p.index]) if pips is not None else ())
        for p in placements
    )
