"""The text catalogues: same keys and placeholders in every language, and a language is one file."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from domino_print import texts
from domino_print.sets.tiles import MAX_TOP
from domino_print.themes.model import builtin_names, load_builtin


def test_default_language_comes_first():
    assert texts.languages()[0] == "fr"
    assert {"fr", "en"} <= set(texts.languages())


@pytest.mark.parametrize("lang", texts.languages())
def test_every_catalogue_has_the_keys_and_placeholders_of_the_default(lang):
    reference = texts.catalogue(texts.DEFAULT_LANG)
    other = texts.catalogue(lang)
    assert set(other) == set(reference)
    for key, template in reference.items():
        assert texts.placeholders(other[key]) == texts.placeholders(template), key


def test_text_fills_placeholders_and_names_a_missing_key():
    assert texts.text("en", "language.name") == "English"
    with pytest.raises(texts.CatalogueError, match="no key 'nope'"):
        texts.text("en", "nope")


# ------------------------------------------------------------------ catalogue contents

SPACING_STYLES = {"french", "plain"}


@pytest.mark.parametrize("lang", texts.languages())
def test_every_catalogue_covers_every_set_deal_and_builtin_theme(lang):
    words = texts.catalogue(lang)
    assert words["typography.spacing"] in SPACING_STYLES
    for top in range(MAX_TOP + 1):
        assert texts.set_name(lang, top)
    for players in (2, 3, 4):
        assert words[f"rules.deal.players.{players}"]
    for name in builtin_names():
        theme = load_builtin(name)
        assert words[f"theme.{name}.title"] and words[f"theme.{name}.description"]
        if theme.kind == "pictures":  # every picture has its name, and no value past the last picture does
            assert all(f"theme.{name}.label.{v}" in words for v in range(theme.max_value + 1))
            assert f"theme.{name}.label.{theme.max_value + 1}" not in words


def test_set_names_follow_each_language():
    assert texts.set_name("fr", 18) == "double-dix-huit"
    assert texts.set_name("en", 9) == "double-nine"
    assert texts.set_name("es", 6) == "doble seis"
    assert texts.set_name("es", 16) == "doble dieciséis"
    assert texts.set_name("de", 6) == "Doppel-Sechs"
    assert texts.set_name("de", 12) == "Doppel-Zwölf"


def test_plural_forms_come_from_the_catalogue():
    assert texts.plural("fr", "rules.points_total", 1) == "1\u00a0point"
    assert texts.plural("fr", "rules.points_total", 50) == "50\u00a0points"
    assert texts.plural("de", "rules.dominoes", 1) == "1\u00a0Dominostein"
    assert texts.plural("es", "rules.dominoes", 28) == "28\u00a0fichas"


@pytest.mark.parametrize("lang, grouped, with_decimals", [
    ("fr", "131\u00a0072", "1\u00a0234,5"),  # no-break space (as before « : »), decimal comma
    ("en", "131,072", "1,234.5"),
    ("es", "131.072", "1.234,5"),
    ("de", "131.072", "1.234,5"),
])
def test_large_numbers_are_grouped_as_each_language_writes_them(lang, grouped, with_decimals):
    assert texts.fill(lang, "{most:,}", most=131072) == grouped
    assert texts.fill(lang, "{size:,.1f}", size=1234.5) == with_decimals
    assert texts.fill(lang, "{most} {year}", most=131072, year=2026) == "131072 2026"  # only where asked


def test_lists_are_joined_with_the_catalogue_words():
    key = "rules.deal.list"
    assert texts.join_list("fr", key, ["trois", "quatre"]) == "trois ou à quatre"
    assert texts.join_list("fr", key, ["deux", "trois", "quatre"]) == "deux, trois ou quatre"
    assert texts.join_list("en", key, ["two"]) == "two"
    assert texts.join_list("de", key, ["zu dritt", "zu viert"]) == "zu dritt oder zu viert"
    assert texts.join_list("es", key, ["dos", "tres", "cuatro"]) == "dos, tres o cuatro"


def test_french_spacing_is_a_catalogue_setting_not_a_language_code():
    assert texts.typeset("fr", "Qui gagne ? Jeu : « oui »") == "Qui gagne\u00a0? Jeu\u00a0: «\u00a0oui\u00a0»"
    for lang in ("en", "es", "de"):
        assert texts.typeset(lang, "Wer gewinnt? Spiel: ja") == "Wer gewinnt? Spiel: ja"


def test_only_the_requested_catalogue_is_read(monkeypatch):
    texts.catalogue.cache_clear()
    read: list[str] = []
    original = texts.Path.read_bytes

    def spy(path, *args, **kwargs):
        read.append(path.name)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(texts.Path, "read_bytes", spy)
    texts.text("de", "sheet.cut")
    texts.text("de", "rules.title", theme="X")
    assert read == ["de.toml"]
    texts.catalogue.cache_clear()


# ------------------------------------------------------------------ a language is one file


@pytest.mark.slow
def test_a_catalogue_copied_to_a_new_name_adds_a_language_with_no_code_change(tmp_path):
    """Copy the package, add texts/xx.toml (English with a marked title), and print in xx."""
    root = Path(texts.__file__).resolve().parents[2]
    copy = tmp_path / "copy"
    for folder in ("domino_print", "themes", "assets"):
        shutil.copytree(root / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__"))
    english = (copy / "domino_print" / "texts" / "en.toml").read_text(encoding="utf-8")
    marked = english.replace('title = "How to play — {theme} dominoes"', 'title = "XX rules — {theme}"')
    assert marked != english
    (copy / "domino_print" / "texts" / "xx.toml").write_text(marked, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}  # the copy comes before the installed package

    def run(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "domino_print", *args]
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)

    sheet, calibration = tmp_path / "xx.pdf", tmp_path / "xx-calibration.pdf"
    done = run("--theme", "fruits", "--labels", "--lang", "xx", "--out", str(sheet))
    assert done.returncode == 0, done.stderr
    done = run("calibrate", "--lang", "xx", "--out", str(calibration))
    assert done.returncode == 0, done.stderr
    assert "xx" in run("--help").stdout

    reader = pypdf.PdfReader(str(sheet))
    assert len(reader.pages) == 2  # the sheet and the rules page
    sheet_text = " ".join(reader.pages[0].extract_text().split())
    rules_text = " ".join(reader.pages[1].extract_text().replace("\u00a0", " ").split())
    assert "Cut along the solid lines" in sheet_text and "strawberry" in sheet_text
    assert "XX rules — Fruits" in rules_text  # the copy's catalogue, not the installed one
    assert "Two players take 7 dominoes each; three or four players take 5 dominoes each." in rules_text
    assert "Two-sided calibration" in pypdf.PdfReader(str(calibration)).pages[0].extract_text()


# ------------------------------------------------------------------ Spanish and German PDFs read back


def _page_texts(path) -> list[str]:
    reader = pypdf.PdfReader(str(path))
    return [" ".join(page.extract_text().replace("\u00a0", " ").split()) for page in reader.pages]


SHEETS = {
    "es": {
        "legend": "Recorta por las líneas continuas. Nunca cortes la línea de puntos del centro.",
        "scale": "50 mm: imprimir al 100 % (tamaño real)",
        "rules": "Reglas del juego — Dominó «Puntos clásicos»",
        "deal_6": "Con dos jugadores, cada uno toma 7 fichas; con tres o cuatro, 5 fichas cada uno.",
        "deal_12": "Con dos, tres o cuatro jugadores, cada uno toma 15 fichas.",
        "facts": ("JUGADORES", "de 2 a 4", "28 fichas, doble seis"),
        "calibration": ("Calibración a doble cara", "girando por el borde largo", "Reverso: lee aquí"),
    },
    "de": {
        "legend": "An den durchgezogenen Linien schneiden. Die gestrichelte Mittellinie nie durchschneiden.",
        "scale": "50 mm: mit 100 % drucken (Originalgröße)",
        "rules": "Spielregeln – Domino Klassische Augen",
        "deal_6": "Zu zweit erhält jeder 7 Dominosteine; zu dritt oder zu viert je 5 Dominosteine.",
        "deal_12": "Zu zweit, zu dritt oder zu viert erhält jeder 15 Dominosteine.",
        "facts": ("SPIELER", "2 bis 4", "28 Dominosteine, Doppel-Sechs"),
        "calibration": ("Kalibrierung für beidseitigen Druck", "„lange Kante“", "Rückseite: hier ablesen"),
    },
}


@pytest.mark.parametrize("lang", sorted(SHEETS))
@pytest.mark.slow
def test_spanish_and_german_pdfs_speak_their_language_on_every_page(run_cli, tmp_path, lang):
    expected = SHEETS[lang]
    six, twelve, calibration = tmp_path / "six.pdf", tmp_path / "twelve.pdf", tmp_path / "cal.pdf"
    assert run_cli("--theme", "pips", "--lang", lang, "--out", six).exit_code == 0
    assert run_cli("--theme", "pips", "--max", "12", "--lang", lang, "--out", twelve).exit_code == 0
    assert run_cli("calibrate", "--lang", lang, "--out", calibration).exit_code == 0

    sheet, rules = _page_texts(six)
    assert expected["legend"] in sheet and expected["scale"] in sheet
    assert expected["rules"] in rules and expected["deal_6"] in rules
    assert all(fact in rules for fact in expected["facts"])
    assert "{" not in rules and "}" not in rules  # every placeholder filled
    assert expected["deal_12"] in _page_texts(twelve)[-1]
    front, back = _page_texts(calibration)
    assert expected["calibration"][0] in front and expected["calibration"][1] in front
    assert expected["calibration"][2] in back


# ------------------------------------------------------------------ theme texts


def test_builtin_theme_texts_come_from_the_catalogue():
    fruits = load_builtin("fruits")
    assert fruits.title_in("de") == "Obst" and fruits.title_in("fr") == "Fruits"
    assert [fruits.label(v, "es") for v in (0, 2, 6)] == ["manzana", "plátano", "uvas"]
    assert fruits.label(4, "de") == "Kirschen"
    assert load_builtin("pips").description_in("en").startswith("Black pips")


def test_a_user_theme_without_the_page_language_falls_back_to_english_then_french_then_its_name():
    from domino_print.themes.model import Theme

    def user(title: dict, labels: dict) -> Theme:
        return Theme("cats", "picture", 1, title=title, description={}, labels=labels, builtin=False)

    both = user({"fr": "Chats", "en": "Cats"}, {"fr": ("chat", "chaton"), "en": ("cat", "kitten")})
    assert both.title_in("fr") == "Chats" and both.title_in("es") == "Cats"
    assert both.label(1, "de") == "kitten" and both.label(1, "fr") == "chaton"
    french = user({"fr": "Chats"}, {"fr": ("chat", "chaton")})
    assert french.title_in("de") == "Chats" and french.label(0, "es") == "chat"
    assert user({}, {}).title_in("es") == "cats" and user({}, {}).label(1, "es") == "1"


def test_spanish_speaks_to_the_reader_as_tu_throughout():
    """The Spanish pages say "Recorta", "Sostén": the loop deck's rules did not switch to usted."""
    catalogue = texts.catalogue("es")
    loop = " ".join(str(v) for key, v in catalogue.items() if key.startswith(("loop.class.", "loop.alone.")))
    for usted in ("Dé ", "Baraje", "coloque", "Busque", "póngala", "Compruébelo"):
        assert usted not in loop, usted


