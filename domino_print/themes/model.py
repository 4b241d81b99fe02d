"""The theme model: what a theme is, the built-in themes, and the checks theme files share.

A theme says how each value looks: its ``kind`` (``pips``, ``numerals``, ``pictures`` or
``association``: ``themes.kinds``, each drawn by the face painter registered for it in ``faces``),
the colours or images it needs, labels per language, the highest value it can
show and an age hint. A user theme's texts may be given in any language with a text
catalogue (``texts.languages()``: adding a catalogue adds a language here too).
Built-in themes are TOML files in the ``themes/`` folder; their artwork lives in
``assets/``. A user's folder or TOML file is read by ``user_themes``, and
``theme_loader.load_theme`` finds either by name.
This module knows nothing of pages or PDF bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from domino_print import regular_files, texts, user_cache
from domino_print.errors import OptionError, PathError, PluralPhrase
from domino_print.package_data import ASSETS_DIR, PACKAGE_DIR, data_dir
from domino_print.texts.page_text import file_name_part
from domino_print.themes.kinds import KINDS, ThemeKind, theme_kind
from domino_print.themes.levels import Ladder, ladders_from_data

if TYPE_CHECKING:  # an association theme's facts load with one (issue 36: a pips run never reads them)
    from fractions import Fraction

    from domino_print.themes.representations import AssociationTheme, Currency, Representation

FIT_MODES = ("contain", "cover")
T = TypeVar("T")
MAX_TITLE_CHARS = 60
"""Longest theme title (or name) accepted: it is printed in the sheet's header line."""
MAX_PICTURE_LABEL_CHARS = 40
"""Longest word under a picture with ``--labels`` (the same limit as ``--label``)."""

_BUILTIN_KEYS = {
    "name",
    "kind",
    "max_value",
    "age",
    "title",
    "description",
    "labels",
    "colours",
    "images",
    "representations",
    "default_faces",
    "match",
    "value_names",
    "value_list",
    "currency",
    "loop_count",
    "levels",
}
_REPRESENTATION_KEYS = {"name", "values", "kind", "words", "names", "case", "lowest", "style", "match"}
_USER_KEYS = {"name", "title", "description", "labels", "images", "fit", "background", "age", "crop",
              "show_labels"}


@cache
def _hex_colour() -> re.Pattern[str]:
    return re.compile(r"^#[0-9a-fA-F]{6}$")


THEMES_DIR = data_dir("themes", PACKAGE_DIR / "themes" / "builtin")


class ThemeError(PathError):
    """A theme file or folder that cannot be used, its data kept apart for the surfaces.

    ``path`` is the file or folder at fault (None when the message names it itself), the
    catalogue key says the problem with ``values`` (``ThemeError(says="theme.missing_key",
    path=path, key="name")``) and may name options as ``{fields}``, worded per surface
    as any ``WordedError``: ``str()`` reads ``<path>: <problem>`` with the command line's flags,
    ``problem(name_of, lang)`` the problem alone, with the options named by ``name_of``.
    """


