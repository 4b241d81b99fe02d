"""Lists as each program saves them (issue 18): Excel and LibreOffice CSV, Unicode text, .xlsx, .ods, .xls.

Every file is written here the way its program writes it: Excel's French "CSV
(séparateur : point-virgule)" in Windows-1252 with CRLF, Excel's "Texte Unicode"
(UTF-16 with a byte-order mark, tabs), LibreOffice's comma CSV quoting the cells
that hold a comma, an .xlsx made with openpyxl (with the cached values Excel saves
beside its formulas), an .ods made with odfpy, an .xls saved by LibreOffice (a committed fixture:
no maintained Python library writes .xls).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pypdf
import pytest

from domino_print.api import make_document
from domino_print.themes.pairs import PairsError, ReadSettings, read_pairs
from tests.fixtures_images import solid


def page_text(pdf: bytes, page: int) -> str:
    return pypdf.PdfReader(io.BytesIO(pdf)).pages[page].extract_text()


def sides(pairs) -> list[tuple[str, str]]:
    return [(row.first.text, row.second.text) for row in pairs.rows]


def test_an_excel_french_csv_in_windows_1252_with_crlf(tmp_path):
    source = tmp_path / "tables.csv"
    source.write_bytes("Question;Réponse\r\n7 × 8;56\r\nla moitié de 9;4,5\r\nl'été;saison chaude\r\n"
                       .encode("cp1252"))
    pairs = read_pairs(str(source))
    assert pairs.table.encoding == "Windows-1252" and pairs.table.separator == "semicolon"
    assert pairs.header == ("Question", "Réponse")
    assert sides(pairs) == [("7 × 8", "56"), ("la moitié de 9", "4,5"), ("l'été", "saison chaude")]
    assert [row.line for row in pairs.rows] == [2, 3, 4]


def test_an_excel_unicode_text_export_utf16_with_tabs(tmp_path):
    source = tmp_path / "wortschatz.txt"
    # Excel quotes a cell holding a quote and doubles it; its "Unicode text" is UTF-16 LE with a BOM.
    content = 'Frage\tAntwort\r\nHund\tdog\r\n"der ""Bär"""\tbear\r\nÄpfel\tapples\r\n'
    source.write_bytes(content.encode("utf-16"))
    pairs = read_pairs(str(source))
    assert pairs.table.encoding == "UTF-16" and pairs.table.separator == "tab"
    assert pairs.header == ("Frage", "Antwort")
    assert sides(pairs) == [("Hund", "dog"), ('der "Bär"', "bear"), ("Äpfel", "apples")]


def test_a_libreoffice_comma_csv_quoting_cells_that_hold_commas(tmp_path):
    source = tmp_path / "capitales.csv"
    source.write_text('Pregunta,Respuesta\n"3,5 + 1,5",cinco\n"París, Francia",capital\n'
                      '"una línea\nen dos",dos líneas\nMadrid,España\n', encoding="utf-8")
    pairs = read_pairs(str(source))
    assert pairs.table.separator == "comma" and pairs.header == ("Pregunta", "Respuesta")
    assert sides(pairs) == [("3,5 + 1,5", "cinco"), ("París, Francia", "capital"),
                            ("una línea en dos", "dos líneas"), ("Madrid", "España")]
    assert [row.line for row in pairs.rows] == [2, 3, 4, 6]  # the quoted line break counts


def test_utf8_with_and_without_bom_and_utf16_without_bom(tmp_path):
    for name, data in (("bom.csv", "\ufeffchat;cat\nchien;dog\n".encode()),
                       ("plain.csv", b"chat;cat\nchien;dog\n"),
                       ("le.tsv", "chat\tcat\nchien\tdog\n".encode("utf-16-le")),
                       ("be.tsv", "chat\tcat\nchien\tdog\n".encode("utf-16-be"))):
        (tmp_path / name).write_bytes(data)
        assert sides(read_pairs(str(tmp_path / name))) == [("chat", "cat"), ("chien", "dog")], name


