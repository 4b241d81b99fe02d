"""A user theme's texts in every language of the text catalogues, not only French and English."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from domino_print import texts
from domino_print.output.files import write_atomically
from domino_print.themes.model import ThemeError
from domino_print.themes.user import load_user_theme, write_starter_theme
from tests.fixtures_images import SEVEN, colour_folder, render_theme, run

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

WORDS = {
    "fr": ["rouge", "bleu", "vert"],
    "en": ["red", "blue", "green"],
    "es": ["rojo", "azul", "verde"],
    "de": ["rot", "blau", "grün"],
}
TITLES = {"fr": "Couleurs", "en": "Colours", "es": "Colores", "de": "Farben"}


def theme_folder(tmp_path: Path, langs: tuple[str, ...]) -> Path:
    """Three pictures and a theme.toml with a title and labels in ``langs`` only."""
    folder = colour_folder(tmp_path / "couleurs", SEVEN[:3])
    titles = "".join(f'{lang} = "{TITLES[lang]}"\n' for lang in langs)
    labels = "".join(f"{lang} = {WORDS[lang]!r}\n".replace("'", '"') for lang in langs)
    (folder / "theme.toml").write_text(f"[title]\n{titles}\n[labels]\n{labels}", encoding="utf-8")
    return folder


def sheet_text(pdf: Path) -> str:
    return PdfReader(str(pdf)).pages[0].extract_text()


@pytest.mark.parametrize("lang", ["es", "de"])
def test_labels_and_title_in_spanish_and_german_print_with_their_lang(tmp_path, lang):
    folder = theme_folder(tmp_path, ("fr", "en", "es", "de"))
    out = tmp_path / f"{lang}.pdf"
    result = render_theme(folder, out, "--labels", "--lang", lang, "--max", "2")
    assert result.exit_code == 0, result.output
    text = sheet_text(out)
    for word in WORDS[lang]:
        assert word in text
    for other in ("fr", "en", "es", "de"):
        if other != lang:
            assert WORDS[other][1] not in text  # "bleu", "blue", "azul", "blau": one language only
    assert TITLES[lang] in PdfReader(str(out)).metadata.title


@pytest.mark.parametrize(
    ("given", "page", "shown"),
    [
        (("fr", "en", "de"), "de", "de"),  # the page's own language
        (("fr", "en"), "de", "en"),  # then English
        (("fr", "es"), "de", "fr"),  # then French
        (("es",), "de", "es"),  # then the first language given
        (("de", "es"), "fr", "de"),
    ],
)
def test_a_page_language_the_theme_lacks_falls_back_to_en_then_fr_then_any(tmp_path, given, page, shown):
    theme = load_user_theme(theme_folder(tmp_path, given))
    assert [theme.label(value, page) for value in range(3)] == WORDS[shown]
    assert theme.title_in(page) == TITLES[shown]


def test_without_labels_the_file_names_are_the_labels_in_every_language(tmp_path):
    folder = colour_folder(tmp_path / "couleurs", SEVEN[:2])
    (folder / "theme.toml").write_text('[title]\nde = "Farben"\n', encoding="utf-8")
    theme = load_user_theme(folder)
    for lang in texts.languages():
        assert theme.label(1, lang) == "img2"
        assert theme.title_in(lang) == "Farben"


@pytest.mark.parametrize(
    ("toml", "where"),
    [
        ('[labels]\nfr = ["a", "b"]\nit = ["a", "b"]\n', "labels: unknown language 'it'"),
        ('[title]\nfr = "Chats"\nfr-FR = "Chats"\n', "title: unknown language 'fr-FR'"),
        ('[description]\nEN = "Cats"\n', "description: unknown language 'EN'"),
    ],
)
def test_an_unknown_language_code_is_refused_in_one_line_naming_the_known_ones(tmp_path, toml, where):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    (folder / "theme.toml").write_text(toml, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    assert lines[0] == (f"domino-print: error: {folder / 'theme.toml'}: {where} "
                        f"(known language codes: {', '.join(texts.languages())})")
    assert not out.exists()


def test_a_language_added_as_a_catalogue_is_accepted_in_a_theme_file(tmp_path, monkeypatch):
    catalogues = tmp_path / "texts"
    catalogues.mkdir()
    for path in texts.CATALOGUE_DIR.glob("*.toml"):
        shutil.copy(path, catalogues / path.name)
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    (folder / "theme.toml").write_text('[labels]\nfr = ["a", "b"]\nit = ["rosso", "blu"]\n', encoding="utf-8")
    with pytest.raises(ThemeError, match="unknown language 'it'"):
        load_user_theme(folder)
    shutil.copy(catalogues / "en.toml", catalogues / "it.toml")
    monkeypatch.setattr(texts, "CATALOGUE_DIR", catalogues)
    assert "it" in texts.languages()
    assert load_user_theme(folder).label(1, "it") == "blu"


def test_the_starter_fills_fr_and_en_and_names_the_other_codes(tmp_path):
    folder = colour_folder(tmp_path / "couleurs", SEVEN[:3])
    text = write_starter_theme(folder, write_atomically).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert sorted(data["labels"]) == ["en", "fr"]
    others = [code for code in texts.languages() if code not in ("fr", "en")]
    assert others  # es and de today
    assert f"fr and en here; {' and '.join(others)} are accepted too." in text
    assert "takes en, then fr, then the first list given" in text
    assert len(text.splitlines()) < 50  # short enough to read through
    # The user adds a German list as the comment says: it prints with --lang de.
    german = 'de = ["rot", "blau", "grün"]\n'
    (folder / "theme.toml").write_text(text.replace("[labels]\n", "[labels]\n" + german), encoding="utf-8")
    out = tmp_path / "de.pdf"
    result = render_theme(folder, out, "--labels", "--lang", "de", "--max", "2")
    assert result.exit_code == 0, result.output
    assert "grün" in sheet_text(out)
