"""What every list reader gives: a ``Table`` of ``RawRow``s, and the ``PairsError`` it raises."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import PathError


class PairsError(PathError):
    """A pairs list that cannot make a set; the message names the file and the line (or cell),
    or carries the file as ``path`` (``PathError``)."""


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
