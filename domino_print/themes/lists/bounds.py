"""A spreadsheet's extent and text, bounded before python-calamine reads it.

python-calamine builds each sheet as one rectangle from its first to its last cell holding a
value: an .xlsx of six rows and one cell at ``XFD1048576`` asks it for 17 billion cells, and
the process aborts (a Rust allocation failure, no exception to catch). A 94 KB .xlsx can also
hold one shared string of 95 MB. So ``check_workbook`` reads the file as a stream first, and
refuses it (``PairsError``, one line naming the sheet and the cell) when:

* a sheet's cells that hold something reach past ``MOST_SPANNED_CELLS`` counted from A1
  (rows times columns), or past the sheet's own limits (1,048,576 rows by 16,384 columns in
  Excel 2007 and later, 65,536 by 256 in Excel 97-2003); an .xlsx sheet's declared
  ``<dimension>`` is held to the same bound;
* one cell holds more than ``MOST_CELL_CHARS`` characters (Excel's own limit for a cell), or
  the workbook's text all together more than ``MOST_TEXT_CHARS``;
* the XML inside an .xlsx or .ods is more than ``MOST_XML_BYTES`` unpacked, or declares a
  document type (no spreadsheet does; it is how entity bombs begin).

What is read: an .xlsx's worksheet parts (``<c r="B7">`` in ``<sheetData>``, and cells without
a reference counted as Excel counts them) and its shared strings; an .ods's ``content.xml``
(rows and cells with their ``number-rows-repeated`` and ``number-columns-repeated``: a repeated
cell that holds a value is that many cells); an .xls's BIFF8 cell records (row and column of
each) in the workbook stream of its compound file. XML is parsed with expat as it is
unpacked, its text counted and not kept, so the check costs a few megabytes whatever the file.
Sources: ECMA-376 Part 1, 18.3.1.4 (c), 18.3.1.35 (dimension), 18.4.8 (si); OpenDocument 1.2
Part 1, 9.1.3 (table-row) and 9.1.4 (table-cell); [MS-XLS] 2.4.90 (Dimensions) and the cell
records of 2.5.
"""

from __future__ import annotations

import io
import posixpath
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    import zipfile

from domino_print.themes.lists.table import PairsError, Place, column_letters
from domino_print.themes.zip_directory import TooManyMembers, check_directory

MOST_SPANNED_CELLS = 500_000
"""A sheet's rectangle from A1 to its farthest cell: 5000 rows of 100 columns. python-calamine
holds each cell of it (about 32 bytes), then Python a list of them."""
MOST_CELL_CHARS = 32_767
"""Excel's own limit for the text of one cell ("Excel specifications and limits")."""
MOST_TEXT_CHARS = 4_000_000
"""All the text of a workbook: 5000 rows of three cells of 250 characters, with room to spare."""
MOST_XML_BYTES = 48_000_000
"""The XML of an .xlsx or .ods, unpacked: a sheet of 5000 rows takes about one megabyte."""
MOST_PARTS = 2000
"""Members of an .xlsx or .ods: a workbook of many sheets and pictures has a few hundred."""
XLSX_LIMITS = (1_048_576, 16_384)
XLS_LIMITS = (65_536, 256)
_CHUNK = 64 * 1024
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_MAIN_STRICT = "http://purl.oclc.org/ooxml/spreadsheetml/main"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_REFERENCE = re.compile(r"^\$?([A-Za-z]{1,8})\$?([0-9]{1,12})$")
_SHOWN = 24
"""Characters of a cell's reference quoted in a message."""


class _Refused(Exception):
    """A bound crossed, with the sheet's name, the message's catalogue key (``says``) and its
    values, which are also the details a surface words it from (made into ``PairsError``)."""

    def __init__(self, says: str, sheet: str | None = None, at_cell: str = "", **details: object) -> None:
        self.says, self.sheet, self.cell, self.details = says, sheet, at_cell, details
        super().__init__(says)


