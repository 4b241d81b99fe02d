"""Ink modes read back: noir is grey in every stream and every pixel, eco halves the ink.

Streams are parsed with pypdf (pages and every form XObject they use, images' colour
spaces); pixels come from pypdfium2 through ``ink_coverage``.
"""

from __future__ import annotations

import io
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from domino_print.api import make_document
from domino_print.errors import OptionError
from domino_print.faces.pips import PIP_PATTERNS, pattern_of
from domino_print.ink import INK_MODES, INKS
from domino_print.options.parsing import parse
from domino_print.output.ink_coverage import pdf_coverage
from domino_print.pdf.marks import mark_style
from domino_print.pictures.art import art_path, compile_svg, load_compiled
from domino_print.pictures.restyle import ART_STYLES
from domino_print.themes.model import ASSETS_DIR, builtin_names, load_builtin
from tests.fixtures_images import colour_folder, noisy, run, solid

COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}
"""Every operator that sets a colour other than through DeviceGray ``g``/``G``."""
SVGS = sorted(ASSETS_DIR.rglob("*.svg"))


@cache
def document(theme: str, ink: str, *extra: tuple[str, object]) -> bytes:
    options = {"theme": theme, "ink": ink, **dict(extra)}
    return make_document(options).pdf


def classroom(theme: str, ink: str) -> bytes:
    """Three sets with a label and backs, and the rules page: every kind of page at once."""
    return document(theme, ink, ("sets", 3), ("label", "CM1 Lutins"), ("backs", True))


def colour_settings(pdf: bytes) -> list[tuple[str, bytes, list]]:
    """Every colour operator other than ``g``/``G`` in the pages and the forms they use, and
    every image not in DeviceGray, as (where, operator, operands)."""
    reader = PdfReader(io.BytesIO(pdf))
    found: list[tuple[str, bytes, list]] = []
    seen: set[int] = set()

    def walk(stream, resources, where: str) -> None:
        for operands, operator in ContentStream(stream, reader).operations:
            if operator in COLOUR_OPERATORS:
                found.append((where, operator, operands))
        for name, reference in (resources or {}).get("/XObject", {}).items():
            if reference.idnum in seen:
                continue
            seen.add(reference.idnum)
            thing = reference.get_object()
            if thing["/Subtype"] == "/Form":
                walk(thing, thing.get("/Resources"), str(name))
            elif thing.get("/ColorSpace") != "/DeviceGray":
                found.append((str(name), b"image", [thing.get("/ColorSpace")]))

    for index, page in enumerate(reader.pages):
        walk(page.get_contents(), page.get("/Resources"), f"page {index + 1}")
    return found


# -- noir: grey operators only, grey pixels only --------------------------------------------------
@pytest.mark.parametrize("theme", builtin_names())
@pytest.mark.slow
def test_noir_sets_no_colour_but_grey_in_any_stream(theme):
    pdf = classroom(theme, "noir")
    assert colour_settings(pdf) == []
    assert colour_settings(classroom(theme, "couleur")), "the scan must see colour where there is some"


@pytest.mark.slow
@pytest.mark.parametrize("theme", builtin_names())
def test_noir_pages_have_no_coloured_pixel(theme):
    pdf = classroom(theme, "noir")
    pages = pdf_coverage(pdf)
    key = 1 if load_builtin(theme).kind == "association" else 0  # an association set's key page
    assert len(pages) == 3 * 2 + 1 + key  # each set's sheet and back, then the rules page (and key)
    assert [page.colour_pixels for page in pages] == [0] * len(pages)
    assert all(page.mean > 0.005 for page in pages)  # something is printed on each
    assert max(page.colour_pixels for page in pdf_coverage(classroom(theme, "couleur"))) > 0


