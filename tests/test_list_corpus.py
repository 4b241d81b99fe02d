"""A corpus of lists shaped as teachers save them (issue 27), each written here by a script with the
program's own library (openpyxl, odfpy, python-docx, numbers-parser; CSV in Windows-1252 with CRLF,
UTF-16 with tabs, UTF-8 with a byte-order mark), with the pairs it must give or the refusal it must
get. The expected pairs are typed by hand from what each file holds, not taken from the reader.

Title rows, merged cells, blank rows, notes rows and columns, numbered columns, formulas with and
without saved values, hidden rows and sheets, several sheets, documents with tables among
paragraphs. One file of each format is made into a PDF and read back: every pair on the cards and
on the key page.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pypdf
import pytest

from domino_print.api import make_document
from domino_print.themes.pairs import PairsError

TABLES = [("7 × 2", "14"), ("7 × 3", "21"), ("7 × 4", "28"), ("7 × 5", "35")]
WORDS = [("chien", "dog"), ("chat", "cat"), ("vache", "cow")]
GERMAN = [("Hund", "dog"), ("Katze", "cat"), ("Maus", "mouse")]


# -- writers, one per program -------------------------------------------------------------------
def text_file(content: str, encoding: str = "utf-8", newline: str = "\n") -> Callable[[Path], None]:
    def write(path: Path) -> None:
        data = content.replace("\n", newline)
        path.write_bytes(data.encode(encoding))
    return write


def xlsx(rows, *, merge: str | None = None, hidden_rows=(), sheets=(), first_hidden: bool = False,
         cached: dict[str, str] | None = None, title: str = "Feuil1") -> Callable[[Path], None]:
    """An .xlsx written by openpyxl; ``cached`` adds the value Excel saves beside a formula."""
    def write(path: Path) -> None:
        openpyxl = pytest.importorskip("openpyxl")
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = title
        for row in rows:
            sheet.append(list(row))
        if merge:
            sheet.merge_cells(merge)
        for line in hidden_rows:
            sheet.row_dimensions[line].hidden = True
        for name, more in sheets:
            other = book.create_sheet(name)
            for row in more:
                other.append(list(row))
        if first_hidden:
            draft = book.create_sheet("Brouillon", 0)
            draft.append(["brouillon", "x"])
            draft.append(["à jeter", "y"])
            draft.sheet_state = "hidden"
        book.save(path)
        if cached:
            _cache_values(path, cached)
    return write


def _cache_values(path: Path, cached: dict[str, str]) -> None:
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    for cell, value in cached.items():
        xml, done = re.subn(rf'(<c r="{cell}"[^>]*>(<f>[^<]*</f>))<v\s*/?>(</v>)?', rf"\1<v>{value}</v>", xml)
        assert done == 1, cell
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def ods(rows, *, sheets=(), hidden_rows=()) -> Callable[[Path], None]:
    """An .ods written by odfpy, numbers as float cells, as LibreOffice saves them; a text that
    begins with "=" is a formula saved without a value (as a script writes it: ``of:=[.B3]*2``);
    ``hidden_rows`` (from 1) collapsed."""
    def write(path: Path) -> None:
        pytest.importorskip("odf")
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table, TableCell, TableRow
        from odf.text import P

        document = OpenDocumentSpreadsheet()
        for name, content in [("Feuille1", rows), *sheets]:
            table = Table(name=name)
            for number, row in enumerate(content, start=1):
                line = TableRow(visibility="collapse") if number in hidden_rows else TableRow()
                for value in row:
                    if value is None:
                        cell = TableCell()
                    elif isinstance(value, str) and value.startswith("of:="):
                        cell = TableCell(formula=value)
                    elif isinstance(value, (int, float)):
                        cell = TableCell(valuetype="float", value=value)
                        cell.addElement(P(text=str(value)))
                    else:
                        cell = TableCell(valuetype="string")
                        cell.addElement(P(text=str(value)))
                    line.addElement(cell)
                table.addElement(line)
            document.spreadsheet.addElement(table)
        document.save(str(path))
    return write


def docx(tables, *, before=("Jeu « J'ai… Qui a… ? »", "Découpez les cartes."), merge_first=False,
         ) -> Callable[[Path], None]:
    """A .docx written by python-docx: paragraphs, then each table, then a paragraph."""
    def write(path: Path) -> None:
        pytest.importorskip("docx")
        import docx as python_docx

        document = python_docx.Document()
        for text in before:
            document.add_paragraph(text)
        for rows in tables:
            width = max(len(row) for row in rows)
            table = document.add_table(rows=0, cols=width)
            for row in rows:
                cells = table.add_row().cells
                for index, value in enumerate(row):
                    if value is not None:
                        cells[index].text = str(value)
            if merge_first:
                first = table.rows[0].cells
                first[0].merge(first[width - 1])
            document.add_paragraph("Bon jeu !")
        document.save(path)
    return write


def odt(tables, *, before=("Vocabulaire", "Consigne : reliez.")) -> Callable[[Path], None]:
    """An .odt written by odfpy: paragraphs and tables."""
    def write(path: Path) -> None:
        pytest.importorskip("odf")
        from odf.opendocument import OpenDocumentText
        from odf.table import Table, TableCell, TableColumn, TableRow
        from odf.text import P

        document = OpenDocumentText()
        for text in before:
            document.text.addElement(P(text=text))
        for number, rows in enumerate(tables, start=1):
            table = Table(name=f"Tableau{number}")
            table.addElement(TableColumn(numbercolumnsrepeated=max(len(row) for row in rows)))
            for row in rows:
                line = TableRow()
                for value in row:
                    cell = TableCell()
                    if value is not None:
                        cell.addElement(P(text=str(value)))
                    line.addElement(cell)
                table.addElement(line)
            document.text.addElement(table)
            document.text.addElement(P(text="Fin."))
        document.save(str(path))
    return write


def numbers(rows, *, sheet: str = "Feuille 1") -> Callable[[Path], None]:
    """A .numbers file written by numbers-parser (its default table has a header row)."""
    def write(path: Path) -> None:
        numbers_parser = pytest.importorskip("numbers_parser")
        document = numbers_parser.Document(sheet_name=sheet, num_rows=max(len(rows), 2),
                                           num_cols=max(len(row) for row in rows))
        table = document.sheets[0].tables[0]
        for line, row in enumerate(rows):
            for column, value in enumerate(row):
                if value is not None:
                    table.write(line, column, value)
        document.save(path)
    return write


class Case(NamedTuple):
    name: str
    write: Callable[[Path], None]
    pairs: list[tuple[str, str]] | None = None
    refusal: tuple[str, str] | None = None
    """The refusal's ``says`` (its catalogue key) and a part of its line."""
    options: dict | None = None