@dataclass(frozen=True)
class Theme:
    """A loaded, validated theme. ``kind`` is one of ``kinds.KINDS`` (its facts: ``kind_facts``);
    ``images`` are absolute paths for a ``pictures`` theme."""

    name: str
    kind: str
    max_value: int
    title: dict[str, str]
    description: dict[str, str]
    age: str = ""
    labels: dict[str, tuple[str, ...]] = field(default_factory=dict)
    colours: tuple[str, ...] = ()
    images: tuple[Path, ...] = ()
    fit: str = "contain"
    crops: tuple[tuple[float, float], ...] = ()
    """Where each picture's square is cut with ``fit = "cover"`` (x, y from 0 to 1: 0 the left or
    top, 0.5 the middle); a value without one is cut in its middle."""
    background: str = "#FFFFFF"
    print_labels: bool = False
    """A picture theme that prints its names under the pictures without ``--labels`` (theme.toml's
    ``show_labels = true``: the studio's theme .zip keeps its "names under the pictures")."""
    builtin: bool = True
    association: AssociationTheme | None = None
    left_out: tuple[str, ...] = ()
    """The names of the files beside a user's pictures that are not pictures (said in the summary)."""
    """The ways it shows a value, when its file lists ``[[representations]]``."""

    @property
    def kind_facts(self) -> ThemeKind:
        """What its kind is (``kinds.THEME_KINDS``): the highest value, what its faces show..."""
        return theme_kind(self.kind)

    def title_in(self, lang: str) -> str:
        """The theme's title on a ``lang`` page: see ``_in_language`` for where it comes from."""
        return self._in_language("title", self.title, lang) or self.name

    def description_in(self, lang: str) -> str:
        """The one-line description listed by ``domino-print themes``, in ``lang``."""
        return self._in_language("description", self.description, lang)

    def label(self, value: int, lang: str) -> str:
        """The word printed under a face with ``--labels``; the number when none is given."""
        if self.builtin:
            word = texts.lookup(lang, f"theme.{self.name}.label.{value}")
            if word is not None:
                return word
        words = in_language(self.labels, lang) or ()
        return words[value] if value < len(words) else str(value)

    def _in_language(self, key: str, own: dict[str, str], lang: str) -> str:
        """A built-in theme's text comes from the catalogue (``theme.<name>.<key>`` in
        ``texts/<lang>.toml``). A user theme keeps its own texts in its theme.toml, in the
        order of ``in_language`` (the caller then falls back to the theme's name)."""
        if self.builtin:
            found = texts.lookup(lang, f"theme.{self.name}.{key}")
            if found is not None:
                return found
        return in_language(own, lang) or ""

    @property
    def file_stem(self) -> str:
        """The theme's name made safe for a default file name (``dominos-<file_stem>.pdf``)."""
        return file_name_part(self.name)

    def check_use(self, top: int, *, lang: str, labels: bool) -> None:
        """Check what a double-``top`` set in ``lang`` takes from this theme before drawing: its
        pictures and the texts that reach the page (``labels``: the words under the faces).
        A built-in theme is checked by the tests; a user theme (``UserTheme``) checks here."""

    def check_top(self, top: int) -> None:
        """Raise ``OptionError`` when this theme cannot show a double-``top`` set."""
        if top > self.max_value:
            raise OptionError(says="theme.max_too_high", fields=("max",), name=self.name,
                              high=self.max_value, top=top)


def in_language(own: Mapping[str, T], lang: str) -> T | None:
    """A user theme's text (a title, or the list of labels) for a page in ``lang``: in ``lang``
    when the theme gives it, else in English, else in French, else in the first language
    it gives; None when it gives none (the caller then uses the theme's or the file's name)."""
    for candidate in (lang, "en", "fr"):
        if own.get(candidate):
            return own[candidate]
    return next((value for value in own.values() if value), None)


def accepted_languages() -> str:
    """The language codes a theme file may use, for a message: ``fr, en, es, de``."""
    return ", ".join(texts.languages())


def builtin_names() -> list[str]:
    """Names of the built-in themes, sorted."""
    return sorted(path.stem for path in THEMES_DIR.glob("*.toml"))


def list_themes() -> list[Theme]:
    """Every built-in theme, loaded and validated."""
    return [load_builtin(name) for name in builtin_names()]


def association_themes() -> dict[str, Theme]:
    """The built-in themes whose file lists representations (association sets), by name."""
    return {theme.name: theme for theme in list_themes() if theme.association is not None}


MAX_THEME_FILE_BYTES = 1_000_000
"""Largest theme file read (one with labels in four languages for 200 pictures is about 20 KB)."""


def read_regular_file(path: Path, what: str = "theme") -> bytes:
    """The bytes of ``path``: a regular file of at most ``MAX_THEME_FILE_BYTES`` (see
    ``regular_files.read_regular_file``); ``ThemeError`` naming the file otherwise."""
    try:
        return regular_files.read_regular_file(path, most_bytes=MAX_THEME_FILE_BYTES)
    except regular_files.ReadProblem as problem:
        raise problem.error(ThemeError, path, what, "editor") from None


def read_toml(path: Path, data: bytes | None = None) -> dict:
    """Parse a TOML file (whose bytes ``data`` may be read already); syntax errors name the file
    and the line."""
    data = read_regular_file(path) if data is None else data
    tomllib = texts.toml_parser()
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark, as Windows editors write one, is no error
    except UnicodeDecodeError:
        raise ThemeError(says="theme.not_utf8", path=path) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, problem = texts.toml_syntax_place(exc, text)
        raise ThemeError(says="theme.toml_syntax", path=path, line=line, column=column,
                         problem=problem) from None
    except RecursionError:  # tomllib parses nested arrays and tables recursively
        raise ThemeError(says="theme.toml_too_deep", path=path) from None


def check_keys(path: Path, data: dict, allowed: set[str], required: set[str]) -> None:
    """Name the first unknown or missing key of a theme file."""
    for key in sorted(data):
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise ThemeError(says="theme.unknown_key", path=path, key=key, known=known)
    for key in sorted(required):
        if key not in data:
            raise ThemeError(says="theme.missing_key", path=path, key=key)


