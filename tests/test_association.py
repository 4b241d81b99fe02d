"""Association sets and loop decks, read back from the PDF (issue 12).

Each face is a form; pypdf reports the text of each form where it is placed, in
drawing order: tile by tile, left (or top) half first. The tests read those texts
back, so they check what a child sees, not what the code meant to draw.
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

from domino_print import texts
from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.geometry.sizes import TILE_PRESETS_MM
from domino_print.geometry.text_fit import fit_text
from domino_print.sets.structures import Pair, beats, boucle, double
from domino_print.themes.choosing import can_show, choose
from domino_print.themes.model import association_themes
from domino_print.themes.representations import Face, Settings, face_for, reads_upside_down
from tests.conftest import render_page, text_runs

SMALL_TILE_PT = TILE_PRESETS_MM["small"] * 72 / 25.4


def page_texts(pdf: bytes, page: int) -> list[str]:
    """Every text shown on ``page``, in drawing order, one entry per drawn string."""
    return [run.text for run in text_runs(pypdf.PdfReader(io.BytesIO(pdf)).pages[page])]


def sheet_halves(pdf: bytes, pages: int, vocabulary: set[str]) -> list[str]:
    """The face texts of the sheet pages, in drawing order (margin texts left out)."""
    return [t for page in range(pages) for t in page_texts(pdf, page) if t in vocabulary]


# ------------------------------------------------------------------ double

NUMBER_WORDS = {texts.text("fr", f"assoc.number.{n}"): n for n in range(21)}


@pytest.mark.slow
def test_a_double_nombres_set_holds_every_pair_once_with_the_representations_balanced():
    job = parse_options({"theme": "nombres", "faces": "chiffre,mot"})
    document = make_document(job)
    vocabulary = {str(n) for n in range(7)} | set(NUMBER_WORDS)
    halves = sheet_halves(document.pdf, len(job.layout.pages), vocabulary)
    assert len(halves) == 56
    tiles = list(zip(halves[::2], halves[1::2], strict=True))

    def value(shown: str) -> int:
        return int(shown) if shown.isdigit() else NUMBER_WORDS[shown]

    pairs = Counter(tuple(sorted((value(a), value(b)))) for a, b in tiles)
    assert set(pairs) == set(combinations_with_replacement(range(7), 2))
    assert set(pairs.values()) == {1}
    numerals = Counter(value(h) for h in halves if h.isdigit())
    words = Counter(value(h) for h in halves if not h.isdigit())
    for v in range(7):
        assert abs(numerals[v] - words[v]) <= 1 and numerals[v] + words[v] == 8
    for a, b in tiles:  # every tile shows one numeral and one word: a double shows both ways
        assert a.isdigit() != b.isdigit()


@pytest.mark.parametrize("count", range(2, 20))
def test_the_double_structure_balances_any_number_of_values(count):
    pairs = [Pair(Face("text", f"N{v}"), Face("text", f"W{v}"), "", "") for v in range(count)]
    made = double(pairs)
    assert len(made.tiles) == count * (count + 1) // 2
    shown = Counter(made.faces[f].text for tile in made.tiles for f in tile)
    for v in range(count):
        assert abs(shown[f"N{v}"] - shown[f"W{v}"]) <= 1
    for i in range(count):
        for j in range(i + 1, count):
            assert beats(i, j, count) != beats(j, i, count)


@pytest.mark.slow
def test_each_face_is_drawn_once_and_reused():
    document = make_document({"theme": "nombres", "faces": "chiffre,points", "values": "0-10"})
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    forms = {name for page in reader.pages[:-2]  # the sheet, not the rules and key pages
             for name in page["/Resources"]["/XObject"] if "Face" in str(name)}
    assert len(forms) == 22  # 11 values, two ways each


# ------------------------------------------------------------------ loop decks


@pytest.mark.slow
def test_a_lettres_loop_forms_one_cycle_and_the_key_page_matches_the_cards():
    job = parse_options({"theme": "lettres", "structure": "boucle", "values": "A-Z"})
    document = make_document(job)
    sheet_pages = len(job.layout.pages)
    shown = [t for p in range(sheet_pages) for t in page_texts(document.pdf, p)
             if re.fullmatch(r"[A-Za-z]|\d+", t)]
    cards = [tuple(shown[i:i + 3]) for i in range(0, len(shown), 3)]  # held letter, number, asked letter
    assert len(cards) == 26
    by_number = {int(number): (held, asked) for held, number, asked in cards}
    assert sorted(by_number) == list(range(1, 27))
    assert all(held.islower() and asked.isupper() for held, asked in by_number.values())
    answered_by = {held.upper(): number for number, (held, _) in by_number.items()}
    order, card = [], 1
    while card not in order:
        order.append(card)
        card = answered_by[by_number[card][1]]
    assert len(order) == 26 and card == 1  # one single cycle through every card

    key = page_texts(document.pdf, document.pages - 1)
    rows = [key[i:i + 4] for i in range(key.index("répond") + 1, len(key), 4)]
    assert [int(row[0]) for row in rows] == order
    for number, held, asked, following in rows:
        assert by_number[int(number)] == (held, asked) and int(following) == answered_by[asked]


@pytest.mark.slow
def test_each_loop_card_marks_the_half_that_asks_with_a_small_question_mark():
    document = make_document({"theme": "lettres", "structure": "boucle", "values": "A-Z", "no_rules": True})
    shown = [t for t in page_texts(document.pdf, 0) if re.fullmatch(r"[A-Za-z]|\d+|\?", t)]
    cards = [tuple(shown[i:i + 4]) for i in range(0, len(shown), 4)]
    assert len(cards) == 26
    for held, number, asked, mark in cards:  # the answer half, its number; the question half, its "?"
        assert held.islower() and number.isdigit() and asked.isupper() and mark == "?"


@pytest.mark.parametrize(("lang", "sides"), [
    ("fr", ("gauche", "droite")), ("en", ("left", "right")), ("es", ("izquierda", "derecha")),
    ("de", ("links", "rechts", "linke", "rechte")),
])
def test_the_loop_rules_and_key_name_the_halves_by_role_not_by_side(lang, sides):
    """The cards lie upright on the sheet and sideways in the example: no side is the question's."""
    document = make_document({"theme": "lettres", "structure": "boucle", "values": "A-H", "lang": lang})
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    for page in reader.pages[-2:]:  # the rules page, then the key
        words = page.extract_text().lower()
        assert "?" in words and not any(re.search(rf"\b{side}\b", words) for side in sides), words


