"""A teacher's own list of pairs (``--theme paires.csv``): read, made into a loop, or refused in one line."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pypdf
import pytest

from domino_print.api import make_document
from domino_print.themes.pairs import read_pairs
from tests.fixtures_images import solid

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tables-de-multiplication.csv"


def all_text(pdf: bytes, pages: range) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return "\n".join(reader.pages[p].extract_text() for p in pages)


@pytest.mark.slow
def test_a_multiplication_list_makes_a_ten_card_loop_with_its_rules_and_key(tmp_path):
    source = tmp_path / "tables.csv"
    # With a byte-order mark, as a spreadsheet saves "CSV UTF-8".
    source.write_text("\ufeff" + EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    document = make_document({"theme": str(source), "style": "jai-quia"})
    assert document.tiles == 10 and document.pages == 3  # sheet, rules, key
    cards = all_text(document.pdf, range(1))
    for answer in ("56", "42", "81", "48"):
        assert f"J’ai {answer}." in cards
    assert len(re.findall(r"Qui a", cards)) == 10
    assert "Clé du maître" in all_text(document.pdf, range(2, 3))


def test_comma_lists_and_toml_lists_read_the_same(tmp_path):
    comma = tmp_path / "a.csv"
    comma.write_text("chat,cat\nchien,dog\n\n", encoding="utf-8")
    toml = tmp_path / "b.toml"
    toml.write_text('pairs = [["chat", "cat"], ["chien", "dog"]]\n', encoding="utf-8")
    assert [(r.first.text, r.second.text) for r in read_pairs(str(comma)).rows] == [("chat", "cat"),
                                                                                   ("chien", "dog")]
    assert [(r.first.text, r.second.text) for r in read_pairs(str(toml)).rows] == [("chat", "cat"),
                                                                                  ("chien", "dog")]


def test_a_picture_cell_is_drawn_from_the_file_next_to_the_list(tmp_path):
    (tmp_path / "images").mkdir()
    solid(tmp_path / "images" / "chat.png", "#CC4400")
    source = tmp_path / "animaux.csv"
    source.write_text("chat;images/chat.png\nchien;dog\nvache;cow\n", encoding="utf-8")
    document = make_document({"theme": str(source), "structure": "double", "no_rules": True})
    assert document.tiles == 6
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    assert "chat" in reader.pages[0].extract_text()


@pytest.mark.parametrize("suffix", [".webp", ".gif", ".bmp", ".tiff", ".tif", ".jpeg", ".svg"])
def test_a_cell_naming_any_picture_format_folder_themes_read_is_a_picture(tmp_path, suffix):
    """Issue 16, bug 2: pairs.py kept its own suffix list, so a .webp cell printed as the text
    "images/chat.webp" although a folder theme draws that file."""
    (tmp_path / "images").mkdir()
    picture = tmp_path / "images" / f"chat{suffix}"
    if suffix == ".svg":
        picture.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                           '<rect width="10" height="10" fill="#CC4400"/></svg>', encoding="utf-8")
    else:
        solid(picture, "#CC4400")
    source = tmp_path / "animaux.csv"
    source.write_text(f"chat;images/chat{suffix}\nchien;dog\nvache;cow\n", encoding="utf-8")
    (row, *_) = read_pairs(str(source)).rows
    assert row.second.picture == picture.resolve()
    document = make_document({"theme": str(source), "structure": "double", "no_rules": True})
    page = pypdf.PdfReader(io.BytesIO(document.pdf)).pages[0]
    assert "chat." not in page.extract_text()  # the file's name is not printed as a text...
    if suffix != ".svg":  # ...the picture is drawn (an SVG is drawn as vector operators)
        assert any(name for name in page.images)


def test_every_list_format_is_one_reader_named_by_the_lists_chapter_and_the_help(run_cli):
    from domino_print.themes.lists.registry import READERS

    readme = (Path(__file__).resolve().parent.parent / "docs" / "lists.md").read_text(encoding="utf-8")
    help_text = " ".join(run_cli("--help").stdout.split())
    for suffix, reader in READERS.items():
        assert f"`{suffix}`" in readme, suffix
        assert suffix in help_text, suffix
        assert reader.name


@pytest.mark.parametrize(("content", "message"), [
    ("", "the list is empty"),
    ("\n\n", "the list is empty"),
    ("chat;cat\n", "line 1: a single pair makes no game"),
    ("chat;cat\nchien;dog\nchat;kitten\n", "line 3: 'chat' is already on line 1"),
    ("chat;cat\nchien;dog\npoule;cat\n", "line 3: 'cat' is already on line 1"),
    ("chat;cat\n;dog\n", "line 2: a cell is empty"),
    ("chat;cat\nchien;images/chien.png\n", "line 2: picture 'images/chien.png' not found"),
    ("chat;cat\nchien\n", "line 2: 1 cell where a pair needs 2"),
    ("chat;cat\n" + "le chat de la voisine qui dort toute la journée sur le canapé du salon;x\n",
     "line 2: 'le chat de la voisine"),
    # Texts reach the page: the font must print them (no blank box) and no control character.
    ("chat;cat\nchien;dog \U0001F436\n",
     "line 2: 'dog \U0001F436' has characters the font (Fira Sans) cannot print"),
    ("chat;cat\nchien;do\x07g\n", "line 2: 'do\\x07g' contains control characters (U+0007)"),
    ("chat;\u202etac\nchien;dog\n", "line 1: '\\u202etac' contains control characters (U+202E)"),
])
def test_bad_lists_get_one_line_naming_the_line_and_no_file(tmp_path, run_cli, content, message):
    source = tmp_path / "paires.csv"
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--tile-size", "small", "--out", out)
    assert result.exit_code == 1
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    assert not out.exists()


def test_a_list_whose_name_the_font_cannot_print_is_refused(tmp_path, run_cli):
    """The file's name is the set's title (page header, rules page): it passes the same check."""
    source = tmp_path / "animaux \U0001F431.csv"
    source.write_text("chat;cat\nchien;dog\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", source, "--out", out)
    assert result.exit_code == 1
    assert "U+1F431" in result.stderr and "rename" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_a_windows_1252_list_is_read_as_such(tmp_path):
    """Excel's "CSV" in French Windows: Windows-1252, once refused as "not UTF-8"."""
    source = tmp_path / "latin.csv"
    source.write_bytes("élève;pupil\r\nchat;cat\r\n".encode("cp1252"))
    pairs = read_pairs(str(source))
    assert pairs.rows[0].first.text == "élève" and pairs.table.encoding == "Windows-1252"


