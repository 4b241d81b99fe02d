"""The user's cache (``user_cache``): parsed catalogues and fonts kept between runs, never stale.

Each test gets its own cache folder (``DOMINO_PRINT_CACHE``). What a cache entry gives back is
compared with what parsing the source gives, and a run's PDF with the cache, without it, and
with a home that cannot hold one (``HOME=/dev/null``) are the same bytes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from domino_print import fonts, texts, user_cache
from domino_print.fonts import parsed


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(user_cache.ENVIRONMENT, str(folder))
    user_cache.folder.cache_clear()
    yield folder
    user_cache.folder.cache_clear()
    texts.catalogue.cache_clear()


def _parsed_catalogue(path: Path) -> dict[str, str]:
    return texts._flatten(tomllib.loads(path.read_text(encoding="utf-8")))


@pytest.mark.slow
def test_every_catalogue_read_back_from_the_cache_is_the_parsed_one(cache):
    for lang in texts.languages():
        texts.catalogue.cache_clear()
        first = texts.catalogue(lang)  # parsed, then kept
        texts.catalogue.cache_clear()
        again = texts.catalogue(lang)  # read back
        assert first == again == _parsed_catalogue(texts.CATALOGUE_DIR / f"{lang}.toml")
    kept = sorted(path.name.split("-")[1] for path in cache.glob("texts-*.marshal"))
    assert kept == sorted(texts.languages())


def test_an_edited_catalogue_is_parsed_again_and_its_old_entry_removed(cache, tmp_path, monkeypatch):
    folder = tmp_path / "texts"
    folder.mkdir()
    shutil.copy(texts.CATALOGUE_DIR / "en.toml", folder / "en.toml")
    monkeypatch.setattr(texts, "CATALOGUE_DIR", folder)
    texts.catalogue.cache_clear()
    assert texts.text("en", "set.number.6") == "six"
    source = (folder / "en.toml").read_text(encoding="utf-8")
    edited = source.replace('6 = "six"', '6 = "half a dozen"', 1)
    assert edited != source
    (folder / "en.toml").write_text(edited, encoding="utf-8")
    texts.catalogue.cache_clear()
    assert texts.text("en", "set.number.6") == "half a dozen"
    assert len(list(cache.glob("texts-en-*.marshal"))) == 1  # the stale entry went


@pytest.mark.slow
def test_a_damaged_or_foreign_entry_is_not_trusted(cache):
    texts.catalogue("en")
    (entry,) = cache.glob("texts-en-*.marshal")
    for damaged in (b"", b"\x00garbage", __import__("marshal").dumps({"set.name": 3}),
                    __import__("marshal").dumps(["not", "a", "catalogue"])):
        entry.write_bytes(damaged)
        texts.catalogue.cache_clear()
        assert texts.catalogue("en") == _parsed_catalogue(texts.CATALOGUE_DIR / "en.toml")


def test_no_cache_folder_when_the_home_cannot_hold_one(tmp_path, monkeypatch):
    monkeypatch.delenv(user_cache.ENVIRONMENT, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    for home in ("/dev/null", str(tmp_path / "a-file")):
        (tmp_path / "a-file").write_text("not a folder")
        monkeypatch.setenv("HOME", home)
        user_cache.folder.cache_clear()
        assert user_cache.folder() is None
        user_cache.store("texts-xx-" + "0" * 32 + ".marshal", {"a": "b"})  # nothing raised
        assert user_cache.load("texts-xx-" + "0" * 32 + ".marshal") is None
    monkeypatch.setenv(user_cache.ENVIRONMENT, "")
    user_cache.folder.cache_clear()
    assert user_cache.folder() is None  # empty: the cache turned off
    user_cache.folder.cache_clear()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_no_cache_in_a_read_only_folder(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    monkeypatch.setenv(user_cache.ENVIRONMENT, str(folder))
    user_cache.folder.cache_clear()
    assert user_cache.folder() is None
    user_cache.folder.cache_clear()


def test_an_entry_name_changes_with_the_source_and_what_made_it():
    names = {user_cache.entry_name("font-X", b"one"), user_cache.entry_name("font-X", b"two"),
             user_cache.entry_name("font-X", b"one", "reportlab 4.2"),
             user_cache.entry_name("font-X", b"one", "reportlab 4.3")}
    assert len(names) == 4


def test_storing_one_style_keeps_the_other_styles_entries(cache):
    bold = "font-FiraSans-Bold-" + "a" * 32 + ".marshal"
    user_cache.store(bold, {"x": 1})
    user_cache.store("font-FiraSans-" + "b" * 32 + ".marshal", {"x": 2}, replaces="font-FiraSans-")
    assert (cache / bold).exists()
    user_cache.store("font-FiraSans-" + "c" * 32 + ".marshal", {"x": 3}, replaces="font-FiraSans-")
    assert sorted(p.name[:20] for p in cache.iterdir()) == ["font-FiraSans-Bold-a", "font-FiraSans-cccccc"]


def _fresh_font(style: str):
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(fonts.STYLES[style][0], str(fonts.font_file(style)), asciiReadable=False)


@pytest.mark.slow
@pytest.mark.parametrize("style", sorted(fonts.STYLES))
def test_a_font_made_from_the_cache_is_the_font_reportlab_parses(cache, style):
    from reportlab.pdfbase.ttfonts import TTFontFace

    name, path = fonts.STYLES[style][0], fonts.font_file(style)
    first = parsed.load_font(name, path, TTFontFace)  # parsed, then kept
    assert len(list(cache.glob(f"font-{name}-*.marshal"))) == 1
    kept = parsed.load_font(name, path, TTFontFace)  # made from the entry
    fresh = _fresh_font(style)
    for font in (first, kept):
        assert list(vars(font)) == list(vars(fresh)) == list(parsed.FONT_ATTRIBUTES)
        assert (font.fontName, font._asciiReadable, font.shapable) == (
            fresh.fontName, fresh._asciiReadable, fresh.shapable)
        assert vars(font.encoding) == vars(fresh.encoding)
        face, fresh_face = vars(font.face), vars(fresh.face)
        assert sorted(face) == sorted(fresh_face)
        for key, value in fresh_face.items():
            if key == "_pdfScale":
                assert [face[key](v) for v in (0, 1, 999, 2048)] == [value(v) for v in (0, 1, 999, 2048)]
            else:
                assert face[key] == value and type(face[key]) is type(value), key
                if hasattr(value, "ustr"):
                    assert face[key].ustr == value.ustr
    subset = [0, *range(32, 127)]
    assert kept.face.makeSubset(subset) == fresh.face.makeSubset(subset)


def test_a_font_entry_from_another_reportlab_shape_is_not_used(cache):
    from reportlab.pdfbase.ttfonts import TTFontFace

    name, path = fonts.STYLES["REGULAR"][0], fonts.font_file("REGULAR")
    parsed.load_font(name, path, TTFontFace)
    (entry,) = cache.glob(f"font-{name}-*.marshal")
    kept = __import__("marshal").loads(entry.read_bytes())
    kept["font"] = [*kept["font"], "newAttribute"]
    entry.write_bytes(__import__("marshal").dumps(kept))
    assert parsed.font_from_cache(name, path, path.read_bytes(), kept, TTFontFace) is None
    again = parsed.load_font(name, path, TTFontFace)
    assert again.face.charToGlyph == _fresh_font("REGULAR").face.charToGlyph


RUN = ["-m", "domino_print", "--theme", "fruits", "--backs", "--label", "Classe des Lutins", "-q"]


@pytest.mark.slow
def test_the_same_pdf_with_a_cold_cache_a_warm_one_none_and_a_home_of_dev_null(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k not in (user_cache.ENVIRONMENT, "XDG_CACHE_HOME")}
    runs = {
        "cold": {**environment, user_cache.ENVIRONMENT: str(tmp_path / "cache")},
        "warm": {**environment, user_cache.ENVIRONMENT: str(tmp_path / "cache")},
        "off": {**environment, user_cache.ENVIRONMENT: ""},
        "dev-null": {**environment, "HOME": "/dev/null"},
    }
    made = {}
    for label, env in runs.items():
        out = tmp_path / f"{label}.pdf"
        result = subprocess.run([sys.executable, *RUN, "--out", str(out)], env=env, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 0 and result.stderr == "", (label, result.stderr)
        made[label] = out.read_bytes()
    assert made["cold"] == made["warm"] == made["off"] == made["dev-null"]
    kept = sorted(path.name.rsplit("-", 1)[0] for path in (tmp_path / "cache").iterdir())
    assert kept == ["font-FiraSans", "font-FiraSans-Bold", "plural-en", "plural-fr", "texts-en", "texts-fr",
                    "theme-fruits"]


def test_every_built_in_theme_read_back_from_the_cache_is_the_parsed_one(cache):
    from domino_print.themes import model

    for name in model.builtin_names():
        path = model.THEMES_DIR / f"{name}.toml"
        first = model._read_builtin_toml(path)  # parsed, then kept
        again = model._read_builtin_toml(path)  # read back
        assert first == again == model.read_toml(path), name
        assert model.load_builtin(name) == model.theme_from_data(path, model.read_toml(path))
    assert len(list(cache.glob("theme-*.marshal"))) == len(model.builtin_names())


@pytest.mark.slow
def test_a_font_subset_kept_in_the_process_gives_the_same_pdf():
    from domino_print import api

    fonts._subsets.clear()
    first = api.make_document({"theme": "fruits", "label": "Classe des Lutins"}).pdf
    assert fonts._subsets  # the subsets made are kept
    again = api.make_document({"theme": "fruits", "label": "Classe des Lutins"}).pdf  # from the kept ones
    fonts._subsets.clear()
    fresh = api.make_document({"theme": "fruits", "label": "Classe des Lutins"}).pdf
    assert first == again == fresh


@pytest.mark.slow
def test_plural_categories_kept_in_the_cache_are_babels(cache):
    from babel import Locale

    counts = [*range(0, 120), 1000, 10**6, 2 * 10**6, 10**6 + 1]
    for lang in ("fr", "en", "es", "de"):
        rule = Locale.parse(lang).plural_form
        texts._known_plural_forms.cache_clear()
        assert [texts.plural_form(lang, n) for n in counts] == [rule(n) for n in counts]  # worked out
        texts._known_plural_forms.cache_clear()
        kept = texts._known_plural_forms(lang)  # read back, as the next run does
        assert {n: rule(n) for n in counts} == kept
        assert [texts.plural_form(lang, n) for n in counts] == [rule(n) for n in counts]
    texts._known_plural_forms.cache_clear()
