"""Differentiated decks (issue 20, ``--niveaux N``): the same game at N levels, read back from
the PDF: as many cards at each level in the same layout, each level's mark on every front and
back (drawing data and pixels), each level's content checked by an independent reader, one key
for all levels, and refusals in one line naming the fix."""

from __future__ import annotations

import io
import re
import shutil
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import pypdf
import pytest

from domino_print.api import make_document, parse_options, rules_page
from domino_print.errors import OptionError
from domino_print.geometry.backs import LEVEL_MARKS, level_mark_radius_mm, mark_centre
from domino_print.themes import model
from domino_print.themes.levels import spread
from domino_print.themes.model import ThemeError
from tests.test_double_key import page_texts
from tests.test_numbers import evaluate, face_texts

SUMS = {"theme": "nombres", "niveaux": 3, "backs": "duplex"}


def level_pages(job, level: int) -> range:
    """The pages of ``level`` (1-based): each sheet page, then its back with ``--backs``."""
    per_level = len(job.layout.pages) * (2 if job.options.backs == "duplex" else 1)
    return range((level - 1) * per_level, level * per_level)


def forms_on(pdf: bytes, page: int) -> set[str]:
    """The forms ``page``'s content draws (``/FormXob.Level2 Do``), by name."""
    content = pypdf.PdfReader(io.BytesIO(pdf)).pages[page].get_contents()
    assert content is not None
    return set(re.findall(r"/FormXob\.(\w+) Do", content.get_data().decode("latin-1")))


def sheet_halves(pdf: bytes, job, level: int) -> list[str]:
    """The face texts (9 pt and more) of a level's sheet pages, its backs left out."""
    found = []
    step = 2 if job.options.backs == "duplex" else 1
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    for page in list(level_pages(job, level))[::step]:
        one = pypdf.PdfWriter()
        one.add_page(reader.pages[page])
        buffer = io.BytesIO()
        one.write(buffer)
        found += face_texts(buffer.getvalue(), 1)
    return found


@pytest.mark.slow
def test_three_levels_of_sums_each_proved_marked_and_keyed():
    job = parse_options(SUMS)
    document = make_document(job)
    pdf = document.pdf
    assert [deck.label for deck in job.levels] == ["≤ 10", "≤ 20", "≤ 100"]
    bounds = {1: (10, (0, 10)), 2: (20, (0, 20)), 3: (100, (10, 90))}
    for level in (1, 2, 3):
        halves = sheet_halves(pdf, job, level)
        assert len(halves) == 2 * 28  # the same card count at every level
        read = [evaluate(half) for half in halves]
        tiles = [tuple(sorted((read[i][0], read[i + 1][0]))) for i in range(0, len(read), 2)]
        values = sorted({v for tile in tiles for v in tile})
        assert Counter(tiles) == Counter(combinations_with_replacement(values, 2))  # every pair once
        top, (low, high) = bounds[level]
        assert len(values) == 7 and max(values) <= top
        assert all(low <= a <= high and low <= b <= high for _, terms in read if terms for a, b in [terms])
        for page in level_pages(job, level):  # the level's mark on its fronts and its backs, no other
            drawn = pypdf.PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
            marks = Counter(re.findall(r"/FormXob\.(Level\d) Do", drawn))
            assert set(marks) == {f"Level{level}"}, (level, page, marks)
            assert marks[f"Level{level}"] >= 28  # on each tile (and beside the level's line)
    key_page = rules_page(job) + 1
    assert document.pages == 3 * 2 * len(job.layout.pages) + 1 + (document.pages - key_page)
    key_text = " ".join(t for page in range(key_page, document.pages) for t in page_texts(pdf, page))
    for number, label in enumerate(("≤ 10", "≤ 20", "≤ 100"), start=1):
        assert f"Niveau {number} : {label}" in key_text  # one key for all levels


