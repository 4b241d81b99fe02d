"""Fold-over backs (``--backs fold``): the geometry as data, with hypothesis.

A fold-over page carries the tiles on one side of a fold line and their backs, mirrored, on the
other; folding the page on the line puts every back behind its front. The pixels of real pages
are checked in ``test_fold_pdf.py``.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.errors import SizeError
from domino_print.geometry.backs import fold_back_page, mirror_across_fold
from domino_print.geometry.sheet import FOLD_CLEARANCE_MM, SheetSpec, layout_sheet
from domino_print.geometry.sizes import MIN_TILE_SHORT_MM, parse_paper

EPS = 1e-6


def _overlap(p, q):
    return (
        p.x_mm < q.x_mm + q.width_mm - EPS and q.x_mm < p.x_mm + p.width_mm - EPS
        and p.y_mm < q.y_mm + q.height_mm - EPS and q.y_mm < p.y_mm + p.height_mm - EPS
    )


def _side(fold, x, y):
    """Signed distance from the fold line: positive on the tiles' side (above, or left of it)."""
    return y - fold.at_mm if fold.horizontal else fold.at_mm - x


def _near_side(fold, p):
    """The distance from the fold line of the rectangle's edge nearest to it, signed as ``_side``."""
    corners = [(p.x_mm, p.y_mm), (p.x_mm + p.width_mm, p.y_mm + p.height_mm)]
    return min(_side(fold, x, y) for x, y in corners)


def _far_side(fold, p):
    corners = [(p.x_mm, p.y_mm), (p.x_mm + p.width_mm, p.y_mm + p.height_mm)]
    return max(_side(fold, x, y) for x, y in corners)


fold_specs = st.builds(
    SheetSpec,
    paper=st.sampled_from([parse_paper(n) for n in ("A4", "A3", "A5", "Letter", "Legal")]),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    margin_mm=st.floats(min_value=8, max_value=25),
    gap_mm=st.sampled_from([0.0, 0.5, 3.0, 8.0]),
    tile_short_mm=st.sampled_from([None, 24.0, 30.0, 40.0]),
    fold=st.sampled_from(["auto", "horizontal", "vertical"]),
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(spec=fold_specs, count=st.integers(min_value=1, max_value=120))
def test_fold_layout_properties(spec, count):
    try:
        sheet = layout_sheet(spec, count)
    except SizeError:
        return  # an impossible spec is refused, never half laid out
    fold = sheet.fold
    assert fold is not None
    if spec.fold != "auto":
        assert fold.horizontal == (spec.fold == "horizontal")
    page_w, page_h = sheet.page_width_mm, sheet.page_height_mm
    assert fold.at_mm == pytest.approx((page_h if fold.horizontal else page_w) / 2)
    placements = [p for page in sheet.pages for p in page.placements]
    assert sorted(p.index for p in placements) == list(range(count))
    margin, legend = sheet.margin_mm, sheet.legend_band_mm
    for page in sheet.pages:
        back = fold_back_page(page, fold, spec.gap_mm)
        assert len(back.placements) == len(page.placements)
        for front, rear in zip(page.placements, back.placements, strict=True):
            assert min(front.width_mm, front.height_mm) >= MIN_TILE_SHORT_MM - EPS
            # every back is the mirror image of its front across the fold line
            assert (rear.index, rear.vertical) == (front.index, front.vertical)
            assert (rear.width_mm, rear.height_mm) == pytest.approx((front.width_mm, front.height_mm))
            assert fold.mirror_point(*rear.centre_mm) == pytest.approx(front.centre_mm)
            # no tile crosses the fold line, and both keep the clearance from it
            assert _near_side(fold, front) >= FOLD_CLEARANCE_MM - EPS
            assert _far_side(fold, rear) <= -FOLD_CLEARANCE_MM + EPS
            # fronts and backs keep the margins and leave the legend band free
            for p in (front, rear):
                assert margin - EPS <= p.x_mm and p.x_mm + p.width_mm <= page_w - margin + EPS
                assert margin + legend - EPS <= p.y_mm
                assert p.y_mm + p.height_mm <= page_h - margin + EPS
        everything = [*page.placements, *back.placements]
        for p, q in itertools.combinations(everything, 2):
            assert not _overlap(p, q)
        # cut lines stay on the tiles' side, never along or across the fold line
        for s in page.cut_lines:
            assert min(_side(fold, s.x0, s.y0), _side(fold, s.x1, s.y1)) >= FOLD_CLEARANCE_MM - EPS
        for s in page.crop_marks:
            assert min(_side(fold, s.x0, s.y0), _side(fold, s.x1, s.y1)) >= 1.0 - EPS
    # the fold line drawn lies on the fold, inside the page, clear of the legend band
    line = fold.line
    if fold.horizontal:
        assert line.y0 == line.y1 == fold.at_mm and 0 < line.x0 < line.x1 < page_w
    else:
        assert line.x0 == line.x1 == fold.at_mm and margin + legend <= line.y0 < line.y1 <= page_h - margin


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(spec=fold_specs, count=st.integers(min_value=1, max_value=60))
def test_auto_fold_takes_the_direction_with_fewer_pages_then_larger_tiles(spec, count):
    results = {}
    for direction in ("horizontal", "vertical"):
        try:
            sheet = layout_sheet(spec._replace(fold=direction), count)
        except SizeError:
            continue
        results[direction] = (len(sheet.pages), -sheet.tile_short_mm)
    if not results:
        with pytest.raises(SizeError):
            layout_sheet(spec._replace(fold="auto"), count)
        return
    chosen = layout_sheet(spec._replace(fold="auto"), count)
    assert (len(chosen.pages), -chosen.tile_short_mm) == pytest.approx(min(results.values()))


@pytest.mark.parametrize(
    ("orientation", "horizontal"), [("portrait", True), ("landscape", False)]
)
def test_a_double_six_folds_across_the_long_side_of_a4(orientation, horizontal):
    """28 tiles on A4: the fold halves the page's long side, two pages of 14 tiles near 27 mm."""
    sheet = layout_sheet(SheetSpec(orientation=orientation, fold="auto"), 28)
    assert sheet.fold.horizontal is horizontal
    assert len(sheet.pages) == 2 and sheet.tile_short_mm > 25


def test_mirror_across_a_vertical_fold():
    sheet = layout_sheet(SheetSpec(orientation="landscape", fold="vertical", tile_short_mm=30), 3)
    front = sheet.pages[0].placements[0]
    rear = mirror_across_fold(front, sheet.fold)
    assert rear.y_mm == front.y_mm
    assert rear.x_mm - sheet.fold.at_mm == pytest.approx(sheet.fold.at_mm - front.x_mm - front.width_mm)


def test_without_fold_nothing_changes():
    assert layout_sheet(SheetSpec(), 28).fold is None


def test_an_unknown_fold_is_refused():
    with pytest.raises(SizeError) as caught:
        layout_sheet(SheetSpec(fold="diagonal"), 28)
    assert caught.value.says == "size.fold"
