"""User themes: a folder of pictures, or a theme TOML file, turned into a validated ``Theme``.

A folder without ``theme.toml``: its pictures sorted by name the way people count,
ignoring case (``img2`` before ``img10``), give values 0, 1, 2... The number of
pictures is the largest set possible: 7 pictures make a double-six, 10 a double-nine.
Labels default to the file names (``01-maman.jpg`` -> ``maman``).
A picture is a file named as one (``pictures.IMAGE_SUFFIXES``: every format the
installed Pillow reads, HEIC and SVG), or one whose content is a picture whatever
its name (``IMG_0001`` without an ending); hidden files, subfolders and the files
Windows adds (``SYSTEM_FILES``) are left out without a word; any other file is
left out and named in the summary line (``Theme.left_out``), and so are the
pictures over the largest set when the set's size is not given, so that a set
never comes out smaller than the user's pictures ask without saying so.

A ``theme.toml`` in the folder, or passed directly, may set the order
(``images = [...]``, relative to the TOML file's folder), ``labels``,
``title``, ``description``, ``name``, ``age``, ``fit`` (``"contain"`` or
``"cover"``), ``crop`` (with ``cover``, where each picture's square is cut: ``[x, y]``
per picture from 0 to 1, ``[0.5, 0.2]`` keeps a face near the top) and ``background``
(``"#RRGGBB"``). ``write_starter_theme``
writes one, listing the pictures found, for the user to edit.

Loading a theme reads no picture: ``UserTheme.check_use(top, ...)``, called once the
set is known (``job.build_job``), checks only the pictures of the values the set
uses (header, size and format; an SVG parsed), so that ``--max 3`` on a folder of
20 photos reads 4 of them, and a bad file is still reported before any drawing, as
a ``ThemeError`` with the picture's own message. Two values may not show the same
picture. It also checks the texts that reach the page (the title, and the labels
with ``--labels``) with ``page_text.check_page_text``, the check ``--label`` uses.

Only regular files are pictures or theme files. In a folder, anything else
(subfolders, FIFOs, sockets, devices) is left out, like hidden files; a theme file,
or a picture named in ``images = [...]``, that is not a regular file is refused
with one line (reading a FIFO would wait forever).

Names that are not UTF-8 (a stray byte, kept by Python as a lone surrogate): such
a picture still draws, but its name cannot be a label, and ``theme new`` refuses
to list it (TOML holds Unicode text only); a folder so named gets a printable name
(``\\xff`` for the byte) and its raw name is refused as a title, with the fix.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from domino_print import texts
from domino_print.errors import Alone, CatalogueText, OneOf, OptionError, Phrase, PluralPhrase, system_words
from domino_print.pictures import FORMAT_NAMES, IMAGE_SUFFIXES, PictureError, shown
from domino_print.sets.tiles import MAX_TOP
from domino_print.texts.page_text import TextError, check_page_text, displayed
from domino_print.themes.file_words import label_from_stem
from domino_print.themes.files import OutsideFolder, check_inside, inside_folder
from domino_print.themes.model import (
    _USER_KEYS,
    FIT_MODES,
    MAX_PICTURE_LABEL_CHARS,
    MAX_TITLE_CHARS,
    Theme,
    ThemeError,
    check_colour,
    check_keys,
    crop_table,
    labels_table,
    per_language,
    read_toml,
)

THEME_FILE = "theme.toml"
DEFAULT_BACKGROUND = "#FFFFFF"


@dataclass(frozen=True)
class UserTheme(Theme):
    """A theme made from a user's pictures; it knows where they came from for its messages."""

    source: str = ""
    """The folder (``photos/``) or TOML file the pictures were listed in."""
    listed_by: object = Phrase("theme.listed_by.folder")
    """How the pictures were counted, in a message: "the folder has" (a ``Phrase``)."""
    title_from: tuple[str, object] = ("", "")
    """Where the title came from, for a message: the file or folder and the subject there
    (``photos/theme.toml`` and ``title``, a ``Phrase``)."""
    title_fix: object = ""
    """Added to a message about the title: how to give another one (a ``Phrase``)."""
    theme_file: str = ""
    """The theme.toml that gave the labels; empty when they come from the file names."""

    def check_use(self, top: int, *, lang: str, labels: bool) -> None:
        """The pictures of values 0 to ``top`` readable and distinct; the title (and with
        ``labels`` the words under the faces) printable. ``ThemeError`` naming the file."""
        _check_pictures(list(self.images[: top + 1]), self.source)
        _checked(self.title_in(lang), self.title_from, MAX_TITLE_CHARS, self.title_fix)
        if not labels:
            return
        for value in range(top + 1):
            word = self.label(value, lang)
            if self.theme_file:
                subject = Phrase("theme.subject.label", value=value, word=displayed(repr(word)))
                _checked(word, (self.theme_file, subject), MAX_PICTURE_LABEL_CHARS)
                continue
            picture = self.images[value]
            try:
                check_page_text(word, most=MAX_PICTURE_LABEL_CHARS)
            except TextError as exc:
                raise ThemeError(  # the label comes from the file name only with the labels option
                    says="theme.file_name_label", path=displayed(shown(picture)), fields=("labels",),
                    problem=exc.phrase(""), theme_file=THEME_FILE, command=_new_command(picture.parent),
                ) from None

    def check_top(self, top: int) -> None:
        """Raise ``OptionError`` saying how many pictures a double-``top`` set needs."""
        if top <= self.max_value:
            return
        count = self.max_value + 1
        needed = top + 1
        name = (CatalogueText("set.name", number=CatalogueText(f"set.number.{top}")) if top <= MAX_TOP
                else Phrase("theme.double_set", top=top))
        missing = needed - count
        raise OptionError(
            says="theme.too_few_pictures", fields=("max",), source=self.source, set_name=name,
            needed=needed, top=top, listed_by=self.listed_by, count=count, most=self.max_value,
            missing=PluralPhrase("theme.pictures_count", count=missing),
        )


