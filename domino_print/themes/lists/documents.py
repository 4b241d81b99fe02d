"""Lists typed in a table of a text document: ``.docx`` (Word, read with python-docx) and ``.odt``
(LibreOffice Writer, read with odfpy); and Apple Numbers' ``.numbers`` (numbers-parser).

Many teachers type their loop cards in a Word or Writer table, between a title and a few lines of
instructions. The paragraphs are ignored; the list is the document's first table that has two
columns of pairs (at least two rows with two filled cells: a one-cell box or a one-row layout
table before it is passed over). Its rows are given with all their cells, as a sheet's are, and
``finding`` finds the pair's columns in them (header, numbers, notes). A cell merged across columns
is read once, in its first column. A place is named ``table 2, row 5``.

A ``.numbers`` file is read as a spreadsheet: the first sheet (``--sheet`` another), its first
table that has two columns of pairs; a place is the sheet and the cell (``'Feuille 1', B3``).

Every one of these files is a zip: its unpacked size is checked before any library parses it
(``spreadsheet.check_unzipped``), and an XML part that declares a document type is refused
(no word processor writes one; it is how entity bombs begin).
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from domino_print.errors import Phrase, PluralPhrase
from domino_print.themes.lists.spreadsheet import MOST_ROWS, check_unzipped, shown
from domino_print.themes.lists.table import ListReader, PairsError, Place, RawRow, ReadSettings, Table

MOST_TABLES = 200
MOST_COLUMNS = 50
_DOCTYPE = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)


def _has_pairs(rows: Sequence[Sequence[str]]) -> bool:
    """Whether a table's rows look like a list: two rows or more that fill two cells or more."""
    return sum(1 for cells in rows if sum(1 for cell in cells if cell.strip()) >= 2) >= 2


def _checked_zip(path: Path, data: bytes, what: str) -> None:
    check_unzipped(path, data, what)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for member in archive.infolist():
            if member.filename.endswith(".xml") and _DOCTYPE.search(archive.read(member)[:4096]):
                raise PairsError(says="list.document_type", path=path, what=Phrase(f"list.what.{what}"),
                                 member=member.filename)


def _table(path: Path, tables: Iterable[list[list[str]]], what: str) -> Table:
    count = 0
    for number, rows in enumerate(tables, start=1):
        count = number
        if number > MOST_TABLES:
            break
        if _has_pairs(rows):
            return _rows_table(path, rows, number)
    found = PluralPhrase("list.tables_found", count=count) if count else Phrase("list.no_table_found")
    raise PairsError(says="list.no_document_table", path=path, what=Phrase(f"list.what.{what}"), found=found,
                     details={"tables": count})


def _rows_table(path: Path, rows: list[list[str]], number: int) -> Table:
    kept: list[RawRow] = []
    for line, cells in enumerate(rows, start=1):
        texts = list(cells[:MOST_COLUMNS])
        while texts and not texts[-1].strip():
            texts.pop()
        if not texts:
            continue
        if len(kept) >= MOST_ROWS:
            raise PairsError(says="list.too_many_document_rows", path=path, most=MOST_ROWS,
                             at=Place(line, part=number), details={"most": MOST_ROWS})
        kept.append(RawRow(line, tuple(texts)))
    return Table(tuple(kept), part=number)


def _docx_tables(path: Path, data: bytes) -> Iterable[list[list[str]]]:
    try:
        import docx  # python-docx, deferred: only .docx lists need it
    except ImportError:  # pragma: no cover - a dependency
        raise PairsError(says="list.needs_library", path=path, what=Phrase("list.reading.word"),
                         library="python-docx", fix=Phrase("list.fix.table_as_csv")) from None
    try:
        document = docx.Document(io.BytesIO(data))
        tables = list(document.tables)
    except Exception as exc:  # python-docx and lxml raise many kinds (zip, XML, missing parts)
        raise PairsError(says="list.not_word", path=path, problem=_first_line(exc)) from None
    for table in tables:
        rows = []
        for row in table.rows:
            cells, previous = [], None
            for cell in row.cells:
                merged = previous is not None and cell._tc is previous  # one cell spanning columns
                cells.append("" if merged else " ".join(cell.text.split()))
                previous = cell._tc
            rows.append(cells)
        yield rows