@pytest.mark.slow
def test_the_level_marks_show_their_colour_and_shape_in_each_tile_corner():
    """Pixels: the mark's colour at its centre on each level's first front, and in noir three
    different shapes (the shape carries the level without colour)."""
    masks = {}
    for ink in ("couleur", "noir"):
        job = parse_options({**SUMS, "backs": None, "ink": ink, "no_rules": True})
        pdf = make_document(job).pdf
        placement = job.layout.pages[0].placements[0]
        radius_mm = level_mark_radius_mm(job.layout.tile_short_mm)
        x_mm, y_mm = mark_centre(placement, job.layout.tile_short_mm, radius_mm)
        dpi = 200
        for level in (1, 2, 3):
            image = render_colour(pdf, level_pages(job, level)[0], dpi)
            scale = dpi / 25.4
            cx, cy = x_mm * scale, image.height - y_mm * scale
            radius = radius_mm * scale
            if ink == "couleur":
                # the level's colour fills much of the mark's box (the number and outline aside)
                expected = LEVEL_MARKS[level - 1][1]
                want = tuple(int(expected[i:i + 2], 16) for i in (1, 3, 5))
                inner = (round(cx - radius), round(cy - radius), round(cx + radius), round(cy + radius))
                box = image.crop(inner)
                close = sum(all(abs(a - b) <= 30 for a, b in zip(pixel, want, strict=True))
                            for pixel in box.getdata())
                assert close > 0.2 * box.width * box.height, (level, close)
            else:
                assert len(set(image.crop((round(cx - 2 * radius), round(cy - 2 * radius),
                                           round(cx + 2 * radius), round(cy + 2 * radius))).getdata())) > 1
                box = image.convert("L").crop((round(cx - 1.5 * radius), round(cy - 1.5 * radius),
                                               round(cx + 1.5 * radius), round(cy + 1.5 * radius)))
                masks[level] = box.point(lambda v: 255 if v < 230 else 0)
                inner = (round(cx - radius), round(cy - radius), round(cx + radius), round(cy + radius))
                assert all(r == g == b for r, g, b in image.crop(inner).getdata())  # grey only
    for one, two in ((1, 2), (1, 3), (2, 3)):  # the shapes differ in grey
        diff = sum(a != b for a, b in zip(masks[one].getdata(), masks[two].getdata(), strict=True))
        assert diff > 0.1 * masks[one].width * masks[one].height, (one, two, diff)


def render_colour(pdf: bytes, index: int, dpi: int):
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(io.BytesIO(pdf))
    return document[index].render(scale=dpi / 72).to_pil().convert("RGB")


@pytest.mark.slow
def test_levels_of_times_go_by_hours_half_hours_and_five_minutes():
    job = parse_options({"theme": "heures", "faces": "numérique,mots", "niveaux": 3, "structure": "boucle",
                         "lang": "en"})
    document = make_document(job)
    assert [deck.label for deck in job.levels] == ["1 h", "½ h", "5 min"]
    assert spread(4, 3) == (0, 1, 3)
    steps = {1: 60, 2: 30, 3: 5}
    for level in (1, 2, 3):
        halves = sheet_halves(document.pdf, job, level)
        times = [t for t in halves if re.fullmatch(r"\d\d:\d\d", t)]
        assert len(times) == 7  # seven cards each level
        minutes = [int(t[:2]) * 60 + int(t[3:]) for t in times]
        assert all(m % steps[level] == 0 for m in minutes)
    assert any(int(t[3:]) % 30 for t in (x for x in sheet_halves(document.pdf, job, 3)
                                         if re.fullmatch(r"\d\d:\d\d", x)))  # five minutes do show


