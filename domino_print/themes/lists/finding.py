"""Find the table of pairs in what a file holds, as a person reading the sheet would (issue 27).

A reader gives every filled row of its sheet, CSV or document table, with all its cells
(``Table``); ``find_table`` keeps the pair's two columns (and a third, for notes or pictures)
and says what it left out (``Table.skipped``, for the summary line):

* ``cells`` (``--cells B3:C28``) names the block: only those cells are read, and a header
  only with ``header`` True (``--header``).
* A **header** is, among the first ``MOST_HEAD_ROWS`` filled rows, the first that holds a
  first-column word and, to its right, a second-column word (``headers.toml``, the
  catalogues' four languages); a third-column word further right names the notes column.
  The rows above it are a **title** (merged across the columns or not). ``header`` True
  without such a row takes the first row of two filled cells; False takes none.
* Without a header, the leading rows that fill one cell only are a title, and the pair is
  in the columns the rows fill: a first column **numbering** the rows (1, 2, 3...) is left
  out (when three other columns are filled, or every row fills three); then the first two
  are the pair, a third the notes; a fourth is refused (``--cells`` names the pair's).
* With a header, the other filled columns are left out and said (as numbers when they hold
  the rows' numbers).
* Below the pairs, a row that begins with a total or signature word (``footer``; one that
  fills both sides only with a "total" word and a number), or that fills one side only after
  an empty row, or fills no side, is a **footer**. A row among the pairs with one side empty
  is refused naming the cell: nothing that looks like a pair is dropped in silence.

A sheet with no two filled columns is refused naming the sheet and what it holds.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import Phrase, PluralPhrase
from domino_print.texts.page_text import normalise
from domino_print.themes.lists.table import (
    CellRange,
    PairsError,
    Place,
    RawRow,
    Skipped,
    Table,
    column_letters,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

HEADERS_FILE = Path(__file__).with_name("headers.toml")
MOST_HEAD_ROWS = 10
"""The header is looked for in the first filled rows: a title of a few rows, then the header."""
SEPARATOR_CHARS = {"tab": "\t", "semicolon": ";", "comma": ","}
MOST_PAIR_COLUMNS = 3
"""The pair's two sides and a third column (a picture or a note for the key page)."""


class Words(NamedTuple):
    first: frozenset[str]
    second: frozenset[str]
    third: frozenset[str]
    numbers: frozenset[str]
    totals: frozenset[str]
    footer: tuple[str, ...]
    generic: frozenset[str]


@lru_cache(maxsize=1)
def words() -> Words:
    """The header and footer words of ``headers.toml``, normalised (``page_text.normalise``)."""
    data = tomllib.loads(HEADERS_FILE.read_text(encoding="utf-8"))
    named = {key: frozenset(normalise(word) for word in data[key]) for key in
             ("first", "second", "third", "numbers", "totals", "generic")}
    return Words(**named, footer=tuple(sorted({normalise(word) for word in data["footer"]}, key=len,
                                              reverse=True)))


def _word(cell: str) -> str:
    return normalise(cell).rstrip(" :")


def header_columns(cells: dict[int, str]) -> tuple[int, ...] | None:
    """The pair's columns a row names (first, second and maybe third), or None when it is no header."""
    known = words()
    named = {column: _word(text) for column, text in sorted(cells.items())}
    first = next((column for column, word in named.items() if word in known.first), None)
    if first is None:
        return None
    second = next((column for column, word in named.items() if column > first and word in known.second), None)
    if second is None:
        return None
    third = next((column for column, word in named.items() if column > second and word in known.third), None)
    return (first, second) if third is None else (first, second, third)


def is_header(cells: Sequence[str]) -> bool:
    """Whether a row names the pair's columns (see ``header_columns``)."""
    return header_columns({index: cell for index, cell in enumerate(cells) if cell.strip()}) is not None


class _Row(NamedTuple):
    line: int
    cells: dict[int, str]
    """Filled cells by the sheet's column (0 for A)."""
    given: int
    """Cells the file gives in the row (a text file's cells, empty ones included)."""


def rows_text(lines: Sequence[int]) -> str:
    """Row numbers as a person reads them: ``1-2``, ``5, 9``, ``3-5, 8``."""
    parts: list[str] = []
    ordered = sorted(set(lines))
    start = previous = ordered[0] if ordered else 0
    for line in [*ordered[1:], None]:
        if line is not None and line == previous + 1:
            previous = line
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if line is not None:
            start = previous = line
    return ", ".join(parts) if ordered else ""


def _is_number(text: str) -> bool:
    return text.strip().rstrip(".)").isdigit()