def _check_languages(path: Path, key: str, table: dict) -> None:
    """Every key of a per-language table is a language with a text catalogue."""
    known = texts.languages()
    for lang in table:
        if lang not in known:
            raise ThemeError(says="theme.unknown_language", path=path, key=key, lang=lang,
                             codes=accepted_languages())


def per_language(path: Path, data: dict, key: str, default: str = "") -> dict[str, str]:
    """A text given once (``title = "Chats"``, for every language) or per language
    (``[title] fr = ... de = ...``, any of ``texts.languages()``). Only the languages
    given are kept: ``in_language`` picks one for a page in another."""
    value = data.get(key, default)
    if isinstance(value, str):
        return {lang: value for lang in texts.languages()}
    if isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
        _check_languages(path, key, value)
        return dict(value)
    raise ThemeError(says="theme.not_a_text", path=path, key=key, codes=accepted_languages())


def labels_table(path: Path, data: dict, count: int) -> dict[str, tuple[str, ...]]:
    """``[labels] fr = [...] de = [...]`` (or one list for every language), one label per value."""
    value = data.get("labels")
    if value is None:
        return {}
    if isinstance(value, list):
        value = {lang: value for lang in texts.languages()}
    if not isinstance(value, dict):
        raise ThemeError(says="theme.labels_not_a_list", path=path, codes=accepted_languages())
    _check_languages(path, "labels", value)
    table: dict[str, tuple[str, ...]] = {}
    for lang, words in value.items():
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise ThemeError(says="theme.labels_lang_not_a_list", path=path, lang=lang)
        if len(words) != count:
            raise ThemeError(says="theme.labels_count", path=path, lang=lang,
                             given=PluralPhrase("theme.names_given", count=len(words)),
                             count=PluralPhrase("theme.values_count", count=count))
        table[lang] = tuple(words)
    return table


def crop_table(path: Path, data: dict, count: int) -> tuple[tuple[float, float], ...]:
    """``crop = [[0.5, 0.2], ...]``: one ``[x, y]`` per value, each from 0 to 1, where a picture's
    square is cut with ``fit = "cover"`` (0 the left or top, 0.5 the middle, 1 the right or bottom)."""
    value = data.get("crop")
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) != count:
        raise ThemeError(says="theme.crop_not_a_list", path=path,
                         count=PluralPhrase("theme.crop_pairs", count=count))
    pairs = []
    for index, pair in enumerate(value):
        numbers = isinstance(pair, list) and len(pair) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in pair)
        if not numbers:
            raise ThemeError(says="theme.crop_pair",
                             path=path, index=index, pair=pair)
        pairs.append((float(pair[0]), float(pair[1])))
    return tuple(pairs)


def check_colour(path: Path, key: str, value: object) -> str:
    if not isinstance(value, str) or not _hex_colour().match(value):
        raise ThemeError(says="theme.not_a_colour", path=path, key=key, value=value)
    return value.upper()


def load_builtin(name: str) -> Theme:
    """Load ``themes/<name>.toml`` and check every key."""
    path = THEMES_DIR / f"{name}.toml"
    return theme_from_data(path, _read_builtin_toml(path))


def _read_builtin_toml(path: Path) -> dict:
    """A built-in theme's table, as ``read_toml`` parses it, kept in the user's cache under a
    hash of the file's bytes (``user_cache``): a run reads it back instead of parsing it."""
    source = read_regular_file(path)
    entry = user_cache.entry_name(f"theme-{path.stem}", source)
    kept = user_cache.load(entry)
    if isinstance(kept, dict):
        return kept  # checked by theme_from_data as a parsed file is
    data = read_toml(path, source)
    user_cache.store(entry, data, replaces=f"theme-{path.stem}-")
    return data


def theme_from_data(path: Path, data: dict) -> Theme:
    """Validate a built-in theme table read from ``path``."""
    check_keys(path, data, _BUILTIN_KEYS, {"name", "kind"})  # texts: texts/<lang>.toml [theme.<name>]
    kind = data["kind"]
    if kind not in KINDS:
        raise ThemeError(says="theme.unknown_kind", path=path, kind=kind,
                         kinds=", ".join(KINDS))
    images: tuple[Path, ...] = ()
    limit = theme_kind(kind).max_value
    if limit is None:  # as many values as pictures
        files = data.get("images")
        if not isinstance(files, list) or not files or not all(isinstance(f, str) for f in files):
            raise ThemeError(says="theme.images_needed", path=path)
        images = tuple(ASSETS_DIR / f for f in files)
        max_value = len(images) - 1
    else:
        given = data.get("max_value")
        if not isinstance(given, int) or not 0 <= given <= limit:
            raise ThemeError(says="theme.max_value", key="max_value",
                             path=path, limit=limit, kind=kind)
        max_value = given
    colours = tuple(check_colour(path, "colours", c) for c in data.get("colours", []))
    if colours and len(colours) <= max_value:
        raise ThemeError(says="theme.colours_count", path=path,
                         given=PluralPhrase("theme.colours_given", count=len(colours)), top=max_value)
    return Theme(
        name=str(data["name"]),
        kind=kind,
        max_value=max_value,
        title=per_language(path, data, "title"),
        description=per_language(path, data, "description"),
        age=str(data.get("age", "")),
        labels=labels_table(path, data, max_value + 1) if "labels" in data else {},
        colours=colours,
        images=images,
        association=association_from_data(path, data) if "representations" in data else None,
    )