# ------------------------------------------------------------------ CLDR plurals

CLDR_PLURALS = {  # written here from the CLDR plural rules (cldr.unicode.org, "Language Plural Rules")
    "fr": {0: "one", 1: "one", 2: "other", 17: "other"},  # French: i = 0,1 is one
    "en": {0: "other", 1: "one", 2: "other", 17: "other"},
    "es": {0: "other", 1: "one", 2: "other", 17: "other"},
    "de": {0: "other", 1: "one", 2: "other", 17: "other"},
}


@pytest.mark.parametrize("lang", sorted(CLDR_PLURALS))
def test_plural_forms_follow_each_language_s_cldr_rule(lang):
    for count, form in CLDR_PLURALS[lang].items():
        assert texts.plural_form(lang, count) == form, count
    zero = texts.plural(lang, "rules.dominoes", 0)
    assert zero == texts.text(lang, f"rules.dominoes.{CLDR_PLURALS[lang][0]}", count=0)


def test_french_zero_is_singular_and_a_missing_form_falls_back_to_other():
    assert texts.plural("fr", "rules.dominoes", 0) == "0\u00a0domino"
    assert texts.plural("en", "rules.dominoes", 0) == "0\u00a0dominoes"
    assert texts.plural_form("fr", 1_000_000) == "many"  # CLDR's French "many"; no key: "other"
    assert texts.plural("fr", "rules.dominoes", 1_000_000) == "1000000\u00a0dominos"


