"""The layout engine: pure geometry in millimetres, no drawing.

From a ``SheetSpec`` (paper, margins, gap, tile size) and a number of tiles it
chooses the page orientation, the tile orientation and the grid, and returns
``SheetLayout``: pages of ``Placement`` records plus the cut lines and crop
marks as plain segments (``SheetSpec.marks``, drawn by ``geometry.crop_marks``). The papers
and tile sizes a user names are ``geometry.sizes``'s; the shapes (``Placement``, ``Segment``,
``Rect``) are ``geometry.shapes``'s.

Coordinates follow PDF conventions: millimetres from the page's lower-left
corner, y upwards. A tile is two squares: ``short_mm`` by ``2 * short_mm``.
A *horizontal* tile has its long side along x; a *vertical* one along y.
The bottom ``legend_band_mm`` of the printable area is kept free of tiles for
the cutting legend and the scale bar.

*Fold-over sheets* (``SheetSpec.fold``, for printers that print one side only):
a fold line halves the page, the tiles go on one half (the top or the left
one) and their backs, mirrored, on the other, so that folding the page on the
line puts each back exactly behind its front. The tiles' area is then half the
page, less ``FOLD_CLEARANCE_MM`` on each side of the fold and, across a
horizontal fold, less the mirror image of the legend band; the fold may run
across either side of the page, whichever gives the larger tiles.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from domino_print.errors import OneOf, SizeError
from domino_print.geometry.crop_marks import CROP_ROOM_MM, MARK_STYLES, crop_marks
from domino_print.geometry.registration import (
    CONTENT_MARGIN_MM,
    REGISTRATION_MACHINES,
    RegistrationError,
    RegistrationMarks,
    registration_marks,
)
from domino_print.geometry.shapes import EPS_MM, Placement, Rect, Segment, merge_segments
from domino_print.geometry.sizes import MIN_TILE_SHORT_MM, PAPERS_MM, Paper

AUTO_MIN_SHORT_MM = 25.0
"""Automatic sizing never goes below this (pips stay legible); it adds pages instead."""

FOLD_AXES = ("auto", "horizontal", "vertical")
"""``SheetSpec.fold`` for a fold-over sheet: the fold line's direction on the page, or ``auto`` for the
one that gives the larger tiles (None: no fold)."""

FOLD_CLEARANCE_MM = 7.0
"""No tile, back or crop mark comes closer to the fold line than this, less 1.5 mm for crop marks:
a fold made a little beside the line still misses them, and the paper's bend stays out of the tiles."""

FOLD_LINE_EDGE_MM = 5.0
"""A horizontal fold line stops this far from the paper's edges (most printers leave them blank)."""


class SheetSpec(NamedTuple):
    """What the user asked for, in millimetres. ``tile_short_mm=None`` means automatic."""

    paper: Paper = Paper("A4", *PAPERS_MM["A4"])
    orientation: str = "auto"  # auto | portrait | landscape
    margin_mm: float = 10.0
    gap_mm: float = 0.0
    tile_short_mm: float | None = None
    legend_band_mm: float = 12.0
    fold: str | None = None
    """None, or a fold-over sheet: ``auto``, ``horizontal`` or ``vertical`` (see ``FOLD_AXES``)."""
    marks: str = "crop"
    """The guides in the margin: one of ``MARK_STYLES``."""
    registration: str | None = None
    """A print-and-cut machine's marks on each page (``registration.REGISTRATION_MACHINES``): the
    sheet's content then keeps inside the box its marks leave free; None for none."""


class ContentFrame(NamedTuple):
    """Where a page's content (tiles, header, legend) lies when it is not the whole page: a box,
    and the margin kept inside it for the header and the legend."""

    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    margin_mm: float


class FoldLine(NamedTuple):
    """The line a fold-over page is folded on: ``y = at_mm`` when ``horizontal``, else ``x = at_mm``.

    The tiles lie on the top (or left) side of it, their backs on the other side; ``line`` is the
    stretch of it to draw."""

    horizontal: bool
    at_mm: float
    line: Segment

    def mirror_point(self, x: float, y: float) -> tuple[float, float]:
        """The point that lands on (x, y) when the page is folded on this line."""
        if self.horizontal:
            return (x, 2 * self.at_mm - y)
        return (2 * self.at_mm - x, y)


