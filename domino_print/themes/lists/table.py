"""What every list reader gives: a ``Table`` of ``RawRow``s, and the ``PairsError`` it raises."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import PathError, WordedError, error_text, flag_name, in_words


class Place(NamedTuple):
    """Where in a list a problem is, as data for a surface to word: the ``line`` (as the reader
    numbers rows, see ``RawRow``), the ``column`` of a cell (0 for the first side), a spreadsheet's
    ``sheet`` and ``cell`` (``B7``), and the ``other_line`` of a second row (two rows that clash)."""

    line: int | None = None
    column: int | None = None
    sheet: str | None = None
    cell: str = ""
    other_line: int | None = None
    part: int | None = None
    """A document's table the row is in (1 for the first), when the list is in a document."""
    column_number: int | None = None
    """A document's column as a person counts it (1 for the first), for a cell of a document's table."""
    counted: str = "line"
    """What ``line`` counts: ``line`` (a row of a file) or ``pair`` (a pair of a TOML list)."""

    def kind(self) -> str:
        """How a message names the place: ``error.list.at.<kind>`` (``line``: "<file>, line 7: ")."""
        if self.part is not None:
            if self.line is None:
                return "table"
            return "table_row" if self.column_number is None else "table_cell"
        if self.sheet is not None:
            if self.line is None:
                return "sheet"  # a cell a sheet's bounds refuse is named in the words themselves
            return "cell" if self.cell else "sheet_row"
        return "file" if self.line is None else self.counted

    def values(self) -> dict[str, object]:
        """The values ``error.list.at.<kind>`` is filled with (``at_line``, ``at_sheet``...)."""
        return {"at_line": self.line, "at_sheet": self.sheet, "at_cell": self.cell, "at_part": self.part,
                "at_column": self.column_number}


class PairsError(PathError):
    """A pairs list that cannot make a set: the file (``path``) and the place in it (``at``, a
    ``Place``) put in front of the problem (``says``, a key of the catalogues' ``[error]`` table,
    and its values): ``<file>, line 7: a cell is empty...``, each part worded in the reader's
    language (``error.list.at.<kind>``, then ``error.<says>``); ``problem(name_of, lang)`` is the
    problem alone, for a surface that shows the place its own way. A message that names
    ``{path}`` itself gets nothing in front.

    Which problem it is, on every surface, is its ``says``; a surface that words a problem its own
    way (the studio beside a typed table's row) chooses those words from ``says`` too. ``details``
    are data for it: the texts and numbers the wording needs (``text``, ``groups`` of clashing
    rows...).
    """

    def __init__(self, template: str = "", /, *, says: str = "", path: object = None,
                 fields: tuple[str, ...] = (), at: Place | None = None,
                 details: Mapping[str, object] | None = None, **values: object) -> None:
        self.at = at or Place()
        self.details: Mapping[str, object] = dict(details or {})
        self.lines_apart = False
        """Whether the message is one line a problem (every group of clashing rows), for the
        command line to print each on its own line."""
        super().__init__(template, says=says, path=path, fields=fields, **values)

    def template_in(self, lang: str) -> str:
        problem = WordedError.template_in(self, lang)
        if self.path is None or "{path}" in problem:
            return problem
        return error_text(lang, f"list.at.{self.at.kind()}") + problem

    def worded(self, name_of: Callable[[str], str] = flag_name, lang: str = "en") -> str:
        template = self.template_in(lang)
        if not self.says and not self.fields and not self.values:
            return template
        given = {**self.at.values(), **self.values}
        values = {name: in_words(value, lang, name_of) for name, value in given.items()}
        return template.format(**values, **{field: name_of(field) for field in self.fields})


class RawRow(NamedTuple):
    """One row of a list as its file holds it: ``line`` numbers it as a person counts
    (line of a CSV file, pair of a TOML list, row of a sheet); ``cells`` are its texts, trailing
    empty ones dropped."""

    line: int
    cells: tuple[str, ...]


class Skipped(NamedTuple):
    """What the reading left out of a file, for the summary line to say: ``kind`` one of
    ``SKIPPED_KINDS``, ``where`` as a person finds it (rows ``1-2``, column ``A``, sheet ``'Notes'``)
    and ``number`` (of rows, columns or sheets), for the wording's plural."""

    kind: str
    where: str
    number: int = 1


