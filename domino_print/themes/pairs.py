"""A teacher's own list of pairs: ``--theme paires.csv`` (or ``.toml``), one pair a line.

Each format has its reader in ``themes.lists`` (``READERS``, by suffix), which gives
the rows of cells; this module makes them a ``PairList``, the same way for every
format. A cell naming a picture file (any suffix the pictures package reads,
``pictures.IMAGE_SUFFIXES``) is a picture, found next to the list; any other cell
is a text.

Every problem is one ``PairsError`` line naming the file and the line number:
an empty list, a single pair, an empty cell, a missing picture, a side repeated
(answers must be unique or a loop is ambiguous), a text the page cannot show
(``page_text.check_page_text``: control characters, characters the font lacks).
The file's name is the set's title and passes the same check.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from domino_print.output.files import ReadProblem, read_regular_file
from domino_print.pictures import IMAGE_SUFFIXES
from domino_print.texts.page_text import TextError, check_page_text, displayed
from domino_print.themes.files import OutsideFolder, inside_folder, user_path
from domino_print.themes.lists.registry import LIST_SUFFIXES, PairsError, Table, reader_for

__all__ = ["LIST_SUFFIXES", "Cell", "PairList", "PairRow", "PairsError", "is_pairs_list", "read_pairs"]

MAX_LIST_BYTES = 1_000_000
"""Largest list of pairs read (a thousand pairs is about 30 KB)."""
MAX_CELL_CHARS = 1000
"""Far more than a half holds: ``fitting`` names a text too long for its half."""
MAX_TITLE_CHARS = 60


class Cell(NamedTuple):
    text: str
    picture: Path | None = None


class PairRow(NamedTuple):
    line: int
    first: Cell
    second: Cell


class PairList(NamedTuple):
    path: Path
    rows: tuple[PairRow, ...]

    @property
    def title(self) -> str:
        return self.path.stem.replace("-", " ").replace("_", " ")

    @property
    def pictures(self) -> tuple[Path, ...]:
        return tuple(c.picture for row in self.rows for c in (row.first, row.second) if c.picture)


def is_pairs_list(ref: str) -> bool:
    """Whether ``--theme`` names a list of pairs: a file of a suffix in ``lists.READERS`` that
    its reader claims (any ``.csv``; a ``.toml`` with ``pairs``)."""
    path = user_path(ref)
    reader = reader_for(path)
    if reader is None:
        return False
    if reader.claims is None:
        return True
    if not path.is_file():
        return False
    try:
        return reader.claims(_read_regular(path))
    except PairsError:
        return False  # the theme loader reports it


def read_pairs(ref: str) -> PairList:
    """The list at ``ref``, read by its format's reader, checked."""
    path = user_path(ref)
    reader = reader_for(path)
    if reader is None:
        raise PairsError(f"{path}: not a list of pairs; save it as one of {', '.join(LIST_SUFFIXES)}")
    table = reader.read(path, _read_regular(path))
    rows = tuple(_pair_row(path, table, row.line, row.cells) for row in table.rows)
    _check(path, table, rows)
    pairs = PairList(path, rows)
    try:
        check_page_text(pairs.title, most=MAX_TITLE_CHARS)
    except TextError as exc:
        raise PairsError(f"{path}: the file's name is the set's title, and "
                         f"{exc.about(_quoted(pairs.title))}; or rename the file") from None
    return pairs


def _read_regular(path: Path) -> bytes:
    """The bytes of the list: a regular file of at most ``MAX_LIST_BYTES`` (see
    ``files.read_regular_file``); ``PairsError`` naming the file otherwise."""
    try:
        return read_regular_file(path, most_bytes=MAX_LIST_BYTES)
    except ReadProblem as problem:
        fix = "give a file saved by a spreadsheet or an editor"
        raise PairsError(problem.message(path, "the list of pairs", fix)) from None


def _pair_row(path: Path, table: Table, line: int, cells: tuple[str, ...]) -> PairRow:
    return PairRow(line, _cell(path, table, line, 0, cells[0]), _cell(path, table, line, 1, cells[1]))


def _cell(path: Path, table: Table, line: int, column: int, raw: str) -> Cell:
    text = " ".join(raw.split())
    where = table.place(line, column)
    if not text:
        raise PairsError(f"{path}, {where}: a cell is empty; give both sides of the pair")
    if text.lower().endswith(IMAGE_SUFFIXES):
        try:
            picture = inside_folder(path.parent, text)
        except OutsideFolder as exc:
            raise PairsError(f"{path}, {where}: picture {exc}") from None
        if os.path.lexists(picture) and not picture.is_file():
            raise PairsError(f"{path}, {where}: picture {text!r} is there but is not a regular file "
                             "(a folder, FIFO, device or socket, or a broken link); use a picture file")
        if not picture.is_file():
            raise PairsError(f"{path}, {where}: picture {text!r} not found next to the list")
        return Cell(text, picture)
    try:
        check_page_text(text, most=MAX_CELL_CHARS)
    except TextError as exc:
        raise PairsError(f"{path}, {where}: {exc.about(_quoted(text))}") from None
    return Cell(text)


def _quoted(text: str) -> str:
    """``text`` in quotes for a one-line message, control characters shown as escapes."""
    return f"'{displayed(text)}'"


def _check(path: Path, table: Table, rows: tuple[PairRow, ...]) -> None:
    if not rows:
        raise PairsError(f"{path}: the list is empty; write one pair a line, such as 7 × 8;56")
    if len(rows) == 1:
        raise PairsError(f"{path}, {table.place(rows[0].line)}: a single pair makes no game; "
                         "write two pairs or more")
    for side in ("first", "second"):
        seen: dict[str, int] = {}
        for row in rows:
            key = getattr(row, side).text.casefold()
            if key in seen:
                raise PairsError(
                    f"{path}, {table.place(row.line)}: {getattr(row, side).text!r} is already on "
                    f"{table.place(seen[key])}; "
                    "each side must be unique, or two cards would answer the same question"
                )
            seen[key] = row.line
