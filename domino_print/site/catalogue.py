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
from collections.abc import Mapping
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
    (or the table), ``key`` the option or key at fault (or ""), ``problem`` the rest. ``str()`` is the
    one line to show, options named as the catalogue writes them (``max``, not ``--max``)."""

    def __init__(self, catalogue: Path, where: str, key: str, problem: str) -> None:
        self.catalogue = catalogue
        self.where = where
        self.key = key
        self.problem = problem
        place = f"{catalogue}: {where}" if where else str(catalogue)
        super().__init__(f"{place}: {problem}")  # a finished message: no field to word


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
    def where(self) -> str:
        return f'set {self.number} "{self.name}"'


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
        raise CatalogueError(path, "", "", "the file is not UTF-8 text; save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(path, "", "", f"not valid TOML ({exc}); fix that line") from None
    except RecursionError:
        raise CatalogueError(path, "", "", "tables nested too deep; write a flat catalogue") from None
    for key in table:
        if key not in ("site", "set"):
            raise CatalogueError(path, "", key, f"unknown table {key!r}; a catalogue has [site] and [[set]]")
    site = table.get("site", {})
    if not isinstance(site, dict):
        raise CatalogueError(path, "[site]", "", "write it as a table: [site]")
    for key in site:
        if key not in _SITE_KEYS:
            raise CatalogueError(path, "[site]", key, f"unknown key {key!r}; use {', '.join(_SITE_KEYS)}")
    lang = site.get("lang", texts.DEFAULT_LANG)
    if lang not in texts.languages():
        known = ", ".join(texts.languages())
        raise CatalogueError(path, "[site]", "lang", f"lang {lang!r} has no text catalogue; use {known}")
    title = _text(path, "[site]", "title", site.get("title"), MAX_NAME_CHARS, required=False)
    intro = _text(path, "[site]", "intro", site.get("intro"), MAX_INTRO_CHARS, required=False)
    entries = table.get("set", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise CatalogueError(path, "", "set", "write each set as a [[set]] table")
    if not entries:
        raise CatalogueError(path, "", "set", "no set; add a [[set]] with a name, a description and options")
    if len(entries) > MAX_SETS:
        raise CatalogueError(path, "", "set", f"{len(entries)} sets; a catalogue holds at most {MAX_SETS}")
    root = Path(os.path.realpath(path)).parent
    skipped = {os.path.realpath(path), *(os.path.realpath(folder) for folder in ignore)}
    sets: list[SiteSet] = []
    slugs: dict[str, str] = {}
    for number, entry in enumerate(entries, start=1):
        one = _read_set(path, root, skipped, lang, number, entry)
        if one.slug in slugs:
            raise CatalogueError(path, one.where, "file",
                                 f"its file name {one.slug!r} is already the one of {slugs[one.slug]}; "
                                 "give one of them another name or file")
        slugs[one.slug] = one.where
        sets.append(one)
    return Catalogue(path, lang, title, intro, tuple(sets))


def _text(path: Path, where: str, key: str, value: object, most: int, *, required: bool) -> str:
    if value is None:
        if required:
            raise CatalogueError(path, where, key, f"{key} is missing; add {key} = \"...\"")
        return ""
    if not isinstance(value, str):
        raise CatalogueError(path, where, key, f"{key} must be a text in quotes")
    try:
        return check_page_text(value, most=most, printed=False)
    except TextError as exc:
        raise CatalogueError(path, where, key, exc.about(key)) from None


def slug_of(name: str) -> str:
    """A file name from a set's name: accents dropped, lower case, other runs of characters ``-``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    words = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words)[:MAX_FILE_NAME_PART].strip("-") or "set"


def _read_set(path: Path, root: Path, skipped: set[str], lang: str, number: int,
              entry: dict) -> SiteSet:
    raw_name = entry.get("name")
    where = f'set {number} "{raw_name}"' if isinstance(raw_name, str) else f"set {number}"
    for key in entry:
        if key not in _SET_KEYS:
            raise CatalogueError(path, where, key, f"unknown key {key!r}; a set has {', '.join(_SET_KEYS)}")
    name = _text(path, where, "name", raw_name, MAX_NAME_CHARS, required=True)
    where = f'set {number} "{name}"'
    description = _text(path, where, "description", entry.get("description"), MAX_DESCRIPTION_CHARS,
                        required=False)
    file = entry.get("file")
    if file is None:
        slug = slug_of(name)
    elif not isinstance(file, str) or not file or slug_of(file) != file:
        raise CatalogueError(path, where, "file", f"file {file!r} must be a plain name of lower-case "
                             f"ASCII letters, digits and -, such as {slug_of(str(file or name))!r}")
    else:
        slug = file
    options = entry.get("options", {})
    if not isinstance(options, dict):
        raise CatalogueError(path, where, "options", "write the options as a table: [set.options]")
    given = {str(key).replace("-", "_"): value for key, value in options.items()}
    for key, value in given.items():
        if isinstance(value, (dict, list)):
            raise CatalogueError(path, where, key, f"option {key} must be a text, a number or true/false")
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
        raise CatalogueError(path, where, key, error.worded(lambda option: option)) from None
    except DominoError as error:
        raise CatalogueError(path, where, "", str(error)) from None
    material = json.dumps({"options": given, "inputs": inputs, "version": __version__, "format": SITE_FORMAT},
                          sort_keys=True, ensure_ascii=True, default=str)
    key = hashlib.sha256(material.encode()).hexdigest()[:32]
    return SiteSet(number, name, description, slug, given, key)


def _inside(root: Path, candidate: str) -> bool:
    return os.path.commonpath([str(root), candidate]) == str(root)


def _theme_inputs(path: Path, root: Path, skipped: set[str], where: str,
                  theme: str) -> tuple[Path, list[object]]:
    """A theme folder or file, relative to the catalogue's folder: its real path, which must be inside
    that folder, and a fingerprint of the files it may read: each file's name and content hash, for
    every file under the theme's folder (or the list's), ``skipped`` ones left out."""
    if not theme.strip():
        raise CatalogueError(path, where, "theme", "theme is empty; give a theme name or a folder")
    real = os.path.realpath(root / theme)
    if not _inside(root, real):
        raise CatalogueError(path, where, "theme",
                             f"theme {theme!r} is outside the catalogue's folder {root}; "
                             "put the pictures or the list beside the catalogue")
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
                raise CatalogueError(path, where, "theme",
                                     f"{full} is a link to {target}, outside the catalogue's folder {root}; "
                                     "copy the file in instead")
            digest = hashlib.sha256()
            try:
                if not os.path.isfile(target):
                    continue  # FIFOs, devices: themes read only regular files
                with open(target, "rb") as stream:
                    while chunk := stream.read(1 << 20):
                        digest.update(chunk)
                        total += len(chunk)
                        if total > MAX_THEME_BYTES:
                            raise CatalogueError(path, where, "theme",
                                                 f"the files under the theme's folder {folder} are over "
                                                 f"{MAX_THEME_BYTES // 1_000_000_000} GB; give the theme a "
                                                 "folder of its own")
            except OSError:
                continue  # the theme's loader says what is wrong with it, if it reads it
            inputs.append([os.path.relpath(full, root), digest.hexdigest()])
            if len(inputs) > MAX_THEME_FILES:
                raise CatalogueError(path, where, "theme",
                                     f"the theme's folder {folder} holds over {MAX_THEME_FILES} files; "
                                     "give the theme a folder of its own")
    return Path(real), inputs
