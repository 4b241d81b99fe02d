"""Shared helpers for the tests: run the CLI in-process, read PDFs back, drive a real browser.

The browser fixtures (``browser``, ``context``) launch Debian's chromium (``/usr/bin/chromium``,
or ``DOMINO_PRINT_CHROMIUM``) through Playwright; Playwright's own browser download is not used
(it is not reachable everywhere). ``make test`` installs chromium when it is missing and it runs
as root; elsewhere the browser tests skip with the reason, except under CI (``CI=true``), where a
missing browser is a failure. ``DOMINO_PRINT_SCREENSHOTS=1`` also writes the README's pictures
into ``docs/``.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner
from hypothesis import settings

from domino_print.cli import cli

# Hypothesis draws its examples from a fixed seed under CI (and with DOMINO_PRINT_DERANDOMIZE=1),
# so that a run there is repeatable; elsewhere it explores, and prints the seed of a failure.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI") or os.environ.get("DOMINO_PRINT_DERANDOMIZE"):
    settings.load_profile("ci")

# The tests' runs keep their parsed texts, fonts and themes (domino_print.user_cache) in a cache
# of their own, removed at the end, not in the user's: a test that edits a catalogue leaves nothing.
_CACHE = tempfile.TemporaryDirectory(prefix="domino-print-test-cache-")
os.environ.setdefault("DOMINO_PRINT_CACHE", _CACHE.name)

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
"""The signals the signal tests send; ``subprocess`` itself gives SIGPIPE back its default."""


def _reset_inherited_signals() -> None:
    """Give the stop signals their default dispositions, unblocked, in the test process.

    A process started in the background by a shell (``make test &``, a CI runner's job) inherits
    SIGINT and SIGQUIT ignored, and an ignored disposition survives ``exec``: the real processes
    that the signal tests start would then ignore the very signal they are sent. The tests rely on
    the defaults, so they set them here rather than inherit whatever their parent had.
    """
    import signal

    numbers = []
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        numbers.append(number)
        if signal.getsignal(number) is signal.SIG_IGN:
            signal.signal(number, signal.default_int_handler if name == "SIGINT" else signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)


_reset_inherited_signals()

# The command line's messages follow the system's language when --lang is not given: the suite
# runs in one known locale (English messages), whatever the machine's, and its processes with it.
for _variable in ("LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture
def run_cli():
    """Invoke the CLI in-process; returns click's Result (exit_code, output, stderr)."""

    def run(*args: str):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return run


class TextRun(NamedTuple):
    """One text run a PDF page shows, as pypdf reads it back."""

    text: str
    """The run's text, stripped."""
    size: float
    """The printed size in points (the font size times the text matrix's and page's vertical scales)."""


def text_runs(page) -> list[TextRun]:
    """Every non-blank text run of a pypdf ``page``, in drawing order."""
    runs: list[TextRun] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append(TextRun(text.strip(), size * tm[3] * cm[3]))

    page.extract_text(visitor_text=visit)
    return runs


@pytest.fixture
def themes_dir(tmp_path, monkeypatch):
    """A copy of the built-in themes' folder, used in their place, that a test may change or add to."""
    from domino_print.themes import model

    folder = tmp_path / "themes"
    shutil.copytree(model.THEMES_DIR, folder)
    monkeypatch.setattr(model, "THEMES_DIR", folder)
    return folder


def render_page(pdf: bytes | Path, index: int = 0, dpi: int = 100):
    """Page ``index`` of a PDF as a greyscale PIL image at ``dpi``."""
    import pypdfium2 as pdfium

    source = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    document = pdfium.PdfDocument(io.BytesIO(source))
    image = document[index].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    return image


CHROMIUM = Path(os.environ.get("DOMINO_PRINT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--accept-lang=fr-FR,fr",  # a French visitor: the studio follows Accept-Language (issue 31)
]
DOCS = Path(__file__).resolve().parent.parent / "docs"
SCREENSHOTS = os.environ.get("DOMINO_PRINT_SCREENSHOTS") == "1"


def _browser_missing() -> str:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: pip install -e '.[test]'"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} not found: install Debian's chromium (make test does it when run as root)"
    return ""


def require_browser() -> None:
    """Skip the calling test (fail it under CI) when Playwright or chromium is missing."""
    reason = _browser_missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run under CI: {reason}")
        pytest.skip(reason)


def launch_chromium(playwright):
    """Debian's chromium, headless, with a fresh profile that reaches nothing outside (the browser
    tests' fixture and ``make bench``'s studio timings launch it so)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)


@pytest.fixture(scope="module")
def browser():
    """``launch_chromium``'s browser for a module's tests; skipped (failed under CI) when missing."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = launch_chromium(playwright)
        yield launched
        launched.close()


@pytest.fixture
def context(browser):
    """A desktop-sized browser context that accepts downloads, closed after the test."""
    opened = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    yield opened
    opened.close()


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.png from the current code (after an intended visual change)",
    )
