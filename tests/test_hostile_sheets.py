"""Issue 28, bugs 1 and 3: a spreadsheet's extent and text bounded before python-calamine reads it.

A far cell (``XFD1048576``, ``B4000000000``, ``ZZZZZZ1``) made calamine allocate the whole rectangle
up to it and abort the process (SIGABRT, no exception); one 95 MB shared string cost 1.5 GB and the
message quoted all of it. The files here are written as the programs write them, XML straight into
a zip (no library that would refuse the far cell first), and are checked by ``bounds`` in this
process; calamine itself meets them only in a subprocess (``slow``), where an abort cannot kill
the test run. Memory is measured in ``bench/hostile_memory.py``.
"""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_print.themes.lists import bounds
from domino_print.themes.lists.table import PairsError

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Independent of the code: Excel's sheet size ("Excel specifications and limits": 1,048,576 rows by
# 16,384 columns; Excel 97-2003: 65,536 by 256), and the bound this program chose.
EXCEL_ROWS, EXCEL_COLUMNS = 1_048_576, 16_384
XLS_ROWS, XLS_COLUMNS = 65_536, 256
MOST = 500_000


def letters(column: int) -> str:
    """Column 1 is A, 26 Z, 27 AA (written here without the code under test)."""
    name = ""
    while column:
        column, rest = divmod(column - 1, 26)
        name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rest] + name
    return name


# -- an .xlsx, written part by part ------------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
CONTENT_TYPES = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                 'package/2006/content-types"><Default Extension="rels" ContentType="application/'
                 'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType='
                 '"application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/'
                 'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName='
                 '"/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                 'spreadsheetml.worksheet+xml"/></Types>')
PACKAGE_LINKS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.'
                 'org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxml'
                 'formats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                 '</Relationships>')
WORKBOOK = (f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Feuil1" '
            'sheetId="1" r:id="rId1"/></sheets></workbook>')
WORKBOOK_LINKS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.'
                  'org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxml'
                  'formats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                  'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