def _numbering(rows: Sequence[_Row], column: int) -> bool:
    """Whether ``column`` numbers the rows: whole numbers, each one more than the one before."""
    values = [row.cells[column] for row in rows if column in row.cells]
    if len(values) < 2 or not all(_is_number(value) for value in values):
        return False
    numbers = [int(value.strip().rstrip(".)")) for value in values]
    return all(after == before + 1 for before, after in itertools.pairwise(numbers))


def _footer_word(text: str) -> str | None:
    said = _word(text)
    for word in words().footer:
        if said == word or said.startswith((word + " ", word + ":")):
            return word
    return None


def find_table(path: Path, table: Table, *, header: bool | None = None, cells: CellRange | None = None,
               ) -> tuple[Table, tuple[str, ...]]:
    """``table`` reduced to its pairs (each row's cells the pair's 2 or 3), the columns and what was
    left out recorded, and the header row's cells ("" when there was none); see the module."""
    rows = [_Row(raw.line, {table.first_column + index: cell for index, cell in enumerate(raw.cells)
                            if cell.strip()}, len(raw.cells)) for raw in table.rows]
    rows = [row for row in rows if row.cells]
    skipped: list[Skipped] = []
    if cells is not None:
        header_row, named, body = _head_in_cells(path, rows, cells, header)
    else:
        header_row, named, body = _head_found(rows, header, skipped)
    if header_row is not None:
        skipped.append(Skipped("header", str(header_row.line)))
    if named is None:
        named = _columns(path, table, _without_worded_footer(body), skipped)
        body, footer = _without_footer(body, named)
    else:
        body, footer = _without_footer(body, named)
        _left_out(body, named, skipped)
    if footer:
        skipped.append(Skipped("footer", rows_text(footer), len(footer)))
    pairs = _pairs(path, table, body, named)
    ordered = tuple(sorted(table.skipped + tuple(skipped), key=lambda note: _ORDER.index(note.kind)))
    heading = tuple(header_row.cells.get(column, "") for column in named) if header_row is not None else ()
    while heading and not heading[-1]:
        heading = heading[:-1]
    return table._replace(rows=tuple(pairs), columns=named, skipped=ordered), heading


class _Head(NamedTuple):
    """Where a table's pairs start: its header row (or None), the pair's columns if the header or
    the cells named them (else None: found from the rows), and the rows below."""

    header_row: _Row | None
    named: tuple[int, ...] | None
    body: list[_Row]


def _head_in_cells(path: Path, rows: list[_Row], cells: CellRange, header: bool | None) -> _Head:
    """The block of cells ``--cells`` names: its columns are the pair's; its first row a header
    only when ``--header`` says so."""
    rows = _inside(rows, cells)
    named = tuple(range(cells.first_column, cells.last_column + 1))
    if not 2 <= len(named) <= MOST_PAIR_COLUMNS:
        raise PairsError(says="list.cells_columns", path=path,
                         columns=PluralPhrase("list.columns", count=len(named)),
                         details={"count": len(named)})
    if header and rows:
        return _Head(rows[0], named, rows[1:])
    return _Head(None, named, rows)


def _head_found(rows: list[_Row], header: bool | None, skipped: list[Skipped]) -> _Head:
    """The header row found in the first rows (by its words, or the first full row with
    ``--header``), else none, after the title rows above it (recorded in ``skipped``)."""
    start, header_row, named = _header_by_words(rows, header)
    if header_row is None:
        start, header_row, body = _head_without_words(rows, header, start)
    else:
        body = rows[start + 1:]
    if start:
        skipped.append(Skipped("title", rows_text([row.line for row in rows[:start]]), start))
    return _Head(header_row, named, body)


def _header_by_words(rows: list[_Row], header: bool | None,
                     ) -> tuple[int, _Row | None, tuple[int, ...] | None]:
    """The first of the first rows whose words name the pair's columns (with those columns); with
    ``--header`` and no such row, the first row of two cells or more (its columns found later)."""
    if header is False:
        return 0, None, None
    for index, row in enumerate(rows[:MOST_HEAD_ROWS]):
        found = header_columns(row.cells)
        if found is not None:
            return index, row, found
    if header:
        start = next((index for index, row in enumerate(rows[:MOST_HEAD_ROWS]) if len(row.cells) >= 2), 0)
        return start, rows[start] if rows else None, None
    return 0, None, None


def _head_without_words(rows: list[_Row], header: bool | None, start: int,
                        ) -> tuple[int, _Row | None, list[_Row]]:
    """No header words: the one-cell title rows are passed over; a row heading a numbered column
    ("N°") or naming its columns as a table's first row does is the header."""
    while start < min(len(rows), MOST_HEAD_ROWS) and len(rows[start].cells) == 1:
        start += 1
    if start == len(rows):
        start = 0  # nothing but one-cell rows: no title, and no table (said below)
    first = rows[start] if start < len(rows) else None
    numbered = first is not None and _word(first.cells[min(first.cells)]) in words().numbers
    header_row: _Row | None = None
    if header is not False and first is not None and numbered:
        header_row, body = first, rows[start + 1:]  # "N°" over a numbered column: a header
    else:
        body = rows[start:]
    if header is None and header_row is None and _column_names(body):
        header_row, body = body[0], body[1:]
    return start, header_row, body


