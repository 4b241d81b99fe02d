"""Cut guides for every cutting method (issue 21): ``--marks none|crop|full``, the backs' bleed
and the BleedBox."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from domino_print.api import make_document, parse_options
from domino_print.geometry.backs import BLEED_MM
from domino_print.geometry.crop_marks import CROP_LENGTH_MM, CROP_OFFSET_MM, MARK_STYLES
from domino_print.geometry.sheet import SheetSpec, layout_sheet
from domino_print.geometry.sizes import PAPER_EDGE_MM
from domino_print.pdf.tile import CUT_LINE_PT

MM = 72 / 25.4
EPS = 1e-6


def _inside_a_tile(x: float, y: float, page) -> bool:
    return any(p.x_mm + EPS < x < p.x_mm + p.width_mm - EPS and p.y_mm + EPS < y < p.y_mm + p.height_mm - EPS
               for p in page.placements)


@pytest.mark.parametrize("style", ["crop", "full"])
@pytest.mark.parametrize("gap", [0.0, 3.0])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("fold", [None, "auto"])
def test_marks_at_every_cut_line_outside_the_tiles_and_clear_of_the_paper_edge(style, gap, orientation, fold):
    layout = layout_sheet(SheetSpec(orientation=orientation, gap_mm=gap, marks=style, fold=fold), 28)
    width, height = layout.page_width_mm, layout.page_height_mm
    for page in layout.pages:
        assert page.crop_marks
        for mark in page.crop_marks:
            middle = ((mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2)
            for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1), middle):
                assert PAPER_EDGE_MM - EPS <= x <= width - PAPER_EDGE_MM + EPS
                assert PAPER_EDGE_MM - EPS <= y <= height - PAPER_EDGE_MM + EPS
                assert not _inside_a_tile(x, y, page)
            length = abs(mark.x1 - mark.x0) + abs(mark.y1 - mark.y0)
            if style == "crop":
                assert length <= CROP_LENGTH_MM + EPS
        left = min(p.x_mm for p in page.placements)
        right = max(p.x_mm + p.width_mm for p in page.placements)
        bottom = min(p.y_mm for p in page.placements)
        top = max(p.y_mm + p.height_mm for p in page.placements)
        vertical = [m for m in page.crop_marks if m.x0 == m.x1]
        horizontal = [m for m in page.crop_marks if m.y0 == m.y1]
        # every tile edge (so every cut line) has a mark in line with it, beyond the tiles on both sides
        for x in {round(v, 6) for p in page.placements for v in (p.x_mm, p.x_mm + p.width_mm)}:
            ends = [m for m in vertical if abs(m.x0 - x) < EPS]
            assert any(min(m.y0, m.y1) >= top + CROP_OFFSET_MM - EPS for m in ends)
            assert any(max(m.y0, m.y1) <= bottom - CROP_OFFSET_MM + EPS for m in ends)
        for y in {round(v, 6) for p in page.placements for v in (p.y_mm, p.y_mm + p.height_mm)}:
            ends = [m for m in horizontal if abs(m.y0 - y) < EPS]
            assert any(min(m.x0, m.x1) >= right + CROP_OFFSET_MM - EPS for m in ends)
            assert any(max(m.x0, m.x1) <= left - CROP_OFFSET_MM + EPS for m in ends)
        if style == "full" and fold is None:  # across the whole margin, to the edge's blank strip
            assert min(min(m.y0, m.y1) for m in vertical) == pytest.approx(PAPER_EDGE_MM)
            assert max(max(m.y0, m.y1) for m in vertical) == pytest.approx(height - PAPER_EDGE_MM)
            assert min(min(m.x0, m.x1) for m in horizontal) == pytest.approx(PAPER_EDGE_MM)
            assert max(max(m.x0, m.x1) for m in horizontal) == pytest.approx(width - PAPER_EDGE_MM)


def test_no_marks_with_none_and_crop_by_default():
    assert parse_options({}).sheet.marks == "crop"
    assert MARK_STYLES == ("none", "crop", "full")
    layout = layout_sheet(SheetSpec(marks="none", gap_mm=3.0), 28)
    assert all(page.crop_marks == () for page in layout.pages)
    assert make_document({"marks": "none", "no_rules": True}).cuts.pages[0].crop_marks == ()


def _dark_columns(pdf: bytes, band_mm: tuple[float, float], dpi: int) -> list[float]:
    """Centres (mm from the left edge) of the dark runs along a row across the page's band."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    page = document[0]
    height_pt = page.get_height()
    low, high = band_mm
    scale = dpi / 72
    bitmap = page.render(scale=scale, crop=(0, low * MM, 0, height_pt - high * MM), grayscale=True)
    image = bitmap.to_pil()
    row = image.height // 2
    pixels = [image.getpixel((x, row)) for x in range(image.width)]
    document.close()
    runs, start = [], None
    for x, value in enumerate([*pixels, 255]):
        if value < 128 and start is None:
            start = x
        elif value >= 128 and start is not None:
            runs.append((start + x - 1) / 2 / scale / MM + 0.5 / scale / MM)
            start = None
    return runs