def _checked(text: str, where: tuple[str, object], most: int, fix: object = "", *,
             printed: bool = True) -> str:
    """``text`` through the page text check; otherwise ``ThemeError`` carrying the file (or
    folder) of ``where`` as its path, the problem worded with the subject of ``where`` in front."""
    path, subject = where
    try:
        return check_page_text(text, most=most, printed=printed)
    except TextError as exc:
        raise ThemeError(says="theme.text", path=path or None, problem=exc.phrase(subject), fix=fix) from None


def _new_command(folder: Path) -> str:
    return f"domino-print theme new {displayed(_folder_label(folder))}"


def natural_key(name: str) -> tuple:
    """Sort key for file names as people count: ``img2`` before ``img10``, case ignored."""
    parts = re.split(r"([0-9]+)", name.casefold())
    return (tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name)


def list_images(folder: Path) -> tuple[list[Path], list[str]]:
    """The pictures in ``folder`` in natural order, and the names of the other files left out."""
    try:
        entries = list(folder.iterdir())
    except OSError as exc:
        raise ThemeError(says="theme.cannot_list_folder", path=shown(folder),
                         reason=system_words(exc)) from None
    pictures, others = [], []
    for entry in entries:
        if entry.name.startswith(".") or not entry.is_file():  # is_file: regular files only
            continue
        if entry.name.lower() in SYSTEM_FILES:
            continue
        if entry.suffix.lower() in IMAGE_SUFFIXES or (entry.name != THEME_FILE and _picture_content(entry)):
            try:
                check_inside(folder, entry)
            except OutsideFolder as exc:
                raise ThemeError(says="theme.text", path=shown(folder), problem=exc.phrase, fix="") from None
            pictures.append(entry)
        elif entry.name != THEME_FILE:
            others.append(entry.name)
    pictures.sort(key=lambda p: natural_key(p.name))
    return pictures, sorted(others, key=natural_key)


SYSTEM_FILES = ("thumbs.db", "ehthumbs.db", "desktop.ini")
"""Files Windows writes in a folder of pictures on its own: left out without a word (like the
hidden files macOS writes, ``.DS_Store``)."""


def _picture_content(path: Path) -> bool:
    """Whether a file whose name says nothing (no ending, or another one) holds a picture."""
    from domino_print.pictures.raster import is_picture  # deferred: Pillow, for such files only

    return is_picture(path)