@pytest.mark.parametrize(("data", "message"), [
    (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "not a text list but a PNG picture"),
    (b"PK\x03\x04" + bytes(200), "a spreadsheet such as .xlsx or .ods"),
    (bytes(range(1, 32)) * 40, "not a text file"),
    (b"\xff\xfe" + b"\x00\xd8" * 3, "the file says it is UTF-16 but is not"),
])
def test_a_file_that_is_not_text_is_refused_in_one_line(tmp_path, run_cli, data, message):
    source = tmp_path / "liste.csv"
    source.write_bytes(data)
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--out", out)
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def excel_workbook(path: Path, rows, *, title: str = "Feuil1", cached: dict[str, str] | None = None,
                   more_sheets: tuple[str, ...] = ()) -> Path:
    """An .xlsx from openpyxl; ``cached`` puts the value Excel saves beside a formula (openpyxl computes
    none), as ``{"B3": "42"}``."""
    openpyxl = pytest.importorskip("openpyxl")
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    for name in more_sheets:
        workbook.create_sheet(name).append(["chat", "cat"])
    workbook.save(path)
    if cached:
        with zipfile.ZipFile(path) as archive:
            parts = {name: archive.read(name) for name in archive.namelist()}
        xml = parts["xl/worksheets/sheet1.xml"].decode()
        for cell, value in cached.items():
            formula = rf'(<c r="{cell}"[^>]*>(<f>[^<]*</f>))<v\s*/?>(</v>)?'
            xml, done = re.subn(formula, rf"\1<v>{value}</v>", xml)
            assert done == 1, cell
        parts["xl/worksheets/sheet1.xml"] = xml.encode()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
    return path


@pytest.mark.slow
def test_an_xlsx_with_numbers_formulas_and_a_header(tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [
        ("Question", "Réponse"), ("7 × 8", 56.0), ("6 × 7", "=6*7"), ("la moitié de 1", 0.5),
        ("3 + 4", 7), ("un quart", "=1/4"),
    ], cached={"B3": "42", "B6": "0.25"})
    french = read_pairs(str(source), ReadSettings(decimal=","))
    assert french.header == ("Question", "Réponse") and french.table.sheet == "Feuil1"
    assert sides(french) == [("7 × 8", "56"), ("6 × 7", "42"), ("la moitié de 1", "0,5"), ("3 + 4", "7"),
                             ("un quart", "0,25")]
    english = read_pairs(str(source), ReadSettings(decimal="."))
    assert sides(english)[2] == ("la moitié de 1", "0.5")
    document = make_document({"theme": str(source), "style": "jai-quia"})
    cards = page_text(document.pdf, 0)
    assert document.tiles == 5 and "J’ai 56." in cards and "J’ai 0,5." in cards and "Question" not in cards


def test_an_ods_from_libreoffice(tmp_path):
    odf = pytest.importorskip("odf.opendocument")
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = odf.OpenDocumentSpreadsheet()
    table = Table(name="Liste")
    for question, answer in (("Recto", "Verso"), ("cinq fois trois", 15), ("un demi", 0.5), ("chat", "cat")):
        row = TableRow()
        for value in (question, answer):
            if isinstance(value, str):
                cell = TableCell(valuetype="string")
            else:
                cell = TableCell(valuetype="float", value=value)
            cell.addElement(P(text=str(value).replace(".", ",")))
            row.addElement(cell)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    source = tmp_path / "liste.ods"
    document.save(str(source))
    pairs = read_pairs(str(source), ReadSettings(decimal=","))
    assert pairs.header == ("Recto", "Verso") and pairs.table.sheet == "Liste"
    assert sides(pairs) == [("cinq fois trois", "15"), ("un demi", "0,5"), ("chat", "cat")]


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_an_xls_saved_by_libreoffice(tmp_path, run_cli):
    """``fixtures/calcul-mental.xls`` is a real Excel 97-2003 file (BIFF8 in an Office compound file)
    made by LibreOffice 7.4 from ``calcul-mental.fods`` beside it (``soffice --headless --convert-to
    xls calcul-mental.fods``): a header row, a formula saved with its value, a decimal, a second sheet."""
    source = FIXTURES / "calcul-mental.xls"
    assert source.read_bytes().startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
    french = read_pairs(str(source), ReadSettings(decimal=","))
    assert french.header == ("Question", "Réponse") and french.table.sheet == "Calcul"
    assert sides(french) == [("7 × 8", "56"), ("la moitié de 9", "4,5"), ("six fois six", "36"),
                             ("l’été", "saison chaude")]
    assert sides(read_pairs(str(source), ReadSettings(sheet="CM2", decimal=".")))[2] == ("0,25 + 0,5", "0.75")
    out = tmp_path / "cm2.pdf"
    result = run_cli("--theme", source, "--sheet", "CM2", "--style", "jai-quia", "--out", out)
    assert result.exit_code == 0, result.stderr
    cards = page_text(out.read_bytes(), 0)
    assert "J’ai 144." in cards and "J’ai 0,75." in cards
    result = run_cli("--theme", source, "--sheet", "CM1", "--out", out.with_name("cm1.pdf"))
    assert result.exit_code == 1 and "no sheet 'CM1'; the sheets are 'Calcul', 'CM2'" in result.stderr
    renamed = tmp_path / "liste.xls"  # a CSV saved under an .xls name
    renamed.write_text("chat;cat\nchien;dog\n", encoding="utf-8")
    result = run_cli("--theme", renamed, "--out", tmp_path / "r.pdf")
    assert result.exit_code == 1 and "not an Excel 97-2003 workbook" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "r.pdf").exists()


