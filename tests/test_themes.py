"""The theme layer: registry, built-in themes, limits and broken theme files."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from domino_print import texts
from domino_print.errors import OptionError
from domino_print.geometry.sheet import SheetSpec, layout_sheet
from domino_print.themes.loader import load_theme
from domino_print.themes.model import (
    ASSETS_DIR,
    ThemeError,
    builtin_names,
    list_themes,
    load_builtin,
    read_toml,
    theme_from_data,
)

FRUITS = ("pomme", "poire", "banane", "orange", "cerises", "fraise", "raisin")
FRUIT_FILLS = {  # the main fill colour of each drawing in assets/fruits
    "pomme": (0xD9, 0x2F, 0x2A),
    "poire": (0xC5, 0xDF, 0x5A),
    "banane": (0xFF, 0xE1, 0x4D),
    "orange": (0xF7, 0x93, 0x1E),
    "cerises": (0xA8, 0x15, 0x2B),
    "fraise": (0xFF, 0x4D, 0x5E),
    "raisin": (0x6B, 0x2D, 0x8F),
}


def test_registry_lists_every_builtin_theme():
    assert builtin_names() == ["chiffres", "couleurs", "fractions", "fruits", "heures", "lettres", "monnaie",
                               "nombres", "pips", "pips-couleur"]
    themes = {t.name: t for t in list_themes()}
    assert themes["pips"].max_value == 12
    assert themes["chiffres"].max_value == 18
    assert themes["fruits"].max_value == 6 and themes["fruits"].kind == "pictures"
    assert themes["pips-couleur"].kind == "pips" and themes["chiffres"].kind == "numerals"
    assert load_theme("fruits").label(3, "en") == "orange"
    assert load_theme("fruits").label(5, "fr") == "fraise"


def test_themes_command_lists_one_line_per_theme(run_cli):
    result = run_cli("themes")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 0 and len(lines) == 10
    assert lines[3].split()[:2] == ["fruits", "0-6"]


def test_fruit_art_is_small_and_complete():
    for name in FRUITS:
        path = ASSETS_DIR / "fruits" / f"{name}.svg"
        assert path.stat().st_size <= 6 * 1024
        assert "<image" not in path.read_text() and "<text" not in path.read_text()


@pytest.mark.parametrize("name", ["pips", "pips-couleur", "chiffres", "fruits"])
def test_every_builtin_theme_renders_a_full_set(run_cli, tmp_path, name):
    out = tmp_path / f"{name}.pdf"
    result = run_cli("--theme", name, "--no-rules", "--out", out)
    assert result.exit_code == 0, result.output
    page = PdfReader(io.BytesIO(out.read_bytes())).pages[0]
    forms = page["/Resources"]["/XObject"]
    assert len(forms) == 7  # one form per value of double-six, blank included
    assert page.get_contents().get_data().count(b" Do") == 56


@pytest.mark.parametrize(
    ("name", "top"), [("fruits", 9), ("pips", 13), ("pips-couleur", 9)]
)  # chiffres goes to 18, the table's bound for --max (test_cli: --max 19 is out of range)
def test_theme_limits_are_clear_errors(run_cli, tmp_path, name, top):
    result = run_cli("--theme", name, "--max", top, "--no-rules", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert f"theme {name!r} shows values 0 to" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_chiffres_reaches_double_eighteen(run_cli, tmp_path):
    result = run_cli("--theme", "chiffres", "--max", "18", "--no-rules", "--out", tmp_path / "d18.pdf")
    assert result.exit_code == 0 and "190 dominoes (double-eighteen)" in result.output


@pytest.mark.slow
def test_fruit_sheet_pixels_show_each_pair_once_and_each_fruit_eight_times(run_cli, tmp_path):
    import pypdfium2 as pdfium

    out = tmp_path / "fruits.pdf"
    assert run_cli("--theme", "fruits", "--no-rules", "--out", out).exit_code == 0
    dpi = 60
    document = pdfium.PdfDocument(str(out))
    image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    sheet = layout_sheet(SheetSpec(), 28)

    def px(v: float) -> int:
        return round(v / 25.4 * dpi)

    def fruit_in(x0: float, y0: float, size: float) -> str:
        box = (
            px(x0 + 1),
            px(sheet.page_height_mm - y0 - size + 1),
            px(x0 + size - 1),
            px(sheet.page_height_mm - y0 - 1),
        )
        counts = Counter()
        for r, g, b in _pixels(image.crop(box)):
            if max(r, g, b) - min(r, g, b) > 60:  # a saturated pixel: part of the fruit's fill
                nearest = min(
                    FRUIT_FILLS,
                    key=lambda n: sum((c - f) ** 2 for c, f in zip((r, g, b), FRUIT_FILLS[n], strict=True)),
                )
                counts[nearest] += 1
        return counts.most_common(1)[0][0]

    pairs, appearances = Counter(), Counter()
    short = sheet.tile_short_mm
    for p in sheet.pages[0].placements:
        halves = [
            fruit_in(p.x_mm, p.y_mm + (1 - h) * short, short)
            if p.vertical
            else fruit_in(p.x_mm + h * short, p.y_mm, short)
            for h in range(2)
        ]
        pairs[frozenset(halves)] += 1
        appearances.update(halves)
    assert len(pairs) == 28 and set(pairs.values()) == {1}
    assert appearances == {name: 8 for name in FRUITS}


def test_fruit_pdf_is_small(run_cli, tmp_path):
    out = tmp_path / "fruits.pdf"
    run_cli("--theme", "fruits", "--no-rules", "--out", out)
    assert out.stat().st_size <= 30 * 1024


@pytest.mark.slow
def test_labels_print_names_in_the_chosen_language(run_cli, tmp_path):
    for lang, words in (("fr", ("pomme", "cerises", "raisin")), ("en", ("apple", "cherries", "grapes"))):
        out = tmp_path / f"labels-{lang}.pdf"
        assert (
            run_cli("--theme", "fruits", "--labels", "--lang", lang, "--no-rules", "--out", out).exit_code
            == 0
        )
        text = PdfReader(str(out)).pages[0].extract_text()
        for word in words:
            assert word in text


def _pixels(image):
    data = image.tobytes()
    return (tuple(data[i : i + 3]) for i in range(0, len(data), 3))


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = 'name = "x"\nkind = "pips"\nmax_value = 6\ntitle = "X"\ndescription = "y"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"\nkind = \n', "TOML syntax error"),
        (GOOD + "colour = 3\n", "unknown key 'colour'"),
        ('kind = "pips"\nmax_value = 6\ntitle = "X"\ndescription = "y"\n', "missing key 'name'"),
        (GOOD.replace('"pips"', '"crayons"'), "kind 'crayons' is unknown (use pips, numerals, pictures"),
        (GOOD.replace("max_value = 6", "max_value = 40"), "max_value must be"),
        (GOOD + 'colours = ["red"]\n', "colours must be a colour"),
        (GOOD + '[labels]\nfr = ["un"]\n', "labels.fr has 1 label for 7 values"),
        (GOOD.replace('title = "X"', "title = 5"), "title must be a text"),
    ],
)
def test_broken_theme_files_name_file_and_problem(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(ThemeError) as caught:
        theme_from_data(path, read_toml(path))
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)


def test_toml_syntax_error_gives_the_line(tmp_path):
    path = _write(tmp_path, 'name = "x"\n\nkind = = "pips"\n')
    with pytest.raises(ThemeError, match="line 3"):
        read_toml(path)


def test_good_theme_file_loads(tmp_path):
    theme = theme_from_data(tmp_path / "t.toml", read_toml(_write(tmp_path, GOOD)))
    assert theme.max_value == 6 and theme.title == {lang: "X" for lang in texts.languages()}


def test_each_kind_has_one_painter_and_each_theme_gets_its_kind_s_painter():
    from domino_print.faces.artwork import PicturePainter
    from domino_print.faces.numerals import NumeralPainter
    from domino_print.faces.painters import KINDS, PAINTERS, painter_for
    from domino_print.faces.pips import MAX_PIPS, PipPainter
    from domino_print.themes.kinds import THEME_KINDS, theme_kind

    assert KINDS == ("pips", "numerals", "pictures", "association") == tuple(k.name for k in THEME_KINDS)
    painters = {theme.name: painter_for(theme) for theme in list_themes()}
    assert isinstance(painters["pips"], PipPainter) and painters["pips"].colours == ()
    assert isinstance(painters["pips-couleur"], PipPainter) and len(painters["pips-couleur"].colours) == 9
    assert isinstance(painters["chiffres"], NumeralPainter)
    assert isinstance(painters["fruits"], PicturePainter)
    # the kind's record owns its highest value; the pips painter draws every one of them
    assert theme_kind("pips").max_value == MAX_PIPS == 12 and theme_kind("pictures").max_value is None
    assert not any(hasattr(PAINTERS[kind], "max_value") for kind in KINDS)  # said once, in themes.kinds


def test_a_theme_file_still_using_the_painter_key_is_told_the_known_keys(tmp_path):
    path = _write(tmp_path, GOOD.replace("kind =", "painter ="))
    with pytest.raises(ThemeError, match=r"unknown key 'painter' \(known keys: .*kind"):
        theme_from_data(path, read_toml(path))


def test_a_pictures_theme_needs_its_images(tmp_path):
    path = _write(tmp_path, GOOD.replace('"pips"', '"pictures"'))
    with pytest.raises(ThemeError, match=r'a pictures theme needs images = \["file.svg", ...\]'):
        theme_from_data(path, read_toml(path))


def test_builtin_files_all_validate():
    for name in builtin_names():
        assert load_builtin(name).name == name


def test_unknown_theme_is_an_option_error():
    with pytest.raises(OptionError, match="unknown theme 'dragons'"):
        load_theme("dragons")


def test_pips_theme_cannot_claim_more_than_twelve(tmp_path):
    path = _write(tmp_path, GOOD.replace("max_value = 6", "max_value = 13"))
    with pytest.raises(ThemeError, match="from 0 to 12 for kind 'pips'"):
        theme_from_data(path, read_toml(path))


# -- the page text check (issue 9, item 14) ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("  ", " is empty; give a short text"),
        ("a\u202eb", " contains control characters (U+202E); use plain text"),
        ("a\u2066b", " contains control characters (U+2066); use plain text"),
        ("a\u200bb", " contains control characters (U+200B); use plain text"),
        ("a\x07b", " contains control characters (U+0007); use plain text"),
        ("caf\udce9", " is not valid UTF-8 text (the byte 0xE9); use plain text"),
        ("x" * 41, " is 41 characters long; use at most 40"),
        ("\u732b", " has characters the font (Fira Sans) cannot print: '\u732b' (U+732B CJK UNIFIED "
                   "IDEOGRAPH-732B); write it without them (Latin, Greek and Cyrillic letters print)"),
    ],
)
def test_one_text_check_words_label_and_theme_texts_alike(text, rest):
    from domino_print.geometry.backs import parse_label
    from domino_print.texts.page_text import TextError, check_page_text

    with pytest.raises(TextError) as caught:
        check_page_text(text, most=40)
    assert caught.value.about("photos/theme.toml: title") == "photos/theme.toml: title" + rest
    with pytest.raises(OptionError) as label:
        parse_label(text)
    assert str(label.value) == "--label" + rest


def test_page_text_keeps_what_the_font_prints():
    from domino_print.texts.page_text import check_page_text, font_lacks

    assert check_page_text("  École\tZoé –\n2e  ", most=40) == "École Zoé – 2e"
    assert font_lacks("Zoé \u732b€\u732b\u0416") == "\u732b"  # Cyrillic prints


def test_displayed_makes_any_name_one_safe_line():
    from domino_print.texts.page_text import displayed

    assert displayed("a\udcffb\x1b[31m\u202e\n") == "a\\xffb\\x1b[31m\\u202e\\x0a"
    assert displayed("Zoé – ok") == "Zoé – ok"


@pytest.mark.parametrize(
    ("name", "part"),
    [("pips", "pips"), ("Les chats", "Les-chats"), ("../../etc", "etc"), ("ph\\xffotos", "ph-xffotos"),
     ("a\x00b", "a-b"), ("\u732b\u732b", "\u732b\u732b"), ("...", "theme"), ("x" * 300, "x" * 60),
     ("caf\udce9", "caf")],
)
def test_file_name_part(name, part):
    from domino_print.texts.page_text import file_name_part

    assert file_name_part(name) == part


def test_a_theme_kind_is_one_record_read_by_every_stage(monkeypatch):
    """Issue 32, item 2a: a kind's facts are its record in ``themes.kinds`` (the highest value, what its
    faces show, the rules page's words), read by the theme files, the games and the rules page."""
    from domino_print.rules.content import RulesContext, plan
    from domino_print.rules.variant import ANY_KIND, NUMBER_KINDS, PICTURE_KINDS
    from domino_print.themes.kinds import KINDS, THEME_KINDS, kinds_where, theme_kind

    assert NUMBER_KINDS == kinds_where("numbers") == {"pips", "numerals"}
    assert {"pictures"} == PICTURE_KINDS and set(KINDS) == ANY_KIND
    for kind in THEME_KINDS:  # what the rules page says touching halves show, from the record
        context = RulesContext(lang="en", variant="famille", top=6, kind=kind.name, theme_title="x")
        assert plan(context).faces == kind.shows
    # a theme file's highest value is its kind's
    data = {"name": "t", "kind": "numerals", "max_value": 19}
    with pytest.raises(ThemeError, match="18"):
        theme_from_data(Path("t.toml"), data)
    monkeypatch.setattr("domino_print.themes.kinds._BY_NAME", {
        **{k.name: k for k in THEME_KINDS}, "numerals": theme_kind("numerals")._replace(max_value=20)})
    assert theme_from_data(Path("t.toml"), data).max_value == 19
