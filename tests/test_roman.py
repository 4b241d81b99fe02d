"""Roman numerals in the value evaluator and the meaning check (issue 20): "XII" = 12 = "douze"
in a column of numbers, and never a number in a column of words or of letters."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.api import make_document, parse_options
from domino_print.sets.meaning import (
    Card,
    Half,
    MeaningError,
    Row,
    check_loop,
    check_rows,
    clashes,
    meaning_of,
    roman_sides,
)
from domino_print.sets.values import NotAValue, evaluate, roman_value, value_of

# An independent reader of canonical numerals: the strict form, by its written rule.
CANONICAL = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
LETTER = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def read(text: str) -> int:
    values = [LETTER[c] for c in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def rows(*pairs: tuple[str, str]) -> list[Row]:
    return [Row(line, Half(a), Half(b)) for line, (a, b) in enumerate(pairs, start=1)]


@pytest.mark.parametrize(("text", "value"), [
    ("I", 1), ("IV", 4), ("IX", 9), ("XII", 12), ("XIV", 14), ("XL", 40), ("XLIX", 49), ("XCIX", 99),
    ("CD", 400), ("MCMXCIX", 1999), ("MMXXVI", 2026), ("MMMCMXCIX", 3999), (" XII ", 12),
    ("MMMDCCCLXXXVIII", 3888),
    ("", None), ("IIII", None), ("IC", None), ("VX", None), ("MMMM", None), ("xii", None), ("Xii", None),
    ("CIVIL", None), ("XII + 1", None), ("X I I", None), ("XII.", None), ("IIV", None), ("LL", None),
    ("DD", None), ("VV", None), ("IXI", None), ("XM", None), ("MMMMCMXCIX", None), ("XIIⅠ", None),
])
def test_strict_roman_numerals(text, value):
    assert roman_value(text) == value


def test_every_numeral_from_1_to_3999_reads_back():
    from domino_print.themes.maths import roman

    assert all(roman_value(roman(n)) == n for n in range(1, 4000))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="IVXLCDM ", max_size=20))
def test_only_the_canonical_form_is_read(text):
    found = roman_value(text)
    canonical = bool(text.strip()) and CANONICAL.match(text.strip()) is not None
    assert (found is not None) == canonical
    if found is not None:
        assert found == read(text.strip()) and 1 <= found <= 3999


def test_the_evaluator_reads_a_numeral_only_when_asked_and_only_whole():
    assert value_of("XII") is None  # a text alone: "MIX" is a word too
    assert evaluate("XII", roman=True) == 12
    for text in ("XII + 1", "2 × X", "MIX?", "Louis XIV", "chapitre IX"):
        with pytest.raises(NotAValue):
            evaluate(text, roman=True)
    assert evaluate("3 + 4", roman=True) == 7  # everything else reads as before


def test_xii_is_douze_in_the_meaning_check():
    with pytest.raises(MeaningError) as caught:
        check_rows(rows(("XII", "douze"), ("VII", "sept"), ("12", "twelve")))
    clash = caught.value.clash
    assert (clash.first_line, clash.second_line) == (1, 3) and clash.shared.shown() == "12"
    # a column of numerals beside a column of numbers: both halves of a row are one value
    marked = roman_sides([Half("XII"), Half("IV"), Half("3 + 4")])
    assert [meaning_of(h).key for h in marked] == [12, 4, 7]
    assert clashes(rows(("XII", "12"), ("IV", "quatre"), ("IX", "neuf"))) == []


WORDS = st.sampled_from(["MIX", "CIVIL", "DIM", "MILD", "LID", "MID", "DC", "CD", "LIVID", "VIM", "MI", "DI",
                         "MIXED", "C", "I", "X"])
PLAIN = st.sampled_from(["CHAT", "chien", "A", "soleil", "Paris", "B", "maison"])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=8), st.lists(PLAIN, min_size=1, max_size=4), st.randoms())
def test_words_that_look_like_numerals_stay_words_in_a_words_column(romanish, plain, rnd):
    column = romanish + plain
    rnd.shuffle(column)
    for half in roman_sides([Half(w) for w in column]):
        assert not half.roman
        assert meaning_of(half).kind == "text"


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("IVXLCDM"), min_size=2, max_size=7, unique=True))
def test_single_letters_stay_letters(letters):
    """A letters list (I, V, X beside i, v, x): single letters are letters, so none is a number."""
    column = roman_sides([Half(letter) for letter in letters])
    assert all(meaning_of(half).kind == "text" for half in column)
    check_rows([Row(n, Half(a), Half(a.lower())) for n, a in enumerate(letters, start=1)])


def test_the_letters_theme_is_not_broken():
    for values in ("A-Z", "C,D,I,L,M,V,X"):
        for structure in ("double", "boucle"):
            if structure == "double" and values == "A-Z":
                continue  # 26 values are too many for a double set
            options = parse_options({"theme": "lettres", "values": values, "structure": structure,
                                     "no_rules": True})
            assert make_document(options).pages >= 1


def test_a_loop_of_numerals_is_one_loop():
    held = ["XII", "IV", "VII"]  # card k holds the answer of card k-1
    asked = ["quatre", "sept", "douze"]
    check_loop([Card(Half(h), Half(a)) for h, a in zip(held, asked, strict=True)])


def test_the_romains_set_is_proved_against_its_words():
    """romains beside mot: each numeral and its word are one value (a wrong word would be a
    generator bug the proof raises), and the set draws."""
    document = make_document(parse_options({"theme": "nombres", "faces": "romains,mot", "values": "1-7",
                                            "no_rules": True}))
    assert document.pages == 1