@pytest.mark.slow
def test_sheets_are_chosen_by_name_and_cells_named_as_the_spreadsheet_names_them(tmp_path, run_cli):
    source = excel_workbook(tmp_path / "classe.xlsx", [("chat", "cat"), ("chien", "dog")],
                            more_sheets=("CE2",))
    with pytest.raises(PairsError, match="single pair"):  # the sheet CE2 holds one pair
        read_pairs(str(source), ReadSettings(sheet="CE2"))
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--sheet", "CM1", "--out", out)
    assert result.exit_code == 1 and "no sheet 'CM1'; the sheets are 'Feuil1', 'CE2'" in result.stderr
    assert "--sheet" in result.stderr and not out.exists()
    holes = excel_workbook(tmp_path / "trous.xlsx", [("chat", "cat"), ("chien", "dog"), ("vache", None),
                                                     ("poule", "hen")])
    result = run_cli("--theme", holes, "--out", out)
    assert result.exit_code == 1 and "sheet 'Feuil1', cell B3: a cell is empty" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()
    formula = excel_workbook(tmp_path / "formule.xlsx", [("chat", "cat"), ("six", "=2*3")])
    # no value saved with the formula: plain arithmetic, worked out (issue 27), never read as empty
    assert sides(read_pairs(str(formula))) == [("chat", "cat"), ("six", "6")]


def test_sheet_given_with_a_text_list_or_a_theme_is_refused(tmp_path, run_cli):
    result = run_cli("--theme", "pips", "--sheet", "Feuil1")
    assert result.exit_code == 2 and "--sheet says how to read a list of pairs" in result.stderr


@pytest.mark.parametrize(("first", "second"), [
    ("Question", "Réponse"), ("QUESTION", "ANSWER"), ("Frage", "Antwort"), ("Pregunta", "Respuesta"),
    ("recto", "verso"), ("Questions :", "Réponses :"),
])
def test_header_rows_in_four_languages_are_left_out_and_said(tmp_path, first, second):
    source = tmp_path / "liste.csv"
    source.write_text(f"{first};{second}\nchat;cat\nchien;dog\n", encoding="utf-8")
    pairs = read_pairs(str(source))
    assert pairs.header == (first, second) and sides(pairs) == [("chat", "cat"), ("chien", "dog")]
    kept = read_pairs(str(source), header=False)
    assert sides(kept)[0] == (first, second)


def test_header_and_no_header_decide(tmp_path, run_cli):
    source = tmp_path / "liste.csv"
    source.write_text("Animal;Tier\nchat;Katze\nchien;Hund\n", encoding="utf-8")
    assert read_pairs(str(source)).header == ()  # not header words: a pair
    assert read_pairs(str(source), header=True).header == ("Animal", "Tier")
    result = run_cli("--theme", source, "--header", "--no-header")
    assert result.exit_code == 2 and "--header and --no-header" in result.stderr


def test_a_third_column_is_a_note_on_the_key_page(tmp_path):
    source = tmp_path / "notes.csv"
    source.write_text("7 × 8;56;table de 7\n6 × 7;42\n9 × 9;81;un carré\n", encoding="utf-8")
    pairs = read_pairs(str(source))
    assert [row.third.text if row.third else None for row in pairs.rows] == ["table de 7", None, "un carré"]
    document = make_document({"theme": str(source)})
    key = page_text(document.pdf, 2)
    assert "table de 7" in key and "un carré" in key
    assert "table de 7" not in page_text(document.pdf, 0)  # the note is for the teacher only