FRENCH_SPACED = re.compile(r"[ \u202f][;:!?»%]|«[ \u202f]|[^\s\u00a0«]»|«[^\s\u00a0]")
"""A plain (breaking) space before ; : ! ? » % or after «, a narrow one (ReportLab breaks lines at
U+202F: a line would start with the mark), or guillemets with no space inside."""


def _placeholders_out(value: str) -> str:
    return re.sub(r"\{[^{}]*\}", "{}", value)  # "{key!r}", "{short:g}": format specs, not French


def test_french_catalogue_puts_a_no_break_space_before_double_marks_and_inside_guillemets():
    """French typography in every French text, not only on the paragraphs ``texts.typeset`` spaces:
    the no-break space U+00A0 (written ``\\u00a0`` in fr.toml) before ; : ! ? and %, inside « »."""
    wrong = {key: value for key, value in texts.catalogue("fr").items()
             if isinstance(value, str) and FRENCH_SPACED.search(_placeholders_out(value))}
    assert not wrong, wrong
    raw = (Path(texts.__file__).parent / "fr.toml").read_text(encoding="utf-8")
    assert "\u00a0" not in raw and "\u202f" not in raw, "write the no-break space as \\u00a0: it shows"
    assert texts.text("fr", "rules.prepare.cut", dominoes="dominos").endswith("ne se coupe pas\u00a0: il "
                                                                              "sépare les deux moitiés "
                                                                              "d’une même pièce.")


