"""A printer's profile (issue 21): the calibration sheet's two scale rulers, ``--scale X,Y``
correcting the whole page so that measured lengths come out true, and the correction in force
printed in the legend."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from domino_print.api import make_calibration
from domino_print.geometry.calibration import SCALE_RULER_MM, calibration_geometry, scale_ruler_mm
from domino_print.geometry.sizes import parse_paper
from domino_print.options.parsing import parse
from tests.conftest import render_page
from tests.test_print_options import MM, _apply, placed_forms


@pytest.mark.parametrize(("text", "scale"), [("100.6,99.8", (100.6, 99.8)), ("100,6;99,8", (100.6, 99.8)),
                                             (" 99.5 % , 101 %", (99.5, 101.0)), ("95,105", (95.0, 105.0))])
def test_scale_is_x_and_y_in_percent_with_either_decimal_mark(text, scale):
    assert parse({"scale": text}, command_line=True).scale == pytest.approx(scale)  # read by the table


@pytest.mark.parametrize(("args", "words"), [
    (["--scale", "110,100"], ["between 95 and 105 %", "print at 100 %"]),
    (["--scale", "100.6"], ["is not X,Y in percent", "100.6,99.8"]),
    (["--scale", "100,6,99,8"], ["is not X,Y in percent"]),
    (["calibrate", "--scale", "94,100"], ["between 95 and 105 %"]),
])
def test_a_scale_out_of_range_or_misspelt_is_one_line(run_cli, tmp_path, args, words):
    out = tmp_path / "x.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    for word in words:
        assert word in result.stderr
    assert not out.exists()


def _ticks(image, row_px: int, start_px: int, stop_px: int, along_x: bool) -> list[float]:
    """Centres (in pixels) of the dark runs crossed along a row (or a column) of the image."""
    centres, run = [], []
    for i in range(start_px, stop_px):
        value = image.getpixel((i, row_px) if along_x else (row_px, i))
        if value < 160:
            run.append((i, 255 - value))
        elif run:
            weight = sum(w for _, w in run)
            centres.append(sum(i * w for i, w in run) / weight)
            run = []
    return centres


def _ruler_lengths(pdf: bytes, scale: tuple[float, float], dpi: int = 400) -> tuple[float, float]:
    """The X and Y rulers' lengths as printed, read from the pixels: the distance between their
    first and last long (10 mm) ticks, crossed 2.6 mm off the ruler line where only those reach."""
    paper = parse_paper("A4")
    geometry = calibration_geometry(paper, "long")
    image = render_page(pdf, 0, dpi=dpi)
    px = dpi / 25.4
    width, height = paper.width_mm, paper.height_mm
    fx, fy = 100 / scale[0], 100 / scale[1]

    def page_px(x: float, y: float) -> tuple[float, float]:  # drawn about the centre, y from the top
        return ((width / 2 + (x - width / 2) * fx) * px, (height / 2 - (y - height / 2) * fy) * px)

    length = geometry.scale_ruler_mm
    (xx, xy), (yx, yy) = geometry.x_ruler, geometry.y_ruler
    left, row = page_px(xx - 3, xy + 2.6)
    right, _ = page_px(xx + length + 3, xy)
    xs = _ticks(image, round(row), round(left), round(right), along_x=True)
    column, top = page_px(yx - 2.6, yy + length + 3)
    _, bottom = page_px(yx, yy - 3)
    ys = _ticks(image, round(column), round(top), round(bottom), along_x=False)
    assert len(xs) == len(ys) == int(length // 10) + 1
    return ((xs[-1] - xs[0]) / px, (ys[-1] - ys[0]) / px)


@pytest.mark.slow
def test_the_calibration_sheet_has_two_150_mm_rulers():
    assert scale_ruler_mm(210) == SCALE_RULER_MM == 150 and scale_ruler_mm(148) == 100
    x, y = _ruler_lengths(make_calibration({}), (100.0, 100.0))
    assert x == pytest.approx(150, abs=0.1) and y == pytest.approx(150, abs=0.1)


@pytest.mark.slow
def test_with_scale_the_drawn_rulers_cancel_the_printers_stretch():
    """With --scale 100.6,99.8 the 150 mm X ruler is drawn 150 / 1.006 mm long and the Y ruler
    150 / 0.998 mm, so that the printer that stretches by that much prints them 150 mm."""
    pdf = make_calibration({"scale": "100.6,99.8"})
    x, y = _ruler_lengths(pdf, (100.6, 99.8))
    assert x == pytest.approx(150 / 1.006, abs=0.1) and y == pytest.approx(150 / 0.998, abs=0.1)
    words = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "--scale 100,6;99,8" in words, "the sheet says which correction it was printed with, in French"


@pytest.mark.slow
def test_scale_corrects_every_tile_and_the_legend_says_so(run_cli, tmp_path):
    plain, scaled = tmp_path / "plain.pdf", tmp_path / "scaled.pdf"
    assert run_cli("--no-rules", "--lang", "en", "--out", plain).exit_code == 0
    result = run_cli("--no-rules", "--lang", "en", "--scale", "100.6,99.8", "--backs", "--back-offset",
                     "1.5,-0.5", "--cut", "svg", "--out", scaled)
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(scaled)
    before, after = _faces(PdfReader(plain)), _faces(reader)
    assert len(before) == len(after) == 2 * 28
    for (x0, y0, x1, y1), (u0, v0, u1, v1) in zip(before, after, strict=True):
        assert u1 - u0 == pytest.approx((x1 - x0) / 1.006, abs=0.01)
        assert v1 - v0 == pytest.approx((y1 - y0) / 0.998, abs=0.01)
        # drawn about the page's centre: each face moves towards it by the same factors
        assert (u0 + u1) / 2 - 148.5 == pytest.approx(((x0 + x1) / 2 - 148.5) / 1.006, abs=0.01)
        assert (v0 + v1) / 2 - 105 == pytest.approx(((y0 + y1) / 2 - 105) / 0.998, abs=0.01)
    words = " ".join(reader.pages[0].extract_text().split())
    said = "Printer correction in force: scale X 100.6 %, Y 99.8 % · backs shifted X 1.5 mm, Y -0.5 mm"
    assert said in words
    assert "correction" not in " ".join(PdfReader(plain).pages[0].extract_text().split())
    # the cut file keeps the true sizes: the cutter is exact, the printer is what stretches
    svg = (tmp_path / "scaled-cut-1.svg").read_text()
    run_cli("--no-rules", "--lang", "en", "--cut", "svg", "--out", tmp_path / "true.pdf")
    assert svg.split("<title>")[1].split("</title>", 1)[1] == \
        (tmp_path / "true-cut-1.svg").read_text().split("<title>")[1].split("</title>", 1)[1]


def _faces(reader) -> list[tuple[float, float, float, float]]:
    """Every face square on the first page, (x0, y0, x1, y1) in mm, in drawing order."""
    squares = []
    for name, ctm, box in placed_forms(reader, reader.pages[0]):
        if name.startswith("Face"):
            corners = [_apply(ctm, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
            xs, ys = [c[0] / MM for c in corners], [c[1] / MM for c in corners]
            squares.append((min(xs), min(ys), max(xs), max(ys)))
    return squares


def test_the_legend_writes_the_pages_decimal_mark(run_cli, tmp_path):
    out = tmp_path / "fr.pdf"
    assert run_cli("--no-rules", "--scale", "100.6,99.8", "--out", out).exit_code == 0
    words = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "X 100,6" in words and "Y 99,8" in words