def label_for(path: Path) -> str:
    """A word from a file name: ``01-maman.jpg`` -> ``maman``, ``petit_chat.png`` -> ``petit chat``;
    ``""`` for a camera's name (``IMG_1234.JPG``: ``file_words.label_from_stem``)."""
    return label_from_stem(path.stem)


def _folder_label(folder: Path) -> str:
    text = str(folder)
    return text if text.endswith(("/", "\\")) else text + "/"


FORMATS = OneOf(FORMAT_NAMES.replace(" or ", ", ").split(", "))
"""The picture formats a user knows best, joined with the message's own "or"."""


def _no_pictures(folder: Path, others: list[str]) -> ThemeError:
    left_out = (PluralPhrase("theme.others_left_out", count=len(others), name=displayed(others[0]))
                if others else "")
    return ThemeError(says="theme.no_pictures", path=displayed(_folder_label(folder)), formats=FORMATS,
                      left_out=left_out)


def _check_pictures(paths: list[Path], where: str) -> None:
    """Every picture readable, and no two values with the same picture (same file or bytes)."""
    for path in paths:
        _check_regular(path, where)
    seen: dict[Path, int] = {}
    for value, path in enumerate(paths):
        real = path.resolve()
        if real in seen:
            raise ThemeError(says="theme.same_file", where=where, one=seen[real], two=value,
                             name=displayed(path.name))
        seen[real] = value
    from domino_print.pictures.raster import check_image  # deferred: Pillow, for a user's pictures only

    for path in paths:
        try:
            check_image(path)
        except PictureError as exc:  # the theme cannot be used: say so as a theme error, same words
            # the picture apart from its problem, as every PathError: a surface names it its own way
            raise ThemeError(says="theme.text", path=exc.path, problem=Alone(exc), fix="") from None
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
                raise ThemeError(says="theme.same_picture", picture=shown(paths[value]),
                                 other=displayed(paths[first].name), one=first, two=value)
            digests[digest] = value


def _check_regular(path: Path, where: str) -> None:
    """A picture must be a regular file: reading a FIFO would wait forever, a device never end."""
    if path.exists() and not path.is_file():
        raise ThemeError(says="theme.picture_not_regular", where=where, name=displayed(path.name))


def _folder_name(folder: Path) -> str:
    """The folder's own name, as the file system has it (``photos`` for ``/``)."""
    return folder.resolve().name or "photos"


def _theme_name(folder: Path) -> str:
    """A folder's name as a theme name: printable in messages and metadata (a stray byte as ``\\xff``)."""
    return displayed(_folder_name(folder))


def _description(name: str) -> dict[str, str]:
    return {"fr": f"Vos images : {name}", "en": f"Your pictures: {name}"}


def _labels(paths: list[Path]) -> dict[str, tuple[str, ...]]:
    words = tuple(label_for(p) or str(value) for value, p in enumerate(paths))  # the number: no word
    return {lang: words for lang in texts.languages()}


def load_user_theme(path: Path) -> Theme:
    """A theme from a folder of pictures (with or without ``theme.toml``) or a TOML file."""
    if not path.exists():
        raise OptionError(says="theme.no_such_path", fields=("theme",), path=path)
    if path.is_dir():
        toml = path / THEME_FILE
        return _from_toml(toml) if os.path.lexists(toml) else _from_folder(path)
    if path.suffix.lower() == ".toml":
        return _from_toml(path)
    kind = OTHER_FILES.get(path.suffix.lower())
    if kind is None and path.is_file() and _picture_content(path):
        kind = "one_picture"
    if kind is not None:
        fix = kind if kind in OTHER_FILES_FIX else "pictures"
        raise OptionError(says="theme.not_a_theme_file", fields=("theme",), path=path,
                          kind=Phrase(f"theme.file_kind.{kind}"), fix=Phrase(f"theme.file_fix.{fix}"))
    raise OptionError(says="theme.not_a_theme", fields=("theme",), path=path)


OTHER_FILES = {".xlsb": "xlsb", ".pdf": "pdf"}
"""Files people give as a theme that are none, by suffix: each said as what it is
(``error.theme.file_kind.<kind>``), with its way out when it has one of its own (``OTHER_FILES_FIX``)."""
OTHER_FILES_FIX = ("xlsb",)
"""The kinds with a way out of their own (``error.theme.file_fix.<kind>``); the others take
``theme.file_fix.pictures``."""


