"""A catalogue of sets to publish: read, checked, and each set's options validated by the option table.

A catalogue is a TOML file::

    [site]
    lang = "fr"                      # the page's language (a text catalogue); fr by default
    title = "Dominos à imprimer"     # optional: the page's heading
    intro = "..."                    # optional: a paragraph of your own under it

    [[set]]
    name = "Dominos – double six"    # the card's heading
    description = "..."              # a sentence or two under it
    file = "double-six"              # optional: the PDF's name (from the name otherwise)
    [set.options]                    # the command line's options, as in ``api.make_document``
    theme = "pips"

Each set's ``options`` go through the option table's ``parse`` (the one list of options):
an unknown option or a bad value is refused in one line naming the set and the option. A
set without ``lang`` is printed in the catalogue's language. A ``theme`` that is not a
built-in name is a folder or a file *inside the catalogue's folder* (a catalogue someone
hands you cannot publish your photos from elsewhere); so is every file under it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from domino_print import __version__, texts
from domino_print.api import DominoError, OptionError, PathError, WordedError, builtin_themes
from domino_print.options.parsing import parse
from domino_print.texts.page_text import MAX_FILE_NAME_PART, TextError, check_page_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

MAX_CATALOGUE_BYTES = 1_000_000
MAX_SETS = 200
"""Sets in one catalogue: a page of 200 cards is already long to scroll."""
MAX_NAME_CHARS = 100
MAX_DESCRIPTION_CHARS = 1000
MAX_INTRO_CHARS = 2000
MAX_THEME_FILES = 2000
"""Files looked at under one theme folder for its fingerprint; more is refused."""
MAX_THEME_BYTES = 2_000_000_000
SITE_FORMAT = 1
"""Bumped when the generator's files change for the same set: every set is made again."""

_SITE_KEYS = ("lang", "title", "intro")
_SET_KEYS = ("name", "description", "file", "options")


class CatalogueError(OptionError):
    """A catalogue the site cannot be made from (exit code 2, as a bad option); ``where`` names the set
    (a ``Where``, or the table ``[site]``), ``at_key`` the option or key at fault (or ""), ``says`` the
    problem's words (``error.catalogue.<problem>``) and ``values`` its values (``problem``: an error
    the options gave, quoted). Its words start with the catalogue and the place; options are named as
    the catalogue writes them (``max``, not ``--max``) on every surface."""

    def __init__(self, catalogue: Path, where: object, key: str, says: str, /, **values: object) -> None:
        self.catalogue = catalogue
        self.where = where
        self.at_key = key
        super().__init__(says=says, fields=(), catalogue=catalogue, where=where, **values)

    def template_in(self, lang: str) -> str:
        place = texts.text(lang, "error.catalogue.in_place" if self.where else "error.catalogue.in_file")
        return place + super().template_in(lang)

    def worded(self, name_of: Callable[[str], str], lang: str = "en") -> str:
        given = self.values
        self.values = {name: value.in_words(lang) if isinstance(value, Where) else value
                       for name, value in given.items()}  # the set at fault, and another that clashes
        try:
            return super().worded(_as_written, lang)
        finally:
            self.values = given


class Where(NamedTuple):
    """A set of the catalogue, as a message names it in each language: ``set 2 "Fruits"``."""

    number: int
    name: str | None = None

    def in_words(self, lang: str) -> str:
        if self.name is None:
            return texts.text(lang, "error.catalogue.set_number", number=self.number)
        return texts.text(lang, "error.catalogue.set_named", number=self.number, name=self.name)


def _as_written(option: str) -> str:
    """An option as a catalogue writes it: ``max``."""
    return option


class SiteSet(NamedTuple):
    """One card of the site: its words, its file name and its options, checked."""

    number: int
    """1 for the first set of the catalogue."""
    name: str
    description: str
    slug: str
    """The PDF's and previews' base name: letters, digits, ``-`` and ``_``."""
    options: Mapping[str, object]
    """As ``api.make_document`` takes them: keys with underscores, ``lang`` filled in, a theme
    folder or file as an absolute path."""
    key: str
    """A content hash of the options, the theme's files, the package version and the site format."""

    @property
    def where(self) -> Where:
        return Where(self.number, self.name)