@pytest.mark.parametrize(("theme", "faces", "labels"), [
    ("fractions", "disque,fraction", ("1/2, 1/4, 1/5", "1/10", "1/8")),
    ("monnaie", "prix", ("≤ 5 €", "≤ 10 €", "≤ 20 €")),  # prices only: the coins' names wrap in the key
])
@pytest.mark.slow
def test_fractions_and_money_have_levels_and_each_level_is_one_key_part(theme, faces, labels):
    job = parse_options({"theme": theme, "faces": faces, "niveaux": 3})
    document = make_document(job)
    assert tuple(deck.label for deck in job.levels) == labels
    key_page = rules_page(job) + 1
    tables = key_tables(document.pdf, range(key_page, document.pages))
    assert [len(rows) for rows in tables] == [28, 28, 28]  # one table a level, every tile once
    for rows, deck in zip(tables, job.levels, strict=True):
        named = {row[i] for row in rows for i in (2, 4)}
        assert len(named) == 7 and len(deck.tiles) == 28
    text = " ".join(t for page in range(key_page, document.pages) for t in page_texts(document.pdf, page))
    assert all(f"Niveau {n} : {label}" in text for n, label in enumerate(labels, start=1))
    tops = [max(Fraction(v.replace(",", ".").replace(" €", "")) for row in rows for v in (row[2], row[4]))
            for rows in tables]
    if theme == "monnaie":  # each level's prices within its label's bound, dearer and dearer
        assert all(top <= bound for top, bound in zip(tops, (5, 10, 20), strict=True))
        assert tops[0] < tops[1] < tops[2]
    else:
        assert tops == [Fraction(4, 5), Fraction(9, 10), Fraction(7, 8)]


def key_tables(pdf: bytes, pages: range) -> list[list[tuple[str, ...]]]:
    """Every key table (tile, half, value, half, value) on ``pages``, a table flowing over a
    page break kept whole (its header row repeats)."""
    texts = [t for page in pages for t in page_texts(pdf, page)]
    header = ["Domino", "Moitié", "Valeur", "Moitié", "Valeur"]
    tables: list[list[tuple[str, ...]]] = []
    at = 0
    while at < len(texts):
        if texts[at:at + 5] != header:
            at += 1
            continue
        at += 5
        rows = tables[-1] if tables and texts[at:at + 1] != ["1"] else []
        if not rows:
            tables.append(rows)
        while at + 5 <= len(texts) and texts[at] == str(len(rows) + 1):
            rows.append(tuple(texts[at:at + 5]))
            at += 5
    return tables


@pytest.mark.slow
def test_tables_levels_use_their_tables():
    job = parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "niveaux": 3,
                         "no_rules": True})
    pdf = make_document(job).pdf
    for level, tables in ((1, {2, 5, 10}), (2, {3, 4}), (3, {6, 7, 8, 9})):
        terms = [terms for half in sheet_halves(pdf, job, level) for _, terms in [evaluate(half)] if terms]
        assert terms and all(b in tables for _, b in terms)


@pytest.mark.slow
def test_the_same_command_gives_the_same_bytes():
    assert make_document(SUMS).pdf == make_document(SUMS).pdf


@pytest.mark.parametrize(("mapping", "message"), [
    ({"theme": "nombres", "niveaux": 4},
     "--niveaux 4: theme 'nombres' names 3 levels for these faces (≤ 10, ≤ 20, ≤ 100); choose --niveaux 3 "
     "or fewer"),
    ({"theme": "heures", "niveaux": 5}, "choose --niveaux 4 or fewer"),
    ({"theme": "lettres", "niveaux": 2}, "theme 'lettres' names no levels; use --niveaux with --theme "
     "fractions, heures, monnaie, nombres"),
    ({"theme": "pips", "niveaux": 2}, "theme 'pips' names no levels"),
    ({"theme": "nombres", "faces": "chiffre,points", "niveaux": 2},
     "--niveaux: theme 'nombres' names levels for the faces addition, division, multiplication, "
     "soustraction; choose one of them with --faces"),
    ({"theme": "nombres", "niveaux": 2, "range": "0-20"}, "--range is set by each level of theme 'nombres' "
     "with --niveaux; leave --range out"),
    ({"theme": "heures", "niveaux": 2, "step": "15"}, "--step is set by each level"),
    ({"theme": "nombres", "niveaux": 2, "sets": 2}, "keep one of them"),
    ({"theme": "nombres", "niveaux": 1}, "--niveaux"),
    ({"theme": "nombres", "niveaux": 7}, "--niveaux"),
])
def test_levels_beyond_the_theme_are_refused_naming_the_fix(mapping, message):
    with pytest.raises(OptionError) as caught:
        make_document(mapping)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_list_has_no_levels(tmp_path, run_cli):
    listed = tmp_path / "animaux.csv"
    listed.write_text("chat;cat\nchien;dog\nvache;cow\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", listed, "--niveaux", "2", "--out", out)
    assert result.exit_code == 2 and not out.exists()
    assert len(result.output.strip().splitlines()) == 1 and "a list of pairs has none" in result.output