@pytest.mark.slow
def test_the_seed_changes_the_order_and_the_same_seed_gives_the_same_bytes():
    def pdf(seed):
        return make_document({"theme": "lettres", "structure": "boucle", "values": "A-H", "seed": seed}).pdf

    assert pdf(1) == pdf(1)
    assert pdf(1) != pdf(2)


@pytest.mark.slow
def test_jai_quia_words_each_half_in_the_page_language():
    words = (("fr", "J’ai", "Qui a"), ("en", "I have", "Who has"), ("de", "Ich habe", "Wer hat"))
    for lang, held, asked in words:
        document = make_document({"theme": "nombres", "faces": "chiffre,mot", "structure": "boucle",
                                  "style": "jai-quia", "lang": lang, "no_rules": True, "cards": 7})
        found = " ".join(page_texts(document.pdf, 0))
        assert found.count(held) == 7 and found.count(asked) == 7


# ------------------------------------------------------------------ text, legibility, pixels


@pytest.mark.parametrize(("lang", "dots", "fingers"), [
    ("fr", "points", "doigts"), ("en", "dots", "fingers"), ("es", "puntos", "dedos"),
    ("de", "Punkte", "Finger"),
])
@pytest.mark.slow
def test_the_key_names_dots_and_fingers_in_the_page_language(lang, dots, fingers):
    for faces, word in (("chiffre,points", dots), ("doigts,mot", fingers)):
        document = make_document({"theme": "nombres", "faces": faces, "structure": "boucle", "lang": lang})
        key = pypdf.PdfReader(io.BytesIO(document.pdf)).pages[-1].extract_text()
        assert f"({word})" in key, key
        if lang != "fr":
            assert "(points)" not in key and "(doigts)" not in key


def test_numerals_words_and_letters_are_real_text():
    document = make_document({"theme": "lettres", "values": "A,E,I,O,U", "no_rules": True})
    found = set(page_texts(document.pdf, 0))
    assert set("AEIOUaeiou") <= found


@pytest.mark.parametrize(("shown", "marked"), [
    ("6", True), ("9", True), ("16", True), ("91", True), ("66", True), ("99", True), ("69", False),
    ("8", False), ("11", False), ("10", False), ("b", True), ("d", True), ("p", True), ("q", True),
    ("n", True), ("u", True), ("M", True), ("W", True), ("N", True), ("Z", True), ("A", False), ("o", False),
])
def test_glyphs_that_turn_into_another_are_underlined(shown, marked):
    assert reads_upside_down(shown) is marked