def _pairs(path: Path, table: Table, body: list[_Row], named: tuple[int, ...]) -> list[RawRow]:
    """Each row's pair (its cells in the pair's columns, empty ones at the end dropped); a row with
    only one side, or a side whose formula could not be worked out, is refused naming its cell."""
    refused = {(line, column): (formula, why) for line, column, formula, why in table.formulas}
    pairs = []
    for row in body:
        sides = [row.cells.get(column, "") for column in named]
        for column in named:
            if (row.line, column) in refused:
                raise _formula(path, table, row.line, column, *refused[(row.line, column)])
        if not any(sides):
            continue  # a row of numbers, or of left-out columns only: no pair
        for index, side in enumerate(sides[:2]):
            if not side:
                raise _one_side(path, table, row, index, named)
        while sides and not sides[-1]:
            sides.pop()
        pairs.append(RawRow(row.line, tuple(sides)))
    return pairs


MOST_NAME_CHARS = 30
"""A column's name is short: at most this many characters, and ``MOST_NAME_WORDS`` words."""
MOST_NAME_WORDS = 3


def _kind(text: str) -> str:
    """``text`` as a column holds it: a ``value`` (a number, a sum, a date, a time or a duration,
    as typed or as a sheet's cell is written: ``texts.when``), a ``picture`` file, or ``text``."""
    from domino_print.pictures import IMAGE_SUFFIXES
    from domino_print.sets.values import is_date_or_time, value_of
    from domino_print.texts.when import looks_like_when

    if text.strip().lower().endswith(IMAGE_SUFFIXES):
        return "picture"
    if is_date_or_time(text) or looks_like_when(text):
        return "value"
    return "value" if value_of(text) is not None else "text"


def _column_names(rows: Sequence[_Row]) -> bool:
    """Whether the first of ``rows`` names columns without the header words (issue 35): its first
    two cells short texts, unlike the rows below, either because both are names any table's
    columns take (``generic``: "Item;Type", "Nom;Valeur") and no row below is only such names, or
    because a column below holds values (numbers, dates) or pictures only, under a name that is
    text ("Nom;Date" above dates, "Prénom;Âge" above ages)."""
    if len(rows) < 3:
        return False
    first, below = rows[0], rows[1:]
    named = list(first.cells.items())[:2]
    if len(named) < 2 or not all(len(text.strip()) <= MOST_NAME_CHARS and len(text.split()) <= MOST_NAME_WORDS
                                 and _kind(text) == "text" for _, text in named):
        return False
    generic = words().generic
    if all(_word(text) in generic for _, text in named):
        return not any(all(_word(text) in generic for text in list(row.cells.values())[:2]) for row in below)
    for column, _ in named:
        cells = [row.cells[column] for row in below if column in row.cells]
        if len(cells) >= 2 and all(_kind(text) != "text" for text in cells):
            return True
    return False


_ORDER = ("hidden_sheets", "title", "header", "numbers", "columns", "footer", "hidden_rows")


def _inside(rows: list[_Row], cells: CellRange) -> list[_Row]:
    kept = []
    for row in rows:
        if (cells.first_row is not None and row.line < cells.first_row) or (
                cells.last_row is not None and row.line > cells.last_row):
            continue
        inside = {column: text for column, text in row.cells.items()
                  if cells.first_column <= column <= cells.last_column}
        if inside:
            kept.append(row._replace(cells=inside))
    return kept


def _columns(path: Path, table: Table, body: list[_Row], skipped: list[Skipped]) -> tuple[int, ...]:
    """The pair's columns of a table without header words: the columns its rows fill, a
    numbering first column left out; refused when fewer than two or more than three remain."""
    filled = sorted({column for row in body for column in row.cells})
    if len(filled) >= MOST_PAIR_COLUMNS and _numbering(body, filled[0]):
        rest = filled[1:]
        full = all(all(column in row.cells for column in filled) for row in body)
        if len(rest) > MOST_PAIR_COLUMNS - 1 or full:
            skipped.append(Skipped("numbers", column_letters(filled[0])))
            filled = rest
    if not body:
        return (0, 1)  # nothing to read: the list is empty (said by the caller)
    if len(filled) < 2:
        raise _no_table(path, table, body, filled)
    if len(filled) > MOST_PAIR_COLUMNS:
        fourth = filled[MOST_PAIR_COLUMNS]
        row = next(row for row in body if any(column >= fourth for column in row.cells))
        last = max(row.cells)
        if table.part is not None:
            raise PairsError(says="list.fourth_column", fields=("cells",), path=path,
                             at=Place(row.line, part=table.part), details={"count": len(row.cells)})
        if table.sheet is None:
            count = len(row.cells)
            between = SEPARATOR_CHARS.get(table.separator, ";")
            shown = between.join(row.cells.get(c, "") for c in range(last + 1))
            raise PairsError(
                says="list.too_many_cells_in_line", fields=("cells",), path=path, count=count,
                separator=_separators(table), shown=shown.strip()[:60],
                at=Place(row.line), details={"count": count})
        cell = f"{column_letters(last)}{row.line}"
        raise PairsError(says="list.fourth_column", fields=("cells",), path=path,
                         at=Place(row.line, last - table.first_column, table.sheet, cell),
                         details={"count": len([c for c in filled if c <= last])})
    return tuple(filled)


