"""A teacher's list of pairs in the studio (issue 19): a file uploaded, or a table typed on the page.

Either way the list reaches the core as a file the command line reads (``--theme liste.csv``):
an uploaded file is kept as it came (``<session>/list/file/``), in any format of the readers'
registry (``api_internal.list_formats``), and read with the form's ``sheet`` and header options; a typed
table is written as a tab-separated list, one row a line, every cell quoted (``list/typed/``), so
that line *n* of the file is row *n* of the table. A cell of the table may be one of the visitor's
pictures: it is linked into the list's folder under its name (``chat.jpg``), which the list names,
as a list beside its pictures does; the preview's list links the small copies instead
(``list/preview/``) and is drawn at 72 dpi, as the pictures' preview is.

The list's refusals (``PairsError``: its ``says`` and values, its place ``at``, details) are
worded in the page's language with the command line's words (``error.<says>``), beside the row
at fault for a typed table, and after the line, or the sheet and cell, for a file; the page has
words of its own (``studio.list.error.*``), chosen by ``says``, only where it is not the command
line (a row beside the row it clashes with, a file sent without its pictures). An error that
names a form field (``sheet``) stays beside that field.

The session's state keeps ``list``: ``mode`` (``typed`` or ``file``), the typed ``rows`` (each a
list of cells, a cell a text or ``{"picture": id}``), the ``title`` typed, and the ``file``
uploaded (its name as sent, the name it is kept under, the hash of its bytes).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

from starlette.requests import Request

from domino_print.api import ArchiveError, PairsError, option_label
from domino_print.api_internal import (
    THEME_CHOICES,
    list_formats,
    list_most_bytes,
    list_sheets,
    list_title,
    problem_words,
    toml_list_refusal,
    unpack_list_archive,
)
from domino_print.studio.rendering import write_atomically
from domino_print.studio.sessions import Session
from domino_print.studio.theme_zip import refusal
from domino_print.studio.uploads import clean_label, printed_name
from domino_print.studio.words import word
from domino_print.texts import DEFAULT_LANG, text

LIST = "list"
"""The theme value that stands for the visitor's list in the form."""
MOST_ROWS = 300
"""Rows a typed table holds (a class's loop has 20 to 40)."""
MOST_CELL_CHARS = 200
MODES = ("typed", "file")


class NoList(Exception):
    """The list chosen is empty (no file uploaded, or no row typed)."""


class Prepared(NamedTuple):
    """The options of the preview and of the download, and what the list's files hold (a hash)."""

    shown: dict
    full: dict
    digest: str


def empty_list() -> dict:
    return {"mode": "typed", "rows": [], "title": "", "file": None}


def list_state(state: dict) -> dict:
    entry = state.get("list")
    return {**empty_list(), **entry} if isinstance(entry, dict) else empty_list()


def folder(session_folder: Path) -> Path:
    return session_folder / "list"


# -- the list as files the core reads -----------------------------------------------------------
_NOT_IN_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]')


def file_stem(title: str) -> str:
    """A title as a file's name (the core reads a list's title from its file name)."""
    stem = _NOT_IN_NAMES.sub(" ", unicodedata.normalize("NFC", title))
    stem = " ".join(stem.replace("_", " ").split()).strip(". ")
    return stem[:60]


def title_of(entry: dict, lang: str) -> str:
    """The set's title: the one typed, else an uploaded file's own name, else the page's default."""
    typed = file_stem(str(entry.get("title") or ""))
    if typed:
        return typed
    if entry.get("mode") == "file" and entry.get("file"):
        stem = file_stem(list_title(str(entry["file"].get("name", ""))))  # the core's title
        if stem:
            return stem
    return word(lang, "list.default_title")


def _cell_text(cell: object) -> str:
    return " ".join(str(cell).split())


