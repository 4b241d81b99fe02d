"""Finding the table in a list as teachers keep it (issue 27): title rows, a header anywhere in the
first rows, a numbered column, notes, totals and signatures, ``--cells``; every clash at once;
theme names as typed.

The expected pairs and summaries are written here by hand from the files' contents, not from the
reader's output.
"""

from __future__ import annotations

import pytest

from domino_print.api import DocumentFacts, OptionError, make_document, parse_options, summary_line
from domino_print.themes.lists.table import CellRange, parse_cells
from domino_print.themes.pairs import PairsError, read_pairs


def csv_list(tmp_path, text: str, name: str = "liste.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def workbook(tmp_path, rows, *, name="classe.xlsx", merge=None, sheets=()):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Feuil1"
    for row in rows:
        sheet.append(list(row))
    if merge:
        sheet.merge_cells(merge)
    for title, state, more in sheets:
        other = book.create_sheet(title)
        other.sheet_state = state
        for row in more:
            other.append(list(row))
    path = tmp_path / name
    book.save(path)
    return path


def sides(pairs) -> list[tuple[str, str]]:
    return [(row.first.text, row.second.text) for row in pairs.rows]


def notes(pairs) -> list[tuple[str, str, int]]:
    return [tuple(note) for note in pairs.table.skipped]


MADAME_ROUX = [("Calcul mental CM1 – Mme Roux",), (), ("Question", "Réponse"), ("7 × 8", 56), ("6 × 7", 42),
               ("9 × 9", 81), (None, None)]


@pytest.mark.slow
def test_the_teachers_file_of_the_issue_reads_with_its_title_merged_over_the_header(tmp_path):
    """The issue's file: a title merged over A1:B1, an empty row, the header, a second sheet of notes."""
    path = workbook(tmp_path, MADAME_ROUX, merge="A1:B1", sheets=[("Notes", "visible", [("à revoir",)])])
    pairs = read_pairs(str(path))
    assert sides(pairs) == [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81")]
    assert pairs.header == ("Question", "Réponse")
    assert notes(pairs) == [("title", "1", 1), ("header", "3", 1)]


def test_the_csv_export_of_that_sheet_reads_the_same(tmp_path):
    path = csv_list(tmp_path, "Calcul mental CM1 – Mme Roux;\n;\nQuestion;Réponse\n"
                              "7 × 8;56\n6 × 7;42\n9 × 9;81\n;\n")
    pairs = read_pairs(str(path))
    assert sides(pairs) == [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81")]
    assert notes(pairs) == [("title", "1", 1), ("header", "3", 1)]


@pytest.mark.slow
def test_a_numbered_first_column_notes_a_total_and_a_signature(tmp_path):
    rows = [("Tables de 7",), ("N°", "Question", "Réponse", "Remarque"), (1, "7 × 2", 14, "facile"),
            (2, "7 × 3", 21, None), (3, "7 × 4", 28, None), (None, "Total", None),
            ("Signature des parents :",)]
    pairs = read_pairs(str(workbook(tmp_path, rows)))
    assert sides(pairs) == [("7 × 2", "14"), ("7 × 3", "21"), ("7 × 4", "28")]
    assert pairs.rows[0].third is not None and pairs.rows[0].third.text == "facile"
    assert notes(pairs) == [("title", "1", 1), ("header", "2", 1), ("numbers", "A", 1), ("footer", "6-7", 2)]
    assert pairs.table.place(4, 1) == "sheet 'Feuil1', cell C4"  # the answer's column, as the sheet names it


def test_a_numbered_column_without_a_header_is_left_out_as_numbers(tmp_path):
    path = csv_list(tmp_path, "1;chat;cat\n2;chien;dog\n3;vache;cow\n")
    pairs = read_pairs(str(path))
    assert sides(pairs) == [("chat", "cat"), ("chien", "dog"), ("vache", "cow")]
    assert notes(pairs) == [("numbers", "A", 1)]


def test_numbers_as_questions_beside_a_sparse_note_stay_the_pair(tmp_path):
    """1, 2, 3 against words, with a note on one row: the numbers are the questions."""
    path = csv_list(tmp_path, "1;un;à l'oral\n2;deux\n3;trois\n")
    assert sides(read_pairs(str(path))) == [("1", "un"), ("2", "deux"), ("3", "trois")]


def test_the_pair_in_other_columns_is_chosen_by_its_header_words(tmp_path):
    rows = [(None, None, None, None), ("Élève", "Frage", None, "Antwort"), ("Léa", "Hund", None, "dog"),
            ("Tom", "Katze", None, "cat")]
    pairs = read_pairs(str(workbook(tmp_path, rows)))
    assert sides(pairs) == [("Hund", "dog"), ("Katze", "cat")]
    assert notes(pairs) == [("header", "2", 1), ("columns", "A", 1)]
    with pytest.raises(PairsError) as caught:
        more = [("Max", "Maus", None, None), ("Ida", "Haus", None, "house")]
        read_pairs(str(workbook(tmp_path, [*rows, *more], name="trou.xlsx")))
    assert caught.value.says == "list.empty_cell" and caught.value.at.cell == "D5"
    assert "sheet 'Feuil1', cell D5: a cell is empty" in str(caught.value)


def test_a_row_between_pairs_with_one_side_empty_is_refused_naming_its_cell(tmp_path):
    path = csv_list(tmp_path, "Question;Réponse\nchat;cat\nchien\nvache;cow\n")
    with pytest.raises(PairsError, match="line 3: 1 cell where a pair needs 2"):
        read_pairs(str(path))


def test_a_last_row_with_one_side_is_refused_unless_it_closes_the_table(tmp_path):
    with pytest.raises(PairsError, match="line 3: 1 cell"):
        read_pairs(str(csv_list(tmp_path, "chat;cat\nchien;dog\nvache\n")))
    blank = csv_list(tmp_path, "chat;cat\nchien;dog\n\nÀ découper le long des traits\n", name="b.csv")
    after_a_blank = read_pairs(str(blank))
    assert sides(after_a_blank) == [("chat", "cat"), ("chien", "dog")]
    assert notes(after_a_blank) == [("footer", "4", 1)]


def test_hidden_sheets_are_left_out_and_said(tmp_path):
    path = workbook(tmp_path, [("chat", "cat"), ("chien", "dog")], name="cache.xlsx")
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.load_workbook(path)
    hidden = book.create_sheet("Brouillon", 0)
    hidden.append(["x"])
    hidden.sheet_state = "hidden"
    book.save(path)
    pairs = read_pairs(str(path))
    assert sides(pairs) == [("chat", "cat"), ("chien", "dog")] and pairs.table.sheet == "Feuil1"
    assert notes(pairs) == [("hidden_sheets", "'Brouillon'", 1)]


def test_a_sheet_with_no_table_says_so_naming_the_sheet(tmp_path):
    path = workbook(tmp_path, [("Calcul mental",), ("à faire en groupe",)], name="vide.xlsx")
    with pytest.raises(PairsError) as caught:
        read_pairs(str(path))
    assert caught.value.says == "list.no_table"
    said = "sheet 'Feuil1' has no two columns of pairs (it holds 2 filled cells in column A)"
    assert said in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("B3:C28", CellRange(3, 1, 28, 2)), ("b3:d9", CellRange(3, 1, 9, 3)),
    ("A:B", CellRange(None, 0, None, 1)),
    (" AA1 : AB2 ", CellRange(1, 26, 2, 27)), ("C3:B28", None), ("B28:C3", None), ("B0:C3", None),
    ("B3", None), ("3:28", None), ("", None),
])
def test_cells_are_named_as_a_spreadsheet_names_them(text, expected):
    assert parse_cells(text) == expected


def test_cells_and_header_override_the_guess(tmp_path, run_cli):
    rows = [("Liste", "Français", "Anglais"), ("x", "chat", "cat"), ("y", "chien", "dog"),
            ("z", "vache", "cow"), ("a", "b", "c", "d")]
    path = workbook(tmp_path, rows, name="bloc.xlsx")
    with pytest.raises(PairsError, match="cell D5: a fourth column"):  # the guess: four columns
        read_pairs(str(path))
    document = make_document({"theme": str(path), "cells": "B2:C4", "no_rules": True})
    assert document.tiles == 3
    with_header = parse_options({"theme": str(path), "cells": "B1:C4", "header": True})
    assert with_header.source.pairs is not None and sides(with_header.source.pairs) == [
        ("chat", "cat"), ("chien", "dog"), ("vache", "cow")]
    assert with_header.source.pairs.header == ("Français", "Anglais")
    result = run_cli("--theme", path, "--cells", "C4:B2", "--out", tmp_path / "o.pdf")
    assert result.exit_code == 2 and "--cells names a block of cells" in result.stderr
    assert not (tmp_path / "o.pdf").exists()
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "fruits", "cells": "B2:C4"})
    assert "cells" in caught.value.fields


