"""The project's documents are true: the usage page is current, every link resolves, nothing
points outside the repository, the README stays a front door, and every command they show runs.

Commands are taken from the fenced blocks of ``README.md`` and ``docs/*.md`` (plain or ``sh``),
each line that starts with ``domino-print``; they run in a copy of ``examples/`` as a reader
would run them from the repository's folder (``domino-print studio`` serves, and is left out).
"""

from __future__ import annotations

import difflib
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_print.cli import cli
from domino_print.usage_doc import usage_markdown

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
             *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 250
NOT_RUN = ("studio",)
"""Subcommands a test cannot run to completion: the studio serves until it is stopped."""

_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as dashes."""
    anchors = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            anchors.add(title.replace(" ", "-"))
    return anchors


def _outside_fences(markdown: str) -> str:
    return re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)


def test_the_usage_page_is_written_from_the_current_options():
    page = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8").splitlines()
    current = usage_markdown().splitlines()
    stale = "\n".join(difflib.unified_diff(page, current, "docs/usage.md", "now", lineterm="", n=0))
    assert not stale, f"docs/usage.md is stale: run `make docs` and commit it\n{stale}"


def test_the_readme_is_a_front_door():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MOST_LINES
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "make demo" in quick_start and "make test" in quick_start


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_relative_link_resolves_inside_the_repository(document):
    text = _outside_fences(document.read_text(encoding="utf-8"))
    for target in _LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address: a source cited, not a file of ours
        path, _, anchor = target.partition("#")
        place = (document.parent / path).resolve() if path else document
        assert place.is_relative_to(ROOT), f"{document.name}: {target} points outside the repository"
        assert place.exists(), f"{document.name}: {target} does not exist"
        if anchor and place.suffix == ".md":
            anchors = _anchors(place.read_text(encoding="utf-8"))
            assert anchor in anchors, f"{document.name}: no #{anchor} in {path}"


def _commands() -> list[tuple[str, int, str]]:
    found = []
    for document in DOCUMENTS:
        fence = None
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                fence = None if fence is not None else line[3:].strip()
                continue
            command = line.strip()
            if fence in ("", "sh") and command.startswith("domino-print "):
                words = shlex.split(command, comments=True)
                if words[1] not in NOT_RUN:
                    found.append((document.name, number, command))
    return found


COMMANDS = _commands()


def test_the_documents_show_commands():
    assert len(COMMANDS) >= 30


@pytest.fixture(scope="module")
def repository_copy(tmp_path_factory):
    """The reader's folder: a copy of the repository's examples (and an output/ to write in)."""
    folder = tmp_path_factory.mktemp("repository")
    shutil.copytree(ROOT / "examples", folder / "examples")
    (folder / "output").mkdir()
    return folder


@pytest.mark.slow
@pytest.mark.parametrize(("document", "line", "command"), COMMANDS, ids=[f"{d}:{n}" for d, n, _ in COMMANDS])
def test_every_command_the_documents_show_runs(document, line, command, repository_copy, monkeypatch):
    monkeypatch.chdir(repository_copy)
    words = shlex.split(command, comments=True)[1:]
    result = CliRunner().invoke(cli, words, catch_exceptions=False)
    assert result.exit_code == 0, f"{document}:{line}: {command}\n{result.output}"
