"""The rules page as plain data: what ``content`` and ``loop`` fill and ``pdf.rules_page`` typesets."""

from __future__ import annotations

from typing import NamedTuple

from domino_print import texts
from domino_print.rules.variant import Figure, Variant


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
    source: str = ""  # the line naming the variant the page follows (``follows_line``); "" for none


def follows_line(lang: str, game: Variant) -> str:
    """The page's short line naming what ``game`` follows, in ``lang`` (``rules.follows.*``): the
    source it follows first (``Variant.sources``: its site or publisher), and, where another source
    deals differently, that rule books differ; a house game, whose deal no source gives, says so."""
    dealt = [source for source in game.sources if source.deal is not None and source.top is not None]
    if not dealt:
        return texts.text(lang, "rules.follows.house")
    differ = any(dict(game.hands(source.top)).get(players) != each
                 for source in dealt if source.top is not None and source.deal is not None
                 for players, each in source.deal.items())
    name = game.sources[0].publisher.split(" (")[0]  # "Regles.com (Nicolas Belotti)": the site
    return texts.text(lang, "rules.follows.differ" if differ else "rules.follows.source", source=escape(name))
