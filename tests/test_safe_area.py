"""Safe area and small type (issue 21): what a print shop checks on every demo PDF, read back
from the PDFs (font sizes and glyph boxes with pypdfium2) and from their pixels."""

from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from click.testing import CliRunner

from domino_print.api import make_document, parse_options
from domino_print.cli import cli
from domino_print.geometry.shapes import Placement
from domino_print.geometry.sizes import PAPER_EDGE_MM, SAFE_AREA_MM
from domino_print.sets.job import job_backs
from tests.test_golden import demo_commands

MM = 72 / 25.4
MIN_TEXT_PT = 6.0
MIN_WHITE_TEXT_PT = 7.0
"""White type on colour (set-mark numbers, the hub's markers) is 7 pt at least."""


def _demo_pdf(tmp_path_factory, name: str, args: list[str]) -> bytes:
    out = tmp_path_factory.mktemp("demo") / f"{name}.pdf"
    result = CliRunner().invoke(cli, [*args, "--quiet", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _chars(pdf: bytes, *, colour: bool = False):
    """(page index, character, font size in pt, box (left, bottom, right, top) in mm from the trim's
    lower-left corner) of every glyph,
    and with ``colour`` its fill colour (red, green, blue, 0-255) too."""
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            text = document[index].get_textpage()
            trim_x, trim_y = document[index].get_trimbox()[:2]  # a print shop's page: the trim's corner
            for k in range(text.count_chars()):
                char = chr(pdfium_c.FPDFText_GetUnicode(text, k))
                if char.isspace():
                    continue
                left, bottom, right, top = text.get_charbox(k)
                box = (left - trim_x, bottom - trim_y, right - trim_x, top - trim_y)
                found = (index, char, pdfium_c.FPDFText_GetFontSize(text, k), tuple(v / MM for v in box))
                if colour:
                    channels = [ctypes.c_uint() for _ in range(4)]
                    pdfium_c.FPDFText_GetFillColor(text, k, *channels)
                    found = (*found, tuple(c.value for c in channels[:3]))
                yield found
    finally:
        document.close()


def _job(args: list[str]):
    """The job a demo command line makes, for its geometry."""
    from domino_print.options.parsing import parse

    context = cli.make_context("domino-print", [*args, "--out", "unused.pdf"])
    return parse_options(parse(context.params, command_line=True))


def _tiles_of_each_page(job) -> list[tuple[Placement, ...]]:
    """The tiles (fronts, or backs) printed on each page of the job's PDF, in page order: each
    set's sheet pages, each followed by its back page with --backs (a fold-over page has both);
    none for the rules and key pages after them."""
    backs = job_backs(job)
    pages: list[tuple[Placement, ...]] = []
    for _set in range(job.options.sets):
        for n, page in enumerate(job.layout.pages):
            if job.layout.fold is not None and backs is not None:
                pages.append((*page.placements, *backs[n].placements))
                continue
            pages.append(page.placements)
            if backs is not None:
                pages.append(backs[n].placements)
    return pages


DEMOS = demo_commands()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), DEMOS, ids=[name for name, _ in DEMOS])
def test_no_text_under_6_pt_in_any_demo_pdf_and_white_text_7_pt(tmp_path_factory, name, args):
    """Read from the PDF: every glyph's size, and the white ones' (white type is on colour: set
    marks, the hub's markers; nothing white is printed on white paper)."""
    pdf = _demo_pdf(tmp_path_factory, name, args)
    glyphs = list(_chars(pdf, colour=True))
    assert glyphs
    size, char, page = min((size, char, page) for page, char, size, _, _ in glyphs)
    assert size >= MIN_TEXT_PT - 0.01, f"{char!r} at {size:.2f} pt on page {page + 1}"
    white = [(size, char, page) for page, char, size, _, rgb in glyphs if min(rgb) >= 240]
    if white:
        size, char, page = min(white)
        assert size >= MIN_WHITE_TEXT_PT - 0.01, f"white {char!r} at {size:.2f} pt on page {page + 1}"
    if "--sets" in args:
        assert white, "the set marks' white numbers were not seen"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), DEMOS, ids=[name for name, _ in DEMOS])
def test_every_text_on_a_tile_stays_3_mm_inside_its_cut_lines(tmp_path_factory, name, args):
    """Every glyph printed on a tile, front or back (labels, set-mark numbers, back labels,
    numerals), keeps the 3 mm safe area from that tile's edges."""
    pdf = _demo_pdf(tmp_path_factory, name, args)
    tiles = _tiles_of_each_page(_job(args))
    checked = 0
    for index, char, _size, (left, bottom, right, top) in _chars(pdf):
        x, y = (left + right) / 2, (bottom + top) / 2
        for tile in tiles[index] if index < len(tiles) else ():
            if tile.x_mm <= x <= tile.x_mm + tile.width_mm and tile.y_mm <= y <= tile.y_mm + tile.height_mm:
                room = min(left - tile.x_mm, tile.x_mm + tile.width_mm - right,
                           bottom - tile.y_mm, tile.y_mm + tile.height_mm - top)
                where = f"{char!r} {room:.2f} mm from its tile's edge (page {index + 1})"
                assert room >= SAFE_AREA_MM - 0.05, where
                checked += 1
    if "--sets" in args or "--backs" in args or "--labels" in args:
        assert checked, "no text on the tiles was seen"


