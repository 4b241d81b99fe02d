"""Every text that reaches a page or a form: one TOML catalogue per language.

``fr.toml``, ``en.toml``... beside this module hold the same keys with the same
``{placeholders}``; a test compares them. Tables nest (``[rules.famille]``) and
are flattened to dotted keys (``rules.famille.title``). A language is one file:
copying a catalogue to a new name adds that language everywhere languages are
listed, with no code change.

Grammar that differs between languages is data too: plural forms are keys by CLDR
category (``<key>.one``, ``<key>.other``, and ``.few``/``.many`` where a language has them),
chosen by each language's CLDR rule from babel (``plural``: French 0 is singular), lists are joined with the
catalogue's own words (``join_list``), and ``[typography] spacing = "french"``
asks for French spacing (a no-break space before ``: ; ! ?`` and inside
guillemets, ``typeset``) where the text is set in paragraphs. Only the
requested language's file is read, once; parsed, it is kept in the user's cache
(``user_cache``, under a hash of the file's bytes: an edited catalogue is parsed
afresh), so that a run reads it back instead of parsing its TOML again.

Key tables: ``[sheet]`` and ``[backs]`` (the cutting sheet's margins and the
backs), ``[calibration]``, ``[rules]`` (the rules page, filled by
``rules.content.fill``), ``[set]`` (set names), ``[theme.<name>]`` (a built-in theme's
title, description and picture names by value).

Adding a language: copy ``en.toml`` to ``<code>.toml``, translate every value,
keep every ``{placeholder}`` and set ``typography.spacing``. A user's own theme
keeps its texts in its theme.toml; on a page in a language it does not give,
its title and picture names fall back to English, then French, then any
language it gives, then the theme's (or the picture's) name.
"""

from __future__ import annotations

import os
import re
import string
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TypeGuard

from domino_print import user_cache

CATALOGUE_DIR = Path(__file__).resolve().parent
DEFAULT_LANG = "fr"
NBSP = "\u00a0"


def toml_parser() -> ModuleType:
    """``tomllib`` (``tomli`` on Python 3.10), imported when a TOML text must be parsed: a run
    that finds its catalogues and theme in the user's cache parses none (and spares the import)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    return tomllib


@cache
def _toml_place() -> re.Pattern[str]:
    return re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")


def toml_syntax_place(error: Exception, text: str) -> tuple[int, int, str]:
    """Where the TOML parser's ``error`` on ``text`` stopped, and why: the ``line`` and ``column``
    (from 1; the end of the text for "at end of document") and the parser's own words without
    them, which ``theme.toml_syntax`` quotes (the sentence around them is ours)."""
    message = str(error)
    line, column = getattr(error, "lineno", None), getattr(error, "colno", None)  # Python 3.14
    found = _toml_place().search(message)
    if found:
        message = message[:found.start()]
        if line is None and found.group(1):
            line, column = int(found.group(1)), int(found.group(2))
    if line is None or column is None:
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
    return line, column, str(getattr(error, "msg", None) or message)


def __getattr__(name: str) -> ModuleType:
    """``texts.tomllib``: the TOML parser, imported on first use (``toml_parser``)."""
    if name == "tomllib":
        return toml_parser()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CatalogueError(Exception):
    """A catalogue that is missing, unreadable or lacks a key: a bug in the package, not a user error."""


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, the default first, then by code."""
    return _languages_in(CATALOGUE_DIR)


@cache
def _languages_in(folder: Path) -> tuple[str, ...]:
    """The catalogues' folder is read once in a process, as each catalogue is (``catalogue``): a run
    asks a dozen times, a millisecond of globbing (issue 36)."""
    found = sorted(path.stem for path in folder.glob("*.toml"))
    return tuple(sorted(found, key=lambda code: (code != DEFAULT_LANG, code)))