class PageLayout(NamedTuple):
    """One page of tiles, the cut lines to follow and the crop marks in the margin."""

    placements: tuple[Placement, ...]
    cut_lines: tuple[Segment, ...]
    crop_marks: tuple[Segment, ...]


class SheetLayout(NamedTuple):
    """The geometry of one complete set, page by page."""

    page_width_mm: float
    page_height_mm: float
    margin_mm: float
    legend_band_mm: float
    tile_short_mm: float
    vertical: bool
    columns: int
    rows: int
    fold: FoldLine | None
    """The fold line of a fold-over sheet (the same on every page), else None."""
    pages: tuple[PageLayout, ...]
    registration: RegistrationMarks | None = None
    """The print-and-cut marks on every sheet page (``SheetSpec.registration``), else None."""
    frame: ContentFrame | None = None
    """The box the content keeps to on every sheet page (inside the marks), else None: the page."""

    @property
    def content_frame(self) -> ContentFrame:
        """The box of each sheet page's header, legend and tiles: ``frame``, else the whole page
        with ``margin_mm``."""
        if self.frame is not None:
            return self.frame
        return ContentFrame(0.0, 0.0, self.page_width_mm, self.page_height_mm, self.margin_mm)

    @property
    def landscape(self) -> bool:
        return self.page_width_mm > self.page_height_mm

    @property
    def tile_size_mm(self) -> tuple[float, float]:
        """(width, height) of every tile as placed."""
        short = self.tile_short_mm
        return (short, 2 * short) if self.vertical else (2 * short, short)


class _Grid(NamedTuple):
    """A candidate arrangement: short side, tile direction and columns x rows per page."""

    short_mm: float
    vertical: bool
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def _units(vertical: bool) -> tuple[int, int]:
    """Tile width and height in units of its short side."""
    return (1, 2) if vertical else (2, 1)


def _largest_grid(area_w: float, area_h: float, count: int, gap: float) -> _Grid | None:
    """The grid holding ``count`` tiles in the area with the largest tiles, or None."""
    best: _Grid | None = None
    for vertical in (True, False):
        unit_w, unit_h = _units(vertical)
        for columns in range(1, count + 1):
            rows = math.ceil(count / columns)
            columns_used = math.ceil(count / rows)
            short = min(
                (area_w - (columns_used - 1) * gap) / (columns_used * unit_w),
                (area_h - (rows - 1) * gap) / (rows * unit_h),
            )
            if short > 0 and (best is None or short > best.short_mm + EPS_MM):
                best = _Grid(short, vertical, columns_used, rows)
    return best


def _fixed_grid(area_w: float, area_h: float, short: float, gap: float) -> _Grid | None:
    """The tile direction that fits the most tiles of a fixed size, or None if none fits."""
    best: _Grid | None = None
    for vertical in (True, False):
        unit_w, unit_h = _units(vertical)
        columns = math.floor((area_w + gap + EPS_MM) / (unit_w * short + gap))
        rows = math.floor((area_h + gap + EPS_MM) / (unit_h * short + gap))
        grid = _Grid(short, vertical, columns, rows)
        if grid.per_page > 0 and (best is None or grid.per_page > best.per_page):
            best = grid
    return best


def _auto_grid(area_w: float, area_h: float, count: int, gap: float) -> tuple[_Grid, int] | None:
    """Fewest pages whose largest grid keeps tiles at least ``AUTO_MIN_SHORT_MM``."""
    fallback: tuple[_Grid, int] | None = None
    for pages in range(1, count + 1):
        grid = _largest_grid(area_w, area_h, math.ceil(count / pages), gap)
        if grid is None:
            continue
        if grid.short_mm >= AUTO_MIN_SHORT_MM - EPS_MM:
            return grid, pages
        if fallback is None or grid.short_mm > fallback[0].short_mm + EPS_MM:
            fallback = (grid, pages)
    return fallback


def _page_size(spec: SheetSpec, landscape: bool) -> tuple[float, float]:
    width, height = spec.paper.width_mm, spec.paper.height_mm
    return (height, width) if landscape else (width, height)


def _crop_room(spec: SheetSpec) -> float:
    """Space kept above and below the tiles for crop marks (none without marks)."""
    return CROP_ROOM_MM if spec.marks != "none" else 0.0