STRAIGHT_APOSTROPHE = re.compile(r"\w'\w")
"""A straight ' between two letters: an apostrophe in French prose (l'image), written ’ there."""

def test_french_texts_write_the_typographic_apostrophe_and_quote_with_guillemets():
    """French prose writes l’image, not l'image (the code samples it quotes, ``name = "..."``, keep
    their ASCII), and quotes with « » (no-break spaces inside), never “ ”."""
    french = {key: _placeholders_out(value) for key, value in texts.catalogue("fr").items()
              if isinstance(value, str)}
    straight = {key: value for key, value in french.items() if STRAIGHT_APOSTROPHE.search(value)}
    assert not straight, straight
    english_quotes = {key: value for key, value in french.items() if re.search("[\u201c\u201d]", value)}
    assert not english_quotes, english_quotes


QUOTED_LABELS = {  # how each language quotes a form's label in a sentence, from its typography
    "fr": "«\u00a0Valeur la plus haute\u00a0»", "en": "\u201cHighest value\u201d",
    "es": "«Valor más alto»", "de": "\u201eHöchster Wert\u201c",
}


@pytest.mark.parametrize("lang", sorted(QUOTED_LABELS))
def test_a_form_s_label_is_quoted_as_its_language_quotes(lang):
    from domino_print.api import parse_options
    from domino_print.errors import OptionError
    from domino_print.options.wording import describe, names_for

    assert names_for("form", lang)("max") == QUOTED_LABELS[lang]
    with pytest.raises(OptionError) as raised:
        parse_options({"theme": "fruits", "max": 9})
    assert f"{QUOTED_LABELS[lang]} 9" in describe(raised.value, "form", lang)