def _whole(path: Path, entry: dict, key: str) -> int:
    value = entry.get(key, 0)
    if not isinstance(value, int) or value < 0:
        raise ThemeError(says="theme.representation_whole", path=path,
                         name=entry["name"], key=key)
    return value


def association_from_data(path: Path, data: dict) -> AssociationTheme:
    """A theme file's representations (``[[representations]]``: name, values, kind and the kind's
    own keys), its ``default_faces``, ``match`` and ``value_names``, checked."""
    from domino_print.themes.representations import VALUE_NAMES, AssociationTheme

    found = _representations(path, data["representations"])
    names = [r.name for r in found]
    defaults = data.get("default_faces")
    if not isinstance(defaults, list) or len(defaults) != 2 or any(d not in names for d in defaults):
        raise ThemeError(says="theme.default_faces", path=path,
                         names=", ".join(names))
    value_names = data.get("value_names", "numbers")
    if value_names not in VALUE_NAMES:
        raise ThemeError(says="theme.value_names", path=path, key="value_names", names=", ".join(VALUE_NAMES))
    if not isinstance(data.get("match"), str):
        raise ThemeError(says="theme.match", path=path, catalogue="rules.match.<match>")
    currency = _currency(path, data) if value_names == "amounts" else None
    listed = _value_list(path, data) if value_names == "fractions" else ()
    if currency is not None:
        listed = _amounts(path, data, currency)
    ladders: tuple[Ladder, ...] = ()
    if "levels" in data:
        def fail(says: str, **values: object) -> ThemeError:
            return ThemeError(says=says, path=path, **values)  # type: ignore[arg-type]  # no fields given

        ladders = ladders_from_data(data["levels"], tuple(names), fail, texts.languages())
    return AssociationTheme(str(data["name"]), tuple(found), (defaults[0], defaults[1]), data["match"],
                            value_names=value_names, value_list=listed, currency=currency, levels=ladders,
                            loop_count=_loop_count(path, data))


def _representations(path: Path, table: object) -> list[Representation]:
    """The ``[[representations]]`` tables, each checked: its keys, its kind, its values (2 or more)."""
    from domino_print.themes.representations import KINDS as REPRESENTATION_KINDS
    from domino_print.themes.representations import Representation

    if not isinstance(table, list) or not table or not all(isinstance(r, dict) for r in table):
        raise ThemeError(says="theme.representations_not_tables", path=path)
    found = []
    for entry in table:
        check_keys(path, entry, _REPRESENTATION_KEYS, {"name", "values", "kind"})
        if entry["kind"] not in REPRESENTATION_KINDS:
            raise ThemeError(says="theme.representation_kind", path=path,
                             kind=entry["kind"], kinds=", ".join(REPRESENTATION_KINDS))
        if not isinstance(entry["values"], int) or entry["values"] < 2:
            raise ThemeError(says="theme.representation_values", path=path, key="values",
                             name=entry["name"])
        found.append(Representation(
            str(entry["name"]), entry["values"], entry["kind"], words=str(entry.get("words", "")),
            names=str(entry.get("names", "")), case=str(entry.get("case", "")),
            lowest=_whole(path, entry, "lowest"), style=str(entry.get("style", "")),
            match=str(entry.get("match", "")),
        ))
    return found


def _loop_count(path: Path, data: dict) -> int:
    """A loop deck's cards by default for this theme (``loop_count``, 2 to 200), else a class's."""
    loop_count = data.get("loop_count", LOOP_CARDS)
    if isinstance(loop_count, bool) or not isinstance(loop_count, int) or not 2 <= loop_count <= 200:
        raise ThemeError(says="theme.loop_count", path=path)
    return loop_count


