"""Issue 31, item 2: the command line's own lines (the summary after a PDF, ``themes``, ``theme
new``, ``site``, the studio's address, a stop before the command line loaded) are in the reader's
language: ``--lang`` when given, else the system's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else
English, the rule its errors follow (``texts.reader``).

The suite runs with ``LC_ALL=C.UTF-8`` (tests/conftest.py): English unless a test says otherwise.
The words expected are written here, as a reader of each language reads them.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from domino_print.cli import cli

NBSP = "\u00a0"
GERMAN_SYSTEM = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "de_DE.UTF-8"}
"""A German system's environment, as CliRunner takes it (None: the variable is unset)."""
C_SYSTEM = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C"}


def run(args: list[str], env: dict[str, str | None] | None = None):
    result = CliRunner(env=env).invoke(cli, [str(arg) for arg in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


# ------------------------------------------------------------------ the summary after a PDF

SMALL = ["--theme", "pips", "--max", "0", "--no-rules"]


@pytest.mark.slow
def test_the_summary_follows_lang(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--lang", "fr", "--out", out]).output.strip()
    assert line.startswith(f"{out}{NBSP}: 1 page, 1 domino (double-zéro), A4, ")
    assert line.endswith(" Ko")


@pytest.mark.slow
def test_the_summary_follows_the_system_s_language_without_lang(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--out", out], GERMAN_SYSTEM).output.strip()
    assert line.startswith(f"{out}: 1 Seite, 1 Dominostein (Doppel-Null), A4, ")
    english = run([*SMALL, "--lang", "en", "--out", out], GERMAN_SYSTEM).output.strip()
    assert english.startswith(f"{out}: 1 page, 1 domino (double-zero), A4, "), "--lang comes first"


@pytest.mark.slow
def test_the_summary_stays_english_on_a_c_system(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--out", out], C_SYSTEM).output.strip()
    assert line.startswith(f"{out}: 1 page, 1 domino (double-zero), A4, ") and line.endswith(" KB")


@pytest.mark.slow
def test_the_summary_of_solids_follows_the_reader(tmp_path):
    out = tmp_path / "dominos.3mf"
    spanish = run(["--theme", "pips", "--max", "2", "--lang", "es", "--out", out]).output.strip()
    assert spanish.startswith(f"{out}: 6 fichas (doble dos), 1 placa (220 x 220 mm), ")
    german = run(["--theme", "pips", "--max", "2", "--out", out], GERMAN_SYSTEM).output.strip()
    assert german.startswith(f"{out}: 6 Dominosteine (Doppel-Zwei), 1 Platte (220 x 220 mm), ")


@pytest.mark.slow
def test_the_calibration_summary_follows_the_reader(tmp_path):
    out = tmp_path / "calibration.pdf"
    french = run(["calibrate", "--lang", "fr", "--out", out]).output.strip()
    assert french.startswith(f"{out}{NBSP}: 2 pages (imprimez en recto verso, retournement bord long), A4, ")
    german = run(["calibrate", "--out", out], GERMAN_SYSTEM).output.strip()
    assert german.startswith(f"{out}: 2 Seiten (beidseitig drucken, an der langen Kante wenden), A4, ")
    before = run(["--lang", "de", "calibrate", "--out", out], C_SYSTEM).output.strip()
    assert before.startswith(f"{out}: 2 Seiten (beidseitig"), "the --lang before the command counts too"
    english = run(["calibrate", "--out", out], C_SYSTEM).output.strip()
    assert english.startswith(f"{out}: 2 pages (print two-sided, flip on the long edge), A4, ")
