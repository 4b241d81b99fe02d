"""``--only 4-2,6-6 --set 7`` (issue 21): reprint lost tiles, with their set's mark and the class
label, at the set's own size, on one page (and their backs); every misuse refused in one line."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from domino_print.api import parse_options
from domino_print.options.parsing import parse
from tests.test_print_options import front_tiles, placed_forms


def _pdf(run_cli, tmp_path, *args):
    out = tmp_path / "reprint.pdf"
    result = run_cli("--lang", "en", "--out", out, *args)
    assert result.exit_code == 0, result.stderr
    return PdfReader(io.BytesIO(out.read_bytes())), result


def test_only_those_tiles_with_their_set_mark_and_label_and_backs(run_cli, tmp_path):
    reader, result = _pdf(run_cli, tmp_path, "--only", "4-2,6-6,0-5", "--sets", "30", "--set", "7",
                          "--label", "CM1 Roux", "--backs")
    assert len(reader.pages) == 2, "one sheet page and its back, no rules page"
    assert "3 dominoes" in result.output
    tiles = front_tiles(reader, reader.pages[0])
    assert sorted(sorted(values) for values, _, _ in tiles) == [[0, 5], [2, 4], [6]]  # [6]: the double 6-6
    marks = [name for name, _, _ in placed_forms(reader, reader.pages[0]) if name.startswith("Mark")]
    assert set(marks) == {"Mark7"} and len(marks) == 3 + 1, "set 7's mark on each tile and in the set line"
    words = " ".join(reader.pages[0].extract_text().split())
    assert "CM1 Roux · Set 7 / 30" in words
    back = " ".join(reader.pages[1].extract_text().split())
    assert "CM1 Roux" in back
    back_marks = {name for name, _, _ in placed_forms(reader, reader.pages[1]) if name.startswith("Mark")}
    assert back_marks == {"Mark7"}


def test_reprinted_tiles_keep_the_size_of_the_whole_set():
    whole = parse_options({"no_rules": True}).layout
    for extra in ({}, {"tile_size": "large"}, {"paper": "A5"}):
        full = parse_options({"no_rules": True, **extra}).layout
        only = parse_options(parse({"only": "6-6", **extra}, command_line=True)).layout
        assert only.tile_short_mm == pytest.approx(full.tile_short_mm)
        assert len(only.pages) == 1 and len(only.pages[0].placements) == 1
    assert whole.tile_short_mm < 40, "not the page-filling tile a lone tile would get"


def test_a_single_set_reprints_without_set_marks(run_cli, tmp_path):
    reader, _ = _pdf(run_cli, tmp_path, "--only", "3-1", "--label", "CP")
    assert len(reader.pages) == 1
    assert [sorted(values) for values, _, _ in front_tiles(reader, reader.pages[0])] == [[1, 3]]
    assert not [n for n, _, _ in placed_forms(reader, reader.pages[0]) if n.startswith("Mark")]
    assert "CP" in reader.pages[0].extract_text()


def test_set_alone_prints_that_set_only(run_cli, tmp_path):
    reader, _ = _pdf(run_cli, tmp_path, "--sets", "12", "--set", "12", "--no-rules")
    tiles = front_tiles(reader, reader.pages[0])
    assert len(reader.pages) == 1 and len(tiles) == 28
    marks = {n for n, _, _ in placed_forms(reader, reader.pages[0]) if n.startswith("Mark")}
    assert marks == {"Mark12"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--only", "7-2"], ["no tile 7-2 in double-six", "0 to 6"]),
        (["--only", "4-2,x"], ["'x' is not a tile", "4-2,6-6"]),
        (["--only", "4-2,2-4"], ["2-4 twice"]),
        (["--only", "4-2", "--set", "3"], ["--set", "add --sets"]),
        (["--set", "3", "--sets", "1"], ["--set", "add --sets"]),
        (["--only", "4-2", "--sets", "30", "--set", "31"], ["--set 31 is above --sets 30", "1 to 30"]),
        (["--only", "4-2", "--sets", "30"], ["with --set N", "1 to 30"]),
        (["--only", "4-2", "--rules", "points"], ["without the rules page", "drop --rules"]),
        (["--theme", "nombres", "--only", "4-2"], ["classic set", "leave --only out"]),
    ],
)
def test_misuse_is_one_line_naming_the_fix(run_cli, tmp_path, args, words):
    out = tmp_path / "reprint.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.count("\n") == 0 and "Traceback" not in line
    for word in words:
        assert word in line, line
    assert not out.exists()


def test_the_reprint_rules_are_the_tables():
    """``--set`` needs ``--sets`` through the table's ``needs`` (said in --help), not a rule of its own."""
    from domino_print.options.table import OPTIONS
    from domino_print.options.wording import needs_text

    option = next(o for o in OPTIONS if o.name == "set")
    assert [need.option for need in option.needs] == ["sets"]
    assert "Only with --sets." in needs_text(option)