@pytest.mark.slow
@pytest.mark.parametrize("gap", [0.0, 4.0])
def test_crop_marks_seen_in_pixels_at_each_cut_line_within_a_tenth_of_a_millimetre(gap):
    job = parse_options({"theme": "pips", "no_rules": True, "gap": gap})
    pdf = make_document(job).pdf
    page = job.layout.pages[0]
    top = max(p.y_mm + p.height_mm for p in page.placements)
    # a row through the top marks, in the margin above the tiles
    middle = top + CROP_OFFSET_MM + CROP_LENGTH_MM / 2
    seen = _dark_columns(pdf, (middle - 0.5, middle + 0.5), dpi=1200)
    expected = sorted({round(v, 6) for p in page.placements for v in (p.x_mm, p.x_mm + p.width_mm)})
    assert len(seen) == len(expected)
    for found, wanted in zip(seen, expected, strict=True):
        assert found == pytest.approx(wanted, abs=0.1)
    # the same row inside the tiles' first row meets the cut lines only where tiles meet
    inside = _dark_columns(pdf, (top - 3.5, top - 2.5), dpi=300)
    assert len(inside) <= len(expected)


def test_backs_bleed_3_mm_and_every_page_has_a_bleed_box():
    document = make_document({"backs": True, "sets": 2})
    reader = PdfReader(io.BytesIO(document.pdf))
    for page in reader.pages:
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]
    assert BLEED_MM == 3.0
    assert all(page.bleed_mm == 3.0 for page in document.cuts.of_kind("back"))
    assert all(page.cut_lines == () and page.crop_marks == () for page in document.cuts.of_kind("back"))


def test_marks_are_an_option_of_every_surface(run_cli, tmp_path):
    from domino_print.options.wording import form_fields

    field = next(f for f in form_fields("en") if f["name"] == "marks")
    assert field["choices"] == list(MARK_STYLES) and field["default"] == "crop"
    result = run_cli("--marks", "edge", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "--marks" in result.stderr and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("margin", [10.0, 8.0])
def test_crop_marks_stand_3_mm_from_the_tiles_and_keep_a_mark_in_a_narrow_margin(margin):
    """A print shop's 3 mm between the tile block and its crop marks (issue 30: it was 1.5 mm);
    in the narrowest margin (8 mm) the side marks come nearer, 1.5 mm, rather than vanish."""
    layout = layout_sheet(SheetSpec(margin_mm=margin), 28)
    page = layout.pages[0]
    left = min(p.x_mm for p in page.placements)
    right = max(p.x_mm + p.width_mm for p in page.placements)
    bottom = min(p.y_mm for p in page.placements)
    top = max(p.y_mm + p.height_mm for p in page.placements)
    down = [m for m in page.crop_marks if m.x0 == m.x1]
    across = [m for m in page.crop_marks if m.y0 == m.y1]
    distances = {
        "top": {round(min(m.y0, m.y1) - top, 6) for m in down if m.y0 > top},
        "bottom": {round(bottom - max(m.y0, m.y1), 6) for m in down if m.y0 < bottom},
        "left": {round(left - max(m.x0, m.x1), 6) for m in across if m.x0 < left},
        "right": {round(min(m.x0, m.x1) - right, 6) for m in across if m.x0 > right},
    }
    assert distances["top"] == distances["bottom"] == {3.0}
    sides = {3.0} if margin == 10.0 else {1.5}
    assert distances["left"] == distances["right"] == sides
    assert all(abs(m.x1 - m.x0) + abs(m.y1 - m.y0) >= 1.5 - EPS for m in page.crop_marks)


@pytest.mark.slow
def test_crop_marks_3_mm_from_the_tile_block_measured_in_pixels_at_600_dpi():
    """At 600 dpi, along the leftmost cut line above the tiles: the cut line's ink stops at the
    block's top edge (its square cap, half its width, beyond), then 3 mm of white paper, then
    the crop mark's ink."""
    import pypdfium2 as pdfium

    job = parse_options({"theme": "pips", "no_rules": True})
    page = job.layout.pages[0]
    left = min(p.x_mm for p in page.placements)
    top = max(p.y_mm + p.height_mm for p in page.placements)
    dpi = 600
    px_per_mm = dpi / 25.4
    document = pdfium.PdfDocument(make_document(job).pdf)
    image = document[0].render(scale=dpi / 72, grayscale=True).to_pil()
    document.close()
    column = round(left * px_per_mm)
    start = round((job.layout.page_height_mm - top) * px_per_mm)  # the top edge, y down
    darkness = [min(image.getpixel((x, y)) for x in range(column - 2, column + 3))
                for y in range(start - round(10 * px_per_mm), start + 1)][::-1]  # upwards from the edge
    first_white = next(i for i, value in enumerate(darkness) if value > 250)
    mark = next(i for i in range(first_white, len(darkness)) if darkness[i] < 128)
    gap_mm = (mark - first_white) / px_per_mm
    assert gap_mm == pytest.approx(3.0 - 0.5 * CUT_LINE_PT / MM, abs=0.1), f"{gap_mm:.2f} mm of white"