@pytest.fixture
def themes_dir(tmp_path, monkeypatch):
    folder = tmp_path / "themes"
    shutil.copytree(model.THEMES_DIR, folder)
    monkeypatch.setattr(model, "THEMES_DIR", folder)
    return folder


@pytest.mark.parametrize(("change", "message"), [
    (('name = "pas"', 'name = "pas"\ncolour = 2'), "levels: unknown key 'colour'"),
    (('{ label = "1 h", step = 60 },', '{ label = "1 h", pas = 60 },'), "a step's key 'pas' is unknown"),
    (('{ label = "1 h", step = 60 },', '{ step = 60 },'), "each step has a label"),
    (('{ label = "1 h", step = 60 },', '{ label = "1 h" },'), "each step changes something"),
    (('name = "pas"', 'name = "pas"\nfor = ["sablier"]'), "levels 'pas': for must list representations"),
])
def test_a_broken_level_is_refused_naming_the_file(themes_dir, change, message):
    path = themes_dir / "heures.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    with pytest.raises(ThemeError, match=re.escape(message)) as caught:
        model.load_builtin("heures")
    assert "heures.toml" in str(caught.value)


def test_a_teachers_theme_file_names_its_own_levels(themes_dir):
    path = themes_dir / "heures.toml"
    text = path.read_text(encoding="utf-8")
    text = text[:text.index("[[levels]]")] + (  # the steps as tables of their own, labels by language
        '[[levels]]\nname = "matin"\n'
        '[[levels.steps]]\nlabel = { fr = "le matin", en = "morning" }\n'
        'values = "8:00,8:30,9:00,9:30,10:00,10:30,11:00"\n'
        '[[levels.steps]]\nlabel = { fr = "l\'après-midi", en = "afternoon" }\n'
        'values = "13:00,13:15,14:00,14:45,15:00,16:30,17:00"\n')
    path.write_text(text, encoding="utf-8")
    job = parse_options({"theme": "heures", "faces": "numérique,mots", "niveaux": 2, "lang": "en"})
    assert [deck.label for deck in job.levels] == ["morning", "afternoon"]
    assert len(job.levels[0].tiles) == len(job.levels[1].tiles) == 28


def test_the_themes_command_lists_each_themes_levels(run_cli):
    lines = {line.split()[0]: line for line in run_cli("themes").output.splitlines()}
    assert "(--niveaux: sommes, for addition: ≤ 10 | ≤ 20 | ≤ 100; différences, for soustraction: " \
        "≤ 10 | ≤ 20 | ≤ 100; tables, for multiplication, division: × 2, 5, 10 | × 3, 4 | × 6, 7, 8, 9)" \
        in lines["nombres"]
    assert lines["heures"].endswith("(--niveaux: pas: 1 h | ½ h | ¼ h | 5 min)")
    assert "--niveaux" in lines["fractions"] and "--niveaux" in lines["monnaie"]
    assert "--niveaux" not in lines["lettres"] and "--niveaux" not in lines["pips"]