def test_a_french_double_mark_after_a_word_gets_its_no_break_space_added_by_typeset():
    assert texts.french_spacing("noir; relief : « gris »") == "noir\u00a0; relief\u00a0: «\u00a0gris\u00a0»"


DECIMAL_MARKS = {"fr": ",", "es": ",", "de": ",", "en": "."}
"""How each language writes 2.5 (French, Spanish and German "2,5 mm"; English "2.5 mm"), written
here from each language's usage (CLDR's decimal symbol for fr, es, de, en), not read from the code."""


@pytest.mark.parametrize("lang", sorted(DECIMAL_MARKS))
def test_numbers_with_decimals_follow_the_language(lang):
    mark = DECIMAL_MARKS[lang]
    assert texts.decimal(lang, 2.5) == f"2{mark}5"
    assert texts.decimal(lang, 7.0) == "7"
    assert texts.decimal(lang, 0.25, places=1) in (f"0{mark}2", f"0{mark}3")
    assert texts.fill(lang, "{a} mm, {b:g} mm, {c:.1f} mm, {n} mm, {n:g} mm, {s}", a=1.5, b=2.25, c=3.0, n=4,
                      s="1.5") == f"1{mark}5 mm, 2{mark}25 mm, 3{mark}0 mm, 4 mm, 4 mm, 1.5"  # a text stays
    assert texts.text(lang, "sheet.offset_in_force", x=1.5, y=-0.5).count(f"1{mark}5") == 1


@pytest.mark.parametrize("lang", sorted(DECIMAL_MARKS))
def test_a_message_s_millimetres_follow_the_language(lang):
    from domino_print.errors import OptionError

    error = OptionError(says="tile.too_small", fields=("tile_size",), text="'10x20mm'", short=12.5, long=25)
    assert f"12{DECIMAL_MARKS[lang]}5" in error.worded(lambda field: f"--{field}", lang)


CALIBRATION_EXAMPLES = {  # the calibration sheet's examples as each language writes its decimals
    "fr": ('"1,5;-0,5"', '"100,6;99,8"', "imprimée avec --scale 100,6;99,8"),
    "es": ('"1,5;-0,5"', '"100,6;99,8"', "impresa con --scale 100,6;99,8"),
    "de": ('"1,5;-0,5"', '"100,6;99,8"', "gedruckt mit --scale 100,6;99,8"),
    "en": ("1.5,-0.5", "100.6,99.8", "printed with --scale 100.6,99.8"),
}


@pytest.mark.parametrize("lang", sorted(CALIBRATION_EXAMPLES))
def test_the_calibration_sheet_writes_its_examples_with_the_language_s_decimals(lang):
    """French writes 1,5 and splits a pair by a semicolon (1,5;-0,5, quoted for the shell), as
    every surface reads it (``options.values.decimal_points``); English 1.5,-0.5."""
    from domino_print.options.parsing import calibration_flags

    offset, scale, in_force = CALIBRATION_EXAMPLES[lang]
    flags = calibration_flags()
    assert offset in texts.text(lang, "calibration.step.4", duplex="long", **flags)
    assert f"--scale {scale}" in texts.text(lang, "calibration.step.5", length="150", **flags)
    assert texts.text(lang, "calibration.in_force", x=100.6, y=99.8, **flags) == in_force
    steps = " ".join(texts.text(lang, f"calibration.step.{n}", edge="e", duplex="long", other="short",
                                length="150", **flags) for n in range(1, 6))
    if lang != "en":
        assert not re.search(r"\d\.\d", steps), steps  # no decimal point where the language writes a comma