def typed_text(rows: list, picture_names: dict[str, str]) -> str:
    """The typed rows as a tab-separated list, every cell quoted, one row a line (an empty row an
    empty line: line numbers stay the table's row numbers)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t", quoting=csv.QUOTE_ALL, lineterminator="\n")
    for row in rows:
        cells = [picture_names.get(str(cell.get("picture")), f"{cell.get('picture')}.png")
                 if isinstance(cell, dict) else _cell_text(cell) for cell in row]
        while cells and not cells[-1]:
            cells.pop()
        if cells:
            writer.writerow(cells)
        else:
            buffer.write("\n")
    return buffer.getvalue()


def _picture_names(state: dict, ids: list[str], lang: str, key: str) -> dict[str, str]:
    """The file names the list gives the pictures it uses (``key``: ``file`` for the originals,
    ``preview`` for the small copies): each picture's printed name and its file's ending."""
    names: dict[str, str] = {}
    taken: set[str] = set()
    for value, picture in enumerate(state.get("pictures", [])):
        if picture["id"] not in ids:
            continue
        base = file_stem(printed_name(picture, lang, value)) or f"image {value}"
        suffix = Path(str(picture[key])).suffix.lower()
        name, count = f"{base}{suffix}", 2
        while name.casefold() in taken:
            name, count = f"{base} {count}{suffix}", count + 1
        taken.add(name.casefold())
        names[picture["id"]] = name
    return names


def _write(path: Path, data: bytes) -> None:
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data)


def _link(source: Path, target: Path) -> None:
    """``target`` the same file as ``source`` (a hard link in the session's folder, else a copy)."""
    try:
        if target.stat().st_ino == source.stat().st_ino:
            return
        target.unlink()
    except OSError:
        pass
    try:
        os.link(source, target)
    except OSError:
        _write(target, source.read_bytes())


def _only(place: Path, keep: set[str]) -> None:
    """Remove from ``place`` the files of older versions of the list (another title, a picture gone)."""
    for path in place.iterdir():
        if path.name not in keep and path.is_file():
            path.unlink(missing_ok=True)


KEPT_LISTS = 32
"""Versions of a list kept as files (each in a folder named by its content) while renders of
them may still be reading; older ones beyond these go, once ``KEPT_LISTS_S`` old."""
KEPT_LISTS_S = 600.0


def _content_folder(parent: Path, content: str) -> Path:
    """``parent/<content>``, made (and touched) now; the oldest siblings beyond ``KEPT_LISTS``
    removed once they are ``KEPT_LISTS_S`` old (a render started then has long finished)."""
    import shutil
    import time

    place = parent / content
    place.mkdir(parents=True, exist_ok=True)
    os.utime(place)
    try:
        siblings = sorted((entry.stat().st_mtime, entry) for entry in parent.iterdir()
                          if entry.is_dir() and entry != place)
    except OSError:
        return place
    old = time.time() - KEPT_LISTS_S
    for mtime, entry in siblings[: max(0, len(siblings) + 1 - KEPT_LISTS)]:
        if mtime < old:
            shutil.rmtree(entry, ignore_errors=True)
    for entry in parent.iterdir():  # the files of the versions before folders by content
        if entry.is_file():
            entry.unlink(missing_ok=True)
    return place


def prepare(session_folder: Path, pictures_dir: Path, preview_dir: Path, state: dict,
            options: dict) -> Prepared:
    """Write the chosen list where the core reads it; the preview's and the download's options
    (``theme`` its path). ``NoList`` when there is none to read. The default title and the
    pictures' names are in the set's language (``lang``), as printed."""
    lang = str(options.get("lang") or DEFAULT_LANG)
    entry = list_state(state)
    title = title_of(entry, lang)
    base = folder(session_folder)
    if entry["mode"] == "file":
        stored = entry.get("file")
        if not stored:
            raise NoList("file")
        source = base / "upload" / str(stored["stored"])
        if not source.is_file():
            raise NoList("file")
        digest_text = hashlib.sha256(f"{stored['digest']}:{title}".encode()).hexdigest()[:16]
        place = _content_folder(base / "file", digest_text)  # a render reads the bytes it was asked for
        target = place / f"{title}{source.suffix}"
        _link(source, target)
        if stored.get("zipped"):
            _link_pictures(source, place)
        full = {**options, "theme": str(target)}
        return Prepared(full, full, digest_text)
    rows = [row for row in entry["rows"] if isinstance(row, list)]
    if not any(_cell_text(cell) if not isinstance(cell, dict) else True for row in rows for cell in row):
        raise NoList("typed")
    ids = sorted({str(cell.get("picture")) for row in rows for cell in row if isinstance(cell, dict)})
    digest = hashlib.sha256()
    paths = {}
    variants = (("typed", "file", pictures_dir), ("preview", "preview", preview_dir))
    for variant, key, pictures_folder in variants:
        names = _picture_names(state, ids, lang, key)
        text = typed_text(rows, names)
        named = "\0".join(f"{ident}={name}" for ident, name in sorted(names.items()))
        content = hashlib.sha256(f"{title}\0{text}\0{named}".encode()).hexdigest()[:16]
        place = _content_folder(base / variant, content)  # by content: parallel tables never share one
        list_file = place / f"{title}.tsv"
        _write(list_file, text.encode("utf-8"))
        pictures = {picture["id"]: picture for picture in state.get("pictures", [])}
        for ident, name in names.items():
            _link(pictures_folder / str(pictures[ident][key]), place / name)
        digest.update(text.encode("utf-8"))
        digest.update(named.encode())
        paths[variant] = list_file
    full = {**options, "theme": str(paths["typed"])}
    shown = {**options, "theme": str(paths["preview"]), "dpi": 72} if ids else full
    return Prepared(shown, full, digest.hexdigest()[:16])


# -- the list's errors, in the page's language --------------------------------------------------
PICTURE_SAYS = ("list.picture_missing", "list.picture_not_regular", "list.picture_outside")
"""A cell naming a picture the list does not have: a file sent alone brings none."""
CLASH_WORDS = {"list.clash.written_times": "same_text"}
"""The page's words beside a clashing row: ``list.error.<the says of its group, last part>``; a text
written three times is said beside each row as one already on another."""


def names_file(error: PairsError, lang: str) -> bool:
    """Whether the error's words name the list's file themselves (``{path}``): nothing in front."""
    return bool(error.says) and "{path}" in text(lang, f"error.{error.says}")


def error_message(error: PairsError, lang: str, *, typed: bool = True, pictures: bool = True,
                  named: str = "") -> str:
    """What is wrong, in ``lang``: the command line's words (``error.<says>`` filled with the error's
    values, the options named as the form names them), without the file and the place, which the
    page shows its own way (see ``place_text``); where the words name the file themselves (every
    group of clashing rows), ``named``, the list as the visitor knows it (a file's name as sent),
    stands for it: never the session's folder. Where the page is not the
    command line, the words are chosen from ``says`` and the error's data: a row of a ``typed``
    table that clashes with another names that row (``clash_rows``), a typed row with one side has
    an empty cell, and a list whose cells name pictures it came without (``pictures`` False: a
    file sent alone, not zipped) says to type the list instead."""
    if error.says in PICTURE_SAYS and not pictures:
        return word(lang, "list.error.picture_in_file", text=error.details.get("text", ""))
    groups = error.details.get("groups")
    if typed and isinstance(groups, tuple) and groups:
        return next(row["message"] for row in clash_rows(groups, lang) if row["row"] == error.at.line)
    if typed and error.says == "list.one_cell":
        return problem_words(PairsError(says="list.empty_cell"), lang)
    words = problem_words(error, lang)
    return words.replace(str(error.path), named) if error.path is not None else words


def place_text(error: PairsError, lang: str) -> str:
    """Where the problem is in a file, as the page says it: ``Ligne 7``, ``Feuille « Feuil1 », cellule
    B7``."""
    at = error.at
    if at.sheet is not None and at.cell:
        return word(lang, "list.place.cell", sheet=at.sheet, cell=at.cell)
    if at.sheet is not None and at.line is not None:
        return word(lang, "list.place.sheet_row", sheet=at.sheet, line=at.line)
    if at.sheet is not None:
        return word(lang, "list.place.sheet", sheet=at.sheet)
    if at.line is not None:
        return word(lang, "list.place.line", line=at.line)
    return ""


def list_error(error: Exception, lang: str, state: dict, field_names: frozenset[str]) -> dict | None:
    """A list's refusal as the page shows it: beside the row of a typed table (``row``, from 1, and
    the ``column`` of a cell), or naming the place in a file; beside its field when its fix is a
    form field's own (the sheet chosen); None for any other error."""
    if not isinstance(error, PairsError):
        return None
    entry = list_state(state)
    typed = entry["mode"] == "typed"
    file = entry.get("file") or {}
    named = title_of(entry, lang) if typed else shown_file_name(str(file.get("name", "")))
    message = error_message(error, lang, typed=typed, pictures=typed or bool(file.get("zipped")), named=named)
    own = [field for field in error.fields
           if field in field_names and field not in ("ambiguous", "tile_size")]
    if own:
        return {"field": own[0], "message": message}
    if not typed:
        where = "" if names_file(error, lang) else place_text(error, lang)
        if where:
            message = word(lang, "list.place.at", place=where, message=message)
        return {"field": LIST, "message": message}
    shown: dict = {"field": LIST, "message": message}
    if error.at.line is not None:
        column = 1 if error.says == "list.one_cell" else error.at.column  # the missing side
        shown.update(row=error.at.line, column=column, other=error.at.other_line)
    groups = error.details.get("groups")
    if isinstance(groups, tuple) and groups:
        shown["rows"] = clash_rows(groups, lang)
    return shown


def clash_rows(groups: tuple, lang: str) -> list[dict]:
    """Every row of every group of clashing rows (``sets.association.check_meaning``), each with
    its message beside it (naming another row of its group), so that one round corrects them all:
    the group's ``says`` chooses the words (``CLASH_WORDS``)."""
    values = {"ambiguous": option_label("ambiguous", lang)}
    marked = []
    for group in groups:
        lines, texts = list(group["lines"]), list(group["texts"])
        says = str(group["says"])
        key = "list.error." + CLASH_WORDS.get(says, says.removeprefix("list.clash."))
        for index, line in enumerate(lines):
            other = lines[1] if index == 0 else lines[0]
            first = texts[1] if index == 0 else texts[0]
            message = word(lang, key, text=texts[index], first=first, second=texts[index],
                           shared=group["shared"], other=other, **values)
            marked.append({"row": line, "message": message})
    return marked


# -- what the endpoints do (studio/routes/list_routes.py: list_get, list_change, list_file) ------
def _clean_rows(raw: object, picture_ids: set[str]) -> list | None:
    if not isinstance(raw, list) or len(raw) > MOST_ROWS:
        return None
    rows = []
    for row in raw:
        if not isinstance(row, list) or len(row) > 3:
            return None
        cells: list = []
        for cell in row:
            if isinstance(cell, str) and len(cell) <= MOST_CELL_CHARS:
                cells.append("".join(" " if unicodedata.category(c).startswith("C") else c for c in cell))
            elif (isinstance(cell, dict) and set(cell) == {"picture"} and isinstance(cell["picture"], str)
                  and cell["picture"] in picture_ids):  # a dict or list there is no picture (issue 28)
                cells.append({"picture": cell["picture"]})
            else:
                return None
        rows.append(cells)
    return rows


def save_rows(session: Session, raw: object) -> dict | None:
    """The typed table's rows, kept (and the table chosen as the list): the state as saved, for
    the preview to render these very rows; None if they are not rows."""
    with session.changing() as state:
        rows = _clean_rows(raw, {p["id"] for p in state.get("pictures", [])})
        if rows is None:
            return None
        entry = list_state(state)
        entry["rows"], entry["mode"] = rows, "typed"
        state["list"] = entry
    return state


def list_answer(state: dict, lang: str) -> dict:
    """The list as the page shows it (``GET /api/list``): where it comes from, the rows typed, the
    title, the file uploaded and its sheets, the visitor's pictures a cell may show."""
    entry = list_state(state)
    file = entry.get("file")
    return {"mode": entry["mode"], "rows": entry["rows"], "title": entry.get("title", ""),
            "title_shown": title_of(entry, lang),
            "file": {"name": shown_file_name(str(file["name"])), "sheets": file.get("sheets", [])}
            if file else None,
            "pictures": [{"id": p["id"], "name": printed_name(p, lang, value),
                          "thumb": f"/thumbs/{p['id']}.png"}
                         for value, p in enumerate(state.get("pictures", []))]}


def change(session: Session, body: dict) -> dict | None:
    """``POST /api/list`` with any of ``rows``, ``title`` and ``mode`` (the typed table, the title,
    which list the set is made from): the new state, or None if one of them is wrong."""
    with session.changing() as state:
        entry = list_state(state)
        if "rows" in body:
            rows = _clean_rows(body["rows"], {p["id"] for p in state.get("pictures", [])})
            if rows is None:
                return None
            entry["rows"] = rows
        if "title" in body:
            entry["title"] = clean_label(str(body["title"]))
        if "mode" in body:
            if body["mode"] not in MODES:
                return None
            entry["mode"] = body["mode"]
        state["list"] = entry
        return state


MOST_NAME_CHARS = 240
"""A list file's name as kept (its ending always kept); the page shows ``SHOWN_NAME_CHARS``."""
SHOWN_NAME_CHARS = 40


def list_file_name(name: str) -> str:
    """An uploaded list's name as sent, one line without control characters, its ending kept
    whatever its length (a name is never cut to a wrong format: only ``shown_file_name`` shortens)."""
    text = " ".join("".join(" " if unicodedata.category(c).startswith("C") else c for c in str(name)).split())
    text = re.split(r"[\\/]", text)[-1]  # a name, never a path
    suffix = Path(text).suffix
    if len(suffix) > 12:
        suffix = ""
    stem = text[: len(text) - len(suffix)] if suffix else text
    return stem[: MOST_NAME_CHARS - len(suffix)] + suffix


def shown_file_name(name: str) -> str:
    """The name as the page shows it: a long one cut in its middle, its ending kept."""
    if len(name) <= SHOWN_NAME_CHARS:
        return name
    suffix = Path(name).suffix
    keep = SHOWN_NAME_CHARS - len(suffix) - 1
    return name[: keep - keep // 3] + "…" + name[len(name) - len(suffix) - keep // 3:]


def file_name_refused(name: str, lang: str) -> dict | None:
    """The error beside the list for a file whose name says it is no list (``.jpg``), else None."""
    if Path(list_file_name(name)).suffix.lower() in (*list_formats(), ZIP):
        return None
    formats = ", ".join(list_formats())
    return {"field": LIST, "message": word(lang, "list.error.not_a_list", formats=formats)}


def too_big(lang: str) -> dict:
    megabytes = list_most_bytes() // 1_000_000
    return {"field": LIST, "message": word(lang, "list.error.too_big", megabytes=megabytes)}


async def body_within(request: Request) -> bytes | None:
    """The request's body, or None once it is larger than a list may be (``api_internal.list_most_bytes``)."""
    most = list_most_bytes()
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


class FileRefused(Exception):
    """An uploaded file that brings no list (a .zip refused or holding none, a .toml that is no
    list): ``message`` says why, in the page's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


ZIP = ".zip"
"""A list may come with its pictures, as one .zip of the list file and its images (issue 27)."""


def store_file(session: Session, name: str, data: bytes, lang: str = DEFAULT_LANG) -> dict:
    """Keep an uploaded list as it came (read at the next preview) and choose it; the new state.
    A .zip is unpacked (the list and its pictures, ``api_internal.unpack_list_archive``) beside the
    list there was, which it replaces once accepted; ``FileRefused`` when it is refused or holds no
    list, or several, or for a .toml that is no list: the list there was is kept as it was."""
    import shutil

    name = list_file_name(name) or "liste.csv"
    suffix = Path(name).suffix.lower()
    if suffix != ZIP:
        _refuse_toml(name, data, lang)  # before the list there was is touched
    with session.changing() as state:
        base = folder(session.folder)
        place = base / "upload"
        incoming = base / "incoming"
        if suffix == ZIP:
            shutil.rmtree(incoming, ignore_errors=True)
            try:
                stored, sheets = _unpacked_list(incoming, data, lang)
            except FileRefused:
                shutil.rmtree(incoming, ignore_errors=True)
                raise
        place.mkdir(parents=True, exist_ok=True)
        _only(place, set())
        shutil.rmtree(place / "unpacked", ignore_errors=True)
        if suffix == ZIP:
            for unpacked in incoming.iterdir():
                os.replace(unpacked, place / unpacked.name)
            incoming.rmdir()
        else:
            stored, sheets = f"list{suffix}", list(list_sheets(name, data))
            _write(place / stored, data)
        entry = list_state(state)
        entry["file"] = {"name": name, "stored": stored, "digest": hashlib.sha256(data).hexdigest()[:16],
                         "sheets": sheets, "zipped": suffix == ZIP}
        entry["mode"] = "file"
        state["list"] = entry
        return state


def _unpacked_list(incoming: Path, data: bytes, lang: str) -> tuple[str, list[str]]:
    """A list's .zip (``data``) kept and unpacked in the new folder ``incoming``: its list file (as
    ``unpacked/...``, relative to the folder) and that list's sheets; ``FileRefused`` otherwise."""
    incoming.mkdir(parents=True)
    _write(incoming / f"list{ZIP}", data)
    unpacked = incoming / "unpacked"
    unpacked.mkdir()
    try:
        found = unpack_list_archive(incoming / f"list{ZIP}", unpacked)
    except ArchiveError as error:
        raise FileRefused(refusal(error, lang, "list.zip")) from None  # a list's words, not a theme's
    if found is None:
        raise FileRefused(word(lang, "list.error.zip_no_list", formats=", ".join(list_formats())))
    content = found.read_bytes()
    _refuse_toml(found.name, content, lang)
    return found.relative_to(incoming).as_posix(), list(list_sheets(found.name, content))


def _refuse_toml(name: str, data: bytes, lang: str) -> None:
    """``FileRefused`` for a ``.toml`` sent as a list that is none (its TOML broken: the line and
    column; no ``pairs``; not UTF-8), in the list reader's words and the page's language, naming
    the file by its name as sent (never the session's folder, where the core would read it as a
    theme's own file)."""
    refused = toml_list_refusal(name, data)
    if refused is not None:
        raise FileRefused(error_message(refused, lang, typed=False, named=shown_file_name(name)))


def _link_pictures(source: Path, place: Path) -> None:
    """The pictures unpacked beside a zipped list (``source``), linked at the same places beside
    the copy the core reads (``place``): the list names them relative to its folder."""
    for picture in source.parent.rglob("*"):
        if picture.is_file() and picture != source and not picture.is_symlink():
            target = place / picture.relative_to(source.parent)
            target.parent.mkdir(parents=True, exist_ok=True)
            _link(picture, target)

# -- the page's section -------------------------------------------------------------------------
def section(goals_attr: str) -> dict[str, str]:
    """The facts of the list's part of the form (``templates/lists.html`` writes it, filled by
    ``static/studio-lists.js``): the goals it belongs to, the files it takes, the themes a list
    file may not name."""
    return {"goals": goals_attr, "accept": ",".join((*list_formats(), ZIP)),
            "refuses": json.dumps(list(THEME_CHOICES))}