def test_the_summary_line_says_what_was_left_out_in_each_language(tmp_path, run_cli):
    rows = [("Tables de 7",), ("N°", "Question", "Réponse"), (1, "7 × 2", 14), (2, "7 × 3", 21),
            (3, "7 × 4", 28), ("Total", None, None)]
    path = workbook(tmp_path, rows, name="sept.xlsx")
    said = run_cli("--theme", path, "--out", tmp_path / "s.pdf")
    assert said.exit_code == 0, said.stderr
    expected = ("; row 1 read as a title; row 2 read as a header (Question, Réponse); "
                "column A read as numbers; "
                "row 6 read as a total or signature")
    assert said.stdout.strip().endswith(expected)
    document = make_document({"theme": str(path), "lang": "fr"})
    facts = DocumentFacts.from_json(DocumentFacts.of(document).as_json())  # as the studio keeps them
    assert summary_line(facts, "fr").endswith(
        "\u00a0; ligne 1 lue comme un titre\u00a0; ligne 2 lue comme un en-tête (Question, Réponse)\u00a0; "
        "colonne A lue comme des numéros\u00a0; ligne 6 lue comme un total ou une signature")
    assert "Spalte A als Nummern gelesen" in summary_line(facts, "de")
    assert "columna A leída como números" in summary_line(facts, "es")