SKIPPED_KINDS = ("title", "header", "numbers", "columns", "footer", "hidden_rows", "hidden_sheets")
"""In the order the summary line says them (``texts``: ``summary.list.<kind>``)."""


class ReadSettings(NamedTuple):
    """What a reader is told: the ``sheet`` to read (None: the first), and the ``decimal``
    separator a number cell is shown with (``,`` on a French, Spanish or German page)."""

    sheet: str | None = None
    decimal: str = "."
    lang: str = "en"
    """The page's language: a date, time or duration cell is written in it (``texts.when``)."""


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
    columns: tuple[int, ...] = ()
    """The column (0 for A) of each cell of a row, once the pair's columns are found
    (``finding.find_table``); empty: a row's cell *i* is in column ``first_column + i``."""
    skipped: tuple[Skipped, ...] = ()
    """What was left out: title and header rows, a numbers column, hidden rows... (``Skipped``)."""
    part: int | None = None
    """A document's table the rows come from (1 for the first), when the list is in a document."""
    formulas: tuple[tuple[int, int, str, object], ...] = ()
    """Cells holding a formula without a saved value that is not plain arithmetic, as (line,
    column from 0 for A, formula, why): refused if the pairs use them (``finding``)."""

    def column_of(self, column: int) -> int:
        """The sheet's column (0 for A) of a row's cell ``column``."""
        if self.columns and 0 <= column < len(self.columns):
            return self.columns[column]
        return self.first_column + column

    def place(self, line: int, column: int | None = None) -> str:
        """Where a person finds a row (``line 7``), or a cell of a sheet (``sheet 'Feuil1', cell B7``;
        ``column`` counts from 0)."""
        if self.part is not None:
            where = f"table {self.part}, row {line}"
            return where if column is None else f"{where}, column {self.column_of(column) + 1}"
        if self.sheet is None:
            return f"line {line}"
        if column is None:
            return f"sheet {self.sheet!r}, row {line}"
        return f"sheet {self.sheet!r}, cell {column_letters(self.column_of(column))}{line}"

    def at(self, line: int | None = None, column: int | None = None, other: int | None = None) -> Place:
        """``Place`` of a row (or of its cell ``column``, counted from 0, and a second row ``other``)."""
        cell = ""
        if self.sheet is not None and column is not None and line is not None:
            cell = f"{column_letters(self.column_of(column))}{line}"
        number = self.column_of(column) + 1 if self.part is not None and column is not None else None
        return Place(line, column, self.sheet, cell, other, part=self.part, column_number=number)

    def places(self, line: int, other: int) -> str:
        """Two rows, as ``lines 3 and 7`` or ``sheet 'Feuil1', rows 3 and 7``."""
        if self.part is not None:
            return f"table {self.part}, rows {line} and {other}"
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


class CellRange(NamedTuple):
    """A block of cells a person names (``--cells B3:C28``): its first and last row (as the
    sheet or file numbers them; None for no bound) and first and last column (0 for A)."""

    first_row: int | None
    first_column: int
    last_row: int | None
    last_column: int


_RANGE = re.compile(r"^\s*([A-Za-z]{1,3})(\d{1,7})?\s*[:;-]\s*([A-Za-z]{1,3})(\d{1,7})?\s*$")


def column_number(letters: str) -> int:
    """A column's letters as a number counted from 0: A is 0, Z 25, AA 26."""
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def parse_cells(text: str) -> CellRange | None:
    """``B3:C28`` (or ``B:C``, whole columns) as a ``CellRange``; None when ``text`` is not a
    block of cells, or its end comes before its start."""
    matched = _RANGE.match(text)
    if matched is None:
        return None
    first_letters, first_row, last_letters, last_row = matched.groups()
    first, last = column_number(first_letters), column_number(last_letters)
    top = int(first_row) if first_row else None
    bottom = int(last_row) if last_row else None
    if last < first or (top is not None and bottom is not None and bottom < top) or top == 0 or bottom == 0:
        return None
    return CellRange(top, first, bottom, last)


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
    worded: str | None = None
    """The catalogue key of the format's name when that name is words, not a program's
    (``list.format.text``: "CSV or text"); None when ``name`` is said as it is (``Excel``)."""
