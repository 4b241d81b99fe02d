"""What every list reader gives: a ``Table`` of ``RawRow``s, and the ``PairsError`` it raises."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import PathError


class Place(NamedTuple):
    """Where in a list a problem is, as data for a surface to word: the ``line`` (as the reader
    numbers rows, see ``RawRow``), the ``column`` of a cell (0 for the first side), a spreadsheet's
    ``sheet`` and ``cell`` (``B7``), and the ``other_line`` of a second row (two rows that clash)."""

    line: int | None = None
    column: int | None = None
    sheet: str | None = None
    cell: str = ""
    other_line: int | None = None


class PairsError(PathError):
    """A pairs list that cannot make a set; the message names the file and the line (or cell),
    or carries the file as ``path`` (``PathError``).

    Besides its words it carries data for a surface to word it in its own language: ``fault``
    (a key such as ``empty_cell`` or ``same_value``), ``at`` (a ``Place``) and ``details`` (the
    texts and numbers the wording needs: ``count``, ``text``, ``shared``...).
    """

    def __init__(self, template: str = "", /, *, says: str = "", path: object = None,
                 fields: tuple[str, ...] = (), fault: str = "", at: Place | None = None,
                 details: Mapping[str, object] | None = None, **values: object) -> None:
        super().__init__(template, says=says, path=path, fields=fields, **values)
        self.fault = fault
        self.at = at or Place()
        self.details: Mapping[str, object] = dict(details or {})


class RawRow(NamedTuple):
    """One row of a list as its file holds it: ``line`` numbers it as a person counts
    (line of a CSV file, pair of a TOML list, row of a sheet); ``cells`` are its texts, trailing
    empty ones dropped."""

    line: int
    cells: tuple[str, ...]


class ReadSettings(NamedTuple):
    """What a reader is told: the ``sheet`` to read (None: the first), and the ``decimal``
    separator a number cell is shown with (``,`` on a French, Spanish or German page)."""

    sheet: str | None = None
    decimal: str = "."


class Table(NamedTuple):
    """What a reader found in a file."""

    rows: tuple[RawRow, ...]
    sheet: str | None = None
    """A spreadsheet's sheet the rows come from; None for a text file."""
    encoding: str = ""
    """A text file's encoding as a person names it (``Windows-1252``); empty for other files."""
    separator: str = ""
    """A text file's separator (``semicolon``, ``comma``, ``tab``); empty for other files."""
    first_column: int = 0
    """A sheet's first used column (0 for A): a row's first cell is in that column."""

    def place(self, line: int, column: int | None = None) -> str:
        """Where a person finds a row (``line 7``), or a cell of a sheet (``sheet 'Feuil1', cell B7``;
        ``column`` counts from 0)."""
        if self.sheet is None:
            return f"line {line}"
        if column is None:
            return f"sheet {self.sheet!r}, row {line}"
        return f"sheet {self.sheet!r}, cell {column_letters(self.first_column + column)}{line}"

    def at(self, line: int | None = None, column: int | None = None, other: int | None = None) -> Place:
        """``Place`` of a row (or of its cell ``column``, counted from 0, and a second row ``other``)."""
        cell = ""
        if self.sheet is not None and column is not None and line is not None:
            cell = f"{column_letters(self.first_column + column)}{line}"
        return Place(line, column, self.sheet, cell, other)

    def places(self, line: int, other: int) -> str:
        """Two rows, as ``lines 3 and 7`` or ``sheet 'Feuil1', rows 3 and 7``."""
        if self.sheet is None:
            return f"lines {line} and {other}"
        return f"sheet {self.sheet!r}, rows {line} and {other}"


def column_letters(column: int) -> str:
    """A spreadsheet's name of a column counted from 0: A, B, ... Z, AA, AB..."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class ListReader(NamedTuple):
    """One list format: its ``name`` as a user reads it, and ``read(path, data, settings) -> Table``,
    which raises ``PairsError`` naming the place of a problem.

    ``claims(data)`` says whether a file of this suffix is a list of pairs at all (a ``.toml``
    may be a folder theme's own file); None when every such file is one.
    """

    name: str
    read: Callable[[Path, bytes, ReadSettings], Table]
    claims: Callable[[bytes], bool] | None = None
    sheets: bool = False
    """Whether the format has sheets to choose from (``ReadSettings.sheet``, ``--sheet``)."""