def _printable_area(spec: SheetSpec, landscape: bool) -> tuple[float, float]:
    page_w, page_h = _page_size(spec, landscape)
    return (
        page_w - 2 * spec.margin_mm,
        page_h - 2 * spec.margin_mm - spec.legend_band_mm - 2 * _crop_room(spec),
    )


def _tile_area(spec: SheetSpec, landscape: bool) -> Rect:
    """Where tiles go on a page without a fold: inside the margins, above the legend band."""
    area_w, area_h = _printable_area(spec, landscape)
    return Rect(spec.margin_mm, spec.margin_mm + spec.legend_band_mm + _crop_room(spec), area_w, area_h)


def _fold_line(spec: SheetSpec, landscape: bool, horizontal: bool) -> FoldLine:
    """The fold across the middle of the page; a vertical one runs between the legend band and the
    top margin (the legend's text and the header may cross the middle of the page)."""
    page_w, page_h = _page_size(spec, landscape)
    if horizontal:
        at = page_h / 2
        edge = min(FOLD_LINE_EDGE_MM, spec.margin_mm)
        return FoldLine(True, at, Segment(edge, at, page_w - edge, at))
    at = page_w / 2
    return FoldLine(False, at, Segment(at, spec.margin_mm + spec.legend_band_mm, at, page_h - spec.margin_mm))


def _fold_tile_area(spec: SheetSpec, landscape: bool, fold: FoldLine) -> Rect:
    """The tiles' half of a fold-over page: the top half across a horizontal fold, the left half
    beside a vertical one, ``FOLD_CLEARANCE_MM`` from the fold. Its mirror image, where the backs
    go, must keep the margins and the legend band too: across a horizontal fold the tiles therefore
    keep clear of the legend band's mirror image at the top."""
    page_w, page_h = _page_size(spec, landscape)
    margin, crop, clearance = spec.margin_mm, _crop_room(spec), FOLD_CLEARANCE_MM
    if fold.horizontal:
        bottom = fold.at_mm + clearance
        top = page_h - margin - spec.legend_band_mm - crop
        return Rect(margin, bottom, page_w - 2 * margin, top - bottom)
    bottom = margin + spec.legend_band_mm + crop
    return Rect(margin, bottom, fold.at_mm - clearance - margin, page_h - margin - crop - bottom)


def _fold_bounds(page_w: float, page_h: float, fold: FoldLine) -> Rect:
    """The tiles' side of the fold line: crop marks stay inside it."""
    if fold.horizontal:
        return Rect(0.0, fold.at_mm, page_w, page_h - fold.at_mm)
    return Rect(0.0, 0.0, fold.at_mm, page_h)


_Candidate = tuple[Rect, FoldLine | None, ContentFrame | None]


def _candidates(spec: SheetSpec, landscape: bool) -> list[_Candidate]:
    """The areas tiles may fill on a page: the printable area, one per fold direction allowed, or
    one per box a print-and-cut machine's marks leave free (each with its ``ContentFrame``)."""
    if spec.registration is not None:
        return [(area, None, frame) for area, frame in _registration_areas(spec, landscape)]
    if spec.fold is None:
        return [(_tile_area(spec, landscape), None, None)]
    directions = {"auto": (True, False), "horizontal": (True,), "vertical": (False,)}[spec.fold]
    folds = [_fold_line(spec, landscape, horizontal) for horizontal in directions]
    return [(_fold_tile_area(spec, landscape, fold), fold, None) for fold in folds]


def page_registration(spec: SheetSpec, landscape: bool) -> RegistrationMarks | None:
    """The print-and-cut marks of ``spec`` on its page turned that way, or None; a neutral
    ``SizeError`` when the paper leaves no room inside them."""
    if spec.registration is None:
        return None
    page_w, page_h = _page_size(spec, landscape)
    try:
        return registration_marks(spec.registration, page_w, page_h)
    except RegistrationError as exc:
        raise SizeError("size.registration_no_room", machine=exc.machine, page_mm=exc.page_mm,
                        paper_name=spec.paper.name) from None


def _registration_areas(spec: SheetSpec, landscape: bool) -> list[tuple[Rect, ContentFrame]]:
    """Inside each box the marks leave free, the tiles' area: the box less ``CONTENT_MARGIN_MM``
    on each side, the legend band and the crop marks' room, as on a page of the box's size."""
    marks = page_registration(spec, landscape)
    assert marks is not None
    inner, crop = CONTENT_MARGIN_MM, _crop_room(spec)
    areas = []
    for box in marks.content_boxes:
        bottom = box.y_mm + inner + spec.legend_band_mm + crop
        area = Rect(box.x_mm + inner, bottom, box.width_mm - 2 * inner,
                     box.height_mm - 2 * inner - spec.legend_band_mm - 2 * crop)
        areas.append((area, ContentFrame(box.x_mm, box.y_mm, box.width_mm, box.height_mm, inner)))
    return areas


