"""Lists kept in a spreadsheet: ``.xlsx`` (Excel), ``.ods`` (LibreOffice) and ``.xls`` (Excel 97-2003,
which LibreOffice and Excel still save), all read with python-calamine.

The first sheet the spreadsheet shows is read (hidden sheets are left out, and said), or the
one ``ReadSettings.sheet`` names (``--sheet``). Every filled row is given with all its cells:
``finding`` finds the table in them (title rows, header, numbers, notes).
Cells are read as they are shown: a number Excel stores as 56.0 is ``56``, a
decimal is written with the page's decimal separator (``0,5`` on a French page),
a formula gives the value the spreadsheet saved with it (a file saved by a
program that does not compute formulas has none: that cell is then empty, and
named). Every place is named as the spreadsheet names it: sheet and cell,
``'Feuil1', B7``.
"""

from __future__ import annotations

import datetime
import io
import math
from pathlib import Path

from domino_print.themes.lists.bounds import check_workbook
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


def shown(value: object, decimal: str) -> str:
    """A cell's value as the sheet shows it: ``56`` for 56.0, ``0,5`` with ``decimal`` ``,``."""
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
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(" ")
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return str(value)
    return "" if value is None else str(value)


def read(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """An .xlsx or .ods list (a zip archive, its unzipped size checked first)."""
    _check_unzipped(path, data)
    return _read_workbook(path, data, settings)


def read_xls(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """An .xls list (Excel 97-2003's BIFF8 in an Office compound file)."""
    if not data.startswith(OLE_SIGNATURE):
        raise PairsError(f"{path}: not an Excel 97-2003 workbook (an .xls file begins as an Office file, "
                         "and this one does not); save it again from the spreadsheet, or as CSV",
                         fault="not_spreadsheet")
    return _read_workbook(path, data, settings)


def _read_workbook(path: Path, data: bytes, settings: ReadSettings) -> Table:
    check_workbook(path, data)  # the extent and text bounded before calamine allocates them
    try:
        from python_calamine import CalamineWorkbook  # deferred: only spreadsheets need it
    except ImportError:  # pragma: no cover - a dependency; an install without it still names the fix
        raise PairsError(f"{path}: reading spreadsheets needs python-calamine; install it "
                         "(pip install python-calamine), or save the list as CSV",
                         fault="not_spreadsheet") from None
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(workbook.sheet_names)
    except Exception as exc:  # calamine's errors (zip, XML, password) share no base class we can name
        raise PairsError(f"{path}: not a spreadsheet this program can read ({_first_line(exc)}); "
                         "save it again from the spreadsheet, or as CSV", fault="not_spreadsheet") from None
    if not names:
        raise PairsError(f"{path}: the spreadsheet has no sheet", fault="no_sheet")
    hidden = _hidden_sheets(workbook)
    visible = [name for name in names if name not in hidden] or names
    name = visible[0] if settings.sheet is None else settings.sheet
    if name not in names:
        raise PairsError("{path}: no sheet {name!r}; the sheets are {listed}: choose one with {sheet}",
                         fields=("sheet",), path=path, name=name, listed=", ".join(repr(n) for n in names),
                         fault="no_such_sheet", details={"sheet": name, "sheets": tuple(names)})
    try:
        sheet = workbook.get_sheet_by_name(name)
        values = sheet.to_python()
        first_row, first_column = sheet.start or (0, 0)  # None: an empty sheet
    except Exception as exc:  # as above
        raise PairsError(f"{path}, sheet {name!r}: cannot be read ({_first_line(exc)})",
                         fault="not_spreadsheet", at=Place(sheet=name)) from None
    left_out = [other for other in names[:names.index(name)] if other in hidden]
    skipped = (Skipped("hidden_sheets", ", ".join(repr(other) for other in left_out), len(left_out)),) \
        if left_out and settings.sheet is None else ()
    table = Table((), sheet=name, first_column=first_column, skipped=skipped)
    rows: list[RawRow] = []
    for index, cells in enumerate(values):
        line = first_row + index + 1
        texts = [shown(value, settings.decimal) for value in cells]
        while texts and not texts[-1].strip():
            texts.pop()
        if not texts:
            continue
        if len(rows) >= MOST_ROWS:
            raise PairsError(f"{path}, {table.place(line)}: more than {MOST_ROWS} rows; "
                             "keep the list on a sheet of its own", fault="too_many_rows",
                             at=table.at(line), details={"most": MOST_ROWS})
        rows.append(RawRow(line, tuple(texts)))
    return table._replace(rows=tuple(rows))


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
            _check_unzipped(path, data)
        check_workbook(path, data)
        return tuple(str(name) for name in CalamineWorkbook.from_filelike(io.BytesIO(data)).sheet_names)
    except Exception:  # PairsError, or calamine's own (see read): the reading names the problem
        return ()


def _check_unzipped(path: Path, data: bytes) -> None:
    import zipfile  # deferred: the registry loads this module for every run

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unzipped = sum(entry.file_size for entry in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise PairsError(f"{path}: not a spreadsheet (an .xlsx or .ods file is a zip archive, and this "
                         "one is not); save it again from the spreadsheet, or as CSV",
                         fault="not_spreadsheet") from None
    if unzipped > MOST_UNZIPPED_BYTES:
        most = MOST_UNZIPPED_BYTES // 1_000_000
        raise PairsError(f"{path}: the spreadsheet unpacks to more than {most} MB; keep the list in a "
                         "small file of its own", fault="too_large", details={"megabytes": most})


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0][:120]


XLSX = ListReader("Excel", read, sheets=True)
ODS = ListReader("LibreOffice", read, sheets=True)
XLS = ListReader("Excel 97-2003", read_xls, sheets=True)
