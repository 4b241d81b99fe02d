"""Crop marks: the guides in a sheet's margin, in line with every cut line, as plain segments in
millimetres (``crop_marks``).

``MARK_STYLES`` are the sheet's choices: none, short crop marks at every cut line (with or without
a gap between the tiles), or full guides across the margin. A mark is never inside a tile, never
within ``PAPER_EDGE_MM`` of the paper's edge, and short ones stop under the header's band.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from domino_print.geometry.shapes import EPS_MM, Placement, Rect, Segment
from domino_print.geometry.sizes import PAPER_EDGE_MM

MARK_STYLES = ("none", "crop", "full")
"""``SheetSpec.marks``: no guides in the margin; short crop marks in line with every cut line
(the default: they survive the first guillotine cut); or guides that run across the whole
margin, for a rotary cutter's rail."""

CROP_ROOM_MM = 5.5
"""With crop marks, tiles keep this far from the header above and the legend below: the crop
marks in line with their edges (``CROP_OFFSET_MM`` out, ``CROP_LENGTH_MM`` long) then stop short
of both."""

HEADER_BAND_MM = 3.5
"""Below the paper's top ``PAPER_EDGE_MM``, the header line's glyphs (7 to 8 pt) take this much:
short crop marks at the top stop under it (full guides cross it, the header sitting on white)."""

CROP_OFFSET_MM = 3.0
"""Crop marks start this far outside the tiles (a print shop's usual 3 mm), so a cut a little off
the line never shows them."""
CROP_LENGTH_MM = 4.0
MIN_CROP_MARK_MM = 2.0
MIN_CROP_OFFSET_MM = 1.5
"""In a margin too narrow for a ``MIN_CROP_MARK_MM`` mark ``CROP_OFFSET_MM`` out, a crop mark
starts nearer the tiles, never nearer than this."""

FOLD_EDGE_LIMIT_MM = 1.0
"""A crop mark stops this far from the edge of its bounds where that is not the paper's edge
(the fold line of a fold-over page)."""

class _Block(NamedTuple):
    """The outer edges of a page's tiles, in mm."""

    left: float
    right: float
    bottom: float
    top: float


def crop_offset(space_mm: float) -> float:
    """How far outside the tiles a crop mark starts, given ``space_mm`` from the tiles to the
    limit it must stop at: ``CROP_OFFSET_MM``, unless that leaves under ``MIN_CROP_MARK_MM`` of
    mark (a narrow margin), then nearer, down to ``MIN_CROP_OFFSET_MM``."""
    if space_mm - CROP_OFFSET_MM >= MIN_CROP_MARK_MM:
        return CROP_OFFSET_MM
    return max(MIN_CROP_OFFSET_MM, space_mm - MIN_CROP_MARK_MM)


def crop_marks(
    placements: tuple[Placement, ...], bounds: Rect, page: Rect, style: str
) -> tuple[Segment, ...]:
    """Marks in the margin in line with every tile edge (every cut line), outside the tiles.

    Each starts ``CROP_OFFSET_MM`` outside the tiles (nearer in a narrow margin, ``crop_offset``)
    and runs ``CROP_LENGTH_MM`` (``crop``) or
    across the whole margin (``full``); none comes closer than ``PAPER_EDGE_MM`` to the paper's
    edge, nor closer than ``FOLD_EDGE_LIMIT_MM`` to the edge of ``bounds`` where that is not the
    paper's (the fold line of a fold-over page)."""
    if style == "none":
        return ()
    block = _Block(
        left=min(p.x_mm for p in placements),
        right=max(p.x_mm + p.width_mm for p in placements),
        bottom=min(p.y_mm for p in placements),
        top=max(p.y_mm + p.height_mm for p in placements),
    )
    spaces = _spaces(block, bounds, page, style)
    length = math.inf if style == "full" else CROP_LENGTH_MM
    offsets = {side: crop_offset(space) for side, space in spaces.items()}
    lengths = {side: min(length, space - offsets[side]) for side, space in spaces.items()}
    xs = sorted({round(v, 6) for p in placements for v in (p.x_mm, p.x_mm + p.width_mm)})
    ys = sorted({round(v, 6) for p in placements for v in (p.y_mm, p.y_mm + p.height_mm)})
    return (*_column_marks(xs, block, offsets, lengths), *_row_marks(ys, block, offsets, lengths))


def _edge_limit(bound: float, paper_edge: float) -> float:
    """How near a mark may come to ``bound``: ``PAPER_EDGE_MM`` when it is the paper's edge."""
    return PAPER_EDGE_MM if abs(bound - paper_edge) < EPS_MM else FOLD_EDGE_LIMIT_MM


def _spaces(block: _Block, bounds: Rect, page: Rect, style: str) -> dict[str, float]:
    """On each side, the room from the tiles to where its marks must stop; short marks at the
    top of the paper also stop under the header (``HEADER_BAND_MM``)."""
    top_limit = _edge_limit(bounds.top, page.top)
    if style == "crop" and top_limit == PAPER_EDGE_MM:
        top_limit += HEADER_BAND_MM
    return {"top": bounds.top - top_limit - block.top,
            "bottom": block.bottom - bounds.y_mm - _edge_limit(bounds.y_mm, page.y_mm),
            "left": block.left - bounds.x_mm - _edge_limit(bounds.x_mm, page.x_mm),
            "right": bounds.right - _edge_limit(bounds.right, page.right) - block.right}


def _column_marks(
    xs: list[float], block: _Block, offsets: dict[str, float], lengths: dict[str, float]
) -> Iterator[Segment]:
    """The marks above and below the tiles, in line with each vertical cut line at ``xs``."""
    for x in xs:
        if lengths["top"] > 0:
            start = block.top + offsets["top"]
            yield Segment(x, start, x, start + lengths["top"])
        if lengths["bottom"] > 0:
            end = block.bottom - offsets["bottom"]
            yield Segment(x, end - lengths["bottom"], x, end)


def _row_marks(
    ys: list[float], block: _Block, offsets: dict[str, float], lengths: dict[str, float]
) -> Iterator[Segment]:
    """The marks left and right of the tiles, in line with each horizontal cut line at ``ys``."""
    for y in ys:
        if lengths["left"] > 0:
            end = block.left - offsets["left"]
            yield Segment(end - lengths["left"], y, end, y)
        if lengths["right"] > 0:
            start = block.right + offsets["right"]
            yield Segment(start, y, start + lengths["right"], y)
