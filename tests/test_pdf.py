"""The PDF read back: structure with pypdf, pixels with pypdfium2."""

from __future__ import annotations

import io
import itertools
import statistics
from collections import Counter

import pytest
from pypdf import PdfReader

from domino_print.geometry.sheet import SheetSpec, layout_sheet
from domino_print.pdf.tile import CENTRE_INSET
from tests.conftest import render_page

A4_PT = (595.2756, 841.8898)
DPI = 100


@pytest.fixture(scope="module")
def pips_pdf(tmp_path_factory):
    from click.testing import CliRunner

    from domino_print.cli import cli

    out = tmp_path_factory.mktemp("pdf") / "pips.pdf"
    result = CliRunner().invoke(cli, ["--theme", "pips", "--no-rules", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _px(mm_value: float) -> int:
    return round(mm_value / 25.4 * DPI)


def test_one_exact_a4_page_with_metadata(pips_pdf):
    reader = PdfReader(io.BytesIO(pips_pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert sorted((float(box.width), float(box.height))) == pytest.approx(A4_PT, abs=0.01)
    info = reader.metadata
    assert "double-six" in info.title
    assert info.subject and "28" in info.subject
    assert info.creator.startswith("domino-print")
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "fr"
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_one_form_per_distinct_face(pips_pdf):
    reader = PdfReader(io.BytesIO(pips_pdf))
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    names = sorted(str(k) for k in xobjects)
    assert names == sorted(f"/FormXob.Face{v}" for v in range(7))
    assert all(xobjects[k].get_object()["/Subtype"] == "/Form" for k in xobjects)
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 56  # every half places a form; none is redrawn


def test_same_command_same_bytes(pips_pdf, run_cli, tmp_path):
    out = tmp_path / "again.pdf"
    assert run_cli("--theme", "pips", "--no-rules", "--out", out).exit_code == 0
    assert out.read_bytes() == pips_pdf


def test_double_six_pips_pdf_is_small(pips_pdf):
    # The sheet alone: tiles as forms, the legend and header in the regular style, embedded.
    assert len(pips_pdf) <= 12 * 1024


def _count_blobs(image, box) -> int:
    """Dark connected regions inside ``box`` of a greyscale image (4-connectivity)."""
    crop = image.crop(box)
    width, height = crop.size
    dark = {(x, y) for y in range(height) for x in range(width) if crop.getpixel((x, y)) < 100}
    blobs = 0
    while dark:
        blobs += 1
        stack = [dark.pop()]
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in dark:
                    dark.remove(n)
                    stack.append(n)
    return blobs


@pytest.mark.slow
def test_pixels_show_each_unordered_pair_once(pips_pdf):
    """Count the pips in each half from the rendered page: the 28 pairs of 0..6, once each."""
    sheet = layout_sheet(SheetSpec(), 28)
    image = render_page(pips_pdf, dpi=DPI)
    page_h = sheet.page_height_mm
    seen = Counter()
    for p in sheet.pages[0].placements:
        short = sheet.tile_short_mm
        inset = 1.2  # stay clear of the cut lines
        halves = []
        for half in range(2):
            if p.vertical:
                x0, y0 = p.x_mm, p.y_mm + (1 - half) * short
            else:
                x0, y0 = p.x_mm + half * short, p.y_mm
            box = (
                _px(x0 + inset),
                _px(page_h - (y0 + short) + inset),
                _px(x0 + short - inset),
                _px(page_h - y0 - inset),
            )
            halves.append(_count_blobs(image, box))
        seen[frozenset(halves)] += 1
    expected = {frozenset((a, b)) for a in range(7) for b in range(a, 7)}
    assert set(seen) == expected
    assert all(n == 1 for n in seen.values())


def test_cut_lines_continuous_and_centre_line_broken_and_lighter(pips_pdf):
    sheet = layout_sheet(SheetSpec(), 28)
    image = render_page(pips_pdf, dpi=200)
    page_h = sheet.page_height_mm

    def px(x, y):  # mm (PDF coordinates) -> pixel value at 200 dpi
        return image.getpixel((round(x / 25.4 * 200), round((page_h - y) / 25.4 * 200)))

    def darkest_near(x, y, vertical_line):
        offsets = [d / 10 for d in range(-3, 4)]
        return min(px(x + d, y) if vertical_line else px(x, y + d) for d in offsets)

    first = sheet.pages[0].placements[0]
    short = sheet.tile_short_mm
    # the tile's left edge (a cut line): dark at every sampled point along its length
    samples = [first.y_mm + first.height_mm * k / 60 for k in range(1, 60)]
    assert max(darkest_near(first.x_mm, y, True) for y in samples) < 90
    # the centre line (across the tile at mid-height): gaps between dashes, and lighter
    y_centre = first.y_mm + short
    xs = [first.x_mm + short * (CENTRE_INSET + (1 - 2 * CENTRE_INSET) * k / 80) for k in range(81)]
    values = [darkest_near(x, y_centre, False) for x in xs]
    assert max(values) > 200, "the centre line must be broken (dashed)"
    assert min(values) > 90, "the centre line must be lighter than a cut line"
    assert min(values) < 235, "the centre line must still be visible"


def _text_runs(page):
    """(text, x, y) of every text run on a page, in PDF points."""
    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            runs.append((text, tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], font_size * tm[0]))

    page.extract_text(visitor_text=visit)
    return runs


def test_legend_wraps_instead_of_overlapping_the_scale_note_on_narrow_paper(run_cli, tmp_path):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = tmp_path / "a5.pdf"
    assert run_cli("--paper", "A5", "--orientation", "portrait", "--no-rules", "--out", out).exit_code == 0
    runs = _text_runs(PdfReader(str(out)).pages[0])
    cut = [r for r in runs if "Découpez" in r[0] or "Ne coupez" in r[0]]
    (note,) = [r for r in runs if "taille réelle" in r[0]]
    note_left = note[1]  # drawn right-aligned: the run starts at its left end
    assert len(cut) == 2  # wrapped onto two lines
    for text, x, _, size in cut:
        assert x + stringWidth(text.strip(), "Helvetica", size) < note_left


def _longest_run(flags: list[bool]) -> int:
    longest = current = 0
    for flag in flags:
        current = current + 1 if flag else 0
        longest = max(longest, current)
    return longest


def _runs(flags: list[bool]) -> list[int]:
    """Centres of the runs of True in ``flags``."""
    centres, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            centres.append((start + i - 1) / 2)
            start = None
    return centres


@pytest.mark.slow
def test_a_reader_of_the_pixels_alone_finds_28_tiles_and_every_pair(pips_pdf):
    """No layout data: cut lines, tiles, centre lines and pips are all found in the image."""
    image = render_page(pips_pdf, dpi=DPI)
    width, height = image.size
    # Ink, anti-aliased thin lines included (the dashed grey centre line never runs long).
    dark = [[image.getpixel((x, y)) < 170 for x in range(width)] for y in range(height)]
    long_run = 4 * DPI  # a cut line runs unbroken past several tiles: over 4 inches of ink
    columns = _runs([_longest_run([dark[y][x] for y in range(height)]) > long_run for x in range(width)])
    rows = _runs([_longest_run(row) > long_run for row in dark])
    tile_w = statistics.median(b - a for a, b in itertools.pairwise(columns)) * 25.4 / DPI
    tile_h = statistics.median(b - a for a, b in itertools.pairwise(rows)) * 25.4 / DPI
    assert 26.5 <= min(tile_w, tile_h) <= 28.5 and 53 <= max(tile_w, tile_h) <= 57

    def solid(x0, y0, x1, y1) -> bool:  # a straight line of ink between two pixels
        points = round(max(abs(x1 - x0), abs(y1 - y0)))
        return all(
            any(
                dark[round(y0 + (y1 - y0) * k / points) + d][round(x0 + (x1 - x0) * k / points)]
                for d in (-1, 0, 1)
            )
            for k in range(points + 1)
        )

    pairs = Counter()
    for (top, bottom), (left, right) in itertools.product(
        itertools.pairwise(rows), itertools.pairwise(columns)
    ):
        if not solid(left, top, right, top) or not solid(left, bottom, right, bottom):
            continue  # no tile in this cell of the grid
        middle = round((top + bottom) / 2)
        span = right - left  # sample the middle of the centre line, away from its clear ends
        centre_line = [
            image.getpixel((x, middle)) < 235 for x in range(round(left + span / 4), round(right - span / 4))
        ]
        assert any(centre_line) and not all(centre_line)  # a visible but broken centre line
        inset = 3
        halves = [
            _count_blobs(image, (int(left) + inset, int(top) + inset, int(right) - inset, middle - inset)),
            _count_blobs(image, (int(left) + inset, middle + inset, int(right) - inset, int(bottom) - inset)),
        ]
        pairs[frozenset(halves)] += 1
    assert sum(pairs.values()) == 28
    assert set(pairs) == {frozenset((a, b)) for a in range(7) for b in range(a, 7)}
