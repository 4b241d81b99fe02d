"""Tiles to touch: the millimetre geometry of a 3D-printed tile and of the plates it is printed on.

Pure numbers, no mesh library: ``output.mesh`` builds the solids from these records.

A tile lies flat, its long side along x, its face up (z = thickness) and its back on the bed
(z = 0), so that it prints without supports; half ``a`` is x < length / 2. The sizes follow the
Touch craft of DESIGN.md: a real domino measures about 48 x 24 x 7.5 mm, pips raised about
0.8 mm are easy to count by touch, the middle line is a ridge that tells the halves apart, and a
common printer's bed is 180-250 mm square (220 x 220 mm is a safe default).

``plates`` lays the tiles of a set out on as many plates as they need, in rows, each tile's
place the lower left corner of its bounding box on the plate.

The options' sizes (thickness, relief, the bed: ``parse_bed``) live in ``geometry.sizes``: the
option table reads them on every run, which need not load this module (issue 36).
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.errors import OptionError
from domino_print.geometry.dice import DICE, pip_radius
from domino_print.geometry.sizes import DEFAULT_RELIEF_MM, TILE_PRESETS_MM, Bed

DEFAULT_TILE_SHORT_MM = TILE_PRESETS_MM["small"]
"""24 x 48 mm, a real domino's face (DESIGN.md, Touch craft)."""
PLATE_MARGIN_MM = 5.0
"""Tiles keep this far from the bed's edges (a skirt and the bed clips need it)."""
TILE_SPACING_MM = 4.0
"""Between two tiles on a plate: room for the nozzle and a brim."""
RIDGE_WIDTH_MM = 1.2
EDGE_CLEARANCE_MM = 2.5
"""The ridge stops this far from the long edges, away from the rounding."""
PIP_SHRINK_AT_TOP = 0.75
"""A raised pip narrows to this share of its radius at the top: a firm, printable bump."""
MARK_RADIUS_MM = 4.0
"""A set mark's shape on the back, in a pocket a millimetre wider."""
MARK_SHAPES = ("disc", "square", "triangle", "diamond", "hexagon", "star")
"""The back's set marks by set (or level) number, cycled (``geometry.backs.LEVEL_MARKS`` order)."""


class TileBody(NamedTuple):
    """The solid every tile of a set shares, in mm."""

    width_mm: float
    length_mm: float
    thickness_mm: float
    relief_mm: float = DEFAULT_RELIEF_MM
    engraved: bool = False
    """Pips (and the ridge, and shapes) sunk into the face instead of raised on it."""

    @property
    def corner_mm(self) -> float:
        """The radius of the rounded edges: 2 mm, less on a thin or narrow tile."""
        return min(2.0, self.width_mm / 10, self.thickness_mm / 3)

    @property
    def half_mm(self) -> float:
        return self.length_mm / 2


class Pip(NamedTuple):
    x_mm: float
    y_mm: float
    radius_mm: float


def tile_body(tile_short_mm: float | None, thickness_mm: float, relief_mm: float, engraved: bool) -> TileBody:
    """The body for ``--tile-size`` (None: a real domino's 24 x 48 mm), thickness and relief."""
    short = DEFAULT_TILE_SHORT_MM if tile_short_mm is None else tile_short_mm
    return TileBody(short, 2 * short, thickness_mm, relief_mm, engraved)


def pips_of_half(value: int, half: int, body: TileBody) -> tuple[Pip, ...]:
    """The pips of ``value`` on half ``half`` (0 for ``a``, 1 for ``b``), centres in the tile's mm."""
    side = body.width_mm
    left = half * body.half_mm
    radius = pip_radius(value) * side
    return tuple(Pip(left + fx * side, fy * side, radius) for fx, fy in DICE[value])


class PlacedTile(NamedTuple):
    """A tile's place on its plate: the lower left corner of its body, in mm from the bed's corner."""

    tile: int
    """Its position in the list of tiles laid out."""
    x_mm: float
    y_mm: float


class Plate(NamedTuple):
    number: int
    """1 for the first plate."""
    tiles: tuple[PlacedTile, ...]


class SolidSettings(NamedTuple):
    """What the options ask of the 3D files (``options.table``: ``--bed``, ``--thickness``...), read
    by ``output.solids`` and ``output.relief``."""

    body: TileBody
    bed: Bed
    braille: bool = False