@pytest.mark.slow
@pytest.mark.parametrize("ink", ["couleur", "noir"])
def test_set_marks_stay_3_mm_inside_their_tile_seen_in_pixels(ink):
    """The marks themselves (not only their numbers): every pixel of set 2's mark on each tile is
    3 mm or more inside the tile's cut lines. Pips in black, the mark blue (couleur) or a solid
    grey shape whose ring is black (noir: the mark is the only ink near the middle line's end)."""
    job = parse_options({"theme": "pips", "sets": 2, "no_rules": True, "ink": ink})
    pdf = make_document(job).pdf
    dpi = 200
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[len(job.layout.pages)].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    height_mm = job.layout.page_height_mm
    pixels = image.load()
    px = dpi / 25.4
    for tile in job.layout.pages[0].placements:
        # the strip around the middle line's marked end: the whole half-tile's width on each side
        short = job.layout.tile_short_mm
        if tile.vertical:
            x0, x1 = tile.x_mm + short / 2, tile.x_mm + tile.width_mm
            y0, y1 = tile.y_mm + short - 3, tile.y_mm + short + 3
        else:
            x0, x1 = tile.x_mm + short - 3, tile.x_mm + short + 3
            y0, y1 = tile.y_mm + short / 2, tile.y_mm + tile.height_mm
        marked = [
            (i / px, height_mm - j / px)
            for i in range(round((x0 + 0.3) * px), round((x1 - 0.3) * px))
            for j in range(round((height_mm - y1) * px), round((height_mm - y0) * px))
            if (pixels[i, j][2] - pixels[i, j][0] > 80 if ink == "couleur" else max(pixels[i, j]) < 200)
        ]
        assert marked, "no mark seen on this tile"
        xs, ys = [x for x, _ in marked], [y for _, y in marked]
        room = min(min(xs) - tile.x_mm, tile.x_mm + tile.width_mm - max(xs),
                   min(ys) - tile.y_mm, tile.y_mm + tile.height_mm - max(ys))
        assert room >= SAFE_AREA_MM - 0.15, f"the mark is {room:.2f} mm from the cut"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), DEMOS, ids=[name for name, _ in DEMOS])
def test_nothing_is_printed_within_5_mm_of_the_paper_edge(tmp_path_factory, name, args):
    """Measured in pixels at 600 dpi (issue 30: crop marks' line caps reached 4.91 mm): the paper's
    last 5 mm, rendered strip by strip, hold no pixel darker than white paper. The paper is the
    trim (a print-shop page's bleed and marks lie outside it)."""
    pdf = _demo_pdf(tmp_path_factory, name, args)
    document = pdfium.PdfDocument(pdf)
    dpi = 600
    edge_pt = PAPER_EDGE_MM * MM
    try:
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            trim = page.get_trimbox()
            inset = (trim[0], trim[1], width - trim[2], height - trim[3])  # left, bottom, right, top
            trim_w, trim_h = trim[2] - trim[0], trim[3] - trim[1]
            strips = {  # crop amounts (left, bottom, right, top) leaving one 5 mm strip of the trim
                "left": (inset[0], inset[1], inset[2] + trim_w - edge_pt, inset[3]),
                "right": (inset[0] + trim_w - edge_pt, inset[1], inset[2], inset[3]),
                "bottom": (inset[0], inset[1], inset[2], inset[3] + trim_h - edge_pt),
                "top": (inset[0], inset[1] + trim_h - edge_pt, inset[2], inset[3]),
            }
            for side, crop in strips.items():
                image = page.render(scale=dpi / 72, grayscale=True, crop=crop).to_pil()
                darkest = image.getextrema()[0]
                assert darkest >= 250, f"page {index + 1}: ink within 5 mm of the paper's {side} edge"
    finally:
        document.close()


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_label_words_stay_3_mm_inside_their_tile(lang):
    job = parse_options({"theme": "fruits", "labels": True, "lang": lang, "no_rules": True})
    pdf = make_document(job).pdf
    page = job.layout.pages[0]
    checked = 0
    for index, _char, size, (left, bottom, right, top) in _chars(pdf):
        if index != 0:
            continue
        for tile in page.placements:
            inside = (tile.x_mm <= left and right <= tile.x_mm + tile.width_mm
                      and tile.y_mm <= bottom and top <= tile.y_mm + tile.height_mm)
            if inside:
                assert size >= MIN_TEXT_PT
                assert min(left - tile.x_mm, tile.x_mm + tile.width_mm - right,
                           bottom - tile.y_mm, tile.y_mm + tile.height_mm - top) >= SAFE_AREA_MM - 0.05
                checked += 1
    assert checked > 28 * 2 * 3  # every word of every face was seen


@pytest.mark.slow
def test_the_class_label_is_on_every_page_rules_and_key_pages_included():
    for options in ({"theme": "fruits", "label": "CM1 Lutins", "backs": True},
                    {"theme": "lettres", "structure": "boucle", "values": "A-Z", "label": "CM1 Lutins"}):
        document = make_document(options)
        pages = pdfium.PdfDocument(document.pdf)
        try:
            for index in range(len(pages)):
                assert "CM1 Lutins" in pages[index].get_textpage().get_text_range(), index
        finally:
            pages.close()