def _from_folder(folder: Path) -> UserTheme:
    pictures, others = list_images(folder)
    if not pictures:
        raise _no_pictures(folder, others)
    paths = [p.absolute() for p in pictures]
    name = _theme_name(folder)
    title = _folder_name(folder)
    return UserTheme(
        name=name,
        kind="pictures",
        max_value=len(paths) - 1,
        title={lang: title for lang in texts.languages()},
        description=_description(name),
        labels=_labels(paths),
        images=tuple(paths),
        builtin=False,
        left_out=tuple(others),
        source=_folder_label(folder),
        listed_by=Phrase("theme.listed_by.folder"),
        title_from=(displayed(_folder_label(folder)), Phrase("theme.subject.folder_name")),
        title_fix=Phrase("theme.fix.title", theme_file=THEME_FILE, command=_new_command(folder)),
    )


def _listed_images(toml: Path, files: object) -> list[Path]:
    """The ``images = [...]`` of a theme file as paths, each an existing picture file."""
    if not isinstance(files, list) or not files or not all(isinstance(f, str) and f for f in files):
        raise ThemeError(says="theme.images_not_a_list", path=toml)
    folder = toml.parent
    paths = []
    for name in files:
        try:
            path = inside_folder(folder, name)
        except OutsideFolder as exc:
            raise ThemeError(says="theme.images_problem", path=toml, problem=exc.phrase) from None
        named = path.suffix.lower() in IMAGE_SUFFIXES
        if not named and not (path.is_file() and _picture_content(path)):
            raise ThemeError(says="theme.images_not_a_picture", path=toml, name=displayed(name),
                             formats=FORMATS)
        if not path.exists():
            raise ThemeError(says="theme.images_not_found", path=toml, name=displayed(name),
                             folder=displayed(_folder_label(folder)))
        _check_regular(path, f"{toml}: images")
        paths.append(path)
    return paths


def _from_toml(toml: Path) -> UserTheme:
    data = read_toml(toml)
    check_keys(toml, data, _USER_KEYS, set())
    folder = toml.parent
    others: list[str] = []
    if "images" in data:
        paths = _listed_images(toml, data["images"])
        source, listed_by = str(toml), Phrase("theme.listed_by.theme")
    else:
        pictures, others = list_images(folder)
        if not pictures:
            raise _no_pictures(folder, others)
        paths = [p.absolute() for p in pictures]
        source, listed_by = _folder_label(folder), Phrase("theme.listed_by.folder")
    fit = data.get("fit", "contain")
    if fit not in FIT_MODES:
        raise ThemeError(says="theme.fit", path=toml, fit=fit)
    background = check_colour(toml, "background", data.get("background", DEFAULT_BACKGROUND))
    print_labels = data.get("show_labels", False)
    if not isinstance(print_labels, bool):
        raise ThemeError(says="theme.not_true_or_false", path=toml, key="show_labels",
                         value=displayed(repr(print_labels)))
    name = data.get("name", _theme_name(folder))
    if "name" in data:
        if not isinstance(name, str) or not name.strip() or any(c in name for c in "/\\"):
            shown_name = displayed(repr(name))
            raise ThemeError(says="theme.name_not_a_text", path=toml, name=shown_name)
        _checked(name, (str(toml), Phrase("theme.subject.name")), MAX_TITLE_CHARS, printed=False)  # the title
    age = data.get("age", "")
    if not isinstance(age, (str, int)):
        raise ThemeError(says="theme.age", path=toml, age=age)
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
        crops=crop_table(toml, data, len(paths)),
        background=background,
        print_labels=print_labels,
        builtin=False,
        left_out=tuple(others),
        source=source,
        listed_by=listed_by,
        title_from=_title_from(toml, data),
        theme_file=str(toml) if "labels" in data else "",
    )


def _title_from(toml: Path, data: dict) -> tuple[str, object]:
    if "title" in data:
        return str(toml), Phrase("theme.subject.title")
    if "name" in data:
        return str(toml), Phrase("theme.subject.name_as_title")
    return str(toml), Phrase("theme.subject.folder_as_title")


