"""Shared helpers for the tests: run the CLI in-process and read PDFs back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_print.cli import cli


@pytest.fixture
def run_cli():
    """Invoke the CLI in-process; returns click's Result (exit_code, output, stderr)."""

    def run(*args: str):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return run


def render_page(pdf: bytes | Path, index: int = 0, dpi: int = 100):
    """Page ``index`` of a PDF as a greyscale PIL image at ``dpi``."""
    import pypdfium2 as pdfium

    source = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    document = pdfium.PdfDocument(io.BytesIO(source))
    image = document[index].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    return image


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.png from the current code (after an intended visual change)",
    )