ORIENTATIONS = ("auto", "portrait", "landscape")
MAX_GAP_MM = 20.0


def _validate(spec: SheetSpec, count: int) -> None:
    """Raise a neutral ``SizeError`` (see ``errors``) for a spec no layout can satisfy."""
    if count < 1:
        raise SizeError("size.no_tiles", count=count)
    if spec.marks not in MARK_STYLES:
        raise SizeError("size.marks", given=repr(spec.marks), choices=OneOf(MARK_STYLES))
    if spec.registration is not None and spec.registration not in REGISTRATION_MACHINES:
        raise SizeError("size.registration", given=repr(spec.registration),
                        choices=OneOf(REGISTRATION_MACHINES))
    if spec.registration is not None and spec.fold is not None:
        raise SizeError("size.registration_fold", machine=spec.registration)
    if spec.fold is not None and spec.fold not in FOLD_AXES:
        raise SizeError("size.fold", given=repr(spec.fold), choices=OneOf(FOLD_AXES))
    if spec.orientation not in ORIENTATIONS:
        raise SizeError("size.orientation", given=repr(spec.orientation), choices=OneOf(ORIENTATIONS))
    lengths = {"margin_mm": spec.margin_mm, "gap_mm": spec.gap_mm, "legend_band_mm": spec.legend_band_mm}
    if not all(math.isfinite(length) for length in lengths.values()):
        raise SizeError("size.not_a_number", **lengths)
    if min(lengths.values()) < 0:
        raise SizeError("size.negative", **lengths)
    if spec.gap_mm > MAX_GAP_MM:
        raise SizeError("size.gap_too_wide", gap_mm=spec.gap_mm, max_gap_mm=MAX_GAP_MM)
    short_side = min(spec.paper.width_mm, spec.paper.height_mm)
    if 2 * spec.margin_mm + spec.legend_band_mm >= short_side - MIN_TILE_SHORT_MM:
        raise SizeError(
            "size.margins_too_large", margin_mm=spec.margin_mm, paper_name=spec.paper.name,
            paper_mm=(spec.paper.width_mm, spec.paper.height_mm),
        )


def layout_sheet(spec: SheetSpec, count: int) -> SheetLayout:
    """Place ``count`` tiles on as few pages as the spec allows, largest tiles first.

    Raises a neutral ``SizeError`` carrying the sizes when the spec is impossible (margins larger than the
    page, a fixed tile that cannot fit the printable area, tiles under 10 mm).
    """
    _validate(spec, count)
    landscapes = {"portrait": (False,), "landscape": (True,), "auto": (False, True)}[spec.orientation]
    best: tuple[_Grid, int, bool, Rect, FoldLine | None, ContentFrame | None] | None = None
    for landscape in landscapes:
        for area, fold, frame in _candidates(spec, landscape):
            area_w, area_h = area.width_mm, area.height_mm
            if area_w <= 0 or area_h <= 0:
                continue
            if spec.tile_short_mm is None:
                found = _auto_grid(area_w, area_h, count, spec.gap_mm)
            else:
                grid = _fixed_grid(area_w, area_h, spec.tile_short_mm, spec.gap_mm)
                found = (grid, math.ceil(count / grid.per_page)) if grid else None
            if found is None:
                continue
            grid, pages = found
            # Fewer pages first, then larger tiles; portrait (then a horizontal fold) wins ties.
            if best is None or (pages, -grid.short_mm) < (best[1], -best[0].short_mm - EPS_MM):
                best = (grid, pages, landscape, area, fold, frame)
    if best is None or best[0].short_mm < MIN_TILE_SHORT_MM - EPS_MM:
        raise _no_room(spec, landscapes)
    grid, _, landscape, area, fold, frame = best
    return _place(spec, grid, landscape, count, area, fold, frame)


