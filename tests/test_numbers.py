"""Generated number sets (issue 20): tally marks, ten-frames, dice, rods, Roman numerals and
operations that make the value, checked from the PDF as a child would check them.

The PDF's texts are read back with pypdf and each half is evaluated by this file's own
small reader (numerals, Roman numerals and ``a <op> b``), independent of the code that
wrote them; counting faces are counted from the rendered pixels.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from itertools import combinations_with_replacement

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.faces.association import FACE_PAINTERS, AssociationPainter
from domino_print.themes.representations import Face
from tests.conftest import render_page, text_runs

EXPRESSION = re.compile(r"^(\d+) ([+\u2212\u00d7\u00f7]) (\d+)$")
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def read_roman(text: str) -> int:
    total = 0
    for here, after in zip(text, text[1:] + " ", strict=True):
        total += -ROMAN[here] if after != " " and ROMAN[after] > ROMAN[here] else ROMAN[here]
    return total


def evaluate(text: str) -> tuple[int, tuple[int, int] | None]:
    """A half's value, and its two terms when it is an expression."""
    if text.isdigit():
        return int(text), None
    if set(text) <= set(ROMAN):
        return read_roman(text), None
    found = EXPRESSION.match(text)
    assert found, text
    a, sign, b = int(found[1]), found[2], int(found[3])
    if sign == "\u00f7":
        assert b and a % b == 0, text
    value = {"+": a + b, "\u2212": a - b, "\u00d7": a * b, "\u00f7": a // b if b else -1}[sign]
    return value, (a, b)


def face_texts(pdf: bytes, pages: int) -> list[str]:
    """The texts of the sheet pages' halves, in drawing order (the small card numbers, the
    "?" marks and the margins' texts left out: they are set under 9 pt)."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [run.text for page in reader.pages[:pages] for run in text_runs(page) if run.size >= 9]


def sheet_values(mapping: dict) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    job = parse_options(mapping)
    document = make_document(job)
    halves = face_texts(document.pdf, len(job.layout.pages))
    assert len(halves) == 2 * len(job.tiles)
    read = [evaluate(h) for h in halves]
    tiles = [(read[i][0], read[i + 1][0]) for i in range(0, len(read), 2)]
    return tiles, [terms for _, terms in read if terms is not None]


@pytest.mark.slow
@pytest.mark.parametrize("operation", ["addition", "soustraction", "multiplication", "division"])
@pytest.mark.parametrize("seed", [1, 77])
def test_a_double_set_of_operations_holds_every_pair_of_values_once(operation, seed):
    tiles, terms = sheet_values({"theme": "nombres", "faces": f"{operation},chiffre", "values": "1-7",
                                 "seed": seed, "no_rules": True})
    assert Counter(tuple(sorted(t)) for t in tiles) == Counter(combinations_with_replacement(range(1, 8), 2))
    assert terms and all(0 <= a <= 70 and 0 <= b <= 10 for a, b in terms)


@pytest.mark.slow
def test_the_seed_changes_the_expressions_and_the_same_seed_gives_the_same_bytes():
    one = make_document({"theme": "nombres", "faces": "addition,chiffre", "seed": 1}).pdf
    again = make_document({"theme": "nombres", "faces": "addition,chiffre", "seed": 1}).pdf
    other = make_document({"theme": "nombres", "faces": "addition,chiffre", "seed": 2}).pdf
    assert one == again and one != other


@pytest.mark.slow
def test_two_operations_of_one_value_are_two_different_expressions():
    tiles, _ = sheet_values({"theme": "nombres", "faces": "addition", "values": "2-8", "no_rules": True})
    job = parse_options({"theme": "nombres", "faces": "addition", "values": "2-8"})
    doubles = [pair for pair in zip(job.tiles, tiles, strict=True) if pair[1][0] == pair[1][1]]
    assert len(doubles) == 7
    assert all(tile.a != tile.b for tile, _ in doubles)  # the two halves of a double differ


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 999999), low=st.integers(0, 5), span=st.integers(5, 15))
def test_loops_of_sums_keep_every_term_in_range(seed, low, span):
    high = low + span
    job = parse_options({"theme": "nombres", "faces": "addition,chiffre", "structure": "boucle",
                         "values": f"{2 * low}-{2 * low + 9}", "range": f"{low}-{high}", "seed": seed})
    assert job.association is not None
    for face in job.association.faces:
        found = EXPRESSION.match(face.text.split(" ", 0)[0]) if face.kind == "text" else None
        if found:
            assert low <= int(found[1]) <= high and low <= int(found[3]) <= high


@pytest.mark.slow
def test_tables_choose_the_products_and_each_product_uses_a_table():
    tiles, terms = sheet_values({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "2,5,10",
                                 "no_rules": True})
    values = {v for tile in tiles for v in tile}
    assert len(values) == 7
    assert all(b in (2, 5, 10) and 0 <= a <= 10 for a, b in terms)


@pytest.mark.slow
def test_romans_read_back_as_their_value():
    tiles, _ = sheet_values({"theme": "nombres", "faces": "romains,chiffre", "values": "1,4,9,14,40,49,99",
                             "no_rules": True})
    assert {v for tile in tiles for v in tile} == {1, 4, 9, 14, 40, 49, 99}


@pytest.mark.parametrize(("mapping", "message"), [
    ({"faces": "multiplication,chiffre", "tables": "5", "values": "0-6"},
     "no multiplication makes 1 with --range 0-10 and --tables 5; widen --tables or --range, "
     "or choose other --values"),
    ({"faces": "addition,chiffre", "values": "15-21", "range": "0-5"},
     "no addition makes 15 with --range 0-5; widen --range, or choose other --values"),
    ({"faces": "romains,chiffre", "values": "0-5"}, "--values 0: faces romains,chiffre start at 1"),
    ({"faces": "chiffre,points", "range": "0-20"}, "--range sets the terms of generated faces"),
    ({"faces": "addition,chiffre", "range": "10-2"}, "--range '10-2': give the lowest and the highest"),
    ({"faces": "division,chiffre", "tables": "2,x"}, "--tables '2,x': give whole numbers"),
    ({"faces": "chiffre,points", "seed": 4}, "--seed applies to loop decks and generated faces"),
])
def test_settings_that_cannot_make_a_set_are_refused_naming_what_to_widen(mapping, message):
    with pytest.raises(OptionError, match=re.escape(message)):
        parse_options({"theme": "nombres", **mapping})


def test_the_command_line_refuses_in_one_line_and_writes_nothing(run_cli, tmp_path):
    out = tmp_path / "x.pdf"
    result = run_cli("--theme", "nombres", "--faces", "division,chiffre", "--tables", "3", "--values", "1-30",
                     "--range", "0-5", "--out", out)
    assert result.exit_code == 2 and not out.exists()
    assert result.output.count("\n") == 1 and "no division makes 6" in result.output


# ------------------------------------------------------------------ pixels


def draw_face(face: Face, size_pt: float = 60.0, dpi: int = 200):
    """One face drawn alone on a page of its size, rendered in grey."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size_pt, size_pt))
    FACE_PAINTERS[face.kind](AssociationPainter((face,)), canvas, face, size_pt)
    canvas.showPage()
    canvas.save()
    return render_page(buffer.getvalue(), dpi=dpi)


def dark_blobs(image, threshold: int) -> int:
    width, height = image.size
    pixels = image.load()
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for x in range(width):
        for y in range(height):
            if (x, y) in seen or pixels[x, y] >= threshold:
                continue
            blobs += 1
            stack = [(x, y)]
            while stack:
                px, py = stack.pop()
                inside = 0 <= px < width and 0 <= py < height
                if (px, py) in seen or not inside or pixels[px, py] >= threshold:
                    continue
                seen.add((px, py))
                stack += [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
    return blobs


@pytest.mark.parametrize("count", [0, 1, 5, 9, 10, 11, 17, 20])
def test_ten_frames_count_right_from_pixels(count):
    image = draw_face(Face("frame", count=count))
    assert dark_blobs(image, 50) == count  # the spots are ink; the cells' lines are grey


def _runs(row: list[int]) -> int:
    return sum(1 for i, p in enumerate(row) if p < 100 and (i == 0 or row[i - 1] >= 100))


@pytest.mark.parametrize("count", [1, 4, 5, 7, 10, 13, 20])
def test_tally_marks_count_right_from_pixels(count):
    image = draw_face(Face("tally", count=count))
    width, height = image.size
    pixels = image.load()
    inked = [y for y in range(height) if any(pixels[x, y] < 100 for x in range(width))]
    bands, start = [], inked[0]
    for before, y in zip(inked, [*inked[1:], None], strict=True):
        if y is None or y != before + 1:
            bands.append((start, before))
            start = y
    strokes = across = 0
    for top, bottom in bands:
        # Near the foot only the upright strokes; a fifth of the way up, the stroke across too,
        # left of the first upright one.
        low = [pixels[x, bottom - (bottom - top) // 25] for x in range(width)]
        fifth = [pixels[x, bottom - (bottom - top) // 5] for x in range(width)]
        strokes += _runs(low)
        across += _runs(fifth) - _runs(low)
    assert strokes + across == count
    assert across == count // 5


def _drawn_whole(face: Face, size_pt: float, marks: bool, dpi: int = 150):
    """``face`` drawn by the painter as a card shows it: with its corner marks, or (``marks``
    False) the drawing alone at the size the marks leave it."""
    painter = AssociationPainter((face,))
    if not marks:
        painter._card_number = lambda *args: None  # type: ignore[method-assign]
        painter._question_mark = lambda *args: None  # type: ignore[method-assign]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size_pt, size_pt))
    painter.draw(canvas, 0, size_pt)
    canvas.showPage()
    canvas.save()
    return render_page(buffer.getvalue(), dpi=dpi)


@pytest.mark.slow
@pytest.mark.parametrize("size_pt", [60.0, 120.0])
@pytest.mark.parametrize(("kind", "count"), [("dots", 20), ("dots", 14), ("hand", 10), ("dice", 12),
                                             ("frame", 20), ("tally", 20), ("rods", 10)])
def test_a_loop_card_s_drawing_keeps_clear_of_its_card_number_and_question_mark(kind, count, size_pt):
    """A loop card's grey number (bottom left) and "?" (bottom right) once sat on the bottom-left
    die of four groups of dots: no inked pixel of the drawing touches a pixel of a mark."""
    marks = _drawn_whole(Face("dots", count=0, card=21, asks=True), size_pt, marks=True)
    drawing = _drawn_whole(Face(kind, count=count, card=21, asks=True), size_pt, marks=False)
    width, height = marks.size
    mark_pixels, drawn_pixels = marks.load(), drawing.load()
    marked = {(x, y) for x in range(width) for y in range(height) if mark_pixels[x, y] < 230}
    assert marked, "the marks were drawn"
    near = {(x + dx, y + dy) for x, y in marked for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    touching = [(x, y) for x, y in near if 0 <= x < width and 0 <= y < height and drawn_pixels[x, y] < 230]
    assert touching == [], f"{kind} {count} at {size_pt} pt touches the marks at {touching[:3]}"