def test_the_key_names_a_picture_by_its_file_name(tmp_path):
    (tmp_path / "images").mkdir()
    for name, colour in (("chat", "#CC4400"), ("chien", "#0044CC")):
        solid(tmp_path / "images" / f"{name}.png", colour)
    source = tmp_path / "animaux.csv"
    source.write_text("images/chat.png;cat\nimages/chien.png;dog\nvache;cow\n", encoding="utf-8")
    key = page_text(make_document({"theme": str(source)}).pdf, 2)
    assert "chat.png" in key and "images/" not in key


@pytest.mark.parametrize(("content", "message"), [
    ("3 + 3;a\n2 × 3;b\n", "lines 1 and 2: '3 + 3' and '2 × 3' have the same value, 6"),
    ("a;½\nb;c\nd;50 %\n", "lines 1 and 3: '½' and '50 %' have the same value, 0.5"),
    ("7 × 8;56\ncinquante-six;fifty-six\n",
     "lines 1 and 2: '7 × 8' and 'cinquante-six' have the same value, 56"),
    ("L’été;summer\nl'ete;Sommer\n", "line 2: \"l'ete\" is already on line 1"),
])
def test_the_meaning_check_refuses_a_list_naming_both_lines(tmp_path, run_cli, content, message):
    source = tmp_path / "liste.csv"
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--out", out)
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert "--ambiguous ok" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(("lang", "content", "clash"), [
    # a French list: "six" and "6" are one value (said in the run's language, --lang)
    ("fr", "la moitié de 12;six\nun dé;6\nune semaine;sept jours\n", "'six' et '6' ont la même valeur, 6"),
    ("en", "half a dozen;six\nsides of a die;6\n", "'six' and '6' have the same value, 6"),
    # an English list: "once" (Spanish 11) and "elf" (German 11) are words
    ("en", "one time;once\n11;eleven\nfairy;elf\n", None),
    ("fr", "une fois;once\n11;onze\nlutin;elf\n", None),
    # a Spanish list reads "once" as 11, a German one "elf"
    ("es", "una vez;once\n11;un equipo\n", "'once' y '11' tienen el mismo valor, 11"),
    ("de", "Elfe;elf\n11;eine Mannschaft\n", "'elf' und '11' haben denselben Wert, 11"),
    ("fr", "très;very\n3;trois\n", None),  # "très" is Spanish "tres" (3) without its accent
    ("es", "tres;three\n3;III\n", "'tres' y '3' tienen el mismo valor, 3"),
])
def test_number_words_are_read_in_the_language_of_the_page(tmp_path, run_cli, lang, content, clash):
    source = tmp_path / "liste.csv"
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--lang", lang, "--out", out)
    if clash is None:
        assert result.exit_code == 0, result.stderr
    else:
        assert result.exit_code == 1 and clash in result.stderr, result.stderr
        assert not out.exists()