HELP_EXAMPLES = {  # the examples of the scale's and the back offset's help, as each language writes them
    "fr": ("par exemple 100,6;99,8", "par exemple 1,5;-0,5"),
    "es": ("por ejemplo 100,6;99,8", "por ejemplo 1,5;-0,5"),
    "de": ("zum Beispiel 100,6;99,8", "z.\u00a0B. 1,5;-0,5"),
    "en": ("for example 100.6,99.8", "e.g. 1.5,-0.5"),
}


@pytest.mark.parametrize("lang", sorted(HELP_EXAMPLES))
def test_the_scale_and_offset_help_write_examples_the_options_read(lang):
    """The help's examples are written with the language's decimals (issue 31, item 2), in a form
    the options read as the same scale and offset as 100.6,99.8 and 1.5,-0.5."""
    from domino_print.options.parsing import parse

    scale_example, offset_example = HELP_EXAMPLES[lang]
    assert scale_example in texts.text(lang, "option.scale.help")
    assert offset_example in texts.text(lang, "option.back_offset.help")
    scale, offset = scale_example.split()[-1], offset_example.split()[-1]
    read = parse({"scale": scale, "back_offset": offset, "backs": "duplex"}, command_line=True)
    assert (read.scale, read.back_offset_mm) == ((100.6, 99.8), (1.5, -0.5))


def test_one_key_says_the_decimal_mark():
    for lang, mark in DECIMAL_MARKS.items():
        assert texts.decimal_mark(lang) == mark
        assert not any(key.startswith("typography.decimal") for key in texts.catalogue(lang))