PAIRS = [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81"), ("3 × 4", "12"), ("5 × 5", "25"), ("2 × 8", "16")]


def _inline(reference: str, text: str) -> str:
    return f'<c r="{reference}" t="inlineStr"><is><t>{text}</t></is></c>'


def xlsx(extra_rows: str = "", *, dimension: str = "", shared: list[str] | None = None,
         head: str = "") -> bytes:
    """Six pairs in A1:B6 (inline strings), then ``extra_rows`` (sheetData XML) as they are."""
    rows = "".join(f'<row r="{n}">{_inline(f"A{n}", a)}{_inline(f"B{n}", b)}</row>'
                   for n, (a, b) in enumerate(PAIRS, 1))
    dimension_xml = f'<dimension ref="{dimension}"/>' if dimension else ""
    sheet = (f'<?xml version="1.0" encoding="UTF-8"?>{head}<worksheet xmlns="{MAIN}">{dimension_xml}'
             f"<sheetData>{rows}{extra_rows}</sheetData></worksheet>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("[Content_Types].xml", CONTENT_TYPES)
        out.writestr("_rels/.rels", PACKAGE_LINKS)
        out.writestr("xl/workbook.xml", WORKBOOK)
        out.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_LINKS)
        out.writestr("xl/worksheets/sheet1.xml", sheet)
        if shared is not None:
            items = "".join(f"<si><t>{text}</t></si>" for text in shared)
            table = (f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="{len(shared)}" '
                     f'uniqueCount="{len(shared)}">{items}</sst>')
            out.writestr("xl/sharedStrings.xml", table)
    return buffer.getvalue()


def far_row(reference: str, row: int | None = None) -> str:
    row_attribute = f' r="{row}"' if row is not None else ""
    return f'<row{row_attribute}><c r="{reference}"><v>1</v></c></row>'


def refusal(data: bytes, name: str = "liste.xlsx") -> PairsError | None:
    try:
        bounds.check_workbook(Path(name), data)
    except PairsError as error:
        return error
    return None


def test_the_issue_s_far_cells_are_refused_naming_the_sheet_and_cell():
    for reference, row in (("XFD1048576", 1048576), ("B4000000000", 4000000000), ("ZZZZZZ1", 1)):
        error = refusal(xlsx(far_row(reference, row)))
        assert error is not None, reference
        assert error.says == "list.bounds.too_far"
        assert error.at.sheet == "Feuil1" and error.at.cell == reference
        assert f"sheet 'Feuil1': a cell at {reference} " in str(error)
        assert "\n" not in str(error)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(row=st.integers(1, 2 * EXCEL_ROWS), column=st.integers(1, 2 * EXCEL_COLUMNS),
       with_row_number=st.booleans())
def test_an_xlsx_is_refused_exactly_when_its_farthest_cell_spans_too_much(row, column, with_row_number):
    reference = f"{letters(column)}{row}"
    error = refusal(xlsx(far_row(reference, row if with_row_number else None)))
    rows, columns = max(row, len(PAIRS)), max(column, 2)
    too_far = rows > EXCEL_ROWS or columns > EXCEL_COLUMNS or rows * columns > MOST
    assert (error is not None) == too_far, (reference, error)
    if error is not None:
        assert error.says == "list.bounds.too_far" and error.details["cell"] == reference


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(row=st.integers(10, 3 * EXCEL_ROWS), skipped=st.integers(0, 2 * EXCEL_COLUMNS))
def test_cells_without_a_reference_are_counted_where_excel_puts_them(row, skipped):
    """ECMA-376 lets ``r`` out: a row is the one after the last, a cell the one after its left
    neighbour. Empty cells before the far one push it as far as a reference would."""
    empties = "<c/>" * min(skipped, 4) + (f'<c r="{letters(skipped)}{row}"/>' if skipped > 4 else "")
    extra = f'<row r="{row}">{empties}<c><v>1</v></c></row>'
    column = max(skipped + 1, 2)
    error = refusal(xlsx(extra))
    assert (error is not None) == (row > EXCEL_ROWS or column > EXCEL_COLUMNS or row * column > MOST)


def test_two_cells_near_two_edges_span_the_rectangle_between_them():
    error = refusal(xlsx(far_row("XFD1", 1) + far_row("A100", 100)))
    assert error is not None and error.details["rows"] == 100 and error.details["columns"] == EXCEL_COLUMNS


def test_a_far_declared_dimension_is_refused_and_empty_far_cells_are_not():
    error = refusal(xlsx(dimension="A1:XFD1048576"))
    assert error is not None and error.says == "list.bounds.declared_too_far"
    assert "says it reaches cell XFD1048576" in str(error)
    assert refusal(xlsx(dimension="A1:B6")) is None
    assert refusal(xlsx('<row r="1048576"><c r="XFD1048576" s="1"/></row>')) is None  # a style, no value


def test_a_reference_no_spreadsheet_writes_is_refused_in_a_line():
    error = refusal(xlsx('<row r="7"><c r="' + "A" * 5000 + '7"><v>1</v></c></row>'))
    assert error is not None and error.says == "list.bounds.not_a_cell" and len(str(error)) < 300


def test_a_document_type_is_refused_before_any_entity_is_expanded():
    laughs = ('<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>')
    error = refusal(xlsx(head=laughs))
    assert error is not None and error.says == "list.bounds.document_type"


# -- one huge text cell, and much text --------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("length", [bounds.MOST_CELL_CHARS + 1, 200_000, 40_000_000])
def test_one_huge_shared_string_is_refused_quoting_nothing_of_it(length):
    error = refusal(xlsx(shared=["x" * length]))
    assert error is not None and error.says in ("list.bounds.a_cell_too_long", "list.bounds.too_much_xml")
    assert len(str(error)) < 300 and "xxxxxxxxxx" not in str(error)


def test_a_huge_inline_cell_names_its_cell():
    error = refusal(xlsx('<row r="7">' + _inline("C7", "y" * 40_000) + "</row>"))
    assert error is not None and error.says == "list.bounds.cell_too_long" and error.at.cell == "C7"
    assert "cell C7 holds more than 32,767 characters" in str(error)  # grouped as English writes it


def test_much_text_in_many_cells_is_refused():
    error = refusal(xlsx(shared=["z" * 30_000] * 140))  # 4.2 million characters, each cell allowed
    assert error is not None and error.says == "list.bounds.too_much_text"


@pytest.mark.slow
def test_the_xml_unpacked_is_bounded_by_its_declared_size_before_it_is_read():
    error = refusal(xlsx(shared=["x" * 60_000_000]))
    assert error is not None and error.says == "list.bounds.too_much_xml"


def test_a_long_cell_under_the_bounds_is_quoted_by_its_first_words(tmp_path):
    """A cell of 5000 characters reaches the pairs' own check (1000 at most): its message quotes
    40 characters and an ellipsis, not the cell."""
    from domino_print.themes.pairs import read_pairs

    path = tmp_path / "liste.xlsx"
    path.write_bytes(xlsx('<row r="7">' + _inline("A7", "w" * 5000) + _inline("B7", "56") + "</row>"))
    with pytest.raises(PairsError) as caught:
        read_pairs(str(path))
    message = str(caught.value)
    assert "'" + "w" * 40 + "…'" in message and "w" * 41 not in message and len(message) < 300
    assert len(str(caught.value.details["text"])) <= 41


# -- .ods: rows and cells repeated ------------------------------------------------------------

ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def _ods_cell(text: str, repeated: int = 1) -> str:
    times = f' table:number-columns-repeated="{repeated}"' if repeated > 1 else ""
    return f'<table:table-cell office:value-type="string"{times}><text:p>{text}</text:p></table:table-cell>'


def ods(extra_rows: str = "") -> bytes:
    rows = "".join(f"<table:table-row>{_ods_cell(a)}{_ods_cell(b)}</table:table-row>" for a, b in PAIRS)
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} '
               'office:version="1.2">'
               '<office:body><office:spreadsheet><table:table table:name="Feuille1">'
               f"{rows}{extra_rows}</table:table></office:spreadsheet></office:body></office:document-content>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet",
                     compress_type=zipfile.ZIP_STORED)
        out.writestr("content.xml", content)
        out.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                     'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>')
    return buffer.getvalue()


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(empty_rows=st.integers(0, 2 * EXCEL_ROWS), empty_columns=st.integers(0, 2 * EXCEL_COLUMNS),
       rows=st.integers(1, 2000), columns=st.integers(1, 2000))