def _dark_blobs(image, box) -> int:
    """Connected dark regions inside ``box`` (left, top, right, bottom) of a PIL image."""
    grey = image.convert("L").crop(box)
    width, height = grey.size
    pixels = grey.load()
    seen, blobs = set(), 0
    for x in range(width):
        for y in range(height):
            if (x, y) in seen or pixels[x, y] > 90:
                continue
            blobs += 1
            stack = [(x, y)]
            while stack:
                px, py = stack.pop()
                if (px, py) in seen or not (0 <= px < width and 0 <= py < height) or pixels[px, py] > 90:
                    continue
                seen.add((px, py))
                stack += [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
    return blobs


@pytest.mark.parametrize("value", [3, 6, 7, 10, 13])
def test_dots_show_dice_up_to_six_then_groups_of_five(value):
    job = parse_options({"theme": "nombres", "faces": "points", "values": f"0,{value}", "no_rules": True,
                         "tile_size": "large"})
    document = make_document(job)
    image = render_page(document.pdf, 0, dpi=100)
    placement = next(p for p in job.layout.pages[0].placements if job.tiles[p.index] == (1, 1))
    scale = 100 / 25.4
    page_h = job.layout.page_height_mm
    left, top = placement.x_mm * scale, (page_h - placement.y_mm - placement.height_mm) * scale
    half_w = placement.width_mm * scale / (1 if placement.vertical else 2)
    half_h = placement.height_mm * scale / (2 if placement.vertical else 1)
    box = (int(left) + 4, int(top) + 4, int(left + half_w) - 4, int(top + half_h) - 4)
    assert _dark_blobs(image, box) == value


@pytest.mark.parametrize("letter", ["p", "q", "b", "d", "n"])
def test_the_underline_runs_clear_of_the_glyph(letter):
    """The bar under p and q sits below their descender: crossing it, it made them read as other signs."""
    job = parse_options({"theme": "lettres", "faces": "minuscule", "values": f"A,{letter}", "no_rules": True,
                         "tile_size": "large"})
    document = make_document(job)
    image = render_page(document.pdf, 0, dpi=100)
    last = len(job.tiles) - 1  # a-a, a-x, x-x: the double of the letter under test
    placement = next(p for p in job.layout.pages[0].placements if p.index == last)
    scale = 100 / 25.4
    page_h = job.layout.page_height_mm
    left, top = placement.x_mm * scale, (page_h - placement.y_mm - placement.height_mm) * scale
    half_w = placement.width_mm * scale / (1 if placement.vertical else 2)
    half_h = placement.height_mm * scale / (2 if placement.vertical else 1)
    box = (int(left) + 4, int(top) + 4, int(left + half_w) - 4, int(top + half_h) - 4)
    assert _dark_blobs(image, box) == 2  # the letter and its bar, apart


@pytest.mark.slow
def test_every_builtin_representation_fits_at_the_small_tile_size():
    from domino_print.faces.association import fitted

    for theme in association_themes().values():
        assert theme.association is not None
        for representation in theme.association.representations:
            choice = choose(theme.association, representation.name, None, None, Settings(operands=(0, 100)))
            for lang in texts.languages():
                for value in range(representation.values):
                    if not can_show(theme.association, representation, value):
                        continue
                    face = face_for(choice, value, 0, lang, images=(None,) * 7)
                    if face.kind == "text":
                        assert fitted(face, SMALL_TILE_PT), (theme.name, lang, face.text)


def test_long_texts_wrap_and_overlong_ones_do_not_fit():
    def measure(text, size):
        return 0.5 * size * len(text)

    fitted = fit_text("le chat de la voisine", 60, 60, measure, largest_pt=20)
    assert fitted is not None and len(fitted.lines) > 1 and fitted.size_pt >= 9
    assert all(measure(line, fitted.size_pt) <= 60 for line in fitted.lines)
    assert fit_text("anticonstitutionnellement", 60, 60, measure, largest_pt=20) is None


# ------------------------------------------------------------------ options


@pytest.mark.parametrize(("mapping", "message"), [
    ({"theme": "nombres", "faces": "chiffre,crayon"}, "give two of chiffre, points, doigts, mot"),
    ({"theme": "lettres", "values": "A-4"}, "'4' is not a value of theme 'lettres'"),
    ({"theme": "lettres", "values": "F-A"}, "runs backwards"),
    ({"theme": "lettres", "values": "A,B,A"}, "names A twice"),
    ({"theme": "nombres", "faces": "doigts", "values": "0-12"}, "'12' is not a value"),
    ({"theme": "lettres", "values": "A-Z"}, "would have 351 tiles"),
    ({"theme": "pips", "faces": "chiffre,points"}, "theme 'pips' is classic"),
    # the terms of generated faces were silently left out on a classic theme
    ({"theme": "pips", "range": "0-10"}, "--range applies to association sets and lists of pairs"),
    ({"theme": "chiffres", "tables": "2,5"}, "--tables applies to association sets"),
    ({"theme": "pips-couleur", "step": "15"}, "--step applies to association sets"),
    # fruits makes association sets with --faces: asked for, and not offered as another theme
    ({"theme": "fruits", "structure": "boucle"},
     "theme 'fruits' makes one with --faces, as in --faces image,mot"),
    ({"theme": "nombres", "seed": 3}, "applies to loop decks"),
    ({"theme": "couleurs", "labels": True}, "leave --labels out"),
    # a 12 mm half keeps 3 mm of safe area each side: 5.6 mm for a word, not enough for "onze" at 9 pt
    ({"theme": "nombres", "faces": "mot", "values": "11-17", "tile_size": "12x24mm"},
     "'onze' does not fit a 12 mm half, even wrapped at 9 pt; choose a larger --tile-size"),
    ({"theme": "nombres", "max": 9, "values": "0-9"}, "--max and --values both choose the values"),
    # Not "use --rules famille with this picture theme": nombres shows numbers, lettres no pictures.
    ({"theme": "nombres", "rules": "points"}, "association sets and loop decks have their own rules"),
    ({"theme": "lettres", "structure": "boucle", "rules": "doubles"}, "leave --rules out"),
])
def test_bad_association_options_are_refused_with_the_fix(mapping, message):
    with pytest.raises(OptionError, match=re.escape(message)) as caught:
        parse_options(mapping)
    assert "picture theme" not in str(caught.value)
    if mapping["theme"] != "fruits" and "is classic" in message:
        assert "fruits," in str(caught.value) and f"{mapping['theme']}," not in str(caught.value)
    if mapping["theme"] == "fruits":
        assert "is classic" not in str(caught.value)


def test_each_picture_face_draws_its_own_picture():
    from domino_print.sets.association import painter_for_set

    job = parse_options({"theme": "fruits", "faces": "image,mot", "structure": "boucle"})
    painter = painter_for_set(job.association, job.theme, dpi=150)
    pictures = [face for face in job.association.faces if face.kind == "picture"]
    assert len({face.path for face in pictures}) == 7
    for face in pictures:
        assert painter.pictures.theme.images[face.count] == face.path


@pytest.mark.slow
def test_the_rules_example_is_drawn_with_the_sets_own_faces():
    document = make_document({"theme": "lettres", "lang": "en"})
    rules = page_texts(document.pdf, document.pages - 2)  # the key page follows
    chain = rules[rules.index("Example") + 1:]
    assert [t for t in chain if len(t) == 1] == ["C", "f", "F", "f", "f", "D", "d", "B"]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(count=st.integers(min_value=2, max_value=60), seed=st.integers(min_value=0, max_value=999999))
def test_any_loop_deck_is_one_single_cycle_through_every_card(count, seed):
    pairs = [Pair(Face("text", f"Q{v}"), Face("text", f"A{v}"), f"Q{v}", f"A{v}") for v in range(count)]
    made = boucle(pairs, seed)
    cards = [(made.faces[tile.a], made.faces[tile.b]) for tile in made.tiles]
    assert [held.card for held, _ in cards] == list(range(1, count + 1))
    holder = {held.text[1:]: number for number, (held, _) in enumerate(cards)}  # the card holding A<v>
    seen, card = [], 0
    while card not in seen:
        seen.append(card)
        card = holder[cards[card][1].text[1:]]  # who answers this card's question
    assert len(seen) == count and card == 0
    assert [number for number, *_ in made.key] == [number + 1 for number in seen]


def test_the_underline_is_drawn_under_6_and_9_only():
    document = make_document({"theme": "nombres", "faces": "chiffre", "values": "5-9", "no_rules": True})
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    page = reader.pages[0]
    shown_in: dict[str, str] = {}  # form name -> its text (subset fonts: read through pypdf's maps)
    current = []

    def before(operator, operands, *_):
        if operator == b"Do":
            current[:] = [str(operands[0])]

    def text(value, *_):
        if current and value.strip():  # the first text after a Do is the form's numeral
            shown_in.setdefault(current.pop(), value.strip())

    page.extract_text(visitor_operand_before=before, visitor_text=text)
    underlined = {}
    for name, form in page["/Resources"]["/XObject"].items():
        if "Face" in str(name):
            stream = form.get_object().get_data().decode("latin-1")
            underlined[shown_in[str(name)]] = " re" in stream
    assert underlined == {"5": False, "6": True, "7": False, "8": False, "9": True}