# -- the starter theme file -------------------------------------------------------------------


def toml_string(value: str) -> str:
    """``value`` as a TOML basic string that any TOML reader reads back as ``value``.

    Backslash and quote are escaped, and so is every control or format character
    (TOML forbids raw controls, DEL included; escaping bidi and zero-width marks too
    keeps the file readable as it looks). A lone surrogate (a name that is not UTF-8)
    cannot be written in TOML at all: ``ValueError``."""
    out = ['"']
    for char in value:
        code = ord(char)
        if 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"{displayed(value)} is not valid UTF-8 text")
        if char in '"\\':
            out.append("\\" + char)
        elif unicodedata.category(char) in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp"):
            out.append(f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _toml_list(words: list[str], indent: str = "    ") -> str:
    return "[\n" + "".join(f"{indent}{toml_string(w)},\n" for w in words) + "]"


DEFAULT_STARTER_TITLE = "My pictures"
"""The starter theme's title when the folder's name cannot be printed."""


def starter_theme_text(folder: Path, pictures: list[Path]) -> str:
    """The text of a starter ``theme.toml`` listing ``pictures`` (already in order).

    ``ThemeError`` if a picture's name is not UTF-8 (TOML cannot name it). The folder's
    name is the title when it passes the page text check; otherwise a placeholder title,
    with a comment saying why."""
    for picture in pictures:
        if any(0xD800 <= ord(c) <= 0xDFFF for c in picture.name):
            raise ThemeError(says="theme.name_not_utf8", path=displayed(shown(picture)),
                             theme_file=THEME_FILE)
    count = len(pictures)
    top = min(count - 1, MAX_TOP)
    names = [p.name for p in pictures]
    labels = [label_for(p) or str(value) for value, p in enumerate(pictures)]
    numbered = "".join(
        f"    {toml_string(n)},{' ' * max(1, 30 - len(toml_string(n)))}# {i}\n"
        for i, n in enumerate(names)
    )
    title, title_note = _folder_name(folder), ""
    try:
        check_page_text(title, most=MAX_TITLE_CHARS)
    except TextError as exc:
        title_note = f"# The folder's name cannot be the title: {exc.about('it')}.\n"
        title = DEFAULT_STARTER_TITLE
    return f"""\
# domino-print theme for the pictures in this folder. Edit it freely:
# lines starting with # are comments. Then make the sheet with
#   domino-print --theme {displayed(_folder_label(folder))}

# Printed in the sheet's title (or give one per language: see [title] at the end).
{title_note}title = {toml_string(title)}

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

# The word under each picture with --labels, in the same order as images: one list
# per page language (--lang), fr and en here{_other_languages()}.
# A page in a language not given here takes en, then fr, then the first list given.
[labels]
fr = {_toml_list(labels)}
en = {_toml_list(labels)}

# A title per language instead of the title line above (remove that line first):
# [title]
# fr = "Ma famille"
# en = "My family"
"""


def _other_languages() -> str:
    """The starter's note on the language codes it leaves out: ``; de and es are accepted too``."""
    others = [code for code in texts.languages() if code not in ("fr", "en")]
    if not others:
        return ""
    listed = ", ".join(others[:-1]) + (" and " if len(others) > 1 else "") + others[-1]
    return f"; {listed} {'are' if len(others) > 1 else 'is'} accepted too"


def write_starter_theme(folder: Path, write: Callable[[Path, bytes], None]) -> Path:
    """Write ``folder/theme.toml`` listing the pictures found with ``write``, which must write
    atomically (a failed run leaves nothing behind: the command line passes
    ``output.files.write_atomically``, from the output stage above the themes); never replace an
    existing one, even a broken link or a FIFO."""
    if not folder.is_dir():
        raise ThemeError(says="theme.no_such_folder", path=displayed(str(folder)))
    target = folder / THEME_FILE
    exists = ThemeError(says="theme.already_exists", path=displayed(str(target)))
    if os.path.lexists(target):
        raise exists
    pictures, others = list_images(folder)
    if not pictures:
        raise _no_pictures(folder, others)
    data = starter_theme_text(folder, pictures).encode("utf-8")
    if os.path.lexists(target):  # made while the pictures were listed
        raise exists
    write(target, data)
    return target
