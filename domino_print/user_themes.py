"""User themes: a folder of pictures, or a theme TOML file, turned into a validated ``Theme``.

A folder without ``theme.toml``: its pictures (``pictures.IMAGE_SUFFIXES``; hidden
files, subfolders and other files are left out) sorted by name the way people
count, ignoring case (``img2`` before ``img10``), give values 0, 1, 2... The
number of pictures is the largest set possible: 7 pictures make a double-six,
10 a double-nine. Labels default to the file names (``01-maman.jpg`` -> ``maman``).

A ``theme.toml`` in the folder, or passed directly, may set the order
(``images = [...]``, relative to the TOML file's folder), ``labels``,
``title``, ``description``, ``name``, ``age``, ``fit`` (``"contain"`` or
``"cover"``) and ``background`` (``"#RRGGBB"``). ``write_starter_theme``
writes one, listing the pictures found, for the user to edit.

Every picture is checked here (header, size, format; SVG parsed) so that a bad
file is reported before any drawing, as a ``ThemeError`` with the picture's own
message. Two values may not show the same picture.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from domino_print import texts
from domino_print.errors import OptionError
from domino_print.pictures import FORMAT_NAMES, IMAGE_SUFFIXES, PictureError, shown
from domino_print.themes import (
    _USER_KEYS,
    FIT_MODES,
    LANGS,
    Theme,
    ThemeError,
    check_colour,
    check_keys,
    labels_table,
    per_language,
    read_toml,
)
from domino_print.tiles import MAX_TOP

THEME_FILE = "theme.toml"
DEFAULT_BACKGROUND = "#FFFFFF"


@dataclass(frozen=True)
class UserTheme(Theme):
    """A theme made from a user's pictures; it knows where they came from for its messages."""

    source: str = ""
    """The folder (``photos/``) or TOML file the pictures were listed in."""
    listed_by: str = "the folder has"

    def check_top(self, top: int) -> None:
        """Raise ``OptionError`` saying how many pictures a double-``top`` set needs."""
        if top <= self.max_value:
            return
        count = self.max_value + 1
        needed = top + 1
        name = texts.set_name("en", top) if top <= MAX_TOP else f"a double-{top} set"
        missing = needed - count
        raise OptionError(
            f"{self.source}: {name} needs {needed} images (values 0 to {top}) but "
            f"{self.listed_by} {count}; add {missing} image{'s' if missing > 1 else ''} "
            f"or use --max {self.max_value}"
        )


def natural_key(name: str) -> tuple:
    """Sort key for file names as people count: ``img2`` before ``img10``, case ignored."""
    parts = re.split(r"([0-9]+)", name.casefold())
    return (tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name)


def list_images(folder: Path) -> tuple[list[Path], list[str]]:
    """The pictures in ``folder`` in natural order, and the names of the other files left out."""
    try:
        entries = list(folder.iterdir())
    except OSError as exc:
        raise ThemeError(f"{shown(folder)}: cannot list the folder ({exc.strerror})") from None
    pictures, others = [], []
    for entry in entries:
        if entry.name.startswith(".") or not entry.is_file():
            continue
        if entry.suffix.lower() in IMAGE_SUFFIXES:
            pictures.append(entry)
        elif entry.name != THEME_FILE:
            others.append(entry.name)
    pictures.sort(key=lambda p: natural_key(p.name))
    return pictures, sorted(others, key=natural_key)


def label_for(path: Path) -> str:
    """A word from a file name: ``01-maman.jpg`` -> ``maman``, ``petit_chat.png`` -> ``petit chat``."""
    stem = path.stem
    text = re.sub(r"^[0-9]+[\s._-]+(?=\S)", "", stem).replace("_", " ").strip()
    return " ".join(text.split()) or stem


def _folder_label(folder: Path) -> str:
    text = str(folder)
    return text if text.endswith(("/", "\\")) else text + "/"


def _no_pictures(folder: Path, others: list[str]) -> ThemeError:
    message = f"{_folder_label(folder)}: no pictures found; add {FORMAT_NAMES} files"
    if others:
        count = len(others)
        message += (
            f" ({count} other file{'s' if count > 1 else ''} left out, e.g. {others[0]})"
        )
    return ThemeError(message)


