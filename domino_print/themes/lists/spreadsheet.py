"""Lists kept in a spreadsheet: ``.xlsx`` (Excel), ``.ods`` (LibreOffice) and ``.xls`` (Excel 97-2003,
which LibreOffice and Excel still save), all read with python-calamine.

The first sheet the spreadsheet shows is read (hidden sheets are left out, and said), or the
one ``ReadSettings.sheet`` names (``--sheet``). Every filled row is given with all its cells:
``finding`` finds the table in them (title rows, header, numbers, notes).
Cells are read as they are shown: a number Excel stores as 56.0 is ``56``, a
decimal is written with the page's decimal separator (``0,5`` on a French page),
a formula gives the value the spreadsheet saved with it. An .xlsx or .ods written
by a program that does not compute formulas (openpyxl, odfpy) has none: such a
formula is worked out when it is plain arithmetic on this sheet (``formulas``; an
.ods's ``of:=[.B3]*2`` read as ``=B3*2``), and refused naming its cell otherwise,
never read as empty; the sheet's hidden rows are left out and said. Both are read
a second time (openpyxl, odfpy), and only when the file's XML holds a formula or a
hidden row. Every place is named as the spreadsheet names it: sheet and cell,
``'Feuil1', B7``.
"""

from __future__ import annotations

import datetime
import io
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from domino_print.errors import Phrase
from domino_print.texts.when import when_text
from domino_print.themes.lists import formulas
from domino_print.themes.lists.bounds import check_workbook
from domino_print.themes.lists.finding import rows_text
from domino_print.themes.lists.table import (
    ListReader,
    PairsError,
    Place,
    RawRow,
    ReadSettings,
    Skipped,
    Table,
)