LOOP_CARDS = 24
"""A loop deck's cards by default: one for each pupil of a class, as its rules page says (a class of
about two dozen pupils); a theme may give its natural size instead (``loop_count = 26``: A to Z)."""


def _currency(path: Path, data: dict) -> Currency:
    """An amounts theme's ``[currency]``: its ``symbol``, and its ``coins`` and ``notes`` in cents."""
    from domino_print.themes.representations import Currency

    table = data.get("currency")
    if not isinstance(table, dict) or not isinstance(table.get("symbol"), str):
        raise ThemeError(says="theme.currency", path=path)
    pieces = {key: _cents(path, table, key) for key in ("coins", "notes")}
    if 1 not in pieces["coins"]:
        raise ThemeError(says="theme.currency_one_cent", path=path)
    coin_mm, note_mm = table.get("coin_mm", []), table.get("note_mm", [])
    if coin_mm and not _sizes_are(coin_mm, len(table["coins"]), _coin_size):
        raise ThemeError(says="theme.currency_coin_mm", path=path)
    if note_mm and not _sizes_are(note_mm, len(table.get("notes", [])), _note_size):
        raise ThemeError(says="theme.currency_note_mm", path=path)
    coins = dict(zip(table["coins"], coin_mm, strict=True)) if coin_mm else {}
    notes = dict(zip(table.get("notes", []), note_mm, strict=True)) if note_mm else {}
    return Currency(table["symbol"], pieces["coins"], pieces["notes"],
                    coin_mm=tuple(float(coins[c]) for c in pieces["coins"]) if coins else (),
                    note_mm=tuple((float(notes[n][0]), float(notes[n][1])) for n in pieces["notes"])
                    if notes else ())


def _cents(path: Path, table: dict, key: str) -> tuple[int, ...]:
    """A currency's ``coins`` or ``notes``: whole numbers of cents, each once, smallest first."""
    given = table.get(key, [])
    if not isinstance(given, list) or not all(isinstance(c, int) and c > 0 for c in given):
        raise ThemeError(says="theme.currency_cents", path=path, key=key)
    return tuple(sorted(set(given)))


def _sizes_are(sizes: object, count: int, one: Callable[[object], bool]) -> bool:
    """Whether ``sizes`` is a list of ``count`` sizes, each as ``one`` wants it."""
    return isinstance(sizes, list) and len(sizes) == count and all(one(size) for size in sizes)


def _coin_size(size: object) -> bool:
    """A coin's diameter in mm, from 5 to 60."""
    return isinstance(size, (int, float)) and 5 <= size <= 60


def _note_size(size: object) -> bool:
    """A note's width and height in mm, each from 20 to 300."""
    return (isinstance(size, list) and len(size) == 2
            and all(isinstance(d, (int, float)) and 20 <= d <= 300 for d in size))


def _amounts(path: Path, data: dict, currency: Currency) -> tuple[str, ...]:
    """An amounts theme's ``value_list``: amounts with a point (``"1.20"``), no two equal."""
    from fractions import Fraction

    listed = data.get("value_list")
    if not isinstance(listed, list) or len(listed) < 2 or not all(isinstance(v, str) for v in listed):
        raise ThemeError(says="theme.amounts_list", path=path, key="value_list")
    seen: set[Fraction] = set()
    for given in listed:
        try:
            amount = Fraction(given)
        except ValueError:
            amount = Fraction(-1)
        if amount <= 0 or (amount * 100).denominator != 1 or amount in seen:
            raise ThemeError(says="theme.not_a_price", path=path, key="value_list",
                             given=given)
        seen.add(amount)
    return tuple(listed)


def _value_list(path: Path, data: dict) -> tuple[str, ...]:
    """A fractions theme's ``value_list``: fractions between 0 and 1 written n/d, no two equal
    (1/2 and 2/4 would make a half that matches two tiles)."""
    from fractions import Fraction

    listed = data.get("value_list")
    if not isinstance(listed, list) or len(listed) < 2 or not all(isinstance(v, str) for v in listed):
        raise ThemeError(says="theme.fractions_list", path=path, key="value_list")
    seen: dict[Fraction, str] = {}
    for given in listed:
        numerator, slash, denominator = given.partition("/")
        whole = slash and numerator.isdigit() and denominator.isdigit()
        if not whole or not 0 < int(numerator) <= int(denominator) <= 12:
            raise ThemeError(says="theme.not_a_fraction", path=path, key="value_list",
                             given=given)
        value = Fraction(int(numerator), int(denominator))
        if value in seen:
            raise ThemeError(says="theme.same_fraction", path=path, key="value_list",
                             one=seen[value], two=given)
        seen[value] = given
    return tuple(listed)