def test_the_summary_line_writes_the_kerf_gap_as_its_language_does():
    from domino_print.api import make_document, parse_options, summary_line

    document = make_document(parse_options({"max": 2, "no_rules": True}))
    assert "0,5" in summary_line(document, "fr", kerf_gap_mm=(0.5, 0.2))
    assert "0.5" in summary_line(document, "en", kerf_gap_mm=(0.5, 0.2))


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "index.html\u00a0: 1 jeu (1 fait)"), ("en", "index.html: 1 set (1 made)"),
    ("de", "index.html: 1 Spiel (1 erstellt)"), ("es", "index.html: 1 juego (1 hecho)"),
])
def test_the_site_command_s_line_speaks_the_system_s_language_with_its_plurals(tmp_path, lang, line):
    from click.testing import CliRunner

    from domino_print.cli import cli

    catalogue = tmp_path / "c.toml"
    catalogue.write_text('[[set]]\nname = "Points"\ndescription = "Un jeu."\n[set.options]\ntheme = "pips"\n'
                         'max = 2\n', encoding="utf-8")
    result = CliRunner(env={"LC_ALL": f"{lang}_XX.UTF-8"}).invoke(
        cli, ["site", str(catalogue), "--out", str(tmp_path / "site")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(line)


def test_the_studio_s_plural_words_follow_cldr():
    from domino_print.studio.words import plural_word

    assert plural_word("fr", "pictures.count", 0) == texts.text("fr", "studio.pictures.count.one", count=0)
    assert plural_word("en", "pictures.count", 0) == texts.text("en", "studio.pictures.count.other", count=0)


COUNTED = {  # (key, count): each language's words, written here from its grammar, not from the code
    ("studio.pictures.sending", 0): {"fr": "Envoi de 0 image…", "en": "Sending 0 pictures…",
                                     "es": "Enviando 0 imágenes…", "de": "0 Bilder werden gesendet…"},
    ("studio.pictures.sending", 1): {"fr": "Envoi de 1 image…", "en": "Sending 1 picture…",
                                     "es": "Enviando 1 imagen…", "de": "1 Bild wird gesendet…"},
    ("studio.pictures.sending", 2): {"fr": "Envoi de 2 images…", "en": "Sending 2 pictures…",
                                     "es": "Enviando 2 imágenes…", "de": "2 Bilder werden gesendet…"},
    ("studio.theme.opened", 1): {"fr": "Thème ouvert\u00a0: 1 image.", "en": "Theme opened: 1 picture.",
                                 "es": "Tema abierto: 1 imagen.", "de": "Thema geöffnet: 1 Bild."},
    ("studio.theme.opened", 0): {"fr": "Thème ouvert\u00a0: 0 image.", "en": "Theme opened: 0 pictures.",
                                 "es": "Tema abierto: 0 imágenes.", "de": "Thema geöffnet: 0 Bilder."},
    ("error.theme.values_count", 1): {"fr": "1 valeur", "en": "1 value", "es": "1 valor", "de": "1 Wert"},
    ("error.theme.values_count", 0): {"fr": "0 valeur", "en": "0 values", "es": "0 valores", "de": "0 Werte"},
    ("error.theme.names_given", 1): {"fr": "1 nom", "en": "1 label", "es": "1 nombre", "de": "1 Namen"},
    ("error.theme.colours_given", 1): {"fr": "1 couleur", "en": "1 colour", "es": "1 color", "de": "1 Farbe"},
    ("error.theme.crop_pairs", 1): {"fr": "1 paire [x, y]", "en": "1 [x, y] pair", "es": "1 par [x, y]",
                                    "de": "1 Paar [x, y]"},
    ("error.level.levels_count", 1): {"fr": "1 niveau", "en": "1 level", "es": "1 nivel", "de": "1 Stufe"},
    ("error.level.levels_count", 3): {"fr": "3 niveaux", "en": "3 levels", "es": "3 niveles",
                                      "de": "3 Stufen"},
}


@pytest.mark.parametrize(("key", "count"), sorted(COUNTED))
def test_a_counted_text_follows_the_count_in_each_language(key, count):
    for lang, expected in COUNTED[key, count].items():
        assert texts.plural(lang, key, count) == expected, lang


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("fr", "Planche à découper\u00a0: 1 domino double-six, thème pips", "2 dominos double-six"),
    ("en", "Cutting sheet: 1 double-six domino, theme pips", "2 double-six dominoes"),
    ("es", "Hoja para recortar: 1 ficha de dominó doble seis, tema pips", "2 fichas de dominó doble seis"),
    ("de", "Schneidebogen: 1 Dominostein, Doppel-Sechs, Thema pips", "2 Dominosteine, Doppel-Sechs"),
])
def test_the_pdf_subject_of_one_reprinted_tile_says_one_domino(lang, one, two):
    """``--only 6-6`` reprints one tile: the PDF's subject (its properties) says "1 domino"."""
    from domino_print.api import parse_options
    from domino_print.options.parsing import parse
    from domino_print.sets.job import document_subject

    def subject(only: str) -> str:
        return document_subject(parse_options(parse({"only": only, "lang": lang, "no_rules": True},
                                                    command_line=True)))

    assert subject("6-6") == one
    assert two in subject("6-6,4-2")


def test_a_theme_s_counted_refusals_say_one_in_the_singular():
    from domino_print.errors import OptionError, PluralPhrase

    error = OptionError(says="set.too_few_values_for_a_game", fields=("no_rules",), theme="'one'",
                        count=PluralPhrase("theme.values_count", count=1), least=3)
    assert "ne montre que 1 valeur, trop peu" in error.worded(lambda field: f"--{field}", "fr")
    assert "shows only 1 value," in str(error)



def test_german_says_du_to_players_and_sie_to_the_adult_who_prints():
    """The rules pages (a loop played alone too) speak to the players as du; the calibration page, like
    every message and form, to the adult as Sie: no page switches between them."""
    catalogue = texts.catalogue("de")
    alone = ("loop.alone.", "chain.alone.")
    players = " ".join(str(v) for key, v in catalogue.items() if key.startswith(alone))
    for sie in ("Mischen Sie", "Suchen Sie", "Prüfen Sie", "legen Sie"):
        assert sie not in players, sie
    printer = " ".join(str(v) for key, v in catalogue.items() if key.startswith("calibration."))
    assert not re.search(r"\b(du|dir|dein\w*|Drucke|Halte|Lies|Miss|Nimm)\b", printer), printer