def test_ambiguous_ok_keeps_a_twist_and_the_key_marks_it(tmp_path, run_cli):
    source = tmp_path / "piege.csv"
    source.write_text("3 + 3;six\n2 × 3;half a dozen\n4 + 4;huit\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    assert run_cli("--theme", source, "--out", out, "--ambiguous", "ok").exit_code == 0
    key = page_text(out.read_bytes(), 2)
    assert "même sens : ligne 2" in " ".join(key.split()) and "même sens : ligne 1" in " ".join(key.split())


@pytest.mark.slow
def test_cards_makes_a_seeded_deck_of_exactly_n_cards(tmp_path, run_cli):
    source = tmp_path / "tables.csv"
    source.write_text("".join(f"{a} × 7;{a * 7}\n" for a in range(1, 13)), encoding="utf-8")
    decks = {}
    for seed in (1, 1, 2):
        document = make_document({"theme": str(source), "cards": 8, "seed": seed})
        assert document.tiles == 8
        decks.setdefault(seed, []).append(page_text(document.pdf, 0))
    assert decks[1][0] == decks[1][1] and decks[1][0] != decks[2][0]
    result = run_cli("--theme", source, "--cards", "20")
    assert result.exit_code == 2 and "--cards 20 asks for more cards than the 12 pairs" in result.stderr
    result = run_cli("--theme", source, "--cards", "5", "--structure", "double")
    assert result.exit_code == 2 and "--cards sizes a loop deck" in result.stderr


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.slow
def test_the_example_spreadsheets_make_loops():
    excel = read_pairs(str(EXAMPLES / "calcul-mental.xlsx"), ReadSettings(decimal=","))
    assert excel.header == ("Question", "Réponse") and len(excel.rows) == 12
    assert ("le double de 45", "90") in sides(excel)  # a formula, by the value Excel saved
    document = make_document({"theme": str(EXAMPLES / "calcul-mental.xlsx"), "style": "jai-quia"})
    assert document.tiles == 12 and "J’ai 90." in page_text(document.pdf, 0)
    libre = make_document({"theme": str(EXAMPLES / "fractions.ods"), "no_rules": True})
    cards = page_text(libre.pdf, 0)
    assert libre.tiles == 9 and "0,125" in cards and "Recto" not in cards
    assert "0.125" in page_text(make_document({"theme": str(EXAMPLES / "fractions.ods"), "lang": "en",
                                               "no_rules": True}).pdf, 0)


@pytest.mark.slow
def test_the_summary_line_says_a_header_row_was_taken(tmp_path, run_cli):
    source = tmp_path / "liste.csv"
    source.write_text("Question;Réponse\nchat;cat\nchien;dog\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    said = run_cli("--theme", source, "--out", out)
    assert said.exit_code == 0
    assert said.stdout.strip().endswith("; first row read as a header (Question, Réponse)"), said.stdout
    plain = run_cli("--theme", source, "--out", out, "--no-header")
    assert "header" not in plain.stdout
    from domino_print.api import DocumentFacts, summary_line

    document = make_document({"theme": str(source), "lang": "de"})
    assert summary_line(document, "de").endswith("erste Zeile als Kopfzeile gelesen (Question, Réponse)")
    facts = DocumentFacts.from_json(DocumentFacts.of(document).as_json())  # as the studio keeps them
    assert facts.header_row == ("Question", "Réponse")


@pytest.mark.slow
def test_a_chain_runs_from_je_commence_to_fin(tmp_path, run_cli):
    from domino_print.api import parse_options
    from domino_print.sets.meaning import Card, check_chain
    from domino_print.sets.meaning import Half as MeaningHalf

    source = tmp_path / "tables.csv"
    source.write_text("".join(f"{a} × 7;{a * 7}\n" for a in range(1, 11)), encoding="utf-8")
    job = parse_options({"theme": str(source), "structure": "chaine", "seed": 4})
    made = job.association
    assert made is not None and made.structure == "chaine" and len(made.tiles) == 11
    cards = [Card(None if made.faces[t.a].text == "Je commence" else MeaningHalf(made.faces[t.a].text),
                  None if made.faces[t.b].text == "Fin" else MeaningHalf(made.faces[t.b].text))
             for t in made.tiles]
    check_chain(cards)  # one start card, one end card, every card on the way: proved
    document = make_document(job)
    sheet, rules, key = (" ".join(page_text(document.pdf, p).split()) for p in range(3))
    assert "Je commence" in sheet and "Fin" in sheet and sheet.count("Qui a") == 0  # simple style
    assert "« Je commence » à « Fin »" in rules and "la dernière carte répond à la première" not in rules
    assert key.endswith("Fin —") or "Fin —" in key
    assert make_document({"theme": str(source), "structure": "chaine", "cards": 6}).tiles == 6
    result = run_cli("--theme", source, "--structure", "chaine", "--cards", "12")
    assert result.exit_code == 2 and "choose 11 or fewer" in result.stderr
    said = run_cli("--theme", source, "--structure", "chaine", "--lang", "en", "--out", tmp_path / "c.pdf")
    assert "11 dominoes (chain)" in said.stdout


def test_sheet_is_for_spreadsheets_only(tmp_path, run_cli):
    source = tmp_path / "liste.csv"
    source.write_text("chat;cat\nchien;dog\n", encoding="utf-8")
    result = run_cli("--theme", source, "--sheet", "Feuil1", "--out", tmp_path / "out.pdf")
    assert result.exit_code == 1 and "is a CSV or text list, with no sheets; --sheet chooses" in result.stderr
    assert not (tmp_path / "out.pdf").exists()