def test_an_ods_is_refused_exactly_when_its_repeated_cells_span_too_much(empty_rows, empty_columns, rows,
                                                                        columns):
    """Empty repeated rows and cells (LibreOffice writes a million of them after the last row)
    cost nothing; a repeated cell holding a value is that many cells."""
    skip_row = (f'<table:table-row table:number-rows-repeated="{empty_rows}"><table:table-cell/>'
                "</table:table-row>")
    skip_cells = (f'<table:table-cell table:number-columns-repeated="{empty_columns}"/>' if empty_columns
                  else "")
    far = (f'<table:table-row table:number-rows-repeated="{rows}">{skip_cells}{_ods_cell("1", columns)}'
           "</table:table-row>")
    error = refusal(ods((skip_row if empty_rows else "") + far), "liste.ods")
    last_row, last_column = len(PAIRS) + empty_rows + rows, max(empty_columns + columns, 2)
    too_far = (last_row > EXCEL_ROWS or last_column > EXCEL_COLUMNS or last_row * last_column > MOST
               or rows * columns + 2 * len(PAIRS) > MOST)
    assert (error is not None) == too_far, (last_row, last_column, error)
    if error is not None:
        assert error.says == "list.bounds.too_far" and error.at.sheet == "Feuille1"


def test_libreoffice_s_trailing_empty_rows_are_read():
    trailing = ('<table:table-row table:number-rows-repeated="1048570"><table:table-cell '
                'table:number-columns-repeated="16384"/></table:table-row>')
    assert refusal(ods(trailing), "liste.ods") is None


def test_a_huge_ods_cell_is_refused():
    error = refusal(ods(f"<table:table-row>{_ods_cell('q' * 50_000)}</table:table-row>"), "liste.ods")
    assert error is not None and error.says == "list.bounds.cell_too_long" and error.at.cell == "A7"


# -- .xls: a real file's cell record moved far --------------------------------------------------