@pytest.mark.slow
def test_noir_photos_are_grey_images_and_user_svg_is_grey_line_art(tmp_path):
    folder = tmp_path / "photos"
    colour_folder(folder, suffix=".png")
    noisy(seed=1).save(folder / "img1.jpg")
    (folder / "img1.png").unlink()
    (folder / "img8.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<circle cx="5" cy="5" r="4" fill="#ff0000"/></svg>'
    )
    out = tmp_path / "photos.pdf"
    result = run("--theme", folder, "--out", out, "--ink", "noir", "--backs", "--sets", "2")
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    assert colour_settings(pdf) == []
    images = [x for x in colour_settings(make_document({"theme": str(folder)}).pdf) if x[1] == b"image"]
    assert images, "in colour the photos are RGB images"
    assert [page.colour_pixels for page in pdf_coverage(pdf)] == [0] * len(pdf_coverage(pdf))


@pytest.mark.slow
def test_noir_association_pictures_are_line_art_and_grey_photos(tmp_path):
    """Fruits against their names, and a pairs list's own photo: the pictures follow the ink mode
    as in a classic set (they were drawn in full colour in noir)."""
    (tmp_path / "images").mkdir()
    solid(tmp_path / "images" / "chat.png", "#CC4400")
    pairs = tmp_path / "animaux.csv"
    pairs.write_text("chat;images/chat.png\nchien;dog\nvache;cow\n", encoding="utf-8")
    for options in ({"theme": "fruits", "faces": "image,mot"}, {"theme": str(pairs)}):
        pdf = make_document({**options, "ink": "noir"}).pdf
        assert colour_settings(pdf) == [], options
        assert [page.colour_pixels for page in pdf_coverage(pdf)] == [0] * len(pdf_coverage(pdf)), options
        assert colour_settings(make_document(options).pdf), "in colour the scan sees colour"


def test_noir_line_art_keeps_every_shape_of_each_fruit():
    """Line art is the colour drawing's geometry (every path, seeds and stems included) with
    white fills and dark outlines: only the paint changes."""
    def geometry(operators: str) -> list[str]:
        return [line for line in operators.splitlines() if line.startswith("n ")]

    for svg in (s for s in SVGS if "fruits" in s.parts):
        colour, line = load_compiled(svg), load_compiled(svg, "line")
        assert geometry(line.operators) == geometry(colour.operators), svg.name
        greys = {float(row.split()[0]) for row in line.operators.splitlines() if row.endswith((" g", " G"))}
        assert greys <= {0.0, 0.101961, 1.0}, svg.name  # black, the line-art ink and white
        assert " rg" not in line.operators and " RG" not in line.operators


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: p.name)
@pytest.mark.parametrize("style", [s for s in ART_STYLES if s != "colour"])
def test_shipped_ink_art_is_up_to_date(svg, style):
    assert art_path(svg, style).read_text(encoding="ascii") == compile_svg(svg, style), "run: make art"
    assert load_compiled(svg, style) is not None


def test_coloured_pips_get_one_pattern_per_colour_and_black_stays_solid():
    colours = load_builtin("pips-couleur").colours
    patterns = {value: pattern_of(colours, value) for value in range(1, len(colours))}
    by_colour: dict[str, set[str]] = {}
    for value, pattern in patterns.items():
        by_colour.setdefault(colours[value].upper(), set()).add(pattern)
    assert all(len(found) == 1 for found in by_colour.values())  # a colour, one pattern
    assert len({p for (p,) in by_colour.values()}) == len(by_colour)  # two colours, two patterns
    assert patterns[7] == "solid" and "solid" not in PIP_PATTERNS  # value 7 is black


def test_each_pip_pattern_is_its_own_drawing_in_grey():
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.faces.pips import draw_patterned_pip
    from domino_print.pdf.canvas import GreyCanvas

    drawings = []
    for pattern in ("solid", *PIP_PATTERNS):
        canvas = GreyCanvas(io.BytesIO(), invariant=1)
        start = len(canvas.getCurrentPageContent())
        draw_patterned_pip(canvas, 10, 10, 5, pattern)
        drawings.append(canvas.getCurrentPageContent()[start:])
    assert len(set(drawings)) == len(drawings)
    assert not any(" rg" in d or " RG" in d for d in drawings)
    plain = Canvas(io.BytesIO(), invariant=1)
    plain.setFillColor("#D55E00")
    assert plain.getCurrentPageContent().endswith("rg")  # the same call on a colour canvas