def test_every_group_of_clashing_rows_is_named_at_once(tmp_path, run_cli):
    """24 twice, 36 three times: one line per group, so that one correction round is enough."""
    path = csv_list(tmp_path, "7 × 8;56\n4 × 6;24\n3 × 8;24\n6 × 6;36\n9 × 4;36\n12 × 3;36\n2 × 5;10\n")
    result = run_cli("--theme", path, "--out", tmp_path / "c.pdf")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 2, result.stderr
    assert "lines 2 and 3: '4 × 6' and '3 × 8' have the same value, 24" in lines[0]
    assert "lines 4, 5 and 6: '6 × 6', '9 × 4' and '12 × 3' have the same value, 36" in lines[1]
    with pytest.raises(PairsError) as caught:
        parse_options({"theme": str(path)})
    groups = caught.value.details["groups"]
    assert [group["lines"] for group in groups] == [(2, 3), (4, 5, 6)]
    assert caught.value.at.line == 3 and caught.value.at.other_line == 2


def test_the_same_text_three_times_is_one_group(tmp_path):
    path = csv_list(tmp_path, "chat;cat\nchien;dog\nChat;kitten\nCHAT;tomcat\n")
    with pytest.raises(PairsError) as caught:
        parse_options({"theme": str(path)})
    assert "lines 1, 3 and 4: 'chat' is written 3 times" in str(caught.value)
    assert caught.value.says == "list.clashes"
    (group,) = caught.value.details["groups"]
    assert (group["says"], group["lines"]) == ("list.clash.written_times", (1, 3, 4))


@pytest.mark.parametrize("typed", ["Fruits", "FRUITS", " fruits"])
def test_a_built_in_theme_name_in_any_case_is_that_theme(typed):
    assert parse_options({"theme": typed}).theme.name == "fruits"


def test_a_near_theme_name_suggests_the_theme(run_cli):
    result = run_cli("--theme", "fruit", "--out", "never.pdf")
    assert result.exit_code == 2 and "unknown theme 'fruit': did you mean fruits?" in result.stderr
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "nombre", "lang": "fr"})
    assert caught.value.values["suggestion"] == "nombres"
    with pytest.raises(OptionError) as far:
        parse_options({"theme": "dragons"})
    assert "suggestion" not in far.value.values and "unknown theme 'dragons'" in str(far.value)
