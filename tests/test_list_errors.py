"""A list's refusals carry data (issue 18, "in the studio it stands beside the row"): ``PairsError``'s
``says`` (its catalogue key, the one name of the problem), ``at`` (line, column, sheet and cell, the
other line of a clash) and ``details``, so that a surface words them in its own language beside the
row at fault; the English line is unchanged."""

from __future__ import annotations

import pytest

from domino_print.api import parse_options
from domino_print.themes.pairs import PairsError
from tests.test_list_files import excel_workbook


def refusal(path, **options) -> PairsError:
    with pytest.raises(PairsError) as caught:
        parse_options({"theme": str(path), **options})
    return caught.value


@pytest.mark.parametrize(("content", "problem", "line", "column", "other"), [
    ("7 × 8;56\n6 × 7;42\n9 × 9;81\n3 × 2;6\n2 × 3;4\n", "list.clashes", 5, None, 4),
    ("chat;cat\nchien;dog\nChat;kitten\n", "list.clashes", 3, None, 1),
    ("chat;cat\nchien\nloup;wolf\n", "list.one_cell", 2, None, None),
    ("chat;cat\nchien;dog\nloup;\x07wolf\n", "list.bad_text", 3, 1, None),
    ("chat;cat\nchien;dog\nours;bear.png\n", "list.picture_missing", 3, 1, None),
    ("chat;cat\n", "list.single_pair", 1, None, None),
    ("\n\n", "list.empty_list", None, None, None),
])
def test_each_text_list_refusal_names_its_problem_and_rows(tmp_path, content, problem, line, column, other):
    source = tmp_path / "liste.csv"
    source.write_text(content, encoding="utf-8")
    error = refusal(source)
    found = (error.says, error.at.line, error.at.column, error.at.other_line)
    assert found == (problem, line, column, other)
    assert error.at.sheet is None and error.at.cell == ""
    assert str(source) in str(error)  # the command line's one line is as before


def test_a_clash_carries_both_texts_and_what_they_share(tmp_path):
    source = tmp_path / "liste.csv"
    source.write_text("3 + 3;a\n2 × 3;b\nun;c\n", encoding="utf-8")
    error = refusal(source)
    assert error.says == "list.clashes" and (error.at.line, error.at.other_line) == (2, 1)
    (group,) = error.details["groups"]
    assert group == {"says": "list.clash.same_value", "lines": (1, 2), "texts": ("3 + 3", "2 × 3"),
                     "shared": "6"}
    assert "lines 1 and 2" in str(error)


def test_a_bad_text_says_why_as_a_key_and_values(tmp_path):
    source = tmp_path / "liste.csv"
    source.write_text("chat;cat\nchien;dog\nloup;" + "w" * 1200 + "\n", encoding="utf-8")
    error = refusal(source)
    assert error.says == "list.bad_text" and error.values["problem"].key == "text.too_long"
    assert error.details["most"] == 1000 and error.details["length"] == 1200


def test_a_sheet_cell_is_named_as_the_spreadsheet_names_it(tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [("Question", "Réponse"), ("7 × 8", 56.0),
                                                       ("6 × 7", None, None), ("3 + 4", 7)])
    error = refusal(source)
    assert error.says == "list.empty_cell"
    assert error.at[:5] == (3, 1, "Feuil1", "B3", None)


def test_a_missing_sheet_lists_the_sheets(tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [("7 × 8", 56.0), ("3 + 4", 7)], more_sheets=("CE2",))
    error = refusal(source, sheet="CM1")
    assert error.says == "list.no_such_sheet"
    assert dict(error.details) == {"sheet": "CM1", "sheets": ("Feuil1", "CE2")}


def test_a_text_too_long_for_its_tile_names_its_line(tmp_path):
    source = tmp_path / "liste.csv"
    long = " ".join(["anticonstitutionnellement"] * 12)
    source.write_text(f"chat;cat\nchien;dog\n{long};wolf\n", encoding="utf-8")
    error = refusal(source, tile_size="small")
    assert error.says == "list.text_does_not_fit" and error.at.line == 3
    assert error.values["text"] == repr(long)
    assert f"{source}, line 3: {long!r} does not fit a 24 mm half" in str(error)