def _no_room(spec: SheetSpec, landscapes: tuple[bool, ...]) -> SizeError:
    """Why no grid fits: the fixed tile is larger than the area (on a folded page, or inside the
    marks), or the tiles would come out under ``MIN_TILE_SHORT_MM``."""
    if spec.tile_short_mm is not None:
        short = spec.tile_short_mm
        area = _candidates(spec, spec.orientation == "landscape")[0][0]
        area_w, area_h = area.width_mm, area.height_mm
        says = "size.tile_does_not_fit"
        if spec.registration is not None:
            areas = [c[0] for landscape in landscapes for c in _candidates(spec, landscape)]
            widest = max(areas, key=lambda a: max(a.width_mm, a.height_mm))
            area_w, area_h = round(widest.width_mm, 1), round(widest.height_mm, 1)
            says = "size.tile_does_not_fit_marks"
        if spec.fold is not None:
            says = "size.tile_does_not_fit_folded"
        return SizeError(
            says, tile_mm=(short, 2 * short), area_mm=(area_w, area_h), paper_name=spec.paper.name,
            paper_mm=(spec.paper.width_mm, spec.paper.height_mm), machine=spec.registration or "",
            folded=spec.fold is not None,
        )
    return SizeError(
        "size.tiles_too_small" if spec.registration is None else "size.tiles_too_small_marks",
        machine=spec.registration or "", min_tile_mm=(MIN_TILE_SHORT_MM, 2 * MIN_TILE_SHORT_MM),
        paper_name=spec.paper.name,
        paper_mm=(spec.paper.width_mm, spec.paper.height_mm), margin_mm=spec.margin_mm,
    )


def _tile_edges(p: Placement) -> list[Segment]:
    x0, y0, x1, y1 = p.x_mm, p.y_mm, p.x_mm + p.width_mm, p.y_mm + p.height_mm
    return [
        Segment(x0, y0, x1, y0),
        Segment(x0, y1, x1, y1),
        Segment(x0, y0, x0, y1),
        Segment(x1, y0, x1, y1),
    ]


def _place(
    spec: SheetSpec, grid: _Grid, landscape: bool, count: int, area: Rect, fold: FoldLine | None,
    frame: ContentFrame | None = None,
) -> SheetLayout:
    """Lay tiles row by row from the top left, the grid centred in ``area``."""
    page_w, page_h = _page_size(spec, landscape)
    area_w, area_h = area.width_mm, area.height_mm
    unit_w, unit_h = _units(grid.vertical)
    tile_w, tile_h = unit_w * grid.short_mm, unit_h * grid.short_mm
    gap = spec.gap_mm
    # Never more columns or rows than one page needs, so small sets sit centred.
    per_page = min(grid.per_page, count)
    rows = min(grid.rows, math.ceil(per_page / grid.columns))
    columns = min(grid.columns, math.ceil(per_page / rows))
    grid_w = columns * tile_w + (columns - 1) * gap
    grid_h = rows * tile_h + (rows - 1) * gap
    left = area.x_mm + (area_w - grid_w) / 2
    top = area.y_mm + (area_h + grid_h) / 2
    paper = Rect(0.0, 0.0, page_w, page_h)
    bounds = paper if fold is None else _fold_bounds(page_w, page_h, fold)
    if frame is not None:  # the frame's edges stand for the paper's: crop marks keep 5 mm from them
        paper = bounds = Rect(frame.x_mm, frame.y_mm, frame.width_mm, frame.height_mm)
    pages: list[PageLayout] = []
    for first in range(0, count, columns * rows):
        placements = []
        for slot, index in enumerate(range(first, min(first + columns * rows, count))):
            row, column = divmod(slot, columns)
            x = left + column * (tile_w + gap)
            y = top - (row + 1) * tile_h - row * gap
            placements.append(Placement(index, x, y, tile_w, tile_h, grid.vertical))
        placed = tuple(placements)
        edges = [edge for p in placed for edge in _tile_edges(p)]
        marks = crop_marks(placed, bounds, paper, spec.marks)
        pages.append(PageLayout(placed, merge_segments(edges), marks))
    return SheetLayout(
        page_width_mm=page_w,
        page_height_mm=page_h,
        margin_mm=spec.margin_mm,
        legend_band_mm=spec.legend_band_mm,
        tile_short_mm=grid.short_mm,
        vertical=grid.vertical,
        columns=columns,
        rows=rows,
        fold=fold,
        pages=tuple(pages),
        registration=page_registration(spec, landscape),
        frame=frame,
    )
