"""Issue 19: every error a form can show comes from the catalogues, in the page's language.

Two ways in: the catalogue keys themselves (every ``error.*`` and ``studio.error.*`` text of
the French, Spanish and German catalogues holds no English word), and real errors triggered
through the studio's API in each language (options out of range, options that need another,
sizes that cannot be laid out, texts the font cannot print, pictures refused, a set asking for
more pictures than there are), whose messages, once the user's own values and the form's labels
are taken out, hold no English word either, and differ from the English page's.
"""

from __future__ import annotations

import re
import string

import pytest
from PIL import Image

from domino_print.options.wording import form_fields
from domino_print.texts import catalogue, languages
from tests.test_studio import make_client, png_bytes

OTHER_LANGUAGES = [lang for lang in languages() if lang != "en"]
ENGLISH_WORDS = frozenset((
    "the", "is", "are", "was", "not", "choose", "give", "must", "and", "or", "with", "without",
    "only", "file", "folder", "picture", "pictures", "tile", "tiles", "set", "sets", "cannot",
    "can", "too", "than", "more", "less", "least", "most", "of", "to", "from", "for", "add", "drop",
    "keep", "which", "one", "number", "numbers", "size", "paper", "range", "value", "values",
    "empty", "has", "have", "does", "out", "it", "its", "be", "by", "these", "this", "that",
    "there", "your", "try", "again", "later", "first", "already", "full", "busy", "space", "rules",
    "print", "printed", "printable", "font", "characters", "character", "plain", "whole", "valid",
    "between", "each", "side", "sides", "such", "example", "leave", "leaves", "left", "should",
    "would", "could", "under", "over", "limit", "megapixels", "scale", "down",
))
"""Words of English that are no words of French, Spanish or German (``in``, ``a``, ``no``,
``use``, ``page``, ``server``, ``on``, ``die``, ``will``, ``also``, ``hat``, ``image``, ``long``,
``text`` and ``name`` are, so they are not listed)."""
_WORD = re.compile(r"[^\W\d_]+")
_QUOTED = re.compile(r"\u201c[^\u201d]*\u201d|'[^']*'|\"[^\"]*\"")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (the command's name, domino-print, and its flags are no words)."""
    words = _WORD.findall(re.sub(r"--[a-z-]+", " ", text.replace("domino-print", " ")))
    return [word for word in words if word.lower() in ENGLISH_WORDS]


def _unfilled(template: str) -> str:
    """A catalogue text without its ``{placeholders}`` (what the user gives, or other phrases)."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def _error_keys() -> list[str]:
    return sorted(key for key in catalogue("en") if key.startswith(("error.", "studio.error.")))


def test_the_core_errors_have_their_words_in_every_catalogue():
    keys = [key for key in _error_keys() if key.startswith("error.")]
    assert len(keys) > 80  # option, need, size, paper, tile, offset, text, file and theme errors
    for lang in languages():
        assert set(keys) <= set(catalogue(lang)), lang


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_english_word_in_any_error_text_of_the_catalogue(lang):
    english = catalogue("en")
    for key in _error_keys():
        words = _unfilled(catalogue(lang)[key])
        assert english_words(words) == [], (lang, key, catalogue(lang)[key])
        if english_words(_unfilled(english[key])):  # a sentence (not only punctuation and values)
            assert catalogue(lang)[key] != english[key], (lang, key)


# -- real errors, through the studio ------------------------------------------------------------
BAD_OPTIONS = [
    {"sets": 0}, {"margin": 120}, {"gap": 25}, {"max": 19}, {"target": 5000}, {"seed": "9" * 40},
    {"duplex": "short"}, {"back_offset": "1,1"}, {"target": 80}, {"hand": 6, "no_rules": True},
    {"score_sheet": True}, {"paper": "B7"}, {"paper": "30x30mm"}, {"paper": "150x100mm"},
    {"tile_size": "30x40mm"}, {"tile_size": "4x8mm"}, {"tile_size": "150x300mm"}, {"tile_size": "nope"},
    {"backs": "duplex", "back_offset": "12;0"}, {"backs": "duplex", "back_offset": "x"},
    {"label": "x" * 41}, {"label": "chat \U0001f431"}, {"labels": True}, {"margin": "2,5x"},
    {"dpi": 1.5}, {"header": True, "no_header": True},
    # association sets and loop decks
    {"theme": "nombres", "style": "jai-quia"}, {"theme": "nombres", "structure": "boucle", "cards": 30},
    {"theme": "nombres", "faces": "multiplication,chiffre", "tables": "x"},
    {"theme": "nombres", "range": "0-10"},
    {"theme": "nombres", "faces": "addition,chiffre", "range": "9"}, {"theme": "pips", "structure": "boucle"},
    {"theme": "nombres", "rules": "points"}, {"theme": "nombres", "step": "15"},
    {"theme": "nombres", "seed": 3},
    {"theme": "nombres", "cards": 5}, {"theme": "nombres", "structure": "chaine", "cards": 2},
    {"theme": "nombres", "values": "0-20"}, {"theme": "nombres", "labels": True},
    {"theme": "pips", "sheet": "x"},
    {"theme": "nombres", "faces": "chiffre,mot", "values": "1,1"}, {"theme": "nombres", "values": "9-2"},
    {"theme": "nombres", "values": "zz"}, {"theme": "nombres", "faces": "chiffre,nope"},
    {"theme": "nombres", "max": 5, "values": "1-3"}, {"theme": "heures", "values": "3:17"},
    # games and house rules
    {"rules": "points", "hand": 40}, {"max": 1}, {"theme": "nombres", "starter": "plus-grand-double"},
    {"theme": "lettres", "structure": "boucle", "values": "A-Z", "hand": 5},
    {"theme": "fruits", "rules": "fives"},
    {"rules": "train", "max": 6}, {"rules": "chicken", "players": 9, "max": 9},
]


def _form_labels(lang: str) -> list[str]:
    return [str(field["label"]) for field in form_fields(lang)]


def _plain(message: str, lang: str) -> str:
    """The message without what the user gave (quoted values) and the form's labels."""
    for label in _form_labels(lang):
        message = message.replace(catalogue(lang)["typography.quoted"].format(name=label), " ")
    return _QUOTED.sub(" ", message)


def _errors(client, options: dict, lang: str) -> list[str]:
    answer = client.post("/api/preview", json={"options": options, "page_lang": lang})
    assert answer.status_code == 422, (options, answer.text)
    return [error["message"] for error in answer.json()["errors"]]


@pytest.mark.slow
@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_form_error_is_in_the_page_s_language(tmp_path, lang):
    with make_client(tmp_path / "data") as client:
        for options in BAD_OPTIONS:
            english = _errors(client, options, "en")
            for message, in_english in zip(_errors(client, options, lang), english, strict=True):
                assert english_words(_plain(message, lang)) == [], (lang, options, message)
                assert message != in_english, (lang, options)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_picture_name_title_and_count_errors_are_in_the_page_s_language(tmp_path, lang):
    colours = ["red", "blue", "green"]
    with make_client(tmp_path / "data") as client:
        files = [("files", (f"p{n}.png", png_bytes(Image.new("RGB", (16, 16), c)), "image/png"))
                 for n, c in enumerate(colours)]
        files.append(("files", ("notes.png", b"not a picture at all", "image/png")))
        files.append(("files", ("copy.png", png_bytes(Image.new("RGB", (16, 16), "red")), "image/png")))
        answer = client.post(f"/api/pictures?lang={lang}", files=files).json()
        rejected = [entry["message"] for entry in answer["rejected"]]
        assert len(rejected) == 2
        ids = [picture["id"] for picture in answer["pictures"]]
        client.post("/api/pictures/name", json={"id": ids[0], "lang": lang, "name": "chat \U0001f431"})
        messages = rejected + _errors(client, {"theme": "pictures", "labels": True, "lang": lang}, lang)
        messages += _errors(client, {"theme": "pictures", "max": 6}, lang)
        for message in messages:
            assert english_words(_plain(message, lang)) == [], (lang, message)


CLI_CASES = [["--sets", "0"], ["--margin", "120"], ["--duplex", "short"], ["--paper", "B7"],
             ["--tile-size", "150x300mm"], ["--label", "chat \U0001f431"], ["--target", "80"]]


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_command_line_words_its_errors_in_the_language_of_lang(run_cli, tmp_path, lang):
    for args in CLI_CASES:
        english = run_cli("--lang", "en", *args, "--out", tmp_path / "x.pdf")
        result = run_cli(f"--lang={lang}", *args, "--out", tmp_path / "x.pdf")
        assert result.exit_code == english.exit_code == 2 and not (tmp_path / "x.pdf").exists()
        line = result.stderr.removeprefix("domino-print: error: ")
        assert line != english.stderr.removeprefix("domino-print: error: ")
        plain = _QUOTED.sub(" ", re.sub(r"--[a-z-]+", " ", line))
        assert english_words(plain) == [], (lang, args, line)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_a_request_out_of_date_or_without_session_is_answered_in_the_page_s_language(tmp_path, lang):
    with make_client(tmp_path / "data") as client:
        stale = client.post(f"/api/pictures/remove?lang={lang}", json={"id": "0" * 32})
        unreadable = client.post(f"/api/pictures/order?lang={lang}", content=b"[" * 40,
                                 headers={"content-type": "application/json"})
        client.cookies.clear()  # the session expired, or the server made room for others
        gone = client.post(f"/api/pictures/order?lang={lang}", json={"order": []})
        assert (stale.status_code, unreadable.status_code, gone.status_code) == (400, 400, 401)
        for answer in (stale, unreadable, gone):
            message = answer.json()["message"]
            assert message and english_words(message) == [], (lang, message)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_command_line_words_file_errors_in_the_language_of_lang(run_cli, tmp_path, lang):
    a_file = tmp_path / "notiz"
    a_file.write_text("not a folder")
    for out in (tmp_path / "missing" / "x.pdf", a_file / "x.pdf", tmp_path):
        english = run_cli("--lang", "en", "--out", out)
        result = run_cli("--lang", lang, "--out", out)
        assert result.exit_code == english.exit_code != 0
        line = result.stderr.removeprefix("domino-print: error: ").replace(str(tmp_path), " ")
        assert line != english.stderr.removeprefix("domino-print: error: ").replace(str(tmp_path), " ")
        assert english_words(_QUOTED.sub(" ", line)) == [], (lang, out, line)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_command_line_words_a_theme_file_s_errors_in_the_language_of_lang(run_cli, tmp_path, lang):
    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (16, 16), "red").save(folder / "a.png")
    # (a TOML syntax error quotes tomllib's own English words, as a system error quotes the system's)
    for toml in ('flavour = "x"\n', 'background = "red"\n', 'title = 3\n', b"title = '\xff'\n"):
        (folder / "theme.toml").write_bytes(toml if isinstance(toml, bytes) else toml.encode())
        english = run_cli("--theme", folder, "--lang", "en", "--out", tmp_path / "x.pdf")
        result = run_cli("--theme", folder, "--lang", lang, "--out", tmp_path / "x.pdf")
        assert result.exit_code == english.exit_code == 1 and result.stderr != english.stderr
        line = _QUOTED.sub(" ", result.stderr.replace(str(folder), " "))
        assert english_words(line.removeprefix("domino-print: error: ")) == [], (lang, toml, result.stderr)