def test_grey_set_marks_have_eight_distinct_styles():
    styles = [mark_style(n) for n in range(1, 9)]
    assert len(set(styles)) == 8
    assert mark_style(9) == mark_style(1)
    assert not mark_style(1)[1]  # the first sets' marks are ringed: less ink on every back


# -- eco: half the ink where it is spent ----------------------------------------------------------
@pytest.mark.slow
def test_eco_fruits_and_backs_use_at_most_half_the_ink_of_couleur():
    colour = pdf_coverage(document("fruits", "couleur", ("backs", True), ("no_rules", True)))
    eco = pdf_coverage(document("fruits", "eco", ("backs", True), ("no_rules", True)))
    for page, (full, light) in zip(("sheet", "back"), zip(colour, eco, strict=True), strict=True):
        for channel in range(3):
            assert light[channel] <= 0.5 * full[channel], (page, channel, light, full)
    assert eco[0].colour_pixels > 0.5 * colour[0].colour_pixels  # the fruits keep their colours


def test_eco_backs_have_no_pattern_and_lighter_lines():
    eco = INKS["eco"]
    assert not eco.back_pattern and eco.back_outline and eco.line_scale < 1 and eco.art == "light"
    pdf = document("pips", "eco", ("backs", True), ("no_rules", True))
    names = {str(n) for n in PdfReader(io.BytesIO(pdf)).pages[1]["/Resources"]["/XObject"]}
    assert not any(name.endswith("Back0") for name in names)
    assert any(name.endswith("BackOutline0") for name in names)


# -- the option -----------------------------------------------------------------------------------
def test_couleur_is_the_default_and_gives_the_same_bytes():
    assert parse({}).ink == "couleur"
    assert make_document({"theme": "fruits"}).pdf == document("fruits", "couleur")
    assert set(INK_MODES) == set(INKS)


def test_a_bad_ink_is_refused_in_one_line(tmp_path):
    with pytest.raises(OptionError, match="'grey' is not one of couleur, eco, noir"):
        parse({"ink": "grey"})
    out = tmp_path / "x.pdf"
    result = run("--ink", "grey", "--out", out)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "--ink" in result.output
    assert not out.exists()


def test_noir_keeps_pages_readable():
    """The picture faces are outlines: mostly paper inside each fruit, dark lines around it."""
    from domino_print.output.ink_coverage import page_images

    noir = page_images(document("fruits", "noir", ("no_rules", True)))[0].convert("L")
    colour = page_images(document("fruits", "couleur", ("no_rules", True)))[0].convert("L")
    histogram = noir.histogram()
    dark = sum(histogram[:80]) / (noir.width * noir.height)
    assert dark > 0.01  # outlines are drawn in near black
    assert ImageStat.Stat(noir).mean[0] > ImageStat.Stat(colour).mean[0]  # and the fills are paper


@pytest.mark.slow
@given(st.tuples(*[st.integers(0, 255)] * 3), st.booleans())
def test_the_grey_canvas_writes_any_colour_as_its_grey_level(channels, stroke):
    from domino_print.ink import grey_level
    from domino_print.pdf.canvas import GreyCanvas

    colour = "#" + "".join(f"{c:02X}" for c in channels)
    canvas = GreyCanvas(io.BytesIO(), invariant=1)
    (canvas.setStrokeColor if stroke else canvas.setFillColor)(colour)
    text = canvas.beginText()
    text.setFillColor(colour)  # Platypus paragraphs colour their text this way
    *value, operator = canvas.getCurrentPageContent().split()
    assert operator == ("G" if stroke else "g")
    assert abs(float(value[-1]) - grey_level(*(c / 255 for c in channels))) < 1e-6
    *text_value, text_operator = text.getCode().split()[:-1]  # before ET
    assert text_operator == "g" and float(text_value[-1]) == float(value[-1])