class Catalogue(NamedTuple):
    path: Path
    lang: str
    title: str
    intro: str
    sets: tuple[SiteSet, ...]


def read_catalogue(path: Path, *, ignore: tuple[Path, ...] = ()) -> Catalogue:
    """The catalogue at ``path``, every set checked; ``CatalogueError`` (one line) otherwise.

    ``ignore``: folders left out of the themes' fingerprints (the site being written)."""
    from domino_print.regular_files import ReadProblem, read_regular_file

    try:
        data = read_regular_file(path, most_bytes=MAX_CATALOGUE_BYTES)
    except ReadProblem as problem:
        raise problem.error(PathError, path, "catalogue", "catalogue") from None
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise CatalogueError(path, "", "", "catalogue.not_utf8") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(path, "", "", "catalogue.not_toml", detail=str(exc)) from None
    except RecursionError:
        raise CatalogueError(path, "", "", "catalogue.too_deep") from None
    for key in table:
        if key not in ("site", "set"):
            raise CatalogueError(path, "", key, "catalogue.unknown_table", key=repr(key), set_table="[[set]]")
    site = table.get("site", {})
    if not isinstance(site, dict):
        raise CatalogueError(path, "[site]", "", "catalogue.site_not_table")
    for key in site:
        if key not in _SITE_KEYS:
            raise CatalogueError(path, "[site]", key, "catalogue.unknown_site_key", key=repr(key),
                                 keys=", ".join(_SITE_KEYS))
    lang = site.get("lang", texts.DEFAULT_LANG)
    if lang not in texts.languages():
        known = ", ".join(texts.languages())
        raise CatalogueError(path, "[site]", "lang", "catalogue.unknown_lang", lang=repr(lang), known=known)
    title = _text(path, "[site]", "title", site.get("title"), MAX_NAME_CHARS, required=False)
    intro = _text(path, "[site]", "intro", site.get("intro"), MAX_INTRO_CHARS, required=False)
    entries = table.get("set", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise CatalogueError(path, "", "set", "catalogue.sets_not_tables", set_table="[[set]]")
    if not entries:
        raise CatalogueError(path, "", "set", "catalogue.no_set", set_table="[[set]]")
    if len(entries) > MAX_SETS:
        raise CatalogueError(path, "", "set", "catalogue.too_many_sets", count=len(entries), most=MAX_SETS)
    root = Path(os.path.realpath(path)).parent
    skipped = {os.path.realpath(path), *(os.path.realpath(folder) for folder in ignore)}
    sets: list[SiteSet] = []
    slugs: dict[str, Where] = {}
    for number, entry in enumerate(entries, start=1):
        one = _read_set(path, root, skipped, lang, number, entry)
        if one.slug in slugs:
            raise CatalogueError(path, one.where, "file", "catalogue.same_file", slug=repr(one.slug),
                                 other=slugs[one.slug])
        slugs[one.slug] = one.where
        sets.append(one)
    return Catalogue(path, lang, title, intro, tuple(sets))


def _text(path: Path, where: object, key: str, value: object, most: int, *, required: bool) -> str:
    if value is None:
        if required:
            raise CatalogueError(path, where, key, "catalogue.missing", key=key)
        return ""
    if not isinstance(value, str):
        raise CatalogueError(path, where, key, "catalogue.not_text", key=key)
    try:
        return check_page_text(value, most=most, printed=False)
    except TextError as exc:
        raise CatalogueError(path, where, key, "catalogue.problem", problem=exc.phrase(key)) from None


def slug_of(name: str) -> str:
    """A file name from a set's name: accents dropped, lower case, other runs of characters ``-``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    words = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words)[:MAX_FILE_NAME_PART].strip("-") or "set"


def _read_set(path: Path, root: Path, skipped: set[str], lang: str, number: int,
              entry: dict) -> SiteSet:
    raw_name = entry.get("name")
    where = Where(number, raw_name if isinstance(raw_name, str) else None)
    for key in entry:
        if key not in _SET_KEYS:
            raise CatalogueError(path, where, key, "catalogue.unknown_set_key", key=repr(key),
                                 keys=", ".join(_SET_KEYS))
    name = _text(path, where, "name", raw_name, MAX_NAME_CHARS, required=True)
    where = Where(number, name)
    description = _text(path, where, "description", entry.get("description"), MAX_DESCRIPTION_CHARS,
                        required=False)
    file = entry.get("file")
    if file is None:
        slug = slug_of(name)
    elif not isinstance(file, str) or not file or slug_of(file) != file:
        raise CatalogueError(path, where, "file", "catalogue.bad_file", key="file", file=repr(file),
                             example=repr(slug_of(str(file or name))))
    else:
        slug = file
    options = entry.get("options", {})
    if not isinstance(options, dict):
        raise CatalogueError(path, where, "options", "catalogue.options_not_table",
                             options_table="[set.options]")
    given = {str(key).replace("-", "_"): value for key, value in options.items()}
    for key, value in given.items():
        if isinstance(value, (dict, list)):
            raise CatalogueError(path, where, key, "catalogue.option_kind", key=key)
    given.setdefault("lang", lang)
    inputs: list[object] = []
    theme = given.get("theme")
    if isinstance(theme, str) and theme not in builtin_themes():
        resolved, inputs = _theme_inputs(path, root, skipped, where, theme)
        given["theme"] = str(resolved)
    try:
        parse(given)
    except WordedError as error:
        key = error.fields[0] if error.fields else next((k for k in given if f"'{k}'" in str(error)), "")
        raise CatalogueError(path, where, key, "catalogue.problem", problem=error) from None
    except DominoError as error:
        raise CatalogueError(path, where, "", "catalogue.problem", problem=str(error)) from None
    material = json.dumps({"options": given, "inputs": inputs, "version": __version__, "format": SITE_FORMAT},
                          sort_keys=True, ensure_ascii=True, default=str)
    key = hashlib.sha256(material.encode()).hexdigest()[:32]
    return SiteSet(number, name, description, slug, given, key)


def _inside(root: Path, candidate: str) -> bool:
    return os.path.commonpath([str(root), candidate]) == str(root)


def _theme_inputs(path: Path, root: Path, skipped: set[str], where: object,
                  theme: str) -> tuple[Path, list[object]]:
    """A theme folder or file, relative to the catalogue's folder: its real path, which must be inside
    that folder, and a fingerprint of the files it may read: each file's name and content hash, for
    every file under the theme's folder (or the list's), ``skipped`` ones left out."""
    if not theme.strip():
        raise CatalogueError(path, where, "theme", "catalogue.theme_empty", key="theme")
    real = os.path.realpath(root / theme)
    if not _inside(root, real):
        raise CatalogueError(path, where, "theme", "catalogue.theme_outside", theme=repr(theme), root=root)
    folder = Path(real) if os.path.isdir(real) else Path(real).parent
    inputs: list[object] = []
    total = 0
    for current, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and os.path.realpath(os.path.join(current, d)) not in skipped)
        for name in sorted(files):
            full = os.path.join(current, name)
            target = os.path.realpath(full)
            if target in skipped or name.startswith("."):
                continue
            if not _inside(root, target):
                raise CatalogueError(path, where, "theme", "catalogue.link_outside", full=full, target=target,
                                     root=root)
            digest = hashlib.sha256()
            try:
                if not os.path.isfile(target):
                    continue  # FIFOs, devices: themes read only regular files
                with open(target, "rb") as stream:
                    while chunk := stream.read(1 << 20):
                        digest.update(chunk)
                        total += len(chunk)
                        if total > MAX_THEME_BYTES:
                            raise CatalogueError(path, where, "theme", "catalogue.theme_too_big",
                                                 folder=folder, most=MAX_THEME_BYTES // 1_000_000_000)
            except OSError:
                continue  # the theme's loader says what is wrong with it, if it reads it
            inputs.append([os.path.relpath(full, root), digest.hexdigest()])
            if len(inputs) > MAX_THEME_FILES:
                raise CatalogueError(path, where, "theme", "catalogue.theme_too_many", folder=folder,
                                     most=MAX_THEME_FILES)
    return Path(real), inputs