def _left_out(body: list[_Row], named: tuple[int, ...], skipped: list[Skipped]) -> None:
    others = sorted({column for row in body for column in row.cells} - set(named))
    numbers = [column for column in others if _numbering(body, column)]
    rest = [column for column in others if column not in numbers]
    if numbers:
        skipped.append(Skipped("numbers", ", ".join(column_letters(c) for c in numbers), len(numbers)))
    if rest:
        skipped.append(Skipped("columns", ", ".join(column_letters(c) for c in rest), len(rest)))


def _without_worded_footer(body: list[_Row]) -> list[_Row]:
    """``body`` without its last rows that begin with a total or signature word."""
    end = len(body)
    while end and _footer_word(body[end - 1].cells[min(body[end - 1].cells)]) is not None:
        end -= 1
    return body[:end]


def _without_footer(body: list[_Row], named: tuple[int, ...]) -> tuple[list[_Row], list[int]]:
    """``body`` without the rows that close the table below the pairs, and their lines."""
    footer: list[int] = []
    body = list(body)
    while body:
        row = body[-1]
        sides = [row.cells.get(column, "") for column in named[:2]]
        first_text = row.cells[min(row.cells)]
        word = _footer_word(first_text)
        complete = all(sides)
        if complete:
            total = word is not None and word in words().totals and _is_number(sides[1])
            if not total:
                break
        elif word is None:
            before = body[-2].line if len(body) > 1 else None
            touching = before is not None and row.line == before + 1
            if any(sides) and touching:
                break  # one side missing among the pairs: refused by the caller
            if not any(row.cells.get(column) for column in named):
                break  # no side at all: skipped as a row of numbers or left-out columns
        footer.insert(0, row.line)
        body.pop()
    return body, footer


def _one_side(path: Path, table: Table, row: _Row, index: int, named: tuple[int, ...]) -> PairsError:
    if table.part is not None:
        return PairsError(says="list.empty_cell", path=path,
                          at=Place(row.line, index, part=table.part, column_number=named[index] + 1))
    if table.sheet is None:
        if row.given < 2:
            return _one_cell(path, table, row)
        return PairsError(says="list.empty_cell", path=path, at=Place(row.line, index))
    cell = f"{column_letters(named[index])}{row.line}"
    return PairsError(says="list.empty_cell", path=path,
                      at=Place(row.line, index, table.sheet, cell))


def _one_cell(path: Path, table: Table, row: _Row) -> PairsError:
    """A line of a text list with one cell: the other side missing, or the separator another one."""
    shown = next(iter(row.cells.values()))
    return PairsError(says="list.one_cell", path=path, separator=_separators(table), shown=shown.strip()[:60],
                      at=Place(row.line), details={"count": 1})


def _separators(table: Table) -> Phrase:
    """The separator of a text list, as a message names it in the plural ("semicolons")."""
    return Phrase(f"list.separators.{table.separator or 'semicolon'}")


def _formula(path: Path, table: Table, line: int, column: int, formula: str, why: object) -> PairsError:
    cell = f"{column_letters(column)}{line}"
    return PairsError(says="list.formula", path=path, formula=formula[:40], why=why,
                      at=Place(line, column - table.first_column, table.sheet, cell),
                      details={"formula": formula[:40]})


def _no_table(path: Path, table: Table, body: list[_Row], filled: list[int]) -> PairsError:
    if table.sheet is None:
        return _one_cell(path, table, body[0])
    count = sum(len(row.cells) for row in body)
    found = (PluralPhrase("list.filled_cells", count=count, column=column_letters(filled[0])) if filled
             else Phrase("list.nothing"))
    return PairsError(says="list.no_table", fields=("sheet", "cells"), path=path, name=table.sheet,
                      found=found, at=Place(sheet=table.sheet),
                      details={"sheet": table.sheet, "cells": count})
