"""A teacher's own list of pairs: ``--theme paires.csv`` (``.tsv``, ``.txt``, ``.xlsx``, ``.ods``, ``.xls``,
``.toml``).

Each format has its reader in ``themes.lists`` (``READERS``, by suffix), which gives
the rows of cells; this module makes them a ``PairList``, the same way for every
format:

* the table is found in what the file holds (``lists.finding``): title rows, a header
  naming the columns anywhere in the first rows (Question/Réponse, Frage/Antwort,
  Pregunta/Respuesta, Question/Answer, Recto/Verso, in any case: ``lists/headers.toml``),
  a numbered first column, left-out columns, a total or signature row below, each left
  out and said in the summary line; ``header`` True or False decides instead of the guess
  (``--header``, ``--no-header``), ``cells`` names the block (``--cells B3:C28``);
* the pair's two columns are its sides; a third, when present, is a picture or a note
  for the teacher's key page;
* a cell naming a picture file (any suffix the pictures package reads,
  ``pictures.IMAGE_SUFFIXES``) is a picture, found next to the list; any other cell
  is a text;
* what the sides mean is checked after, by the set (``sets.association.check_meaning``
  with ``sets.meaning``), which may keep deliberate twists in ``PairList.clashes``.

Every problem is one ``PairsError`` line naming the file and the line (or the sheet
and cell): an empty list, a single pair, an empty cell, a missing picture, a text the
page cannot show (``page_text.check_page_text``: control characters, characters the
font lacks). The file's name is the set's title and passes the same check.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import Phrase
from domino_print.pictures import IMAGE_SUFFIXES
from domino_print.regular_files import ReadProblem, read_regular_file
from domino_print.texts.page_text import TextError, check_page_text, displayed, shortened
from domino_print.themes.files import OutsideFolder, inside_folder, user_path
from domino_print.themes.lists.finding import find_table, is_header
from domino_print.themes.lists.registry import LIST_SUFFIXES, PairsError, ReadSettings, Table, reader_for
from domino_print.themes.lists.table import CellRange

__all__ = ["LIST_SUFFIXES", "Cell", "CellRange", "PairList", "PairRow", "PairsError", "ReadSettings",
           "is_header", "is_pairs_list", "read_pairs"]

MAX_LIST_BYTES = 1_000_000
"""Largest list of pairs read (a thousand pairs is about 30 KB as CSV, 40 KB as .xlsx)."""
MAX_CELL_CHARS = 1000
"""Far more than a half holds: ``fitting`` names a text too long for its half."""
MAX_TITLE_CHARS = 60


class Cell(NamedTuple):
    text: str
    picture: Path | None = None

    @property
    def name(self) -> str:
        """The cell as the key page names it: a picture by its file name, without the folder."""
        return self.picture.name if self.picture is not None else self.text


class PairRow(NamedTuple):
    line: int
    first: Cell
    second: Cell
    third: Cell | None = None
    """The third column: a picture or a note for the key page."""


class PairList(NamedTuple):
    path: Path
    rows: tuple[PairRow, ...]
    table: Table = Table(())
    """Where the rows come from (sheet, encoding, separator), to name places in messages."""
    header: tuple[str, ...] = ()
    """The header row left out, as written; empty when there was none."""
    clashes: tuple[tuple[int, int], ...] = ()
    """The lines of two rows kept although they share a meaning (``--ambiguous ok``, set by
    ``sets.association.check_meaning``), for the key page to mark."""

    @property
    def title(self) -> str:
        """The set's title and its theme's name, from the file's name (``calcul-CM1_sans-doublon.csv``
        is "calcul CM1 sans doublon"): the one owner, so that a list renamed by the studio
        (which saves it under its title) makes the command line's very PDF."""
        text = unicodedata.normalize("NFC", self.path.stem).replace("-", " ").replace("_", " ")
        return " ".join(text.split())

    @property
    def pictures(self) -> tuple[Path, ...]:
        return tuple(c.picture for row in self.rows for c in (row.first, row.second) if c.picture)

    def ambiguous_lines(self) -> frozenset[int]:
        """The lines of rows kept although they share a meaning with another."""
        return frozenset(line for lines in self.clashes for line in lines)


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


