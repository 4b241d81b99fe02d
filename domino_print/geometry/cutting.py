"""What is cut, folded and guided on each page of a document, as plain millimetre data for writers.

The PDF writer draws these lines; other writers (a cut file for a cutting machine, a list
for a test) read the same records and never recompute them. A ``CutPlan`` lists, for every
sheet and back page of the PDF in order, the page's size, where each tile (and each back)
lies, its cut lines, crop marks and fold line. Coordinates are millimetres from the page's
lower-left corner, y upwards, as in ``geometry.sheet``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from domino_print.geometry.backs import BackPage
from domino_print.geometry.engraving import TileEngraving, tile_engravings
from domino_print.geometry.registration import RegistrationMarks
from domino_print.geometry.shapes import Placement, Segment, merge_segments
from domino_print.geometry.sheet import FoldLine, SheetLayout

MAX_CORNER_MM = 10.0
"""The largest rounded corner (radius) a cut file's tiles take."""
MAX_KERF_MM = 1.0
"""The widest kerf (what a blade or a laser's beam removes) a cut file makes up for."""

CUT_PRECISION_MM = 0.001
"""Cut geometry is rounded to this (a cut file's precision): outlines that meet, meet exactly."""

PAGE_KINDS = ("sheet", "back")
"""A cutting-sheet page (tiles, and their backs beside them on a fold-over page), or the back
page printed behind it for two-sided printing."""


def gap_for_kerf(gap_mm: float, kerf_mm: float) -> float:
    """The gap between tiles a cut of ``kerf_mm`` needs: tiles that touch share a cut, and a swath
    down their shared edge eats into both; ``kerf_mm`` apart, the two grown outlines meet on one
    line whose swath removes exactly the gap, and each tile keeps its size."""
    return max(gap_mm, kerf_mm)


def _snap(value: float) -> float:
    return round(round(value / CUT_PRECISION_MM) * CUT_PRECISION_MM, 6)


def grown_outline(tile: Placement, kerf_mm: float) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the line a cut of ``kerf_mm`` follows round ``tile``: its
    rectangle grown by half the kerf on every side, rounded to ``CUT_PRECISION_MM``."""
    grow = kerf_mm / 2
    return (_snap(tile.x_mm - grow), _snap(tile.y_mm - grow),
            _snap(tile.x_mm + tile.width_mm + grow), _snap(tile.y_mm + tile.height_mm + grow))


def _length(segment: Segment) -> float:
    return abs(segment.x1 - segment.x0) + abs(segment.y1 - segment.y0)


def _reach(line: Segment, x: float, y: float) -> float:
    """How far (x, y) is from the nearer end of ``line``."""
    return min(math.dist((line.x0, line.y0), (x, y)), math.dist((line.x1, line.y1), (x, y)))


def shared_cut_lines(tiles: Sequence[Placement], kerf_mm: float = 0.0, *,
                     start: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple[Segment, ...], ...] | None:
    """The distinct edges of the tiles' cut outlines (``grown_outline``), each once, as long
    straight lines in cutting order, joined into runs a blade follows without lifting; None when
    no two outlines share an edge (each tile is then cut round on its own).

    The order keeps the travel between runs short: from ``start`` (the machine's home, the
    frame's top-left corner in page millimetres, y upwards), each next line is the one whose
    nearer end is closest to where the last one ended, followed from that end."""
    edges = []
    for tile in tiles:
        left, bottom, right, top = grown_outline(tile, kerf_mm)
        edges += [Segment(left, bottom, right, bottom), Segment(left, top, right, top),
                  Segment(left, bottom, left, top), Segment(right, bottom, right, top)]
    lines = list(merge_segments(edges))
    if sum(map(_length, lines)) > sum(map(_length, edges)) - CUT_PRECISION_MM:
        return None
    runs: list[list[Segment]] = []
    x, y = start
    while lines:
        index = min(range(len(lines)), key=lambda i: (_reach(lines[i], x, y), i))
        line = lines.pop(index)
        if math.dist((line.x1, line.y1), (x, y)) < math.dist((line.x0, line.y0), (x, y)):
            line = Segment(line.x1, line.y1, line.x0, line.y0)
        if runs and (line.x0, line.y0) == (x, y):
            runs[-1].append(line)
        else:
            runs.append([line])
        x, y = line.x1, line.y1
    return tuple(tuple(run) for run in runs)


class CutPage(NamedTuple):
    """One sheet or back page of the document, as geometry."""

    number: int
    """The page's number in the PDF, 1 for the first."""
    kind: str
    """One of ``PAGE_KINDS``."""
    set_number: int
    """Which copy of the set (1 for the first) the page belongs to."""
    layout_page: int
    """Index of the ``SheetLayout`` page it shows (its own back for a back page)."""
    width_mm: float
    height_mm: float
    tiles: tuple[Placement, ...]
    """The tiles' rectangles on a sheet page, their backs' on a back page."""
    cut_lines: tuple[Segment, ...]
    """The lines to cut along (printed on sheet pages only)."""
    crop_marks: tuple[Segment, ...]
    """Short guides in the margin, in line with the cut lines."""
    fold: FoldLine | None
    """The fold line of a fold-over page, else None."""
    backs: tuple[Placement, ...]
    """A fold-over page's backs (beside the tiles, mirrored across the fold); else empty."""
    bleed_mm: float
    """How far a back's background runs past its rectangle (0 on a sheet page without backs)."""
    engravings: tuple[TileEngraving, ...] = ()
    """What a laser engraves on each tile of a sheet page (``geometry.engraving``); empty on a back page."""
    registration: RegistrationMarks | None = None
    """A print-and-cut machine's marks on a sheet page (``geometry.registration``), else None."""


class CutPlan(NamedTuple):
    """Every sheet and back page of a document, in the PDF's order (rules and key pages follow)."""

    tile_short_mm: float
    pages: tuple[CutPage, ...]

    def of_kind(self, kind: str) -> tuple[CutPage, ...]:
        """The pages of one kind (``sheet`` or ``back``), in order."""
        return tuple(page for page in self.pages if page.kind == kind)


def cut_plan(layout: SheetLayout, *, sets: int | Sequence[int], backs: Sequence[BackPage] | None,
             pips: Sequence[tuple[int, int]] | None = None) -> CutPlan:
    """The plan of the document ``layout`` makes for ``sets`` copies (or for the copies of
    those numbers); ``backs`` (one per layout page) are its back pages, or the backs beside the
    fronts when ``layout.fold`` is set; ``pips``, each tile's two values when the faces are pips
    (what a laser engraves besides the middle lines)."""
    fold = layout.fold
    width, height = layout.page_width_mm, layout.page_height_mm
    pages: list[CutPage] = []
    numbers = range(1, sets + 1) if isinstance(sets, int) else sets
    for number in numbers:
        for index, page in enumerate(layout.pages):
            back = backs[index] if backs is not None else None
            beside = back.placements if back is not None and fold is not None else ()
            bleed = back.bleed_mm if back is not None and beside else 0.0
            pages.append(CutPage(len(pages) + 1, "sheet", number, index, width, height, page.placements,
                                 page.cut_lines, page.crop_marks, fold, beside, bleed,
                                 tile_engravings(page.placements, pips), layout.registration))
            if back is not None and fold is None:
                pages.append(CutPage(len(pages) + 1, "back", number, index, width, height,
                                     back.placements, (), (), None, (), back.bleed_mm))
    return CutPlan(layout.tile_short_mm, tuple(pages))
