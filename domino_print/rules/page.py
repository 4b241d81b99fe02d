"""The rules page as plain data: what ``content`` and ``loop`` fill and ``pdf.rules_page`` typesets."""

from __future__ import annotations

from typing import NamedTuple

from domino_print.rules.variant import Figure


def escape(text: str) -> str:
    """Make plain text safe inside Platypus paragraph markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Section(NamedTuple):
    """A heading and its numbered steps (paragraph markup: ``<b>``, ``<i>`` only)."""

    heading: str
    steps: tuple[str, ...]


class RulesContent(NamedTuple):
    """The whole page as data: every string is final text, already spaced as its language wants."""

    lang: str
    title: str
    facts: tuple[tuple[str, str], ...]  # (label, value) for the key-facts band
    sections: tuple[Section, ...]
    example_heading: str
    example_tiles: tuple[tuple[int, int], ...]
    example_caption: str
    figure: Figure | None = None  # None: a chain of ``example_tiles``