def read_pairs(ref: str, settings: ReadSettings | None = None, *, header: bool | None = None,
               cells: CellRange | None = None) -> PairList:
    """The list at ``ref``, read by its format's reader with ``settings`` (the first sheet, numbers
    with a decimal point when None), its table found (``lists.finding``: ``header`` True or False
    instead of the guess, ``cells`` a block named instead of the whole sheet), checked (see the module)."""
    settings = settings or ReadSettings()
    path = user_path(ref)
    reader = reader_for(path)
    if reader is None:
        raise PairsError(says="list.not_a_list", path=path, formats=", ".join(LIST_SUFFIXES))
    if settings.sheet is not None and not reader.sheets:
        raise PairsError(says="list.sheet_on_text", fields=("sheet",), path=path,
                         format=reader.name if reader.worded is None else Phrase(reader.worded))
    table, taken = find_table(path, reader.read(path, _read_regular(path), settings), header=header,
                              cells=cells)
    rows = tuple(_pair_row(path, table, row.line, row.cells) for row in table.rows)
    _check(path, table, rows)
    pairs = PairList(path, rows, table, taken)
    try:
        check_page_text(pairs.title, most=MAX_TITLE_CHARS)
    except TextError as exc:
        raise PairsError(says="list.bad_title", path=path, problem=exc.phrase(_quoted(pairs.title)),
                         details={"text": pairs.title, **exc.values}) from None
    return pairs


def _read_regular(path: Path) -> bytes:
    """The bytes of the list: a regular file of at most ``MAX_LIST_BYTES`` (see
    ``regular_files.read_regular_file``); ``PairsError`` naming the file otherwise."""
    try:
        return read_regular_file(path, most_bytes=MAX_LIST_BYTES)
    except ReadProblem as problem:
        raise problem.error(PairsError, path, "list", "spreadsheet") from None


def _pair_row(path: Path, table: Table, line: int, cells: tuple[str, ...]) -> PairRow:
    third = None
    if len(cells) > 2 and cells[2].strip():
        third = _cell(path, table, line, 2, cells[2])
    return PairRow(line, _cell(path, table, line, 0, cells[0]), _cell(path, table, line, 1, cells[1]), third)


def _cell(path: Path, table: Table, line: int, column: int, raw: str) -> Cell:
    text = " ".join(raw.split())
    at = table.at(line, column)
    if not text:
        raise PairsError(says="list.empty_cell", path=path, at=at)
    if text.lower().endswith(IMAGE_SUFFIXES):
        try:
            picture = inside_folder(path.parent, text)
        except OutsideFolder as exc:
            raise PairsError(says="list.picture_outside", path=path, problem=exc.phrase, at=at,
                             details={"text": text}) from None
        if os.path.lexists(picture) and not picture.is_file():
            raise PairsError(says="list.picture_not_regular", path=path, text=text, at=at,
                             details={"text": text})
        if not picture.is_file():
            raise PairsError(says="list.picture_missing", path=path, text=text, at=at, details={"text": text})
        return Cell(text, picture)
    try:
        check_page_text(text, most=MAX_CELL_CHARS)
    except TextError as exc:
        raise PairsError(says="list.bad_text", path=path, problem=exc.phrase(_quoted(text)), at=at,
                         details={"text": shortened(text), **exc.values}) from None
    return Cell(text)


def _quoted(text: str) -> str:
    """``text`` in quotes for a one-line message, control characters shown as escapes."""
    return f"'{displayed(shortened(text))}'"


def _check(path: Path, table: Table, rows: tuple[PairRow, ...]) -> None:
    if not rows:
        raise PairsError(says="list.empty_list", path=path)
    if len(rows) == 1:
        raise PairsError(says="list.single_pair", path=path, at=table.at(rows[0].line))