MOST_ROWS = 5000
MOST_UNZIPPED_BYTES = 100_000_000
"""An .xlsx or .ods is a zip of XML files: more than this unzipped is not a list (a zip bomb)."""
OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""How an .xls file begins: it is an Office "compound file" (no compression, so its size is bounded
by the list's size limit)."""


def shown(value: object, decimal: str, lang: str = "en") -> str:
    """A cell's value as the sheet shows it: ``56`` for 56.0, ``0,5`` with ``decimal`` ``,``; a date,
    time or duration as a person writes it in ``lang`` (``14 juillet 1789``, ``10 h 30``)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        if not math.isfinite(value):
            return ""
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value).replace(".", decimal)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return when_text(value, lang) or str(value)
    return "" if value is None else str(value)


def read(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """An .xlsx or .ods list (a zip archive, its unzipped size checked first)."""
    check_unzipped(path, data)
    return _read_workbook(path, data, settings)


def read_xls(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """An .xls list (Excel 97-2003's BIFF8 in an Office compound file)."""
    if not data.startswith(OLE_SIGNATURE):
        raise PairsError(says="list.not_xls", path=path)
    return _read_workbook(path, data, settings)


def _read_workbook(path: Path, data: bytes, settings: ReadSettings) -> Table:
    check_workbook(path, data)  # the extent and text bounded before calamine allocates them
    workbook, names = _open_workbook(path, data)
    hidden = _hidden_sheets(workbook)
    visible = [name for name in names if name not in hidden] or names
    name = visible[0] if settings.sheet is None else settings.sheet
    if name not in names:
        raise PairsError(says="list.no_such_sheet", fields=("sheet",), path=path, name=name,
                         listed=", ".join(repr(n) for n in names),
                         details={"sheet": name, "sheets": tuple(names)})
    values, (first_row, first_column) = _sheet_values(path, workbook, name)
    left_out = [other for other in names[:names.index(name)] if other in hidden]
    skipped: tuple[Skipped, ...] = ()
    if left_out and settings.sheet is None:
        skipped = (Skipped("hidden_sheets", ", ".join(repr(other) for other in left_out), len(left_out)),)
    extras = _Extras(frozenset(), {}, ())
    if data.startswith(b"PK") and _xlsx_needs_openpyxl(data):
        extras = xlsx_extras(path, data, name, values, (first_row, first_column), settings.decimal)
    elif data.startswith(b"PK") and _ods_needs_odfpy(data):
        extras = ods_extras(data, name, values, (first_row, first_column))
    values = _with(values, extras.values, (first_row, first_column))
    table = Table((), sheet=name, first_column=first_column, skipped=skipped, formulas=extras.refused)
    rows, hidden_lines = _sheet_rows(path, table, values, first_row, extras.hidden_rows, settings)
    if hidden_lines:
        skipped += (Skipped("hidden_rows", rows_text(hidden_lines), len(hidden_lines)),)
    return table._replace(rows=tuple(rows), skipped=skipped)


def _open_workbook(path: Path, data: bytes) -> tuple[Any, list[str]]:
    """The workbook calamine opens, and its sheets' names; refused in our words when it cannot."""
    try:
        from python_calamine import CalamineWorkbook  # deferred: only spreadsheets need it
    except ImportError:  # pragma: no cover - a dependency; an install without it still names the fix
        raise PairsError(says="list.needs_library", path=path, what=Phrase("list.reading.spreadsheets"),
                         library="python-calamine", fix=Phrase("list.fix.list_as_csv")) from None
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(workbook.sheet_names)
    except Exception:  # calamine's errors (zip, XML, password) share no base class: worded by us
        raise PairsError(says="list.not_a_spreadsheet", path=path, why=_unreadable(data)) from None
    if not names:
        raise PairsError(says="list.no_sheet", path=path)
    return workbook, names


def _sheet_values(path: Path, workbook: Any, name: str) -> tuple[list[list[object]], tuple[int, int]]:
    """A sheet's cells as calamine reads them, row by row, and where its first cell stands."""
    try:
        sheet = workbook.get_sheet_by_name(name)
        values: list[list[object]] = [list(row) for row in sheet.to_python()]
        first_row, first_column = sheet.start or (0, 0)  # None: an empty sheet
    except Exception:  # as for the workbook
        raise PairsError(says="list.sheet_unreadable", path=path,
                         at=Place(sheet=name)) from None
    return values, (first_row, first_column)


def _sheet_rows(path: Path, table: Table, values: list[list[object]], first_row: int,
                hidden_rows: frozenset[int], settings: ReadSettings) -> tuple[list[RawRow], list[int]]:
    """The sheet's filled rows as shown to a reader (numbered as the sheet numbers them), and the
    lines of the hidden ones left out; a sheet of more than ``MOST_ROWS`` rows is refused."""
    hidden_lines: list[int] = []
    rows: list[RawRow] = []
    for index, cells in enumerate(values):
        line = first_row + index + 1
        texts = [shown(value, settings.decimal, settings.lang) for value in cells]
        while texts and not texts[-1].strip():
            texts.pop()
        if not texts:
            continue
        if line in hidden_rows:
            hidden_lines.append(line)
            continue
        if len(rows) >= MOST_ROWS:
            raise PairsError(says="list.too_many_rows", path=path, most=MOST_ROWS,
                             at=table.at(line), details={"most": MOST_ROWS})
        rows.append(RawRow(line, tuple(texts)))
    return rows, hidden_lines


class _Extras(NamedTuple):
    """What calamine does not give: the sheet's hidden rows (numbered from 1), the values of
    formulas saved without one ((row, column) from 0 -> value), and the formulas refused
    (``Table.formulas``)."""

    hidden_rows: frozenset[int]
    values: dict[tuple[int, int], object]
    refused: tuple[tuple[int, int, str, object], ...]


_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")
_HIDDEN_ROW = re.compile(rb"<(?:\w+:)?row\b[^>]*\bhidden=\"(?:1|true)\"")


def _xlsx_needs_openpyxl(data: bytes) -> bool:
    """Whether an .xlsx has formulas or hidden rows (its worksheets' XML, already bounded by
    ``bounds.check_workbook``): only then is it read a second time, with openpyxl."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in archive.infolist():
                if member.filename.startswith("xl/worksheets/") and member.filename.endswith(".xml"):
                    xml = archive.read(member)
                    if _FORMULA.search(xml) or _HIDDEN_ROW.search(xml):
                        return True
    except (zipfile.BadZipFile, ValueError, OSError, NotImplementedError):
        return False  # calamine read it: not an .xlsx of the usual kind (an .ods has no xl/)
    return False


def _saved_values(values: list[list[object]], start: tuple[int, int]) -> Callable[[tuple[int, int]], object]:
    """The value calamine read for a (row, column) cell of the sheet (numbered from ``start``, the
    first cell it read), or None outside what it read."""
    first_row, first_column = start

    def saved(cell: tuple[int, int]) -> object:
        row, column = cell[0] - first_row, cell[1] - first_column
        if 0 <= row < len(values) and 0 <= column < len(values[row]):
            return values[row][column]
        return None

    return saved


def xlsx_extras(path: Path, data: bytes, name: str, values: list[list[object]], start: tuple[int, int],
                decimal: str) -> _Extras:
    """The hidden rows of sheet ``name`` and its formulas without a saved value, worked out when
    they are plain arithmetic (``formulas.evaluate``), read with openpyxl."""
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - a dependency
        return _Extras(frozenset(), {}, ())
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), data_only=False, keep_links=False)
        sheet = book[name]
    except Exception:  # openpyxl refuses what calamine read: keep calamine's reading
        return _Extras(frozenset(), {}, ())
    hidden = frozenset(index for index, dimension in sheet.row_dimensions.items() if dimension.hidden)
    saved = _saved_values(values, start)

    pending: dict[tuple[int, int], str] = {}
    for row in sheet.iter_rows():
        for cell in row:
            formula = cell.value
            if not (isinstance(formula, str) and formula.startswith("=")) and cell.data_type != "f":
                continue
            where = (cell.row - 1, cell.column - 1)
            if saved(where) in (None, ""):
                text = formula if isinstance(formula, str) else "=" + str(getattr(formula, "text", ""))
                pending[where] = text
    worked: dict[tuple[int, int], object] = {}
    refused = []
    sheet_view = formulas.Sheet(saved, pending.get)
    for where, formula in pending.items():
        try:
            worked[where] = formulas.evaluate(formula, where, sheet_view)
        except formulas.NotArithmetic as why:
            worked[where] = formula  # shown as written, refused if the pairs use it
            refused.append((where[0] + 1, where[1], formula, why.phrase))
    return _Extras(hidden, worked, tuple(refused))


_ODS_MARKS = re.compile(rb'table:formula=|table:visibility="(?:collapse|filter)"')


def _ods_needs_odfpy(data: bytes) -> bool:
    """Whether an .ods has formulas or hidden rows (its content.xml, bounded by ``bounds``)."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if "content.xml" not in archive.namelist() or "xl/workbook.xml" in archive.namelist():
                return False
            return bool(_ODS_MARKS.search(archive.read("content.xml")))
    except (zipfile.BadZipFile, ValueError, OSError, NotImplementedError, KeyError):
        return False


_ODS_CELL = r"(\$?[A-Za-z]{1,3}\$?\d{1,7})"
_ODS_REFERENCE = re.compile(r"\[\$?[^\]\[.]*\." + _ODS_CELL + r"(?::\.?" + _ODS_CELL + r")?\]")


def ods_formula(formula: str) -> str:
    """An OpenDocument formula (``of:=[.A3]+[.B3]``, ``of:=SUM([.B3:.B5])``) as Excel writes it
    (``=A3+B3``, ``=SUM(B3:B5)``), for ``formulas.evaluate``; a reference to another sheet
    (``[Feuille2.A1]``) keeps its sheet's name, and is refused there."""
    text = formula.split(":", 1)[1] if re.match(r"^[a-z]+:", formula) else formula

    def plain(matched: re.Match) -> str:
        whole = matched.group(0)
        if not whole.startswith("[.") and not whole.startswith("[$."):
            return "!" + whole  # another sheet: not this sheet's arithmetic
        first, last = matched.group(1), matched.group(2)
        return first if last is None else f"{first}:{last}"

    return _ODS_REFERENCE.sub(plain, text)


def ods_extras(data: bytes, name: str, values: list[list[object]], start: tuple[int, int]) -> _Extras:
    """The hidden rows of sheet ``name`` of an .ods and its formulas without a saved value, worked
    out when plain arithmetic (``formulas``), read with odfpy (rows and cells repeated as stored)."""
    try:
        from odf.namespaces import OFFICENS, TABLENS
        from odf.opendocument import load
        from odf.table import Table as OdfTable

        document = load(io.BytesIO(data))
        sheet = next((table for table in document.spreadsheet.getElementsByType(OdfTable)
                      if table.getAttribute("name") == name), None)
    except Exception:  # odfpy refuses what calamine read: keep calamine's reading
        return _Extras(frozenset(), {}, ())
    if sheet is None:
        return _Extras(frozenset(), {}, ())
    saved = _saved_values(values, start)

    hidden: set[int] = set()
    pending: dict[tuple[int, int], str] = {}
    written: dict[tuple[int, int], str] = {}  # each formula as the file writes it, for a refusal
    row_number = 0
    for row in _ods_rows(sheet, TABLENS):
        repeat = _repeat(row, "number-rows-repeated", TABLENS)
        if row_number > MOST_ROWS * 4:
            break
        visibility = row.attributes.get((TABLENS, "visibility"))
        column = 0
        for cell in row.childNodes:
            if getattr(cell, "qname", None) not in ((TABLENS, "table-cell"), (TABLENS, "covered-table-cell")):
                continue
            formula = cell.attributes.get((TABLENS, "formula"))
            has_value = any(cell.attributes.get((OFFICENS, key)) is not None
                            for key in ("value", "string-value", "boolean-value", "date-value", "time-value"))
            if formula and not has_value and saved((row_number, column)) in (None, ""):
                pending[(row_number, column)] = "=" + ods_formula(str(formula)).lstrip("=")
                written[(row_number, column)] = str(formula).split(":", 1)[-1]
            column += _repeat(cell, "number-columns-repeated", TABLENS)
            if column > 16_384:
                break
        if visibility in ("collapse", "filter"):
            hidden.update(range(row_number + 1, row_number + 1 + min(repeat, MOST_ROWS)))
        row_number += repeat
    worked: dict[tuple[int, int], object] = {}
    refused = []
    view = formulas.Sheet(saved, pending.get)
    for where, formula in pending.items():
        try:
            worked[where] = formulas.evaluate(formula, where, view)
        except formulas.NotArithmetic as why:
            worked[where] = written[where]
            refused.append((where[0] + 1, where[1], written[where], why.phrase))
    return _Extras(frozenset(hidden), worked, tuple(refused))


def _ods_rows(element: object, namespace: str):
    for child in getattr(element, "childNodes", ()):
        qname = getattr(child, "qname", None)
        if qname == (namespace, "table-row"):
            yield child
        elif qname in ((namespace, "table-header-rows"), (namespace, "table-rows"),
                       (namespace, "table-row-group")):
            yield from _ods_rows(child, namespace)


def _repeat(element: object, attribute: str, namespace: str) -> int:
    value = getattr(element, "attributes", {}).get((namespace, attribute))
    try:
        return max(1, int(value)) if value is not None else 1
    except ValueError:
        return 1


def _with(values: list[list[object]], more: dict[tuple[int, int], object], start: tuple[int, int]
          ) -> list[list[object]]:
    """``values`` (calamine's rectangle from ``start``) with the cells of ``more`` set, grown to hold them."""
    if not more:
        return values
    first_row, first_column = start
    grid = [list(row) for row in values]
    for (row, column), value in more.items():
        row, column = row - first_row, column - first_column
        if row < 0 or column < 0:
            continue  # before calamine's first cell: only a formula could be there, and it is empty
        while len(grid) <= row:
            grid.append([])
        while len(grid[row]) <= column:
            grid[row].append(None)
        grid[row][column] = value
    return grid


def _hidden_sheets(workbook: object) -> frozenset[str]:
    """The names of the sheets the spreadsheet hides (left out unless ``--sheet`` names one)."""
    try:
        return frozenset(str(sheet.name) for sheet in workbook.sheets_metadata  # type: ignore[attr-defined]
                         if str(sheet.visible).rsplit(".", 1)[-1] != "Visible")
    except Exception:  # an older calamine without the metadata: every sheet is shown
        return frozenset()


def sheet_names(path: Path, data: bytes) -> tuple[str, ...]:
    """The names of the spreadsheet's sheets, in order (for a surface to offer them); empty when
    the file cannot be read (reading it says why)."""
    try:
        from python_calamine import CalamineWorkbook

        if not data.startswith(OLE_SIGNATURE):  # an .xlsx or .ods: a zip, its size checked first
            check_unzipped(path, data)
        check_workbook(path, data)
        return tuple(str(name) for name in CalamineWorkbook.from_filelike(io.BytesIO(data)).sheet_names)
    except Exception:  # PairsError, or calamine's own (see read): the reading names the problem
        return ()


MOST_MEMBERS = 2000
"""Members of a zipped list (a workbook, a document): a few dozen, a few hundred with pictures."""


def check_unzipped(path: Path, data: bytes, what: str = "spreadsheet") -> None:
    """Refuse a zipped list (``what``: ``spreadsheet``, ``document`` or ``numbers``, worded by
    ``error.list.what.<what>``) that is no zip, lists more than
    ``MOST_MEMBERS`` members (counted from its end record, before zipfile reads the list) or
    unpacks to more than ``MOST_UNZIPPED_BYTES``."""
    import zipfile  # deferred: the registry loads this module for every run

    from domino_print.themes.zip_directory import TooManyMembers, check_directory

    most = MOST_UNZIPPED_BYTES // 1_000_000
    try:
        check_directory(io.BytesIO(data), most_members=MOST_MEMBERS)
    except TooManyMembers:
        raise PairsError(says="list.too_many_parts", path=path, what=_what(what),
                         most=MOST_MEMBERS, details={"megabytes": most}) from None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unzipped = sum(entry.file_size for entry in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        if what == "spreadsheet":
            raise PairsError(says="list.spreadsheet_not_a_zip", path=path) from None
        raise PairsError(says="list.not_a_zip", path=path,
                         not_a=Phrase(f"list.not_a.{what}", app="Numbers")) from None
    if unzipped > MOST_UNZIPPED_BYTES:
        raise PairsError(says="list.unzipped_too_large", path=path, what=_what(what),
                         most=most, details={"megabytes": most})


_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
"""The stream a password-protected .xlsx keeps its workbook in, inside an Office compound file."""


def _what(what: str) -> Phrase:
    """A zipped list's kind as a message names it: ``the spreadsheet``, ``the Numbers file``..."""
    return Phrase(f"list.what.{what}", app="Numbers")


def _unreadable(data: bytes) -> Phrase:
    """Why python-calamine could not open ``data``, as far as its first bytes tell, in our words
    (calamine's own, "Cannot detect file format", tell a user nothing): ``error.list.unreadable.*``."""
    if data.startswith(OLE_SIGNATURE) and _ENCRYPTED in data:
        return Phrase("list.unreadable.password")
    if data.startswith(b"PK"):
        import zipfile

        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                members = set(archive.namelist())
        except (zipfile.BadZipFile, ValueError, OSError):
            return Phrase("list.unreadable.damaged_zip")
        if "content.xml" in members and "mimetype" not in members:
            return Phrase("list.unreadable.no_mimetype")
        if "xl/workbook.bin" in members:
            return Phrase("list.unreadable.xlsb")
    return Phrase("list.unreadable.not_a_workbook")


XLSX = ListReader("Excel", read, sheets=True)
ODS = ListReader("LibreOffice", read, sheets=True)
XLS = ListReader("Excel 97-2003", read_xls, sheets=True)
