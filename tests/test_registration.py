"""``--registration cricut|silhouette`` (issue 21): the machines' marks where their templates put
them, read back from the PDF's pixels and from the cut file; tiles clear of the marks' zones."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from domino_print.api import parse_options
from domino_print.geometry.registration import (
    CRICUT_AREA_MM,
    KEEP_OUT_CLEARANCE_MM,
    SILHOUETTE_INSET_MM,
    SILHOUETTE_LENGTH_MM,
    SILHOUETTE_SQUARE_MM,
    registration_marks,
)
from domino_print.geometry.shapes import Rect
from domino_print.options.parsing import parse
from tests.conftest import render_page
from tests.cut_simulation import assert_cut_leaves_the_tiles, distinct_edge_length, read_cuts

SVG = "{http://www.w3.org/2000/svg}"
DPI = 300
PX = DPI / 25.4


def _dark_box(image, left_mm, top_mm, right_mm, bottom_mm, threshold=128):
    """The bounding box (left, top, right, bottom, in mm from the page's top-left corner) of the
    dark pixels in that window of the page, each edge at the middle of its edge pixels' coverage."""
    box = tuple(round(v * PX) for v in (left_mm, top_mm, right_mm, bottom_mm))
    window = image.crop(box)
    dark = window.point(lambda v: 255 if v < threshold else 0)
    found = dark.getbbox()
    assert found is not None, "no mark in that window"
    x0, y0, x1, y1 = found
    return tuple((v + offset) / PX for v, offset in zip((x0, y0, x1, y1), (box[0], box[1]) * 2, strict=True))


def _job(mapping):
    """The job of a command line's options (``--registration`` is the command line's)."""
    return parse_options(parse(mapping, command_line=True))


def _run(run_cli, tmp_path, machine, *extra):
    out = tmp_path / "planche.pdf"
    result = run_cli("--no-rules", "--registration", machine, "--cut", "svg", "--out", out, *extra)
    assert result.exit_code == 0, result.stderr
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_silhouette_marks_where_studio_puts_them(run_cli, tmp_path, paper):
    """Type 1 marks: a 5 mm square 10 mm in from the top-left corner, 20 mm L-shaped marks 10 mm in
    from the top-right and bottom-left corners; within 0.1 mm, from the pixels."""
    out = _run(run_cli, tmp_path, "silhouette", "--paper", paper)
    layout = _job({"no_rules": True, "registration": "silhouette", "paper": paper}).layout
    width, height = layout.page_width_mm, layout.page_height_mm
    image = render_page(out, 0, dpi=DPI)
    inset, square, leg = SILHOUETTE_INSET_MM, SILHOUETTE_SQUARE_MM, SILHOUETTE_LENGTH_MM
    tolerance = 0.1 + 1 / PX  # a pixel's rounding on each edge
    left, top, right, bottom = _dark_box(image, 3, 3, inset + 15, inset + 15)
    for found, wanted in zip((left, top, right, bottom), (inset, inset, inset + square, inset + square),
                             strict=True):
        assert found == pytest.approx(wanted, abs=tolerance)
    left, top, right, bottom = _dark_box(image, width - inset - leg - 5, 3, width - 3, inset + leg + 5)
    expected = (width - inset - leg, inset, width - inset, inset + leg)
    for found, wanted in zip((left, top, right, bottom), expected, strict=True):
        assert found == pytest.approx(wanted, abs=tolerance)
    left, top, right, bottom = _dark_box(image, 3, height - inset - leg - 5, inset + leg + 5, height - 3)
    expected = (inset, height - inset - leg, inset + leg, height - inset)
    for found, wanted in zip((left, top, right, bottom), expected, strict=True):
        assert found == pytest.approx(wanted, abs=tolerance)
    # the fourth corner stays white: three marks, not four
    corner = image.crop(tuple(round(v * PX) for v in (width - inset - leg - 5, height - inset - leg - 5,
                                                     width - 3, height - 3)))
    assert min(corner.getdata()) > 200


@pytest.mark.slow
def test_nothing_but_the_mark_is_printed_in_its_zone(run_cli, tmp_path):
    """Each mark's 20 mm zone and its clearance hold no other ink (no tile, crop mark, header)."""
    out = _run(run_cli, tmp_path, "silhouette", "--label", "CM1", "--sets", "2")
    marks = _job({"no_rules": True, "registration": "silhouette"}).layout.registration
    assert marks is not None
    for page in (0, 1):
        image = render_page(out, page, dpi=150)
        px = 150 / 25.4
        height = marks.page_height_mm
        ink = {(x, y) for x in range(image.width) for y in range(image.height)
               if image.getpixel((x, y)) < 200}
        for zone in marks.keep_out:
            for x, y in ink:
                x_mm, y_mm = x / px, height - y / px
                inside = zone.x_mm < x_mm < zone.right and zone.y_mm < y_mm < zone.top
                on_mark = any(m.x_mm - 0.5 < x_mm < m.right + 0.5 and m.y_mm - 0.5 < y_mm < m.top + 0.5
                              for m in marks.marks)
                assert not inside or on_mark, (page, x_mm, y_mm)


@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
@pytest.mark.parametrize("extra", [{}, {"max": 9}, {"paper": "Letter", "gap": 2},
                                   {"orientation": "portrait"}])
def test_tiles_and_guides_keep_clear_of_every_zone(machine, extra):
    layout = _job({"no_rules": True, "registration": machine, **extra}).layout
    marks = layout.registration
    assert marks is not None and layout.frame is not None
    area = marks.area_mm
    for page in layout.pages:
        for tile in page.placements:
            rect = Rect(tile.x_mm, tile.y_mm, tile.width_mm, tile.height_mm)
            assert not any(rect.overlaps(zone) for zone in marks.keep_out)
            assert area.contains(rect), "every tile inside the area the machine cuts"
        for seg in page.crop_marks:
            guide = Rect(min(seg.x0, seg.x1), min(seg.y0, seg.y1), abs(seg.x1 - seg.x0),
                         abs(seg.y1 - seg.y0))
            assert not any(guide.overlaps(zone) for zone in marks.keep_out)
            assert area.contains(guide)


def test_the_zones_are_the_marks_and_their_clearance():
    marks = registration_marks("silhouette", 210, 297)
    assert len(marks.marks) == 5 and len(marks.keep_out) == 3
    side = SILHOUETTE_LENGTH_MM + 2 * KEEP_OUT_CLEARANCE_MM
    assert {(round(z.width_mm, 6), round(z.height_mm, 6)) for z in marks.keep_out} == {(side, side)}
    for mark in marks.marks:
        assert any(zone.contains(mark) for zone in marks.keep_out)
    cricut = registration_marks("cricut", 215.9, 279.4)
    assert (cricut.area_mm.width_mm, cricut.area_mm.height_mm) == pytest.approx(CRICUT_AREA_MM)
    assert cricut.area_mm.x_mm == pytest.approx((215.9 - CRICUT_AREA_MM[0]) / 2)


@pytest.mark.slow
def test_cricut_frame_around_the_print_then_cut_area(run_cli, tmp_path):
    """The black frame's inner edges bound the 6.75 x 9.25 in area, centred on the page (pixels)."""
    out = _run(run_cli, tmp_path, "cricut", "--paper", "Letter", "--orientation", "portrait")
    image = render_page(out, 0, dpi=DPI)
    width, height = 215.9, 279.4
    area_w, area_h = CRICUT_AREA_MM
    left, top = (width - area_w) / 2, (height - area_h) / 2
    tolerance = 0.1 + 1 / PX
    # the frame's left side, read across a band halfway up the page, and its top side
    x0, _, x1, _ = _dark_box(image, left - 3, height / 2 - 2, left + 1, height / 2 + 2)
    assert x1 == pytest.approx(left, abs=tolerance) and x1 - x0 == pytest.approx(0.5, abs=tolerance)
    _, _, _, y1 = _dark_box(image, width / 2 - 2, top - 3, width / 2 + 2, top + 1)
    assert y1 == pytest.approx(top, abs=tolerance)
    x0, _, x1, _ = _dark_box(image, left + area_w - 1, height / 2 - 2, left + area_w + 3, height / 2 + 2)
    assert x0 == pytest.approx(left + area_w, abs=tolerance)


@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
def test_the_cut_file_is_in_the_machines_frame_and_records_its_marks(run_cli, tmp_path, machine):
    """Silhouette: the page itself, marks where Studio draws them; Cricut: the Print Then Cut area,
    its origin at the area's top-left corner. Each cut path is its tile's rectangle within 0.05 mm,
    in that frame; the marks are recorded (never drawn, never cut) where the PDF prints them."""
    _run(run_cli, tmp_path, machine)
    layout = _job({"no_rules": True, "registration": machine}).layout
    marks = layout.registration
    assert marks is not None
    root = ET.parse(tmp_path / "planche-cut-1.svg").getroot()
    frame_w, frame_h = marks.cut_size_mm
    assert root.get("width") == f"{frame_w:g}mm" and root.get("height") == f"{frame_h:g}mm"
    origin_x, origin_top = marks.cut_origin_mm
    if machine == "silhouette":
        assert (frame_w, frame_h) == (layout.page_width_mm, layout.page_height_mm)
    else:
        assert sorted((frame_w, frame_h)) == pytest.approx(sorted(CRICUT_AREA_MM))
    group = root.find(f"{SVG}defs/{SVG}g")
    assert group is not None and group.get("data-machine") == machine
    ox, oy = (float(v) for v in group.get("data-origin-mm").split())
    assert (ox, oy) == pytest.approx((origin_x, layout.page_height_mm - origin_top))
    recorded = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
                for r in group.iter(f"{SVG}rect")]
    assert len(recorded) == len(marks.marks)
    for (x, y, w, h), mark in zip(recorded, marks.marks, strict=True):
        # back to the page: x from the left edge, y up from the bottom edge
        on_page = (x + ox, layout.page_height_mm - (y + oy) - h)
        assert on_page == pytest.approx((mark.x_mm, mark.y_mm), abs=0.001)
        assert (w, h) == pytest.approx((mark.width_mm, mark.height_mm), abs=0.001)
    page = layout.pages[0]
    # In the frame: x from its left edge, y down from its top edge; each tile comes out whole
    # under a simulated cut, and each edge two tiles share is cut once.
    rectangles = [(t.x_mm - origin_x, origin_top - t.y_mm - t.height_mm, t.x_mm - origin_x + t.width_mm,
                   origin_top - t.y_mm) for t in page.placements]
    cuts = read_cuts(tmp_path / "planche-cut-1.svg")
    assert (cuts.width_mm, cuts.height_mm) == (frame_w, frame_h)
    assert_cut_leaves_the_tiles(cuts, rectangles, 0.0)
    assert cuts.length_mm == pytest.approx(distinct_edge_length(rectangles), abs=0.01)
    assert all(0 <= x <= frame_w and 0 <= y <= frame_h for path in cuts.paths for x, y in path)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--registration", "cricut", "--tile-size", "120x240mm"],
         ["does not fit the area inside the cricut marks", "--tile-size", "--registration"]),
        (["--registration", "silhouette", "--tile-size", "130x260mm"],
         ["does not fit the area inside the silhouette marks", "--tile-size"]),
        (["--registration", "cricut", "--backs", "fold"], ["fold-over", "--backs duplex", "--registration"]),
        (["--registration", "brother"], ["--registration"]),
    ],
)
def test_refusals_in_one_line_say_what_to_change(run_cli, tmp_path, args, words):
    out = tmp_path / "planche.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    for word in words:
        assert word in line
    assert not out.exists()


def test_without_registration_the_layout_has_no_frame():
    layout = _job({"no_rules": True}).layout
    assert layout.registration is None and layout.frame is None
    frame = layout.content_frame
    assert (frame.x_mm, frame.y_mm, frame.width_mm, frame.height_mm) == (0, 0, layout.page_width_mm,
                                                                         layout.page_height_mm)
