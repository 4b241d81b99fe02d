"""The two-sided calibration page: its geometry, its pixels seen through the paper, its CLI."""

from __future__ import annotations

import os

import pytest
from pypdf import PdfReader

from domino_print.geometry.backs import mirror_point
from domino_print.geometry.sizes import parse_paper
from tests.conftest import render_page


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_rulers_sit_behind_the_crosses(duplex):
    from domino_print.geometry.calibration import ARM_MM, calibration_geometry

    paper = parse_paper("A4")
    geometry = calibration_geometry(paper, duplex)
    assert len(geometry.stations) == 5 and len(geometry.rulers) == 10
    for (x, y), x_ruler, y_ruler in zip(geometry.stations, geometry.rulers[::2], geometry.rulers[1::2],
                                        strict=True):
        bx, by = mirror_point(x, y, paper.width_mm, paper.height_mm, duplex)
        # the X ruler's zero lies on the cross's vertical arm, the Y ruler's on its horizontal arm
        assert x_ruler.along_x and x_ruler.x_mm == pytest.approx(bx) and abs(x_ruler.y_mm - by) < ARM_MM - 3
        assert not y_ruler.along_x and y_ruler.y_mm == pytest.approx(by)
        assert abs(y_ruler.x_mm - bx) < ARM_MM - 3
        for ruler in (x_ruler, y_ruler):
            assert 5 <= ruler.x_mm <= paper.width_mm - 5 and 5 <= ruler.y_mm <= paper.height_mm - 5


@pytest.mark.slow
@pytest.mark.parametrize(("duplex", "lang"), [("long", "fr"), ("short", "en")])
def test_calibration_page_in_pixels(run_cli, tmp_path, monkeypatch, duplex, lang):
    """Flip the rendered front as the paper flips: its arms cross each back ruler at zero."""
    from PIL import ImageOps

    from domino_print.geometry.calibration import calibration_geometry

    monkeypatch.chdir(tmp_path)
    result = run_cli("calibrate", "--duplex", duplex, "--lang", lang)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "output" / "calibration.pdf"
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[duplex]
    assert prefs["/PrintScaling"] == "/None"
    text = reader.pages[0].extract_text()
    pair = '--back-offset "X;Y"' if lang == "fr" else "--back-offset X,Y"  # French decimals take commas
    assert (pair in text) and (("fenêtre" in text) if lang == "fr" else ("window" in text))
    dpi = 200
    front = render_page(out, 0, dpi)
    back = render_page(out, 1, dpi)
    seen_through = ImageOps.mirror(front) if duplex == "long" else ImageOps.flip(front)
    geometry = calibration_geometry(parse_paper("A4"), duplex)
    height = geometry.page_height_mm

    def darkest(image, x_mm, y_mm):
        px, py = round(x_mm / 25.4 * dpi), round((height - y_mm) / 25.4 * dpi)
        return min(image.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    for ruler in geometry.rulers:
        for along in (-1.5, 1.5):  # just off the ruler's line, where only the zero tick and the arm are
            x, y = (ruler.x_mm, ruler.y_mm + along) if ruler.along_x else (ruler.x_mm - along, ruler.y_mm)
            if along < 0:  # the labels side: only the arm shows there
                assert darkest(seen_through, x, y) < 120
                continue
            assert darkest(back, x, y) < 120, "the zero tick"
            assert darkest(seen_through, x, y) < 120, "the front's arm, seen through the paper"
            shifted = (x + 1, y) if ruler.along_x else (x, y + 1)
            assert darkest(seen_through, *shifted) > 200, "1 mm off, the arm is gone"
    for x, y in geometry.check_frames:  # the flip check: the front's square fills the back's frame
        assert darkest(seen_through, x, y) < 60 and darkest(back, x, y) > 200
        assert darkest(back, x + (3 + 2) / 2, y) < 120  # the frame's side




@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "B9"], "--paper 'B9'"),
        (["--paper", "100x150mm"], "too small for the calibration page"),
        (["--duplex", "sideways"], "'sideways' is not one of"),
        (["--lang", "xx"], "'xx' is not one of"),
    ],
)
def test_calibrate_bad_values_fail_with_one_line_and_no_file(run_cli, tmp_path, args, message):
    result = run_cli("calibrate", *args, "--out", tmp_path / "cal.pdf")
    assert result.exit_code == 2, result.stderr
    line = result.stderr.strip()
    assert line.startswith("domino-print: error: ") and "\n" not in line and message in line
    assert os.listdir(tmp_path) == []


def test_calibrate_out_must_be_a_pdf(run_cli, tmp_path):
    result = run_cli("calibrate", "--out", tmp_path / "cal.png")
    assert result.exit_code == 2 and "must end in .pdf" in result.stderr
    assert os.listdir(tmp_path) == []


def test_calibrate_summary_quiet_and_help(run_cli, tmp_path):
    result = run_cli("calibrate", "--paper", "Letter", "--out", tmp_path / "c.pdf")
    assert result.exit_code == 0
    assert result.output.startswith(f"{tmp_path / 'c.pdf'}: 2 pages (print two-sided, flip on the long edge)")
    assert PdfReader(tmp_path / "c.pdf").pages[0].mediabox.width == pytest.approx(612, abs=0.01)
    result = run_cli("calibrate", "--quiet", "--out", tmp_path / "q.pdf")
    assert result.exit_code == 0 and result.output == ""
    assert "calibrate" in run_cli("--help").output
    calibrate_help = run_cli("calibrate", "--help").output
    for option in ("--paper", "--duplex", "--out", "--lang"):
        assert option in calibrate_help


@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_the_calibration_sheet_names_only_options_the_table_has(lang):
    """Its instructions take the option names from the option table (``calibration_flags``): every
    ``--flag`` printed on either side is a current option of the main command, and the three it
    tells the user to give are there."""
    import io
    import re

    from domino_print.api import make_calibration
    from domino_print.options.parsing import calibration_flags
    from domino_print.options.table import OPTIONS

    reader = PdfReader(io.BytesIO(make_calibration({"lang": lang})))
    words = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    printed = set(re.findall(r"--[a-z][a-z-]*", words))
    assert printed <= {option.flag for option in OPTIONS}
    assert set(calibration_flags().values()) <= printed
