"""The teacher's key of a double set (issue 20): after the rules page, every tile with what each
half shows and the value it stands for, read back from the PDF and checked by an independent
reader of the halves."""

from __future__ import annotations

import io
import re
from collections import Counter
from itertools import combinations_with_replacement

import pypdf
import pytest

from domino_print.api import make_document, parse_options, rules_page
from tests.test_numbers import evaluate, face_texts

HEADER = {"fr": ("Domino", "Moitié", "Valeur", "Moitié", "Valeur"),
          "en": ("Domino", "Half", "Value", "Half", "Value")}


def page_texts(pdf: bytes, page: int) -> list[str]:
    found: list[str] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append(text.strip())

    pypdf.PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def key_rows(pdf: bytes, page: int, lang: str = "fr") -> list[tuple[str, ...]]:
    """The key table's rows (tile number, half, value, half, value) read from ``page``."""
    texts = page_texts(pdf, page)
    header = HEADER[lang]
    start = next(i for i in range(len(texts)) if tuple(texts[i:i + 5]) == header) + 5
    cells = texts[start:]
    rows = []
    while len(cells) >= 5 and cells[0] == str(len(rows) + 1):  # the next tile, not a level's mark
        rows.append(tuple(cells[:5]))
        cells = cells[5:]
    return rows


@pytest.mark.parametrize(("faces", "extra"), [
    ("addition,chiffre", {"range": "0-10", "seed": 3}),
    ("soustraction,romains", {"values": "1-7", "seed": 11}),
    ("multiplication,chiffre", {"tables": "2,5,10"}),
])
@pytest.mark.slow
def test_the_key_gives_each_halfs_value_and_matches_the_sheet(faces, extra):
    job = parse_options({"theme": "nombres", "faces": faces, **extra})
    document = make_document(job)
    key_page = rules_page(job) + 1
    assert document.pages == key_page + 1
    rows = key_rows(document.pdf, key_page)
    assert [int(row[0]) for row in rows] == list(range(1, 29))
    for _, left, left_value, right, right_value in rows:  # each half is the value the key says
        assert evaluate(left)[0] == int(left_value) and evaluate(right)[0] == int(right_value)
    values = sorted({int(row[2]) for row in rows} | {int(row[4]) for row in rows})
    assert Counter(tuple(sorted((int(r[2]), int(r[4])))) for r in rows) == \
        Counter(combinations_with_replacement(values, 2))  # every pair of values once
    halves = face_texts(document.pdf, len(job.layout.pages))  # the sheet shows the tiles the key lists
    shown = Counter(tuple(sorted(halves[i:i + 2])) for i in range(0, len(halves), 2))
    assert shown == Counter(tuple(sorted((r[1], r[3]))) for r in rows)


@pytest.mark.slow
def test_the_key_names_times_colours_and_prices_by_their_value():
    clocks = make_document({"theme": "heures", "faces": "horloge,numérique", "lang": "en"})
    rows = key_rows(clocks.pdf, clocks.pages - 1, "en")
    assert len(rows) == 28
    for _, left, left_value, right, right_value in rows:
        for half, value in ((left, left_value), (right, right_value)):
            hours, minutes = map(int, value.split(":"))
            if re.fullmatch(r"\d\d:\d\d", half):  # the digital time is its value
                assert tuple(map(int, half.split(":"))) == (hours, minutes)
            else:  # a clock is named by the time it shows, on the dial
                shown = re.fullmatch(r"(\d+):(\d\d) \(.+\)", half)
                assert shown, half
                assert (int(shown[1]) % 12, int(shown[2])) == (hours % 12, minutes)
    colours = make_document({"theme": "couleurs", "lang": "en"})
    rows = key_rows(colours.pdf, colours.pages - 1, "en")
    assert all(value in ("red", "blue", "yellow", "green", "orange", "purple", "pink")
               for row in rows for value in (row[2], row[4]))
    assert any(row[1] == row[2] for row in rows)  # the word half reads as its value
    money = make_document({"theme": "monnaie", "lang": "fr"})
    rows = key_rows(money.pdf, money.pages - 1)
    prices = {value for row in rows for value in (row[2], row[4])}
    assert prices == {"0,50 €", "1,20 €", "2,50 €", "0,75 €", "3,10 €", "5 €", "1,05 €"}


def test_a_list_in_a_double_set_names_each_halfs_line(tmp_path):
    listed = tmp_path / "animaux.csv"
    listed.write_text("chat;cat\nchien;dog\nvache;cow\n", encoding="utf-8")
    document = make_document({"theme": str(listed), "structure": "double"})
    rows = key_rows(document.pdf, document.pages - 1)
    line_of = {"chat": 1, "cat": 1, "chien": 2, "dog": 2, "vache": 3, "cow": 3}
    assert len(rows) == 6
    for _, left, left_value, right, right_value in rows:
        assert left_value == f"ligne {line_of[left]}" and right_value == f"ligne {line_of[right]}"


def test_no_rules_page_no_key():
    job = parse_options({"theme": "nombres", "faces": "addition,chiffre", "no_rules": True})
    assert make_document(job).pages == len(job.layout.pages) == job.page_count