def test_a_fifo_given_as_the_list_is_refused_at_once(tmp_path, run_cli):
    """Reading a FIFO would wait forever (issue 9, item 10, for lists of pairs too)."""
    fifo = tmp_path / "paires.csv"
    os.mkfifo(fifo)
    out = tmp_path / "out.pdf"
    result = run_cli("--theme", fifo, "--out", out)
    assert result.exit_code == 1
    assert "not a regular file" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paires.csv"]


def test_a_folder_named_like_a_list_is_refused_in_words(tmp_path, run_cli):
    (tmp_path / "paires.csv").mkdir()
    result = run_cli("--theme", tmp_path / "paires.csv", "--out", tmp_path / "out.pdf")
    assert result.exit_code == 1 and "paires.csv: the list of pairs is not a regular file" in result.stderr


@pytest.mark.parametrize("name", ["paires.toml", "paires.csv"])
def test_a_deeply_nested_or_huge_list_is_one_line(tmp_path, run_cli, name):
    """tomllib recurses into nested arrays: 100,000 of them were a RecursionError traceback."""
    source = tmp_path / name
    source.write_text("pairs = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    result = run_cli("--theme", source, "--out", tmp_path / "out.pdf")
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    # a .csv line of 200,000 characters was a traceback of the csv module's field limit
    assert ("nested too deeply" if name.endswith(".toml") else "line 1: not a line") in result.stderr
    source.write_text("chat;cat\n" * 200_000, encoding="utf-8")
    result = run_cli("--theme", source, "--out", tmp_path / "out.pdf")
    assert result.exit_code == 1 and "over the 1 MB limit" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.pdf").exists()