def _flatten(table: dict, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


class UnknownLanguage(CatalogueError, ValueError):
    """A language with no catalogue (``xx``, ``../../x``): never turned into a file's path."""


def check_language(lang: object) -> str:
    """``lang`` if it is one of ``languages()``; ``UnknownLanguage`` (a ``ValueError``) else."""
    if not isinstance(lang, str) or lang not in languages():
        shown = repr(lang)[:40]
        raise UnknownLanguage(f"unknown language {shown}; use one of {', '.join(languages())}")
    return lang


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All texts of one language, as dotted keys; ``UnknownLanguage`` for a language with no
    catalogue (the code is checked against the catalogues' names before it names a file)."""
    path = CATALOGUE_DIR / f"{check_language(lang)}.toml"
    try:
        source = path.read_bytes()
    except OSError as exc:
        raise CatalogueError(f"text catalogue {path.name}: {exc}") from exc
    entry = user_cache.entry_name(f"texts-{lang}", source)
    kept = user_cache.load(entry)
    if _is_catalogue(kept):
        return kept
    tomllib = toml_parser()
    try:
        texts = _flatten(tomllib.loads(source.decode("utf-8")))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CatalogueError(f"text catalogue {path.name}: {exc}") from exc
    user_cache.store(entry, texts, replaces=f"texts-{lang}-")
    return texts


def _is_catalogue(kept: object) -> TypeGuard[dict[str, str]]:
    """Whether a cache entry holds what ``_flatten`` makes: texts by dotted key (or lists of them)."""
    if not isinstance(kept, dict) or set(map(type, kept)) - {str}:
        return False
    kinds = set(map(type, kept.values()))  # (the types gathered in C: a tenth of a loop's time, issue 36)
    if list not in kinds:
        return kinds <= {str}
    lists = (value for value in kept.values() if type(value) is list)
    return kinds <= {str, list} and all(_is_text_list(value) for value in lists)


def _is_text_list(value: object) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


def text(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang``, its ``{placeholders}`` filled from ``values``."""
    try:
        template = catalogue(lang)[key]
    except KeyError:
        raise CatalogueError(f"text catalogue {lang}.toml has no key {key!r}") from None
    return fill(lang, template, **values) if values else template


def decimal(lang: str, value: float, places: int | None = None) -> str:
    """``value`` as a reader of ``lang`` writes it, with the catalogue's ``number.decimal_mark``:
    ``2,5`` in French, Spanish and German, ``2.5`` in English; as short as ``:g`` writes it, or
    with ``places`` decimals. The one place a number shown to a reader gets its decimal mark."""
    shown = f"{value:g}" if places is None else f"{value:.{places}f}"
    return shown.replace(".", decimal_mark(lang))


def decimal_mark(lang: str) -> str:
    """How ``lang`` writes the decimal mark (``number.decimal_mark``: ``,`` in French, Spanish and
    German, ``.`` in English): on the page, and in the numbers a spreadsheet's text cells hold."""
    return catalogue(lang).get("number.decimal_mark", ".")


def group_mark(lang: str) -> str:
    """How ``lang`` separates the thousands of a large number (``number.group_mark``: in French
    the no-break space U+00A0 it puts before its colons, ``.`` in Spanish and German, ``,`` in
    English), where a catalogue text asks for grouping with ``{most:,}``."""
    return catalogue(lang).get("number.group_mark", ",")


@cache
def _made_paper() -> re.Pattern[str]:
    return re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm$")


class PaperName(str):
    """A paper's name in a text: ``A4`` as it is, a size made by hand (``150.5x200mm``, the name
    ``geometry.sizes.parse_paper`` gives it, which the PDFs carry) written by ``fill`` as the
    language writes a size, the catalogues' ``{w:g} x {h:g} mm`` with its decimal mark: French
    "150,5 x 200 mm" (it said "150.5x200mm"). English, whose numbers are as given, keeps the name."""

    def shown(self, mark: str) -> str:
        made = _made_paper().match(self)
        if made is None or mark == ".":
            return str(self)
        return " x ".join(side.replace(".", mark) for side in made.groups()) + " mm"


class _Numbers(string.Formatter):
    """``str.format`` that writes each number as the language does: the decimal mark in a number
    showing decimals (a float: ``{size}``, ``{size:g}``, ``{size:.1f}``, or any number given a
    float's format), and the thousands separator where the text asks for grouping (``{most:,}``)."""

    def __init__(self, mark: str, group: str) -> None:
        self.mark = mark
        self.group = group

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, PaperName):
            return format(value.shown(self.mark), format_spec)
        shown = format(value, format_spec)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return shown
        decimals = isinstance(value, float) or format_spec[-1:] in tuple("eEfFgG%")
        grouped = "," in format_spec
        marks = {",": self.group if grouped else ",", ".": self.mark if decimals else "."}
        return "".join(marks.get(sign, sign) for sign in shown)


def fill(lang: str, template: str, /, **values: object) -> str:
    """``template`` with its ``{placeholders}`` filled, numbers written as ``lang`` writes them
    (``decimal_mark``, ``group_mark``): every catalogue text and every message is filled through here."""
    mark, group = decimal_mark(lang), group_mark(lang)
    if (mark, group) == (".", ","):
        return template.format(**values)
    return _Numbers(mark, group).vformat(template, (), values)


def placeholders(template: str) -> frozenset[str]:
    """The ``{names}`` a template expects."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def lookup(lang: str, key: str) -> str | None:
    """The text ``key`` in ``lang`` as written (no placeholders filled), or None when absent."""
    return catalogue(lang).get(key)


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    """The CLDR plural rule of ``lang`` (from babel's locale data); English's for a language CLDR
    does not know (a catalogue copied to a made-up name)."""
    from babel import Locale, UnknownLocaleError  # the CLDR data, read when a plural is wanted

    try:
        return Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        return Locale("en").plural_form


def plural_form(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang``: ``one``, ``other``, ``many``... (French
    0 and 1 are ``one``: "0 domino"; English 0 is ``other``: "0 dominoes").

    Each count's category, once worked out with babel, is kept in the user's cache
    (``_known_plural_forms``), so that a run whose counts were seen before loads neither babel
    nor its locale data (some 10 ms and 8 MB of a run's start-up)."""
    count = abs(count)
    known = _known_plural_forms(lang)
    form = known.get(count)
    if form is None:
        form = str(_plural_rule(lang)(count))
        if len(known) < PLURAL_COUNTS_KEPT:
            known[count] = form
            entry = _plural_entry(lang)
            if entry is not None:
                user_cache.store(entry, dict(known), replaces=f"plural-{lang}-")
    return form


PLURAL_COUNTS_KEPT = 2000
"""Counts whose plural category is kept per language (pages, tiles, sets, pictures...)."""


@cache
def _plural_entry(lang: str) -> str | None:
    """The cache entry of ``lang``'s plural categories, named by a hash of babel's locale data
    for it (found without importing babel: a new babel's data makes a new entry); None when
    babel has no file for it."""
    import importlib.util

    spec = importlib.util.find_spec("babel")
    folders = spec.submodule_search_locations if spec is not None else None
    if not folders or not lang.isidentifier():
        return None
    try:
        with open(os.path.join(next(iter(folders)), "locale-data", f"{lang}.dat"), "rb") as data:
            source = data.read()
    except OSError:
        return None
    return user_cache.entry_name(f"plural-{lang}", source)


@cache
def _known_plural_forms(lang: str) -> dict[int, str]:
    """The categories of the counts seen before in ``lang`` (from the cache), filled as others come."""
    entry = _plural_entry(lang)
    kept = user_cache.load(entry) if entry is not None else None
    if isinstance(kept, dict) and all(type(k) is int and type(v) is str for k, v in kept.items()):
        return kept
    return {}


def plural_key(lang: str, key: str, count: int) -> str:
    """``<key>.<form>`` for ``count`` in ``lang`` by its CLDR rule, ``<key>.other`` when the
    catalogue gives no such form (French "many" for a million: "1 000 000 de" is not needed here)."""
    form = plural_form(lang, count)
    return f"{key}.{form}" if f"{key}.{form}" in catalogue(lang) else f"{key}.other"


def plural(lang: str, key: str, count: int, /, **values: object) -> str:
    """The plural form of ``key`` for ``count`` in ``lang`` (``plural_key``), with ``{count}`` and
    ``values`` filled: "1 domino", "0 domino", "2 dominos"; "0 dominoes", "1 domino"."""
    return text(lang, plural_key(lang, key, count), count=count, **values)


def join_list(lang: str, key: str, words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` with the words of ``<key>.separator``, ``.or`` and ``.or_two``.

    Two words take ``<key>.or_two`` (French repeats its preposition: "trois ou à quatre"),
    longer lists ``<key>.separator`` between the first words and ``<key>.or`` before the last.
    """
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return f"{words[0]} {text(lang, f'{key}.or_two')} {words[1]}"
    head = text(lang, f"{key}.separator").join(words[:-1])
    return f"{head} {text(lang, f'{key}.or')} {words[-1]}"


def set_name(lang: str, top: int) -> str:
    """The usual name of a double-``top`` set: double-six, doble seis, Doppel-Sechs."""
    return text(lang, "set.name", number=text(lang, f"set.number.{top}"))


def typeset(lang: str, value: str) -> str:
    """``value`` with the spacing its language's catalogue asks for (``typography.spacing``)."""
    if catalogue(lang).get("typography.spacing") == "french":
        return french_spacing(value)
    return value


@cache
def _before_punct() -> re.Pattern[str]:
    return re.compile(r"([^\s:;!?])[ \u00a0\u202f]*([:;!?]+)(?=[\s»)\]<]|$)")





@cache
def _entity() -> re.Pattern[str]:
    return re.compile(r"&#?\w+;")


_PRIVATE_USE = 0xE000


@cache
def _after_open_quote() -> re.Pattern[str]:
    return re.compile(r"«[ \u00a0\u202f]*")





@cache
def _before_close_quote() -> re.Pattern[str]:
    return re.compile(r"[ \u00a0\u202f]*»")


def french_spacing(value: str) -> str:
    """Apply French spacing: a no-break space before ``: ; ! ?`` and inside ``« »``.

    The space is U+00A0, not the narrow U+202F French printers prefer before ``; ! ?``:
    ReportLab's paragraphs break lines at U+202F (Python counts it as whitespace), which would
    start a line with the mark; a word-wide space that holds is the lesser fault.

    Spaces already there become no-break spaces; missing ones are added. A colon
    inside a word or number (``10:30``, ``http://``) is left alone, a run such as
    ``?!`` gets one space before it, not between its marks, and markup entities
    such as ``&amp;`` keep their semicolon.
    """
    entities: list[str] = []

    def hide(match: re.Match[str]) -> str:
        entities.append(match.group(0))
        return chr(_PRIVATE_USE + len(entities) - 1)

    value = _entity().sub(hide, value)  # "&amp;" must keep its ";"
    value = _before_punct().sub(lambda m: f"{m.group(1)}{NBSP}{m.group(2)}", value)
    value = _after_open_quote().sub("«" + NBSP, value)
    value = _before_close_quote().sub(NBSP + "»", value)
    for i, entity in enumerate(entities):
        value = value.replace(chr(_PRIVATE_USE + i), entity)
    return value
