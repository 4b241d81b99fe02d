"""Tactile paper (issue 33): ``--ink relief`` draws pure black on white, and ``--braille`` its cells.

Swell paper raises whatever is black, so a grey would rise as a blot: the PDF's colour operators
are read back, every one must set black (0) or white (1), and no picture may be in colour or
grey. The braille cells are counted in each face's form as the dots drawn there, against the
printed Unicode patterns (the reference of ``test_touch_faces``).
"""

from __future__ import annotations

import re

import pypdf
import pytest
from PIL import Image
from test_touch_faces import DIGITS, NUMBER_SIGN

COLOUR_OPERATOR = re.compile(rb"(?<![\w.])((?:[\d.]+\s+){1,4})(g|G|rg|RG|k|K|sc|scn|SC|SCN)\b")


def _streams(reader: pypdf.PdfReader):
    seen = set()
    for page in reader.pages:
        yield page.get_contents().get_data()
        for name, ref in (page["/Resources"].get("/XObject") or {}).items():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            assert xobject["/Subtype"] == "/Form", f"{name}: a picture on tactile paper"
            yield xobject.get_data()


@pytest.mark.slow
@pytest.mark.parametrize("theme", [("fruits",), ("pips-couleur",), ("chiffres", "--braille"),
                                   ("lettres", "--braille", "--backs")])
def test_relief_ink_draws_only_pure_black_and_white(run_cli, tmp_path, theme):
    out = tmp_path / "relief.pdf"
    result = run_cli("--theme", *theme, "--ink", "relief", "--out", out)
    assert result.exit_code == 0, result.output
    operators = set()
    for data in _streams(pypdf.PdfReader(out)):
        for values, operator in COLOUR_OPERATOR.findall(data):
            operators.add((operator.decode(), tuple(float(v) for v in values.split())))
    assert operators, "no colour was set at all"
    assert {op for op, _ in operators} <= {"g", "G"}  # grey levels only: no RGB, no CMYK
    assert {levels for _, levels in operators} <= {(0.0,), (1.0,)}, sorted(operators)
    assert b" gs" not in b"".join(_streams(pypdf.PdfReader(out)))  # no transparency: no half-tints


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_braille_cells_stand_under_each_numeral_on_paper(run_cli, tmp_path, lang):
    out = tmp_path / "chiffres.pdf"
    assert run_cli("--theme", "chiffres", "--braille", "--ink", "relief", "--lang", lang, "--out", out,
                   ).exit_code == 0
    page = pypdf.PdfReader(out).pages[0]
    forms = page["/Resources"]["/XObject"]
    for value in range(7):
        data = forms[f"/FormXob.Face{value}"].get_object().get_data().decode("latin-1")
        drawn = data.count(" m\n")  # each dot one closed path (the numeral itself is text)
        printed = NUMBER_SIGN[lang] + DIGITS[lang][value]
        assert drawn == sum(bin(ord(c) - 0x2800).count("1") for c in printed), value


def test_braille_on_paper_without_relief_ink_is_drawn_too(run_cli, tmp_path):
    out = tmp_path / "b.pdf"
    assert run_cli("--theme", "chiffres", "--braille", "--out", out).exit_code == 0
    data = pypdf.PdfReader(out).pages[0]["/Resources"]["/XObject"]["/FormXob.Face1"].get_object().get_data()
    assert data.count(b" m\n") == 3  # French: the number prefix (dot 6), then 1 in Antoine (dots 1, 6)


def test_photos_are_refused_on_tactile_paper(run_cli, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    for index, colour in enumerate(("red", "green", "blue")):
        Image.new("RGB", (64, 48), colour).save(folder / f"p{index}.jpg")
    result = run_cli("--theme", folder, "--ink", "relief", "--out", tmp_path / "p.pdf")
    assert result.exit_code == 2
    assert "swell paper raises whatever is black" in result.output
    assert not (tmp_path / "p.pdf").exists()


def test_braille_needs_numbers_or_letters_on_paper_too(run_cli, tmp_path):
    result = run_cli("--theme", "pips", "--braille", "--out", tmp_path / "p.pdf")
    assert result.exit_code == 2 and "--braille writes numbers and letters in braille" in result.output
