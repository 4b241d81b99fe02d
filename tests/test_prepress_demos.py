"""Every demo PDF as the next person's tools read it (issue 30): qpdf's structure check and
Ghostscript rendering every page with ``-dPDFSTOPONERROR -dPDFSTOPONWARNING``, silent on both;
and the ``--pdf-a`` variant of a demo through PDFBox's preflight, with no finding waived."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from click.testing import CliRunner

from domino_print.cli import cli
from tests.preflight import PREFLIGHT_MISSING, preflight
from tests.test_golden import demo_commands

DEMOS = demo_commands()
TOOLS_MISSING = shutil.which("qpdf") is None or shutil.which("gs") is None


def _demo(tmp_path, args: list[str]):
    out = tmp_path / "demo.pdf"
    result = CliRunner().invoke(cli, [*args, "--quiet", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
@pytest.mark.skipif(TOOLS_MISSING, reason="qpdf or Ghostscript is not installed: apt-get install qpdf "
                    "ghostscript, or run make test as root (make print-tools)")
@pytest.mark.parametrize(("name", "args"), DEMOS, ids=[name for name, _ in DEMOS])
def test_qpdf_and_ghostscript_read_every_demo_without_a_word(tmp_path, name, args):
    path = _demo(tmp_path, args)
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "No syntax or stream encoding errors found" in done.stdout, done.stdout
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr
    shown = subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dPDFSTOPONERROR",
                            "-dPDFSTOPONWARNING", "-sDEVICE=nullpage", str(path)],
                           capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0 and shown.stdout + shown.stderr == "", shown.stdout + shown.stderr


@pytest.mark.slow
@pytest.mark.skipif(bool(PREFLIGHT_MISSING), reason=PREFLIGHT_MISSING)
@pytest.mark.parametrize("name", ["pdf-x", "classe", "schriften", "niveaux"])
def test_the_pdf_a_variant_of_a_demo_passes_pdfbox_preflight(tmp_path, name):
    """The demo's command with --pdf-a in place of --pdf-x (the two are one standard each)."""
    args = [arg for arg in dict(DEMOS)[name] if arg != "--pdf-x"]
    assert preflight(_demo(tmp_path, [*args, "--pdf-a"])) == []
