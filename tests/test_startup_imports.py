"""What the start-up of a pips run leaves unloaded (issue 36, goal 1: the whole command within
twice the CPU time of importing ReportLab's canvas). Each module listed here is one a pips run
has no use for and that used to load on every run; a change that brings one back fails here."""

from __future__ import annotations

import subprocess
import sys

import pytest

NOT_LOADED_BY_A_PIPS_RUN = (
    "domino_print.themes.user",  # a user's folder of pictures (themes.loader, for such a theme only)
    "domino_print.themes.file_words",  # the words of a picture's file name (through themes.user)
    "domino_print.faces.artwork",  # the painter of picture themes (faces.painters, when one is drawn)
    "domino_print.pictures.art",  # the built-in art's compiled operators
    "domino_print.pictures.svg",  # svglib's drawings
    "domino_print.themes.lists.table",  # the records of a list of pairs (api.PairsError, when named)
    "domino_print.themes.archive",  # a theme's .zip (api.ArchiveError, when named)
    "domino_print.themes.representations",  # an association theme's faces (themes.model, for one)
    "fractions",  # the values of association themes
    "secrets",  # a temporary's random name (output.files takes the system's bytes)
    "hmac",  # through secrets
)


@pytest.mark.slow
def test_a_pips_run_does_not_load_what_it_does_not_draw(tmp_path):
    code = (
        "import sys\n"
        f"sys.argv = ['domino-print', '--theme', 'pips', '--out', {str(tmp_path / 'pips.pdf')!r}]\n"
        "from domino_print.__main__ import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        f"    loaded = [m for m in {NOT_LOADED_BY_A_PIPS_RUN!r} if m in sys.modules]\n"
        "    print('LOADED', loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "pips.pdf").read_bytes().startswith(b"%PDF")
    assert "LOADED []" in done.stderr.splitlines(), done.stderr


@pytest.mark.slow
def test_a_picture_theme_still_loads_its_painter(tmp_path):
    """The deferred painter is there when a theme of pictures is drawn (the check above is not
    passing because the names are wrong)."""
    code = (
        "import sys\n"
        f"sys.argv = ['domino-print', '--theme', 'fruits', '--out', {str(tmp_path / 'fruits.pdf')!r}]\n"
        "from domino_print.__main__ import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    print('LOADED', [m for m in ('domino_print.faces.artwork', 'domino_print.pictures.art')"
        " if m in sys.modules], file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "LOADED ['domino_print.faces.artwork', 'domino_print.pictures.art']" in done.stderr.splitlines()