def _check_pictures(paths: list[Path], where: str) -> None:
    """Every picture readable, and no two values with the same picture (same file or bytes)."""
    seen: dict[Path, int] = {}
    for value, path in enumerate(paths):
        real = path.resolve()
        if real in seen:
            raise ThemeError(
                f"{where}: values {seen[real]} and {value} both use {path.name}; "
                "each value needs its own picture"
            )
        seen[real] = value
    from domino_print.pictures.raster import check_image  # deferred: Pillow, for a user's pictures only

    for path in paths:
        try:
            check_image(path)
        except PictureError as exc:  # the theme cannot be used: say so as a theme error, same words
            raise ThemeError(str(exc)) from None
    import hashlib  # deferred: loads OpenSSL (about 3 ms); built-in themes never need it

    by_size: dict[int, list[int]] = defaultdict(list)
    for value, path in enumerate(paths):
        by_size[path.stat().st_size].append(value)
    for values in by_size.values():
        if len(values) < 2:
            continue
        digests: dict[str, int] = {}
        for value in values:
            digest = hashlib.sha256(paths[value].read_bytes()).hexdigest()
            if digest in digests:
                first = digests[digest]
                raise ThemeError(
                    f"{shown(paths[value])} is the same picture as {paths[first].name} "
                    f"(values {first} and {value}); each value needs its own picture"
                )
            digests[digest] = value


def _theme_name(folder: Path) -> str:
    return folder.resolve().name or "photos"


def _description(name: str) -> dict[str, str]:
    return {"fr": f"Vos images : {name}", "en": f"Your pictures: {name}"}


def _labels(paths: list[Path]) -> dict[str, tuple[str, ...]]:
    words = tuple(label_for(p) for p in paths)
    return {lang: words for lang in LANGS}


def load_user_theme(path: Path) -> Theme:
    """A theme from a folder of pictures (with or without ``theme.toml``) or a TOML file."""
    if not path.exists():
        raise OptionError(f"--theme {path}: no such folder or file")
    if path.is_dir():
        toml = path / THEME_FILE
        return _from_toml(toml) if toml.is_file() else _from_folder(path)
    if path.suffix.lower() == ".toml":
        return _from_toml(path)
    raise OptionError(
        f"--theme {path}: give the folder that holds the pictures, or a theme .toml file"
    )


def _from_folder(folder: Path) -> UserTheme:
    pictures, others = list_images(folder)
    if not pictures:
        raise _no_pictures(folder, others)
    paths = [p.absolute() for p in pictures]
    _check_pictures(paths, _folder_label(folder))
    name = _theme_name(folder)
    return UserTheme(
        name=name,
        kind="pictures",
        max_value=len(paths) - 1,
        title={lang: name for lang in LANGS},
        description=_description(name),
        labels=_labels(paths),
        images=tuple(paths),
        builtin=False,
        source=_folder_label(folder),
        listed_by="the folder has",
    )


def _listed_images(toml: Path, files: object) -> list[Path]:
    """The ``images = [...]`` of a theme file as paths, each an existing picture file."""
    if not isinstance(files, list) or not files or not all(isinstance(f, str) and f for f in files):
        raise ThemeError(f"{toml}: images must be a list of file names, like [\"cat.jpg\", ...]")
    folder = toml.parent
    paths = []
    for name in files:
        path = (folder / name).absolute()
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            raise ThemeError(
                f"{toml}: images: {name} is not a picture file; use {FORMAT_NAMES} files"
            )
        if not path.is_file():
            raise ThemeError(f"{toml}: images: {name} not found in {_folder_label(folder)}")
        paths.append(path)
    return paths