def check_workbook(path: Path, data: bytes) -> None:
    """Refuse ``data`` (an .xlsx, .ods or .xls) before it is parsed if a sheet reaches too far or
    its text is too long; ``PairsError`` names the sheet and the cell. A file that is none of
    these is left for the reader to refuse."""
    try:
        if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
            _check_xls(data)
        elif data.startswith(b"PK"):
            _check_zipped(data)
    except _Refused as refused:
        at = Place(sheet=refused.sheet, cell=refused.cell) if refused.sheet is not None else None
        values: dict[str, Any] = dict(refused.details)  # the message's values: no option among them
        raise PairsError(says=refused.says, path=path, at=at, details=refused.details,
                         **values) from None


# -- the limits, worded once ---------------------------------------------------------------------

def _shown_reference(reference: str) -> str:
    return reference if len(reference) <= _SHOWN else reference[:_SHOWN] + "…"


def _too_far(sheet: str | None, row: int, column: int, reference: str = "",
             declared: bool = False) -> _Refused:
    cell = reference or f"{column_letters(column - 1)}{row}"
    shown = _shown_reference(cell)
    return _Refused("list.bounds.declared_too_far" if declared else "list.bounds.too_far",
                    sheet, shown, cell=shown, rows=row, columns=column, most=MOST_SPANNED_CELLS)


def _reach(sheet: str | None, row: int, column: int, limits: tuple[int, int], reference: str = "",
           declared: bool = False) -> None:
    """Refuse a cell at ``row``, ``column`` (counted from 1) past the sheet's bounds."""
    if row > limits[0] or column > limits[1] or row * column > MOST_SPANNED_CELLS:
        raise _too_far(sheet, row, column, reference, declared)


class _Extent:
    """A sheet's rectangle from A1 to its farthest row and column holding something, as it grows:
    two cells each near an edge (A100000 and XFD1) span the rectangle between them."""

    def __init__(self, sheet: str | None, limits: tuple[int, int]) -> None:
        self.sheet, self.limits = sheet, limits
        self.rows = self.columns = 0

    def add(self, row: int, column: int, reference: str = "") -> None:
        self.rows, self.columns = max(self.rows, row), max(self.columns, column)
        most_rows, most_columns = self.limits
        if self.rows > most_rows or self.columns > most_columns or (
                self.rows * self.columns > MOST_SPANNED_CELLS):
            here = reference or f"{column_letters(column - 1)}{row}"
            raise _too_far(self.sheet, self.rows, self.columns, here)


def _reference(text: str, sheet: str | None) -> tuple[int, int]:
    """``B7`` as (7, 2); a reference no spreadsheet writes is refused."""
    match = _REFERENCE.match(text)
    if match is None:
        raise _Refused("list.bounds.not_a_cell", sheet, _shown_reference(text),
                       name=_shown_reference(text))
    letters, digits = match.groups()
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(digits), column


class _Text:
    """The characters of one cell and of the whole workbook, counted as they stream by."""

    def __init__(self) -> None:
        self.total = 0
        self.cell = 0
        self.sheet: str | None = None
        self.where = ""

    def add(self, count: int) -> None:
        self.cell += count
        self.total += count
        if self.cell > MOST_CELL_CHARS:
            raise _Refused("list.bounds.cell_too_long" if self.where else "list.bounds.a_cell_too_long",
                           self.sheet, self.where, most=MOST_CELL_CHARS, cell=self.where)
        if self.total > MOST_TEXT_CHARS:
            raise _Refused("list.bounds.too_much_text", self.sheet, self.where,
                           most=MOST_TEXT_CHARS)

    def start_cell(self, where: str = "") -> None:
        self.cell = 0
        self.where = where


# -- .xlsx and .ods: zipped XML, parsed as it is unpacked ----------------------------------------

