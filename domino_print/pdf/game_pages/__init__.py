"""The pages a game adds after its rules page, one module each, found by name in a registry.

A game's unit (``rules/games/<name>.py``) names the pages it adds in ``Variant.pages`` (the Mexican
Train: ``hub``), and ``--score-sheet`` adds ``score_sheet`` (``rules.content.extra_pages`` says
which, in order). Each module here (``hub``, ``score_sheet``) defines ``PAGE = GamePage(name,
draw)``: ``draw`` draws one page on the current page of the canvas, and the document
(``pdf.document``) ends and counts it, so the document names no game and no page. Adding a page
is one module here; a game that adds it names it in its unit. Modules whose names start with
``_`` are helpers, not pages.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.pdf.marks import SetMarks
    from domino_print.rules.content import RulesContext

__all__ = ["DrawPage", "GamePage", "game_page", "registry"]


class DrawPage(Protocol):
    def __call__(self, canvas: Canvas, ctx: RulesContext, marks: SetMarks, *, page_width_pt: float,
                 page_height_pt: float, margin_pt: float) -> None:
        """Draw the page for ``ctx`` on the current page; ``marks`` draws the players' set marks."""


class GamePage(NamedTuple):
    """A page a game can add after its rules page: its ``name`` (as ``Variant.pages`` names it) and
    how to ``draw`` it."""

    name: str
    draw: DrawPage


@cache
def registry() -> dict[str, GamePage]:
    """Every game page, by name."""
    found: dict[str, GamePage] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name.startswith("_"):
            continue
        page = importlib.import_module(f"{__name__}.{module.name}").PAGE
        found[page.name] = page
    return found


def game_page(name: str) -> GamePage:
    """The page called ``name``; ``KeyError`` naming the pages there are for an unknown one."""
    pages = registry()
    if name not in pages:
        raise KeyError(f"no game page {name!r}; the pages are {', '.join(sorted(pages))}")
    return pages[name]