def _from_toml(toml: Path) -> UserTheme:
    data = read_toml(toml)
    check_keys(toml, data, _USER_KEYS, set())
    folder = toml.parent
    if "images" in data:
        paths = _listed_images(toml, data["images"])
        source, listed_by = str(toml), "the theme lists"
    else:
        pictures, others = list_images(folder)
        if not pictures:
            raise _no_pictures(folder, others)
        paths = [p.absolute() for p in pictures]
        source, listed_by = _folder_label(folder), "the folder has"
    _check_pictures(paths, str(toml))
    fit = data.get("fit", "contain")
    if fit not in FIT_MODES:
        raise ThemeError(f"{toml}: fit must be \"contain\" or \"cover\", not {fit!r}")
    background = check_colour(toml, "background", data.get("background", DEFAULT_BACKGROUND))
    name = data.get("name", _theme_name(folder))
    if not isinstance(name, str) or not name.strip() or any(c in name for c in "/\\"):
        raise ThemeError(f"{toml}: name must be a short text without slashes, not {name!r}")
    age = data.get("age", "")
    if not isinstance(age, (str, int)):
        raise ThemeError(f"{toml}: age must be a text like \"3+\", not {age!r}")
    name = name.strip()
    description = (
        per_language(toml, data, "description") if "description" in data else _description(name)
    )
    return UserTheme(
        name=name,
        kind="pictures",
        max_value=len(paths) - 1,
        title=per_language(toml, data, "title", default=name),
        description=description,
        age=str(age),
        labels=labels_table(toml, data, len(paths)) or _labels(paths),
        images=tuple(paths),
        fit=fit,
        background=background,
        builtin=False,
        source=source,
        listed_by=listed_by,
    )


# -- the starter theme file -------------------------------------------------------------------


def _toml_text(value: str) -> str:
    """A TOML basic string (JSON's escapes are all valid TOML)."""

    import json  # deferred: only ``theme new`` needs it, and this module loads on every run

    return json.dumps(value, ensure_ascii=False)


def _toml_list(words: list[str], indent: str = "    ") -> str:
    return "[\n" + "".join(f"{indent}{_toml_text(w)},\n" for w in words) + "]"


def starter_theme_text(folder: Path, pictures: list[Path]) -> str:
    """The text of a starter ``theme.toml`` listing ``pictures`` (already in order)."""
    name = _theme_name(folder)
    count = len(pictures)
    top = min(count - 1, MAX_TOP)
    names = [p.name for p in pictures]
    labels = [label_for(p) for p in pictures]
    numbered = "".join(
        f"    {_toml_text(n)},{' ' * max(1, 30 - len(_toml_text(n)))}# {i}\n"
        for i, n in enumerate(names)
    )
    return f"""\
# domino-print theme for the pictures in this folder. Edit it freely:
# lines starting with # are comments. Then make the sheet with
#   domino-print --theme {_toml_text(str(folder))}

# Printed in the sheet's title (or give one per language: see [title] at the end).
title = {_toml_text(name)}

# "contain" shows each whole picture with a small border;
# "cover" fills the face and crops what sticks out of the square.
fit = "contain"

# The colour of the faces, seen around and through the pictures, as "#RRGGBB".
background = "#FFFFFF"

# One picture per value, in order: the first is 0, the next 1, and so on.
# 7 pictures make a double-six (28 dominoes), 10 a double-nine (55 dominoes).
# These {count} allow up to a {texts.set_name('en', top)}: domino-print --theme ... --max {top}
images = [
{numbered}]

# The word under each picture with --labels, in the same order as images.
[labels]
fr = {_toml_list(labels)}
en = {_toml_list(labels)}

# A title per language instead of the title line above (remove that line first):
# [title]
# fr = "Ma famille"
# en = "My family"
"""


def write_starter_theme(folder: Path) -> Path:
    """Write ``folder/theme.toml`` listing the pictures found; never replace an existing one."""
    if not folder.is_dir():
        raise ThemeError(f"{folder}: no such folder")
    target = folder / THEME_FILE
    if target.exists():
        raise ThemeError(f"{target} already exists; edit it, or delete it to start again")
    pictures, others = list_images(folder)
    if not pictures:
        raise _no_pictures(folder, others)
    text = starter_theme_text(folder, pictures)
    try:
        with target.open("x", encoding="utf-8") as stream:
            stream.write(text)
    except FileExistsError:
        raise ThemeError(f"{target} already exists; edit it, or delete it to start again") from None
    except OSError as exc:
        raise ThemeError(f"{target}: cannot write the theme file ({exc.strerror})") from None
    return target