def _check_zipped(data: bytes) -> None:
    import zipfile  # deferred, as the readers' registry loads this module for every run

    source = io.BytesIO(data)
    try:
        check_directory(source, most_members=MOST_PARTS)
    except TooManyMembers as many:
        raise _Refused("list.bounds.too_many_parts", count=many.members, most=MOST_PARTS,
                       megabytes=MOST_XML_BYTES // 1_000_000) from None
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        return  # the reader says it is not a spreadsheet
    with archive:
        members = archive.infolist()
        xml = [m for m in members if m.filename.lower().endswith(".xml") and not m.is_dir()]
        if sum(m.file_size for m in xml) > MOST_XML_BYTES:
            raise _too_much_xml()
        text, budget = _Text(), _Budget()
        names = {m.filename for m in members}
        if "content.xml" in names and "xl/workbook.xml" not in names:
            _parse(archive, archive.getinfo("content.xml"), _OdsContent(text), budget)
            return
        named = _sheet_names(archive, names, budget)
        for member in xml:  # every part: calamine finds the sheets through the workbook's links
            _parse(archive, member, _XlsxPart(text, named.get(member.filename, _sheet_label(member))), budget)


def _sheet_names(archive: zipfile.ZipFile, names: set[str], budget: _Budget) -> dict[str, str]:
    """Each worksheet part's name as the workbook names the sheet (``xl/worksheets/sheet1.xml``:
    ``Feuil1``), from ``xl/workbook.xml`` and its links."""
    sheets: dict[str, str] = {}  # link id -> sheet name
    targets: dict[str, str] = {}  # link id -> part

    class Workbook(_Handlers):
        def start(self, name: str, attributes: dict[str, str]) -> None:
            if name.rpartition(" ")[2] == "sheet":
                link = next((v for k, v in attributes.items() if k.endswith(" id")), "")
                sheets[link] = attributes.get("name", "")

    class Links(_Handlers):
        def start(self, name: str, attributes: dict[str, str]) -> None:
            if name.rpartition(" ")[2] == "Relationship":
                target = attributes.get("Target", "")
                part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(f"xl/{target}")
                targets[attributes.get("Id", "")] = part

    for part, handlers in (("xl/workbook.xml", Workbook()), ("xl/_rels/workbook.xml.rels", Links())):
        if part in names:
            _parse(archive, archive.getinfo(part), handlers, budget)
    return {targets[link]: sheet for link, sheet in sheets.items() if link in targets}


def _too_much_xml() -> _Refused:
    most = MOST_XML_BYTES // 1_000_000
    return _Refused("list.bounds.too_much_xml", megabytes=most)


def _sheet_label(member: zipfile.ZipInfo) -> str | None:
    """How a message names a worksheet part the workbook does not name: its file name."""
    return Path(member.filename).stem if member.filename.lower().startswith("xl/worksheets/") else None


class _Budget:
    """The XML bytes unpacked so far: the declared sizes may lie, the stream does not."""

    def __init__(self) -> None:
        self.used = 0

    def take(self, count: int) -> None:
        self.used += count
        if self.used > MOST_XML_BYTES:
            raise _too_much_xml()


def _chunks(archive: zipfile.ZipFile, member: zipfile.ZipInfo, budget: _Budget) -> Iterator[bytes]:
    import zipfile

    try:
        with archive.open(member) as stream:
            while chunk := stream.read(_CHUNK):
                budget.take(len(chunk))
                yield chunk
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        return  # damaged or encrypted: the reader says so


class _Handlers:
    """expat's callbacks for one part; a subclass reads what it needs."""

    def start(self, name: str, attributes: dict[str, str]) -> None: ...

    def end(self, name: str) -> None: ...

    def text(self, data: str) -> None: ...


def _parse(archive: zipfile.ZipFile, member: zipfile.ZipInfo, handlers: _Handlers, budget: _Budget) -> None:
    from xml.parsers import expat

    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = False  # text arrives in pieces, counted and dropped

    def no_document_type(*_args: object) -> None:
        raise _Refused("list.bounds.document_type", "not_spreadsheet")

    parser.StartDoctypeDeclHandler = no_document_type
    parser.EntityDeclHandler = no_document_type
    parser.StartElementHandler = handlers.start
    parser.EndElementHandler = handlers.end
    parser.CharacterDataHandler = handlers.text
    try:
        for chunk in _chunks(archive, member, budget):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError:
        return  # not XML: the reader says the file cannot be read


class _XlsxPart(_Handlers):
    """A worksheet's cells and dimension, and the text of cells and shared strings (ECMA-376)."""

    def __init__(self, text: _Text, sheet: str | None) -> None:
        self.counter, self.sheet = text, sheet
        self.extent = _Extent(sheet, XLSX_LIMITS)
        self.row = 0
        self.column = 0
        self.cell_reference = ""
        self.cell_row = 0
        self.cell_column = 0
        self.cell_holds = False
        self.in_cell = False
        self.counting = 0  # inside <t> or <v>: text that calamine keeps

    def start(self, name: str, attributes: dict[str, str]) -> None:
        space, _, local = name.rpartition(" ")
        if space not in (_MAIN, _MAIN_STRICT):
            return
        if local == "row":
            self.row = _reference("A" + attributes["r"], self.sheet)[0] if "r" in attributes else self.row + 1
            self.column = 0
        elif local == "c":
            if "r" in attributes:
                self.cell_row, self.cell_column = _reference(attributes["r"], self.sheet)
                self.row = self.cell_row
            else:
                self.cell_row, self.cell_column = max(self.row, 1), self.column + 1
            self.column = self.cell_column
            self.cell_reference = attributes.get("r", "")
            self.in_cell, self.cell_holds = True, False
            self.counter.sheet = self.sheet
            self.counter.start_cell(_shown_reference(self.cell_reference))
        elif local == "dimension" and "ref" in attributes:
            far = attributes["ref"].split(":")[-1]
            row, column = _reference(far, self.sheet)
            _reach(self.sheet, row, column, XLSX_LIMITS, far, declared=True)
        elif local == "si":
            self.counter.sheet = None
            self.counter.start_cell()
        elif local in ("t", "v"):
            self.counting += 1
        if self.in_cell and local in ("v", "is", "f"):
            self.cell_holds = True

    def end(self, name: str) -> None:
        space, _, local = name.rpartition(" ")
        if space not in (_MAIN, _MAIN_STRICT):
            return
        if local == "c":
            self.in_cell = False
            if self.cell_holds:
                self.extent.add(self.cell_row, self.cell_column, self.cell_reference)
        elif local in ("t", "v"):
            self.counting = max(0, self.counting - 1)

    def text(self, data: str) -> None:
        if self.counting:
            self.counter.add(len(data))


class _OdsContent(_Handlers):
    """The tables of an .ods's content.xml: rows and cells, repeated or not (OpenDocument 9.1)."""

    def __init__(self, text: _Text) -> None:
        self.counter = text
        self.sheet: str | None = None
        self.row = 0  # rows before the current one
        self.rows_repeated = 1
        self.column = 0
        self.cell: tuple[int, int] | None = None  # (first column, columns repeated) of the open cell
        self.cell_holds = False
        self.depth = 0  # nested elements inside the open cell
        self.cells = 0
        self.extent = _Extent(None, XLSX_LIMITS)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        space, _, local = name.rpartition(" ")
        if self.cell is not None:
            self.depth += 1
            self.cell_holds = True  # a paragraph, an annotation, a picture: calamine keeps the cell
            return
        if space != _TABLE:
            return
        if local == "table":
            self.sheet = attributes.get(f"{_TABLE} name", "")
            self.extent = _Extent(self.sheet, XLSX_LIMITS)
            self.cells = 0
            self.row = 0
            self.counter.sheet = self.sheet
        elif local == "table-row":
            self.rows_repeated = _count(attributes.get(f"{_TABLE} number-rows-repeated"), self.sheet)
            self.column = 0
        elif local in ("table-cell", "covered-table-cell"):
            repeated = _count(attributes.get(f"{_TABLE} number-columns-repeated"), self.sheet)
            self.cell = (self.column, repeated)
            self.column += repeated
            self.depth = 0
            self.cell_holds = f"{_OFFICE} value-type" in attributes
            where = f"{column_letters(self.cell[0])}{self.row + 1}"
            self.counter.start_cell(where)
            for key in ("string-value", "value", "date-value", "time-value"):
                self.counter.add(len(attributes.get(f"{_OFFICE} {key}", "")))

    def end(self, name: str) -> None:
        space, _, local = name.rpartition(" ")
        if self.cell is not None and self.depth:
            self.depth -= 1
            return
        if space != _TABLE:
            return
        if local in ("table-cell", "covered-table-cell") and self.cell is not None:
            first, repeated = self.cell
            self.cell = None
            if self.cell_holds:
                last_row, last_column = self.row + self.rows_repeated, first + repeated
                self.extent.add(last_row, last_column)
                self.cells += repeated * self.rows_repeated
                if self.cells > MOST_SPANNED_CELLS:
                    raise _too_far(self.sheet, last_row, last_column)
        elif local == "table-row":
            self.row += self.rows_repeated
            self.rows_repeated = 1

    def text(self, data: str) -> None:
        if self.cell is not None:
            self.counter.add(len(data))


def _count(value: str | None, sheet: str | None) -> int:
    if value is None:
        return 1
    if not value.isdigit() or len(value) > 9:
        raise _Refused("list.bounds.repeated", sheet, times=value[:_SHOWN])
    return max(1, int(value))


# -- .xls: BIFF8 records in an Office compound file ([MS-XLS]) --------------------------------------

_BOF = 0x0809
_BOUNDSHEET = 0x0085
_DIMENSIONS = 0x0200
_CELLS = {0x0006: "formula", 0x00FD: "labelsst", 0x0203: "number", 0x0204: "label", 0x0205: "boolerr",
          0x027E: "rk", 0x00D6: "rstring", 0x00BD: "mulrk"}
"""Records of a cell holding a value (blank cells, 0x0201 and 0x00BE, hold none)."""


def _workbook_stream(data: bytes) -> bytes | None:
    import olefile  # type: ignore[import-untyped]  # deferred: only .xls files need it

    try:
        with olefile.OleFileIO(io.BytesIO(data)) as compound:
            for name in ("Workbook", "Book"):
                if compound.exists(name):
                    stream: BinaryIO = compound.openstream(name)
                    return stream.read()
    except Exception:  # olefile's errors (damaged file) share no base class: the reader says so
        return None
    return None


def _check_xls(data: bytes) -> None:
    stream = _workbook_stream(data)
    if stream is None:
        return
    sheets: list[str] = []
    extents: dict[int, _Extent] = {}
    substream = -1  # 0: the workbook globals; 1...: the sheets in order
    position = 0
    while position + 4 <= len(stream):
        kind, length = struct.unpack_from("<HH", stream, position)
        body = stream[position + 4:position + 4 + length]
        position += 4 + length
        if kind == _BOF:
            substream += 1
            continue
        if kind == _BOUNDSHEET and substream == 0 and len(body) >= 8:
            sheets.append(_sheet_name(body))
            continue
        if substream < 1:
            continue
        sheet = sheets[substream - 1] if substream - 1 < len(sheets) else None
        if kind == _DIMENSIONS and len(body) >= 12:
            _first_row, last_row, _first_column, last_column = struct.unpack_from("<LLHH", body)
            if last_row and last_column:  # "one past the last": 0 for an empty sheet
                _reach(sheet, last_row, last_column, XLS_LIMITS, declared=True)
        elif kind in _CELLS and len(body) >= 4:
            row, column = struct.unpack_from("<HH", body)
            if kind == 0x00BD and len(body) >= 6:  # MULRK: several cells, the last column at the end
                column = struct.unpack_from("<H", body, len(body) - 2)[0]
            extents.setdefault(substream, _Extent(sheet, XLS_LIMITS)).add(row + 1, column + 1)


def _sheet_name(body: bytes) -> str:
    """A BOUNDSHEET8 record's name: a ShortXLUnicodeString after 6 bytes ([MS-XLS] 2.4.28)."""
    count, flags = body[6], body[7] if len(body) > 7 else 0
    raw = body[8:]
    try:
        return raw[:count * 2].decode("utf-16-le") if flags & 1 else raw[:count].decode("latin-1")
    except UnicodeDecodeError:
        return "?"