HEADER = ("Question", "Réponse")
CORPUS = [
    # Text exports
    Case("excel-fr.csv", text_file("Question;Réponse\n" + "".join(f"{q};{a}\n" for q, a in TABLES), "cp1252",
                                   "\r\n"), TABLES),
    Case("excel-titre.csv", text_file("Tables de 7 – CE2;;\n;;\nQuestion;Réponse;\n"
                                      + "".join(f"{q};{a};\n" for q, a in TABLES) + ";;\n", "cp1252", "\r\n"),
         TABLES),
    Case("unicode.txt", text_file("Frage\tAntwort\n" + "".join(f"{q}\t{a}\n" for q, a in GERMAN), "utf-16",
                                  "\r\n"), GERMAN),
    Case("bom.csv", text_file("\ufeffN°;Mot;Word\n" + "".join(f"{i};{q};{a}\n" for i, (q, a) in
                                                              enumerate(WORDS, 1))), WORDS),
    Case("libre-virgules.csv",
         text_file('"Question","Réponse"\n"Paris, France","capitale"\n"Lyon","ville"\n'),
         [("Paris, France", "capitale"), ("Lyon", "ville")]),
    Case("numerote.csv", text_file("".join(f"{i};{q};{a}\n" for i, (q, a) in enumerate(TABLES, 1))), TABLES),
    Case("signature.csv", text_file("Question;Réponse\n" + "".join(f"{q};{a}\n" for q, a in WORDS)
                                    + "\nSignature des parents :;\n"), WORDS),
    Case("total.csv",
         text_file("Question;Réponse\n" + "".join(f"{q};{a}\n" for q, a in TABLES) + "Total;4\n"),
         TABLES),
    Case("trou.csv", text_file("chien;dog\nchat\nvache;cow\n"), refusal=("list.one_cell", "line 2: 1 cell")),
    Case("vide.csv", text_file(";;\n;;\n"), refusal=("list.empty_list", "the list is empty")),
    Case("doublons.csv", text_file("4 × 6;a\n3 × 8;b\n6 × 6;c\n9 × 4;d\n2 × 2;e\n"),
         refusal=("list.clashes", "lines 1 and 2")),
    # Excel, written by openpyxl
    Case("roux.xlsx", xlsx([("Calcul mental CM1 – Mme Roux",), (), HEADER, *TABLES, (None, None)],
                           merge="A1:B1", sheets=[("Notes", [("à revoir",)])]), TABLES),
    Case("deux-titres.xlsx", xlsx([("École Jules Ferry",), ("Classe de CE2",), (), HEADER, *TABLES]), TABLES),
    Case("colonnes-b-c.xlsx", xlsx([(None, None, None), (None, *HEADER), *[(None, q, a) for q, a in TABLES]]),
         TABLES),
    Case("numero.xlsx", xlsx([("N°", *HEADER), *[(i, q, a) for i, (q, a) in enumerate(TABLES, 1)]]), TABLES),
    Case("notes.xlsx", xlsx([(*HEADER, "Notes"), *[(q, a, "à l'oral" if i == 0 else None)
                                                   for i, (q, a) in enumerate(TABLES)]]), TABLES),
    Case("eleve-a-gauche.xlsx", xlsx([("Élève", "Frage", None, "Antwort"),
                                      *[(name, q, None, a) for name, (q, a)
                                        in zip(("Léa", "Tom", "Ida"), GERMAN, strict=True)]]), GERMAN),
    Case("lignes-vides.xlsx", xlsx([HEADER, TABLES[0], (), TABLES[1], (), (), TABLES[2], TABLES[3]]), TABLES),
    Case("total.xlsx", xlsx([HEADER, *TABLES, ("Total", 4)]), TABLES),
    Case("signature.xlsx", xlsx([HEADER, *TABLES, (), ("Signature :",)]), TABLES),
    Case("ligne-cachee.xlsx", xlsx([HEADER, *TABLES[:2], ("brouillon", "?"), *TABLES[2:]], hidden_rows=(4,)),
         TABLES),
    Case("feuille-cachee.xlsx", xlsx([HEADER, *WORDS], first_hidden=True), WORDS),
    Case("formules.xlsx", xlsx([HEADER, ("sept fois deux", "=7*2"), ("sept fois trois", "=A5+B5"),
                                ("la somme", "=SUM(A5:B5)+10"), (4, 3)]),
         [("sept fois deux", "14"), ("sept fois trois", "7"), ("la somme", "17"), ("4", "3")]),
    Case("formules-excel.xlsx",
         xlsx([HEADER, ("7 × 8", "=7*8"), ("6 × 7", "=6*7")], cached={"B2": "56", "B3": "42"}),
         [("7 × 8", "56"), ("6 × 7", "42")]),
    Case("formule-recherche.xlsx", xlsx([HEADER, ("chien", "dog"), ("chat", '=VLOOKUP("chat",D1:E2,2)')]),
         refusal=("list.formula", "cell B3: the formula =VLOOKUP")),
    Case("formule-texte.xlsx", xlsx([HEADER, ("chien", "dog"), ("chat", '=CONCATENATE("c","at")')]),
         refusal=("list.formula", "open and save the file in Excel or LibreOffice")),
    Case("cellule-vide.xlsx", xlsx([HEADER, ("chien", "dog"), ("chat", None), ("vache", "cow")]),
         refusal=("list.empty_cell", "sheet 'Feuil1', cell B3: a cell is empty")),
    Case("quatre-colonnes.xlsx", xlsx([("a", "b", "c", "d"), ("e", "f", "g", "h")]),
         refusal=("list.fourth_column", "cell D1: a fourth column")),
    Case("que-du-texte.xlsx", xlsx([("Calcul mental",), ("à faire en groupe",)]),
         refusal=("list.no_table", "sheet 'Feuil1' has no two columns of pairs")),
    Case("plusieurs-feuilles.xlsx", xlsx([HEADER, *TABLES], sheets=[("CE2", [HEADER, *WORDS])]), WORDS,
         options={"sheet": "CE2"}),
    Case("bloc.xlsx", xlsx([("x", "y", "z"), ("1", "chien", "dog"), ("2", "chat", "cat"),
                            ("3", "vache", "cow"),
                            ("a", "b", "c", "d")]), WORDS, options={"cells": "B2:C4"}),
    # LibreOffice Calc, written by odfpy
    Case("libre.ods", ods([("Tables de 7",), HEADER, *[(q, int(a)) for q, a in TABLES]]), TABLES),
    Case("libre-numero.ods", ods([("N°", "Frage", "Antwort"), *[(i, q, a) for i, (q, a) in
                                                                enumerate(GERMAN, 1)]]), GERMAN),
    Case("libre-feuilles.ods", ods([("Notes",)], sheets=[("Liste", [HEADER, *WORDS])]), WORDS,
         options={"sheet": "Liste"}),
    Case("libre-formules.ods", ods([HEADER, ("sept fois deux", "of:=7*2"), ("le double", "of:=[.B4]*2"),
                                    ("trois", 3)]),
         [("sept fois deux", "14"), ("le double", "6"), ("trois", "3")]),
    Case("libre-recherche.ods", ods([HEADER, ("chien", "dog"), ("chat", "of:=VLOOKUP(1;[.A1:.B2];2)")]),
         refusal=("list.formula", "cell B3: the formula =VLOOKUP(1;[.A1:.B2];2)")),
    Case("libre-ligne-cachee.ods", ods([HEADER, *WORDS[:2], ("brouillon", "?"), WORDS[2]], hidden_rows=(4,)),
         WORDS),
    Case("libre-seule-colonne.ods", ods([("chien",), ("chat",)]),
         refusal=("list.no_table", "sheet 'Feuille1' has no two columns of pairs")),
    # Word, written by python-docx
    Case("cartes.docx", docx([[("N°", *HEADER), *[(i, q, a) for i, (q, a) in enumerate(TABLES, 1)]]]),
         TABLES),
    Case("cadre-puis-liste.docx", docx([[("Nom :",)], [HEADER, *WORDS]]), WORDS),
    Case("titre-fusionne.docx", docx([[("Tables de 7", None), HEADER, *TABLES]], merge_first=True), TABLES),
    Case("sans-tableau.docx", docx([], before=("7 × 8 = 56", "6 × 7 = 42")),
         refusal=("list.no_document_table", "the document has no table of two columns of pairs (no table)")),
    Case("trou.docx", docx([[HEADER, ("chien", "dog"), ("chat", None), ("vache", "cow")]]),
         refusal=("list.empty_cell", "table 1, row 3, column 2: a cell is empty")),
    # LibreOffice Writer, written by odfpy
    Case("vocabulaire.odt", odt([[("Frage", "Antwort"), *GERMAN]]), GERMAN),
    Case("deux-tableaux.odt", odt([[("Nom", None)], [("Mot", "Traduction", "Remarque"), *WORDS]]), WORDS),
    Case("sans-tableau.odt", odt([], before=("chien : dog",)),
         refusal=("list.no_document_table", "no table")),
    # Apple Numbers, written by numbers-parser
    Case("numbers.numbers", numbers([HEADER, *[(q, int(a)) for q, a in TABLES]]), TABLES),
    Case("numbers-titre.numbers", numbers([("Tables de 7",), (), ("N°", *HEADER),
                                           *[(i, q, int(a)) for i, (q, a) in enumerate(TABLES, 1)]]), TABLES),
    Case("numbers-decimales.numbers",
         numbers([HEADER, ("un demi", 0.5), ("un quart", 0.25), ("trois quarts", 0.75)]),
         [("un demi", "0,5"), ("un quart", "0,25"), ("trois quarts", "0,75")]),  # a French page
]