def read_docx(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """A .docx's first table of pairs (see the module)."""
    _checked_zip(path, data, "document")
    return _table(path, _docx_tables(path, data), "document")


def _odt_tables(path: Path, data: bytes) -> Iterable[list[list[str]]]:
    try:
        from odf import teletype
        from odf.namespaces import TABLENS
        from odf.opendocument import load
        from odf.table import Table as OdfTable
    except ImportError:  # pragma: no cover - a dependency
        raise PairsError(says="list.needs_library", path=path, what=Phrase("list.reading.libreoffice"),
                         library="odfpy", fix=Phrase("list.fix.table_as_csv")) from None
    try:
        document = load(io.BytesIO(data))
        tables = document.text.getElementsByType(OdfTable)
    except Exception as exc:  # odfpy raises zip, XML and KeyError alike
        raise PairsError(says="list.not_odt", path=path, problem=_first_line(exc)) from None
    for table in tables:
        rows: list[list[str]] = []
        for row in _children(table, "table-row", TABLENS):
            assert hasattr(row, "childNodes")  # an odfpy element
            repeat = min(_repeated(row, "number-rows-repeated", TABLENS), 2)  # a repeated row is empty
            cells: list[str] = []
            for cell in row.childNodes:
                if getattr(cell, "qname", None) == (TABLENS, "covered-table-cell"):
                    covered = _repeated(cell, "number-columns-repeated", TABLENS)
                    cells.extend([""] * min(covered, MOST_COLUMNS))
                elif getattr(cell, "qname", None) == (TABLENS, "table-cell"):
                    text = " ".join(teletype.extractText(cell).split())
                    times = min(_repeated(cell, "number-columns-repeated", TABLENS), MOST_COLUMNS)
                    cells.extend([text] * (1 if text else times))
                if len(cells) >= MOST_COLUMNS:
                    break
            rows.extend([cells] * repeat)
            if len(rows) > MOST_ROWS + 1:
                break
        yield rows


def _children(element: object, name: str, namespace: str) -> Iterable[object]:
    """The rows of a table, inside its row groups and header rows too (not those of a nested table)."""
    for child in getattr(element, "childNodes", ()):
        qname = getattr(child, "qname", None)
        if qname == (namespace, name):
            yield child
        elif qname in ((namespace, "table-header-rows"), (namespace, "table-rows"),
                       (namespace, "table-row-group")):
            yield from _children(child, name, namespace)


def _repeated(element: object, attribute: str, namespace: str) -> int:
    value = getattr(element, "attributes", {}).get((namespace, attribute))
    try:
        return max(1, int(value)) if value is not None else 1
    except ValueError:
        return 1


def read_odt(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """An .odt's first table of pairs (see the module)."""
    _checked_zip(path, data, "document")
    return _table(path, _odt_tables(path, data), "document")


def read_numbers(path: Path, data: bytes, settings: ReadSettings) -> Table:
    """A .numbers file's first sheet (or ``settings.sheet``), its first table of pairs."""
    check_unzipped(path, data, "numbers")
    try:
        from numbers_parser import Document
    except ImportError:  # pragma: no cover - a dependency
        raise PairsError(says="list.needs_library", path=path, library="numbers-parser",
                         what=Phrase("list.reading.numbers", app="Numbers"),
                         fix=Phrase("list.fix.export_as_csv")) from None
    try:
        with tempfile.TemporaryDirectory(prefix="domino-numbers-") as folder:
            copy = Path(folder) / "list.numbers"  # numbers-parser reads a file by its name only
            copy.write_bytes(data)
            document = Document(copy)
            sheets = [(str(sheet.name), list(sheet.tables)) for sheet in document.sheets]
    except Exception as exc:  # numbers-parser raises zip, protobuf and its own errors
        raise PairsError(says="list.not_numbers", path=path, problem=_first_line(exc),
                         app="Numbers") from None
    names = [name for name, _ in sheets]
    name = names[0] if settings.sheet is None else settings.sheet
    if name not in names:
        raise PairsError(says="list.no_such_sheet", fields=("sheet",), path=path, name=name,
                         listed=", ".join(repr(n) for n in names),
                         details={"sheet": name, "sheets": tuple(names)})
    tables = dict(sheets)[name]
    for table in tables[:MOST_TABLES]:
        rows = [[_numbers_text(cell, settings.decimal) for cell in row[:MOST_COLUMNS]]
                for row in table.rows()[:MOST_ROWS + 1]]
        if _has_pairs(rows):
            found = _rows_table(path, rows, 1)
            return found._replace(sheet=name, part=None)
    raise PairsError(says="list.no_numbers_table", fields=("sheet",), path=path, name=name,
                     at=Place(sheet=name), details={"sheet": name})


def _numbers_text(cell: object, decimal: str) -> str:
    value = getattr(cell, "value", None)
    if isinstance(value, float):
        value = float(f"{value:.15g}")  # Numbers keeps decimals: 56 may come back as 55.99999999999999
    return " ".join(shown(value, decimal).split())


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0][:120]


DOCX = ListReader("Word", read_docx)
ODT = ListReader("LibreOffice Writer", read_odt)
NUMBERS = ListReader("Numbers", read_numbers, sheets=True)