def moved_xls(row: int, column: int) -> bytes:
    """``fixtures/calcul-mental.xls`` (saved by LibreOffice) with its cell B5 (a LABELSST record,
    row 4, column 1, string 6) moved to ``row``, ``column`` (counted from 0) in place."""
    data = bytearray((FIXTURES / "calcul-mental.xls").read_bytes())
    record = bytes.fromhex("fd000a00" "0400" "0100" "0f00" "06000000")
    at = data.find(record)
    assert at > 0 and data.count(record) == 1
    struct.pack_into("<HH", data, at + 4, row, column)
    return bytes(data)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(row=st.integers(0, 0xFFFF), column=st.integers(0, 0xFFFF))
def test_an_xls_is_refused_exactly_when_a_cell_record_spans_too_much(row, column):
    error = refusal(moved_xls(row, column), "calcul.xls")
    rows, columns = max(row + 1, 5), max(column + 1, 2)  # A1:B4 and A5 stay where they are
    assert (error is not None) == (columns > XLS_COLUMNS or rows * columns > MOST), error
    if error is not None:
        assert error.at.sheet == "Calcul" and error.at.cell == f"{letters(column + 1)}{row + 1}"


def test_the_committed_spreadsheets_pass_the_bounds():
    assert refusal((FIXTURES / "calcul-mental.xls").read_bytes(), "calcul.xls") is None
    assert refusal(xlsx(), "liste.xlsx") is None
    assert refusal(ods(), "liste.ods") is None


# -- end to end: the command line, with calamine behind the bounds -------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name, data", [
    ("far.xlsx", xlsx(far_row("XFD1048576", 1048576))),
    ("far2.xlsx", xlsx(far_row("B4000000000", 4000000000))),
    ("far.ods", ods('<table:table-row table:number-rows-repeated="1048000"><table:table-cell/>'
                    '</table:table-row><table:table-row><table:table-cell table:number-columns-repeated='
                    f'"16000"/>{_ods_cell("x")}</table:table-row>')),
    ("far.xls", moved_xls(0xFFFF, 0xFF)),
])
def test_the_command_line_refuses_a_far_cell_in_one_line_and_lives(tmp_path, name, data):
    """Before the bounds: SIGABRT and a Rust backtrace (xlsx), or a gigabyte (xls)."""
    (tmp_path / name).write_bytes(data)
    done = subprocess.run([sys.executable, "-m", "domino_print", "--theme", name, "--out", "out.pdf"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert done.stderr.count("\n") == 1 and "makes the sheet" in done.stderr and "panicked" not in done.stderr
    assert not (tmp_path / "out.pdf").exists()


# -- the studio: the file sent as the list, then another visitor ---------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name, data, words", [
    ("far.xlsx", xlsx(far_row("XFD1048576", 1048576)), "XFD1048576"),
    ("far.ods", ods('<table:table-row table:number-rows-repeated="1048000"><table:table-cell/>'
                    '</table:table-row><table:table-row><table:table-cell table:number-columns-repeated='
                    f'"16000"/>{_ods_cell("x")}</table:table-row>'), "1048007"),
    ("far.xls", moved_xls(0xFFFF, 0xFF), "IV65536"),
    ("long.xlsx", xlsx(shared=["x" * 100_000]), "32\u00a0767"),  # French thousands: a no-break space
])
def test_the_studio_refuses_a_far_or_huge_sheet_and_serves_another_visitor(tmp_path, name, data, words):
    from tests.test_studio import make_client

    with make_client(tmp_path / "a") as hostile, make_client(tmp_path / "b") as other:
        assert hostile.post(f"/api/list/file?name={name}", content=data).status_code == 200
        answer = hostile.post("/api/preview", json={"options": {"theme": "list"}, "page_lang": "fr"})
        assert answer.status_code == 422, answer.text
        (error,) = answer.json()["errors"]
        assert words in error["message"] and len(answer.text) < 1000
        assert "cellule" in error["message"] or "caractères" in error["message"]  # in the page's language
        good = other.post("/api/list", json={"rows": [list(pair) for pair in PAIRS], "mode": "typed"})
        assert good.status_code == 200
        made = other.post("/api/preview", json={"options": {"theme": "list"}, "page_lang": "fr"})
        assert made.status_code == 200, made.text