def test_the_corpus_is_large_and_covers_every_format():
    assert len(CORPUS) >= 40
    assert {Path(case.name).suffix for case in CORPUS} == {".csv", ".txt", ".xlsx", ".ods", ".docx", ".odt",
                                                            ".numbers"}
    assert len({case.name for case in CORPUS}) == len(CORPUS)


@pytest.mark.slow
@pytest.mark.parametrize("case", CORPUS, ids=[case.name for case in CORPUS])
def test_each_list_gives_its_pairs_or_its_refusal(tmp_path, case):
    path = tmp_path / case.name
    case.write(path)
    options = dict(case.options or {})
    if case.refusal is None:
        from domino_print.api import parse_options

        job = parse_options({"theme": str(path), **options})
        pairs = job.source.pairs
        assert pairs is not None
        assert [(row.first.text, row.second.text) for row in pairs.rows] == case.pairs
        return
    says, said = case.refusal
    from domino_print.api import parse_options

    with pytest.raises(PairsError) as caught:
        parse_options({"theme": str(path), **options})
    assert caught.value.says == says, str(caught.value)
    assert said in str(caught.value)
    assert str(path) in str(caught.value)


READ_BACK = ["roux.xlsx", "formules.xlsx", "libre.ods", "cartes.docx", "vocabulaire.odt",
             "numbers-titre.numbers",
             "excel-titre.csv", "unicode.txt"]


def _page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.slow
@pytest.mark.parametrize("name", READ_BACK)
def test_the_pdf_shows_every_pair_on_the_cards_and_the_key(tmp_path, name):
    case = next(case for case in CORPUS if case.name == name)
    path = tmp_path / case.name
    case.write(path)
    document = make_document({"theme": str(path), "lang": "en", **(case.options or {})})
    pages = _page_texts(document.pdf)
    key = next(page for page in pages if "Teacher's key" in page or "key" in page.lower().split("\n")[0])
    cards = pages[0]
    assert case.pairs is not None
    for question, answer in case.pairs:
        assert question in key and answer in key, (question, answer)
        assert question in cards and answer in cards, (question, answer)
    for left_out in ("Question", "Réponse", "Tables de 7", "Frage", "N°"):
        assert left_out not in cards
