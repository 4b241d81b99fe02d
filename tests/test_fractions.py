"""Fractions (issue 20): a pie and a bar shaded to the share, the fraction, the decimal with
the page's decimal mark and the percentage, checked from the PDF's text (each read here by
its own small reader) and from the drawing data of the pies and bars."""

from __future__ import annotations

import io
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import pypdf
import pytest

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.themes import model
from domino_print.themes.model import ThemeError
from domino_print.themes.representations import Face
from tests.conftest import text_runs

SHOWN = re.compile(r"^(?:(\d+)/(\d+)|(\d+)(?:[.,](\d+))?(\s?%)?)$")


def read(text: str, mark: str) -> Fraction:
    """A half's text as a share: 3/4, 0,75 (or 0.75, as the page writes it), 75 %."""
    found = SHOWN.match(text)
    assert found, text
    if found[1]:
        return Fraction(int(found[1]), int(found[2]))
    assert found[4] is None or mark in text, (text, mark)
    number = Fraction(f"{found[3]}.{found[4] or 0}")
    return number / 100 if found[5] else number


def halves(mapping: dict) -> tuple[list[Fraction], object]:
    job = parse_options(mapping)
    document = make_document(job)
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    mark = "." if job.lang == "en" else ","
    found = [read(run.text, mark) for page in reader.pages[:len(job.layout.pages)] for run in text_runs(page)
             if SHOWN.match(run.text) and run.size >= 9]
    return found, job


def share(face: Face, mark: str) -> Fraction:
    if face.kind in ("pie", "bar"):
        shaded, parts = face.parts
        assert 0 < shaded <= parts
        return Fraction(shaded, parts)
    return read(face.text, mark)


@pytest.mark.parametrize(("faces", "lang"), [
    ("disque,fraction", "fr"), ("barre,décimal", "en"), ("pourcentage,décimal", "de"),
    ("disque,pourcentage", "es"),
])
@pytest.mark.slow
def test_a_double_set_of_fractions_holds_every_pair_of_shares_once(faces, lang):
    read_back, job = halves({"theme": "fractions", "faces": faces, "lang": lang, "no_rules": True})
    mark = "." if lang == "en" else ","
    made = job.association
    values = sorted({share(face, mark) for face in made.faces})
    assert len(values) == 7
    tiles = Counter(tuple(sorted((share(made.faces[t.a], mark), share(made.faces[t.b], mark))))
                    for t in job.tiles)
    assert tiles == Counter(combinations_with_replacement(values, 2))
    text_faces = [share(made.faces[f], mark) for t in job.tiles for f in t if made.faces[f].kind == "text"]
    assert sorted(read_back) == sorted(text_faces)  # what the page says is what the set means


def test_the_decimal_mark_is_the_page_s():
    fr, _ = halves({"theme": "fractions", "faces": "décimal,fraction", "values": "3/4,1/8", "no_rules": True})
    document = make_document({"theme": "fractions", "faces": "décimal,fraction", "values": "3/4,1/8",
                              "lang": "en", "no_rules": True})
    text = pypdf.PdfReader(io.BytesIO(document.pdf)).pages[0].extract_text()
    assert "0.75" in text and "0.125" in text and "0,75" not in text
    assert Fraction(3, 4) in fr


def test_a_share_without_an_exact_decimal_is_refused_for_decimal_faces():
    with pytest.raises(OptionError, match=re.escape("--values 1/3: 1/3 has no exact decimal")):
        parse_options({"theme": "fractions", "faces": "disque,décimal", "values": "1/2,1/3"})
    job = parse_options({"theme": "fractions", "faces": "disque,décimal"})  # the default leaves 1/3 out
    assert all(face.parts != (1, 3) for face in job.association.faces)


def test_a_value_the_theme_does_not_list_is_refused_naming_the_list():
    with pytest.raises(OptionError, match="'2/7' is not a value of theme 'fractions'; choose among 1/2"):
        parse_options({"theme": "fractions", "values": "1/2,2/7"})


def test_a_loop_of_fractions_is_one_cycle():
    job = parse_options({"theme": "fractions", "faces": "barre,pourcentage", "structure": "boucle",
                         "values": "1/2,1/4,3/4,1/5,2/5,1/10,3/10,7/10,1/8", "seed": 9})
    assert sorted(job.association.loop) == list(range(1, 10))


def test_two_equal_shares_in_a_theme_file_are_refused(themes_dir):
    path = themes_dir / "fractions.toml"
    text = path.read_text(encoding="utf-8").replace('"1/4", "3/4"', '"2/4", "3/4"')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ThemeError, match=re.escape("'1/2' and '2/4' are the same value; keep one")):
        model.load_builtin("fractions")