def per_plate(body: TileBody, bed: Bed) -> tuple[int, int]:
    """How many tiles a plate holds across (x) and along (y), lying flat, long side along x;
    ``OptionError`` when not one fits."""
    room_x = bed.width_mm - 2 * PLATE_MARGIN_MM + TILE_SPACING_MM
    room_y = bed.depth_mm - 2 * PLATE_MARGIN_MM + TILE_SPACING_MM
    columns = int(room_x // (body.length_mm + TILE_SPACING_MM))
    rows = int(room_y // (body.width_mm + TILE_SPACING_MM))
    if columns < 1 or rows < 1:
        raise OptionError(says="touch.tile_too_big_for_bed", fields=("tile_size", "bed"),
                          width=body.width_mm, length=body.length_mm, bed_width=bed.width_mm,
                          bed_depth=bed.depth_mm, margin=PLATE_MARGIN_MM)
    return columns, rows


def plates(count: int, body: TileBody, bed: Bed) -> tuple[Plate, ...]:
    """``count`` tiles on as few plates as hold them, in rows from the front left; each plate's
    block of tiles centred on the bed (a slicer expects the print in the middle)."""
    columns, rows = per_plate(body, bed)
    each = columns * rows
    step_x = body.length_mm + TILE_SPACING_MM
    step_y = body.width_mm + TILE_SPACING_MM
    laid: list[Plate] = []
    for number, start in enumerate(range(0, count, each), start=1):
        indices = range(start, min(start + each, count))
        used_rows = -(-len(indices) // columns)
        used_columns = min(columns, len(indices))
        x0 = (bed.width_mm - (used_columns * step_x - TILE_SPACING_MM)) / 2
        y0 = (bed.depth_mm - (used_rows * step_y - TILE_SPACING_MM)) / 2
        places = tuple(
            PlacedTile(index, round(x0 + (k % columns) * step_x, 4),
                       round(y0 + (used_rows - 1 - k // columns) * step_y, 4))
            for k, index in enumerate(indices))
        laid.append(Plate(number, places))
    return tuple(laid)


def ridge_box(body: TileBody) -> tuple[float, float, float, float]:
    """The middle line's ridge as ``(x0, y0, x1, y1)`` on the face, in mm."""
    half_width = RIDGE_WIDTH_MM / 2
    inset = body.corner_mm + EDGE_CLEARANCE_MM
    return (body.half_mm - half_width, inset, body.half_mm + half_width, body.width_mm - inset)


def mark_shape(number: int) -> str:
    """The shape on the back of set (or level) ``number``, 1-based."""
    return MARK_SHAPES[(number - 1) % len(MARK_SHAPES)]


Contour = tuple[tuple[float, float], ...]
"""A closed outline in mm, its points in order (the last joins the first)."""


class HalfRelief(NamedTuple):
    """What one half of a tile carries on its face, in the tile's mm."""

    pips: tuple[Pip, ...] = ()
    shapes: tuple[Contour, ...] = ()
    """Outlines filled even-odd (a glyph's counters, an artwork's holes): raised, or engraved."""
    braille: tuple[Pip, ...] = ()
    """Braille dots: always raised domes (``BRAILLE_DOT_HEIGHT_MM``), an engraved dot is not read."""


BRAILLE_DOT_DIAMETER_MM = 1.5
BRAILLE_DOT_HEIGHT_MM = 0.5
BRAILLE_DOT_SPACING_MM = 2.5
BRAILLE_CELL_SPACING_MM = 6.0
"""Marburg Medium, the usual standard (DESIGN.md, Touch craft): dots 1.5 mm across and 0.5 mm
high, 2.5 mm apart in a cell, cells 6 mm apart (from one cell's dot 1 to the next's)."""


def mark_contour(shape: str, centre: tuple[float, float], radius_mm: float) -> Contour:
    """A set mark's outline (``MARK_SHAPES``), counter-clockwise around ``centre``."""
    import math

    cx, cy = centre
    if shape == "disc":
        corners = [(radius_mm, 2 * math.pi * k / 32) for k in range(32)]
    elif shape == "star":
        corners = [(radius_mm if k % 2 == 0 else radius_mm * 0.45, math.pi / 2 + math.pi * k / 5)
                   for k in range(10)]
    else:
        sides, turn = {"square": (4, math.pi / 4), "triangle": (3, math.pi / 2), "diamond": (4, 0.0),
                       "hexagon": (6, 0.0)}[shape]
        corners = [(radius_mm, turn + 2 * math.pi * k / sides) for k in range(sides)]
    return tuple((round(cx + r * math.cos(a), 4), round(cy + r * math.sin(a), 4)) for r, a in corners)
