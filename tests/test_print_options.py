"""Print options: classroom sets, set marks, labels, backs and duplex mirroring, back offset,
previews, progress, quiet, TrimBox, bookmarks and paper sizes.

Geometry is checked twice: as pure data (``domino_print.geometry.backs``) and read back from the
PDF by following the content streams' transforms into every form (``placed_forms``).
"""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
from collections import Counter

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from domino_print.errors import OptionError
from domino_print.geometry.backs import (
    SET_COLOURS,
    back_page,
    mark_centre,
    mirror_placement,
    mirror_point,
    mirrors_left_right,
    parse_back_offset,
    parse_label,
    set_colour,
)
from domino_print.geometry.sheet import SheetSpec, layout_sheet
from domino_print.geometry.sizes import parse_paper
from domino_print.pdf.marks import mark_radius_pt
from domino_print.pdf.tile import CENTRE_INSET

MM = 72 / 25.4
PAIRS = Counter(frozenset((a, b)) for a in range(7) for b in range(a, 7))


# -- reading transforms back from the PDF ----------------------------------------------------
def _concat(m, ctm):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = ctm
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(ctm, x, y):
    a, b, c, d, e, f = ctm
    return (a * x + c * y + e, b * x + d * y + f)


_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _walk(reader, contents, resources) -> list[tuple[str, tuple, tuple]]:
    """Forms placed by one content stream, nested ones included, relative to its own space."""
    found: list[tuple[str, tuple, tuple]] = []
    ctm, stack = _IDENTITY, []
    for operands, operator in ContentStream(contents, reader).operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _concat(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            reference = resources["/XObject"].raw_get(operands[0])
            form = reference.get_object()
            form_ctm = _concat(tuple(float(v) for v in form.get("/Matrix", _IDENTITY)), ctm)
            name = str(operands[0]).removeprefix("/FormXob.")
            found.append((name, form_ctm, tuple(float(v) for v in form["/BBox"])))
            cache = reader.__dict__.setdefault("_forms_placed", {})  # each form parsed once per file
            if reference.idnum not in cache:
                cache[reference.idnum] = _walk(reader, form, form.get("/Resources", {}))
            found.extend((n, _concat(m, form_ctm), box) for n, m, box in cache[reference.idnum])
    return found


def placed_forms(reader: PdfReader, page) -> list[tuple[str, tuple, tuple]]:
    """Every form placed on ``page``, nested forms included: (name, CTM, BBox), in drawing order."""
    return _walk(reader, page.get_contents(), page["/Resources"])


def form_centre_mm(ctm, bbox) -> tuple[float, float]:
    x, y = _apply(ctm, (bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2)
    return (x / MM, y / MM)


def front_tiles(reader, page) -> list[tuple[frozenset, tuple[float, float], list]]:
    """(values, centre in mm, face squares in mm) of every tile on a front page: faces come in pairs."""
    faces = [(int(n.removeprefix("Face")), ctm, box) for n, ctm, box in placed_forms(reader, page)
             if n.startswith("Face")]
    tiles = []
    for (a, ctm_a, box_a), (b, ctm_b, box_b) in zip(faces[::2], faces[1::2], strict=True):
        ca, cb = form_centre_mm(ctm_a, box_a), form_centre_mm(ctm_b, box_b)
        squares = []
        for ctm, box in ((ctm_a, box_a), (ctm_b, box_b)):
            corners = [_apply(ctm, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
            xs, ys = [c[0] / MM for c in corners], [c[1] / MM for c in corners]
            squares.append((min(xs), min(ys), max(xs), max(ys)))
        side = squares[0][2] - squares[0][0]
        assert abs(((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5 - side) < 0.01  # halves touch
        tiles.append((frozenset((a, b)), ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2), squares))
    return tiles


def page_size_mm(page) -> tuple[float, float]:
    return (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM)


@pytest.fixture
def make_pdf(run_cli, tmp_path):
    """Run the CLI with ``args`` into a fresh file; returns (PdfReader, bytes, result)."""

    def make(*args: str, name: str = "out.pdf"):
        out = tmp_path / name
        result = run_cli(*args, "--out", out)
        assert result.exit_code == 0, result.output + result.stderr
        data = out.read_bytes()
        return PdfReader(io.BytesIO(data)), data, result

    return make


# -- pure geometry ---------------------------------------------------------------------------
def test_which_way_each_flip_mirrors():
    assert mirrors_left_right(210, 297, "long")  # portrait, long edge: like a book
    assert not mirrors_left_right(210, 297, "short")  # portrait, short edge: like a calendar
    assert not mirrors_left_right(297, 210, "long")  # landscape, long edge: top over bottom
    assert mirrors_left_right(297, 210, "short")  # landscape, short edge: left over right
    assert mirror_point(10, 20, 210, 297, "long") == (200, 20)
    assert mirror_point(10, 20, 297, 210, "long") == (10, 190)


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("gap", [0.0, 3.0])
def test_back_rectangles_sit_behind_their_fronts(orientation, duplex, gap):
    spec = SheetSpec(orientation=orientation, gap_mm=gap)
    sheet = layout_sheet(spec, 28)
    w, h = sheet.page_width_mm, sheet.page_height_mm
    for page in sheet.pages:
        back = back_page(page, w, h, duplex, gap)
        assert back.bleed_mm == (3.0 if gap == 0 else 1.5)
        for front, rear in zip(page.placements, back.placements, strict=True):
            assert (rear.width_mm, rear.height_mm, rear.vertical) == (front.width_mm, front.height_mm,
                                                                      front.vertical)
            expected = mirror_point(*front.centre_mm, w, h, duplex)
            assert rear.centre_mm == pytest.approx(expected, abs=1e-9)
            # turning the sheet back over brings the back exactly onto the front
            again = mirror_placement(rear, w, h, duplex)
            assert (again.x_mm, again.y_mm) == pytest.approx((front.x_mm, front.y_mm), abs=1e-9)
            # the back stays inside the page margins too
            assert sheet.margin_mm - 1e-6 <= rear.x_mm <= w - sheet.margin_mm - rear.width_mm + 1e-6
            assert sheet.margin_mm - 1e-6 <= rear.y_mm <= h - sheet.margin_mm - rear.height_mm + 1e-6


@pytest.mark.parametrize("short", [27.5, 30.0, 40.0, 60.0])
@pytest.mark.parametrize("vertical", [True, False])
@pytest.mark.parametrize(("sets", "shapes"), [(3, False), (99, False), (8, True)])
def test_set_mark_sits_at_the_end_of_the_middle_line_clear_of_faces_and_edges(short, vertical, sets, shapes):
    """On the tiles of an A4 sheet and larger: the mark 3 mm inside the cut, clear of every pip,
    in the strip between the faces' pictures (grey shapes are larger and may reach 0.3 mm into it)."""
    from domino_print.faces.artwork import PADDING
    from domino_print.faces.pips import PIP_POSITIONS, pip_radius
    from domino_print.geometry.shapes import Placement
    from domino_print.geometry.sizes import SAFE_AREA_MM
    from domino_print.pdf.marks import mark_radius_pt

    w, h = (short, 2 * short) if vertical else (2 * short, short)
    tile = Placement(0, 50.0, 60.0, w, h, vertical)
    r = mark_radius_pt(sets, shapes=shapes) / (72 / 25.4)
    x, y = mark_centre(tile, short, r)
    # in the tile's own frame (long side along u, the middle line at u = short)
    u, v = ((tile.y_mm + 2 * short - y), x - tile.x_mm) if vertical else (x - tile.x_mm, y - tile.y_mm)
    assert u == pytest.approx(short)  # on the middle line
    assert short - v - r == pytest.approx(SAFE_AREA_MM), "the mark's edge 3 mm inside the cut"
    assert r < PADDING * short + (0.3 if shapes else 0.0), "the mark stays in the strip no picture uses"
    for value, pips in PIP_POSITIONS.items():
        for fx, fy in pips:  # left face: pip at (fx, fy) * short; right face mirrored about u = short
            for pu in (fx * short, short + fx * short):
                gap = ((pu - u) ** 2 + (fy * short - v) ** 2) ** 0.5 - pip_radius(value) * short - r
                assert gap > 0.03 * short


def test_the_middle_line_stops_short_of_the_set_mark():
    from domino_print.pdf.tile import centre_line

    size = 80.0
    assert centre_line(0, 0, size, False) == (size, CENTRE_INSET * size, size, size - CENTRE_INSET * size)
    _, y0, _, y1 = centre_line(0, 0, size, False, mark_room=30.0)
    assert (y0, y1) == (CENTRE_INSET * size, size - 30.0)  # only the mark's end moves
    assert centre_line(0, 0, size, True, mark_room=30.0)[2] == size - 30.0


def test_set_colours_cycle_and_numbers_tell_them_apart():
    assert [set_colour(n) for n in range(1, 9)] == list(SET_COLOURS)
    assert set_colour(9) == set_colour(1) and set_colour(17) == set_colour(1)
    assert len(set(SET_COLOURS)) == len(SET_COLOURS)


def test_parse_label_and_back_offset():
    assert parse_label("  CM1   Mme Durand ") == "CM1 Mme Durand"
    assert parse_label("École Zoé – 2e") == "École Zoé – 2e"
    assert parse_back_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_back_offset(" -10 , +10 mm") == (-10.0, 10.0)
    assert parse_back_offset("-0,0") == (0.0, 0.0)
    for bad in ("", "   ", "x" * 41, "a\x07b", "班级"):
        with pytest.raises(OptionError, match="--label"):
            parse_label(bad)
    for bad in ("1.5", "1.5;0", "a,b", "10.5,0", "0,-11", "1,2,3"):
        with pytest.raises(OptionError, match="--back-offset"):
            parse_back_offset(bad)


# -- bad values on the command line ---------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sets", "0"], "--sets"),
        (["--sets", "201"], "--sets"),
        (["--sets", "many"], "--sets"),
        (["--label", ""], "--label is empty"),
        (["--label", "   "], "--label is empty"),
        (["--label", "x" * 41], "at most 40"),
        (["--label", "bell\x07"], "control characters"),
        (["--label", "班级"], "'班' (U+73ED CJK UNIFIED IDEOGRAPH-73ED), '级'"),
        (["--back-offset", "1,1"], "--back-offset only applies to backs; add --backs"),
        (["--duplex", "short"], "--duplex only applies to backs; add --backs"),
        (["--backs", "--duplex", "diagonal"], "'diagonal' is not one of"),
        (["--backs", "--back-offset", "1.5"], "is not X,Y in millimetres"),
        (["--backs", "--back-offset", "12,0"], "between -10 and 10 mm"),
        (["--backs", "--back-offset", "left,up"], "is not X,Y"),
        (["--preview-dpi", "100"], "--preview-dpi only applies to previews; add --preview"),
        (["--preview", "--preview-dpi", "20"], "--preview-dpi"),
        (["--preview", "--preview-dpi", "601"], "--preview-dpi"),
        (["--sets", "3", "--tile-size", "150x300mm"], "does not fit the printable area"),
    ],
)
def test_bad_print_options_fail_with_one_line_and_no_file(run_cli, tmp_path, args, message):
    out = tmp_path / "never.pdf"
    result = run_cli(*args, "--no-rules", "--out", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output
    assert os.listdir(tmp_path) == []


# -- classroom sets ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def thirty_sets(tmp_path_factory):
    """``--sets 30 --backs --no-rules --label CM1``: the acceptance case."""
    from click.testing import CliRunner

    from domino_print.cli import cli

    out = tmp_path_factory.mktemp("sets") / "classe.pdf"
    args = ["--sets", "30", "--backs", "--no-rules", "--label", "CM1 Mme Durand", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return out.read_bytes(), result.output


@pytest.mark.slow
def test_thirty_sets_with_backs_give_sixty_pages_of_complete_sets(thirty_sets):
    data, summary = thirty_sets
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 60
    assert ": 60 pages, 30 sets of 28 dominoes (double-six) with backs (flip on the long edge), A4" in summary
    for number in range(1, 31):
        front = reader.pages[2 * (number - 1)]
        tiles = front_tiles(reader, front)
        assert Counter(values for values, _, _ in tiles) == PAIRS, f"set {number} is not complete"
        marks = [n for n, _, _ in placed_forms(reader, front) if n.startswith("Mark")]
        # one mark per tile, plus the one beside the header line
        assert marks == [f"Mark{number}"] * 29
        text = front.extract_text()
        assert "CM1 Mme Durand" in text and f"Jeu {number} / 30" in text


def _check_backs(reader, offset=(0.0, 0.0), tolerance=0.1):
    pages = reader.pages
    checked = 0
    for index in range(0, len(pages) - 1, 2):
        front, back = pages[index], pages[index + 1]
        if not any(n.startswith("Face") for n, _, _ in placed_forms(reader, front)):
            break  # the rules page
        w, h = page_size_mm(front)
        assert page_size_mm(back) == pytest.approx((w, h))
        duplex = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}[
            str(reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"])]
        expected = sorted(
            (round(x + offset[0], 3), round(y + offset[1], 3))
            for _, centre, _ in front_tiles(reader, front)
            for x, y in [mirror_point(*centre, w, h, duplex)]
        )
        emblems = sorted(form_centre_mm(ctm, box) for n, ctm, box in placed_forms(reader, back)
                         if n.startswith("Emblem"))
        assert len(emblems) == len(expected) > 0
        for (ex, ey), (gx, gy) in zip(expected, emblems, strict=True):
            assert abs(ex - gx) <= tolerance and abs(ey - gy) <= tolerance
        checked += 1
    return checked


@pytest.mark.slow
def test_each_back_lies_behind_its_front_in_the_thirty_set_pdf(thirty_sets):
    reader = PdfReader(io.BytesIO(thirty_sets[0]))
    assert _check_backs(reader) == 30
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"]) == "/DuplexFlipLongEdge"


@pytest.mark.slow
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_for_each_flip_edge_and_page_orientation(make_pdf, orientation, duplex):
    reader, _, _ = make_pdf("--sets", "2", "--backs", "--duplex", duplex, "--orientation", orientation,
                            "--no-rules")
    assert len(reader.pages) == 4
    w, h = page_size_mm(reader.pages[0])
    assert (w > h) == (orientation == "landscape")
    assert _check_backs(reader) == 2
    edge = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[duplex]
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == edge


@pytest.mark.slow
def test_back_offset_shifts_every_back(make_pdf):
    reader, _, _ = make_pdf("--backs", "--back-offset", "1.5,-0.5", "--no-rules", "--tile-size", "large")
    assert len(reader.pages) > 2  # a set over several pages: every back shifted
    assert _check_backs(reader, offset=(1.5, -0.5)) == len(reader.pages) // 2
    with pytest.raises(AssertionError):
        _check_backs(reader)


@pytest.mark.slow
def test_backs_seen_in_pixels(make_pdf):
    """Render a front and its back: each tile's set mark and back emblem are where the geometry says."""
    _, data, _ = make_pdf("--sets", "2", "--backs", "--no-rules")
    sheet = layout_sheet(SheetSpec(), 28)
    w, h = sheet.page_width_mm, sheet.page_height_mm
    dpi = 150
    rgb = (0x1F, 0x77, 0xB4)  # set 2 is blue
    mark_radius_mm = mark_radius_pt(2) / (72 / 25.4)

    def centroids(image, boxes):
        found = []
        pixels = image.load()
        for x0, y0, x1, y1 in boxes:
            points = [
                (px, py)
                for px in range(round(x0 / 25.4 * dpi), round(x1 / 25.4 * dpi))
                for py in range(round((h - y1) / 25.4 * dpi), round((h - y0) / 25.4 * dpi))
                if pixels[px, py][2] - pixels[px, py][0] > 80 and pixels[px, py][2] > 120
            ]
            assert points, "no set colour in this tile"
            found.append((sum(p[0] + 0.5 for p in points) / len(points) / dpi * 25.4,
                          h - sum(p[1] + 0.5 for p in points) / len(points) / dpi * 25.4))
        return found

    front = _render_rgb(data, 2, dpi)
    back = _render_rgb(data, 3, dpi)
    placements = sheet.pages[0].placements
    boxes = [(p.x_mm, p.y_mm, p.x_mm + p.width_mm, p.y_mm + p.height_mm) for p in placements]
    for p, (x, y) in zip(placements, centroids(front, boxes), strict=True):
        assert (x, y) == pytest.approx(mark_centre(p, sheet.tile_short_mm, mark_radius_mm), abs=0.15)
    rears = back_page(sheet.pages[0], w, h, "long", 0.0).placements
    rear_boxes = [(p.x_mm, p.y_mm, p.x_mm + p.width_mm, p.y_mm + p.height_mm) for p in rears]
    for p, (x, y) in zip(placements, centroids(back, rear_boxes), strict=True):
        # without a label the pill and its disc are symmetric about the tile's centre
        assert (x, y) == pytest.approx(mirror_point(*p.centre_mm, w, h, "long"), abs=0.15)
    assert rgb == tuple(int(set_colour(2)[i:i + 2], 16) for i in (1, 3, 5))


def _render_rgb(data: bytes, index: int, dpi: int):
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image


@pytest.mark.slow
def test_each_extra_set_adds_at_most_3_kb(make_pdf):
    _, one, _ = make_pdf("--backs", "--label", "CM1 Mme Durand", name="one.pdf")
    _, thirty, _ = make_pdf("--sets", "30", "--backs", "--label", "CM1 Mme Durand", name="thirty.pdf")
    assert (len(thirty) - len(one)) / 29 <= 3 * 1024


def test_default_pips_pdf_with_rules_stays_under_30_kb(make_pdf):
    reader, data, _ = make_pdf()
    assert len(data) <= 30 * 1024  # the budget with three embedded font styles (issue 13)
    root = reader.trailer["/Root"]
    assert "/Outlines" not in root and "/Duplex" not in root["/ViewerPreferences"]


def test_sets_with_rules_page_trim_boxes_and_bookmarks(make_pdf):
    reader, _, _ = make_pdf("--sets", "3", "--backs", "--lang", "en")
    assert len(reader.pages) == 7  # 3 x (front + back) + the rules page
    for page in reader.pages:
        assert [float(v) for v in page.trimbox] == pytest.approx([float(v) for v in page.mediabox])
    assert float(reader.pages[-1].mediabox.width) < float(reader.pages[-1].mediabox.height)
    outline = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    assert outline == [("Set 1", 0), ("Set 2", 2), ("Set 3", 4), ("Rules", 6)]


def test_trim_box_on_a_single_set_too(make_pdf):
    reader, _, _ = make_pdf("--no-rules")
    page = reader.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx([float(v) for v in page.mediabox])
    assert "/Outlines" not in reader.trailer["/Root"]


@pytest.mark.slow
def test_sets_are_deterministic(make_pdf):
    _, first, _ = make_pdf("--sets", "4", "--backs", "--label", "CE2", name="a.pdf")
    _, second, _ = make_pdf("--sets", "4", "--backs", "--label", "CE2", name="b.pdf")
    assert first == second


@pytest.mark.slow
def test_label_on_a_single_set_front_and_back(make_pdf):
    reader, _, _ = make_pdf("--label", "Classe des Lutins", "--backs", "--no-rules")
    assert "Classe des Lutins" in reader.pages[0].extract_text()
    names = [n for n, _, _ in placed_forms(reader, reader.pages[1])]
    assert names.count("EmblemUpright") == 28 and not any(n.startswith("Mark") for n in names)
    # Once in each of the 28 emblems (one form, placed 28 times: upright on standing tiles, in two
    # lines) and once in the margin note.
    assert reader.pages[1].extract_text().count("Lutins") == 29


# -- paper sizes and tile sizes ---------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "Letter", "200x260mm"])
def test_each_paper_gives_complete_sets_inside_the_margins(make_pdf, paper):
    reader, _, _ = make_pdf("--paper", paper, "--sets", "2", "--backs", "--no-rules")
    margin, legend = 10.0, SheetSpec().legend_band_mm  # the legend and scale bar keep the bottom band
    fronts = reader.pages[::2]
    assert len(fronts) == 2
    expected = parse_paper(paper)
    for page in fronts:
        w, h = page_size_mm(page)
        assert sorted((w, h)) == pytest.approx([expected.width_mm, expected.height_mm], abs=0.01)
        tiles = front_tiles(reader, page)
        assert Counter(values for values, _, _ in tiles) == PAIRS
        for _, _, squares in tiles:
            for x0, y0, x1, y1 in squares:
                assert x0 >= margin - 1e-3 and x1 <= w - margin + 1e-3
                assert y0 >= margin + legend - 1e-3 and y1 <= h - margin + 1e-3


def test_large_tiles_paginate_a_double_six_without_splitting(make_pdf):
    reader, _, _ = make_pdf("--tile-size", "40x80mm", "--sets", "2", "--no-rules")
    pages = reader.pages
    per_set = len(pages) // 2
    assert per_set >= 2 and len(pages) == 2 * per_set
    for number in range(2):
        seen = Counter()
        for page in pages[number * per_set:(number + 1) * per_set]:
            w, h = page_size_mm(page)
            for values, _, squares in front_tiles(reader, page):
                seen[values] += 1
                for x0, y0, x1, y1 in squares:
                    assert x1 - x0 == pytest.approx(40, abs=0.01)
                    assert x0 >= 10 - 1e-3 and x1 <= w - 10 + 1e-3
                    assert y0 >= 10 + 12 - 1e-3 and y1 <= h - 10 + 1e-3
        assert seen == PAIRS, "each set is complete, every tile whole on one page"


# -- previews -------------------------------------------------------------------------------------
@pytest.mark.slow
def test_preview_writes_one_png_per_page(run_cli, tmp_path):
    from PIL import Image

    out = tmp_path / "planche.pdf"
    result = run_cli("--sets", "2", "--backs", "--preview", "--out", out)
    assert result.exit_code == 0, result.stderr
    names = sorted(os.listdir(tmp_path))
    assert names == ["planche-1.png", "planche-2.png", "planche-3.png", "planche-4.png", "planche-5.png",
                     "planche.pdf"]
    assert "5 PNG previews (planche-1.png to planche-5.png)" in result.output
    with Image.open(tmp_path / "planche-1.png") as image:
        assert image.size == pytest.approx((1754, 1240), abs=1)  # A4 landscape at 150 dpi
        assert image.info["dpi"] == pytest.approx((150, 150), abs=0.1)
    with Image.open(tmp_path / "planche-5.png") as image:
        assert image.size == pytest.approx((1240, 1754), abs=1)  # the rules page is portrait


def test_preview_dpi_and_no_temporary_files(run_cli, tmp_path):
    from PIL import Image

    out = tmp_path / "petit.pdf"
    assert run_cli("--no-rules", "--preview", "--preview-dpi", "30", "--out", out).exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["petit-1.png", "petit.pdf"]
    with Image.open(tmp_path / "petit-1.png") as image:
        assert image.size == pytest.approx((351, 248), abs=1)


def test_failed_preview_writes_nothing(run_cli, tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("domino_print.output.preview.PagePictures.write_png", broken)
    result = run_cli("--no-rules", "--preview", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "No space left" in result.stderr
    assert os.listdir(tmp_path) == []


def test_a_preview_failing_after_the_first_leaves_earlier_files_untouched(run_cli, tmp_path, monkeypatch):
    """Previews are written to temporaries as they are rendered; a failure renames none into place."""
    from domino_print.output import preview

    out = tmp_path / "x.pdf"
    args = ["--sets", "2", "--no-rules", "--preview"]
    assert run_cli(*args, "--preview-dpi", "30", "--out", out).exit_code == 0
    before = {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path)}
    assert sorted(before) == ["x-1.png", "x-2.png", "x.pdf"]
    real, calls = preview.PagePictures.write_png, []

    def fails_on_the_second(self, index, stream, **kwargs):
        calls.append(index)
        if index == 1:
            stream.write(b"half a picture")
            raise OSError(28, "No space left on device")
        return real(self, index, stream, **kwargs)

    monkeypatch.setattr("domino_print.output.preview.PagePictures.write_png", fails_on_the_second)
    result = run_cli("--sets", "2", "--no-rules", "--label", "CE1", "--preview", "--preview-dpi", "40",
                     "--out", out)
    assert result.exit_code == 1 and calls == [0, 1]
    assert {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path)} == before


@pytest.mark.slow
def test_pypdfium2_is_imported_only_for_previews(tmp_path):
    code = (
        "import sys\nfrom domino_print.cli import cli\n"
        f"cli(['--sets', '2', '--backs', '--quiet', '--out', {str(tmp_path / 'a.pdf')!r}],"
        " standalone_mode=False)\n"
        "print('pypdfium2' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# -- quiet and progress ------------------------------------------------------------------------
def test_quiet_prints_nothing_but_errors_still_print(run_cli, tmp_path):
    result = run_cli("--quiet", "--no-rules", "--out", tmp_path / "q.pdf")
    assert result.exit_code == 0 and result.output == "" and (tmp_path / "q.pdf").is_file()
    result = run_cli("--quiet", "--sets", "0", "--out", tmp_path / "r.pdf")
    assert result.exit_code == 2 and result.stderr.startswith("domino-print: error: ")


@pytest.mark.parametrize("extra", [[], ["--backs", "--sets", "3"], ["--preview", "--preview-dpi", "30"]])
def test_progress_counts_every_page_and_preview_exactly(tmp_path, extra):
    from domino_print.api import parse_options
    from domino_print.cli import write_document
    from domino_print.output.writers import WriterSettings

    options = {"sets": 3 if "--sets" in extra else 1, "backs": "--backs" in extra}
    job = parse_options(options)
    calls = []
    settings = WriterSettings(preview_dpi=30 if "--preview" in extra else None)
    write_document(job, tmp_path / "p.pdf", settings, lambda done, total: calls.append((done, total)))
    pages = len(PdfReader(tmp_path / "p.pdf").pages)
    assert pages == job.page_count
    total = pages * (2 if "--preview" in extra else 1)
    assert calls == [(n, total) for n in range(1, total + 1)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _progress(monkeypatch, stream, times):
    from domino_print import cli

    monkeypatch.setattr(cli.sys, "stderr", stream)
    clock = iter(times)
    report = cli.ProgressReport()
    report._clock = lambda: next(clock)
    report._start = 0.0
    return report


def test_progress_bar_appears_on_a_terminal_after_one_second(monkeypatch):
    stream = _Terminal()
    with _progress(monkeypatch, stream, [0.2, 0.6, 1.3, 1.5, 1.8]) as report:
        for done in range(1, 6):
            report(done, 10)
    text = stream.getvalue()
    assert "domino-print" in text and "#" in text
    assert "30%" in text or "50%" in text


def test_no_progress_bar_for_quick_jobs_or_without_a_terminal(monkeypatch):
    quick = _Terminal()
    with _progress(monkeypatch, quick, [0.1, 0.2, 0.3]) as report:
        for done in range(1, 4):
            report(done, 3)
    assert quick.getvalue() == ""
    piped = io.StringIO()
    with _progress(monkeypatch, piped, itertools.repeat(5.0)) as report:
        for done in range(1, 4):
            report(done, 9)
    assert piped.getvalue() == ""


# -- look and help ------------------------------------------------------------------------------
def test_help_lists_the_print_options(run_cli):
    text = run_cli("--help").output
    for option in ("--sets", "--label", "--backs", "--duplex", "--back-offset", "--preview",
                   "--preview-dpi", "--quiet"):
        assert option in text


def test_mark_is_small_next_to_a_face():
    """The set mark covers under 1 % of its tile: unobtrusive, yet its number is 7 pt."""
    import math

    from domino_print.pdf.marks import MARK_NUMBER_PT

    sheet = layout_sheet(SheetSpec(), 28)
    r = mark_radius_pt(3) / (72 / 25.4)
    assert math.pi * r * r < 0.01 * 2 * sheet.tile_short_mm ** 2
    assert MARK_NUMBER_PT >= 7.0


