"""Rules variants, one unit each, in a registry: the games the rules page can explain.

Each module of ``domino_print/rules/games/`` defines ``VARIANT`` (a ``variant.Variant``): adding a
game is that module plus its ``rules.<name>.*`` keys in every catalogue. A game that adds pages
after its rules names them in its unit (``Variant.pages``): a page there is already (``hub``), or a
page of its own as one module of ``domino_print/pdf/game_pages/``; the document draws what the
unit names and names no game. The option table, the help, the refusals and the studio's form read
the names and defaults from here; ``content`` turns a variant and a printed set into the page's
words. Nothing here imports ReportLab.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from domino_print.rules import games
from domino_print.rules.variant import MIN_TOP, STARTERS, Variant

__all__ = ["MIN_TOP", "STARTERS", "Variant", "default_targets", "names", "registry", "score_games", "variant"]


@cache
def registry() -> dict[str, Variant]:
    """Every game, by name, in the order lists show them."""
    found = []
    for module in pkgutil.iter_modules(games.__path__):
        unit = importlib.import_module(f"{games.__name__}.{module.name}")
        found.append(unit.VARIANT)
    return {v.name: v for v in sorted(found, key=lambda v: (v.order, v.name))}


def names() -> tuple[str, ...]:
    """The games' names, as ``--rules`` takes them."""
    return tuple(registry())


def variant(name: str) -> Variant:
    """The game called ``name``; ``KeyError`` for an unknown one."""
    return registry()[name]


def default_targets() -> dict[str, int]:
    """The usual winning score of every game that keeps a score."""
    return {name: v.target for name, v in registry().items() if v.target is not None}


def score_games() -> tuple[str, ...]:
    """The games whose players write scores down (a score sheet suits them)."""
    return tuple(name for name, v in registry().items() if v.scores)
