"""The command line: summary line, exit codes, one-line errors, atomic writes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from pypdf import PdfReader

from domino_print import __version__
from domino_print.themes.model import builtin_names


def test_summary_line(run_cli, tmp_path):
    out = tmp_path / "planche.pdf"
    result = run_cli("--theme", "pips", "--no-rules", "--out", out)
    assert result.exit_code == 0
    assert result.output.startswith(f"{out}: 1 page, 28 dominoes (double-six), A4, ")
    assert result.output.rstrip().endswith(" KB")
    assert out.read_bytes().startswith(b"%PDF")


def test_max_12_gives_91_tiles_over_several_pages(run_cli, tmp_path):
    out = tmp_path / "d12.pdf"
    result = run_cli("--max", "12", "--no-rules", "--out", out)
    assert result.exit_code == 0
    assert "91 dominoes (double-twelve)" in result.output
    pages = int(result.output.split(": ")[1].split(" ")[0])
    assert pages > 1


def test_version_and_help(run_cli):
    assert run_cli("--version").output.strip().endswith(__version__)
    help_text = run_cli("--help").output
    assert "Examples:" in help_text and "domino-print --theme fruits --out planche.pdf" in help_text
    # The --theme entry itself lists every built-in theme (the examples name some of them too).
    entry = help_text.split("  --theme ", 1)[1].split("\n  --", 1)[0]
    entry = " ".join(entry.split()).replace("- ", "-")  # click wraps pips-couleur after its hyphen
    assert f"({', '.join(builtin_names())})" in entry


def test_default_output_goes_to_output_folder(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("--theme", "pips", "--no-rules")
    assert result.exit_code == 0
    assert (tmp_path / "output" / "dominos-pips.pdf").is_file()


@pytest.mark.slow
def test_the_default_file_name_follows_the_set(run_cli, tmp_path, monkeypatch):
    """Issue 34 item 9: run in order without --out, a class set and its reprint were one file."""
    monkeypatch.chdir(tmp_path)
    class_set = ["--theme", "pips-couleur", "--sets", "3", "--label", "CP Mme Roux", "--backs"]
    runs = [class_set, [*class_set, "--only", "4-2,6-6", "--set", "2"], [*class_set, "--set", "2"],
            ["--theme", "pips-couleur", "--only", "6-6"]]
    for args in runs:
        result = run_cli(*args)
        assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path / "output")) == [
        "dominos-pips-couleur-3-sets.pdf", "dominos-pips-couleur-reprint.pdf",
        "dominos-pips-couleur-set-2-reprint.pdf", "dominos-pips-couleur-set-2.pdf"]
    folder = tmp_path / "output"
    pages = {name: len(PdfReader(folder / name).pages) for name in os.listdir(folder)}
    assert pages["dominos-pips-couleur-set-2-reprint.pdf"] == 2  # the tiles and their backs
    assert pages["dominos-pips-couleur-3-sets.pdf"] > pages["dominos-pips-couleur-set-2.pdf"] > 2


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--max", "19"], 2, "--max 19 is out of range; use 0 to 18"),
        (["--max", "13"], 2, "--max 13 is too high"),
        (["--theme", "fruits", "--max", "9"], 2, "values 0 to 6 only"),
        (["--max", "-2"], 2, "--max -2"),
        (["--max", "seven"], 2, "'seven' is not a valid integer"),
        (["--theme", "dragons"], 2, "unknown theme 'dragons'"),
        (["--lang", "xx"], 2, "'xx' is not one of"),
        (["--paper", "B7"], 2, "--paper 'B7'"),
        (["--tile-size", "150x300mm"], 2, "does not fit the printable area"),
        (["--margin", "120"], 2, "--margin 120"),
        (["--gap", "-3"], 2, "--gap -3 mm is out of range; use 0 to 20 mm"),
        (["--sets", "1000000"], 2, "--sets 1000000 is out of range; use 1 to 200"),  # not 1e+06
        (["--dpi", "12345678"], 2, "--dpi 12345678 is out of range"),
        (["--bogus"], 2, "No such option"),
    ],
)
def test_bad_options_fail_with_one_line_and_no_file(run_cli, tmp_path, args, code, message):
    out = tmp_path / "never.pdf"
    result = run_cli(*args, "--no-rules", "--out", out)
    assert result.exit_code == code
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists()
    assert os.listdir(tmp_path) == []


def test_missing_output_folder_is_a_clear_error(run_cli, tmp_path):
    result = run_cli("--no-rules", "--out", tmp_path / "nowhere" / "x.pdf")
    assert result.exit_code == 1
    assert "does not exist" in result.stderr


def test_out_must_be_a_pdf(run_cli, tmp_path):
    result = run_cli("--no-rules", "--out", tmp_path / "x.png")
    assert result.exit_code == 2 and "must end in .pdf" in result.stderr


def test_failed_render_keeps_existing_file_and_leaves_no_temporary(run_cli, tmp_path, monkeypatch):
    out = tmp_path / "good.pdf"
    out.write_bytes(b"%PDF good file")

    def explode(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("domino_print.output.files.os.fsync", explode)
    result = run_cli("--no-rules", "--out", out)
    assert result.exit_code == 1
    assert "No space left on device" in result.stderr
    assert out.read_bytes() == b"%PDF good file"
    assert sorted(os.listdir(tmp_path)) == ["good.pdf"]


@pytest.mark.slow
def test_python_dash_m_and_console_script_run(tmp_path):
    out = tmp_path / "m.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "domino_print", "--no-rules", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    bad = subprocess.run(
        [sys.executable, "-m", "domino_print", "--theme", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


@pytest.mark.parametrize("option", ["--gap", "--margin"])
def test_not_a_number_lengths_are_refused(run_cli, tmp_path, option):
    result = run_cli(option, "nan", "--no-rules", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "domino-print: error:" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--target", "100"], "add --rules points"),
        (["--no-rules", "--rules", "points"], "--no-rules leaves out"),
        (["--no-rules", "--target", "80"], "--no-rules leaves out"),
        (["--labels", "--theme", "pips"], "--labels names the pictures"),
        (["--margin", "6"], "use 8 to 50 mm"),
    ],
)
def test_options_that_would_do_nothing_are_refused(run_cli, tmp_path, args, message):
    result = run_cli(*args, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_bare_theme_group_prints_its_help(run_cli):
    result = run_cli("theme")
    assert result.exit_code == 2 and "new" in result.output and "Usage:" in result.output


def test_write_errors_name_the_destination_not_the_temporary(run_cli, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("domino_print.output.files._create_temporary", refuse)
    out = tmp_path / "a.pdf"
    result = run_cli("--no-rules", "--out", out)
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(
        f"domino-print: error: {out}: cannot write here (Permission denied)"
    )


def test_paper_too_small_for_the_rules_page_is_refused_before_drawing(run_cli, tmp_path):
    result = run_cli("--paper", "150x100mm", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    said = "the rules page needs A5 paper (148 x 210 mm) or larger, and 150x100mm is smaller;"
    assert said in result.stderr
    assert run_cli("--paper", "150x100mm", "--no-rules", "--out", tmp_path / "y.pdf").exit_code == 0
