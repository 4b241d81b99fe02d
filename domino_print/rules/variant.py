"""What a rules variant is: one unit of plain data (no ReportLab), found by name in the registry.

A game's module in ``domino_print/rules/games/`` defines ``VARIANT = Variant(...)``: its facts
(hand sizes by set and players, who starts, the target), the theme kinds and set sizes it is
played with, the catalogue keys of its steps, and its example figure as placed tiles. The
registry (``domino_print.rules``) finds every such module; its words live in the catalogues
under ``rules.<name>.*``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from domino_print.themes.kinds import KINDS, kinds_where

NUMBER_KINDS = kinds_where("numbers")
"""Theme kinds whose faces show numbers (``themes.kinds``): games that count pips need them."""
PICTURE_KINDS = kinds_where("pictures")
ASSOCIATION_KINDS = kinds_where("association")
ANY_KIND = frozenset(KINDS)

STARTERS = ("plus-grand-double", "plus-jeune")
MAX_PLAYERS = 8
"""The most players any game takes (Mexican Train, Chicken Foot with large sets)."""
"""Who starts, as ``--starter`` names it: the player holding the highest double, or the youngest."""

MIN_TOP = 2
"""The smallest set that makes a game (double-two, 6 tiles, two players)."""


class PlacedTile(NamedTuple):
    """One tile of an example figure, in short-side units from the figure's lower-left corner."""

    a: int  # the left half of a lying tile, the lower half of an upright one
    b: int  # the right half, or the upper half
    x: float
    y: float
    upright: bool  # turned a quarter turn: one unit wide, two high

    @property
    def width(self) -> float:
        return 1.0 if self.upright else 2.0

    @property
    def height(self) -> float:
        return 2.0 if self.upright else 1.0


class Arrow(NamedTuple):
    """An arrow of an example figure (a tile being moved), in short-side units."""

    x0: float
    y0: float
    x1: float
    y1: float


class Figure(NamedTuple):
    """An example figure as data: where its tiles lie for a given gap (in short sides).

    ``sizes_mm`` are the short sides tried for its tiles, largest first, then ``last_resort_mm``;
    ``units_wide`` is the width the page keeps for it, in short sides.
    """

    layout: Callable[[float], tuple[PlacedTile, ...]]
    sizes_mm: tuple[float, ...] = (15.0, 13.0, 11.0)
    last_resort_mm: float = 9.0
    units_wide: float = 7.0
    arrows: Callable[[float], tuple[Arrow, ...]] = lambda gap: ()
    min_height: float = 0.0
    """The figure's height at least, in short sides (a chain keeps room for a crosswise double)."""

    @property
    def tiles(self) -> tuple[tuple[int, int], ...]:
        """The figure's tiles as ``(a, b)`` pairs, in drawing order."""
        return tuple((tile.a, tile.b) for tile in self.layout(0.0))


def figure_size(tiles: tuple[PlacedTile, ...]) -> tuple[float, float]:
    """Width and height of placed tiles, in short sides."""
    return max(t.x + t.width for t in tiles), max(t.y + t.height for t in tiles)


def chain_figure(example: tuple[tuple[int, int], ...]) -> Figure:
    """A row of lying tiles, doubles crosswise (upright); a four-tile chain's second is its double
    even when its halves differ (an association set shows one value in two ways)."""

    def layout(gap: float) -> tuple[PlacedTile, ...]:
        placed, x = [], 0.0
        for index, (a, b) in enumerate(example):
            if a == b or (index == 1 and len(example) == 4):
                placed.append(PlacedTile(a, b, x, 0.0, upright=True))
                x += 1
            else:
                placed.append(PlacedTile(a, b, x, 0.5, upright=False))
                x += 2
            x += gap
        return tuple(placed)

    return Figure(layout, min_height=2.0)


class Source(NamedTuple):
    """A published rule book or page a game's facts come from, and what it says.

    ``deal`` is the hand it gives, dominoes each by number of players, for a double-``top`` set
    (None when it gives no deal); a test compares the unit's own deal with the source it follows.
    """

    title: str
    publisher: str  # the site, book or maker
    url: str  # empty when only the title and publisher are known (a printed sheet, a page not kept)
    says: str  # what it says, in a line (its facts, not its words)
    top: int | None = None
    deal: Mapping[int, int] | None = None


Hands = Callable[[int], Mapping[int, int]]
"""``hands(top)``: dominoes each, by number of players, for a double-``top`` set."""


def hand_table(players: tuple[tuple[int, int], ...], rows: Mapping[int, tuple[int | None, ...]]) -> Hands:
    """``hands`` from a table as rule sheets print it: a column per group of players (``(3, 4)``:
    three or four), a row per band of sets keyed by its smallest (``9``: double-nine up to the next
    row's set), each cell the dominoes each, or None where the game is not played by that many."""
    for row in rows.values():
        if len(row) != len(players):
            raise ValueError(f"a row of {len(row)} cells for {len(players)} groups of players")

    def hands(top: int) -> dict[int, int]:
        band = rows[max(smallest for smallest in rows if smallest <= top)]
        return {count: size for (low, high), size in zip(players, band, strict=True) if size is not None
                for count in range(low, high + 1)}

    return hands


class Variant(NamedTuple):
    """One game of the rules page; every fact it states is here (words in ``rules.<name>.*``).

    A record like the others (a ``NamedTuple``, made by keyword): the registry holds one of each
    game, loaded on every run, and a frozen dataclass of these twenty fields cost a run a
    millisecond and a half to define (its six generated methods compiled), eight times a
    NamedTuple's (issue 36)."""

    name: str
    """``--rules NAME``; the catalogue keys are ``rules.<name>.*``."""
    order: int
    """Its place in the lists (help, form): smaller first."""
    kinds: frozenset[str]
    """The theme kinds it is played with (``NUMBER_KINDS``, ``PICTURE_KINDS``...)."""
    tops: tuple[int, ...] | None
    """The sets it is played with, by highest value (6: double-six); None: any from ``MIN_TOP``."""
    hands: Hands
    """Dominoes each by number of players, for a set it is played with."""
    starter: str
    """Who starts by default, one of ``STARTERS``; ``rules.<name>.start`` says it in full."""
    target: int | None
    """The usual winning score, or None for a game that keeps no score."""
    turn: tuple[str, ...]
    """Catalogue keys of a turn's steps; the first says how to lay and takes ``{same}``."""
    end: tuple[str, ...]
    """Catalogue keys of the end of a round."""
    scoring: tuple[str, ...] = ()
    """Catalogue keys of the scoring steps (they may take ``{target}``)."""
    figure: Callable[[int, tuple[tuple[int, int], ...]], Figure] = lambda top, example: chain_figure(example)
    """The example figure for a double-``top`` set and the theme's example chain."""
    caption: str | None = None
    """Catalogue key of the figure's caption; None: the chain's caption (numbers or pictures)."""
    age: str | None = None
    """Catalogue key of the age; None: by the faces (numbers 6 and up, others 4 and up)."""
    blank: bool = True
    """With numbers, say that a blank goes against a blank."""
    prepare: tuple[str, ...] = ("rules.prepare.cut", "rules.prepare.shuffle", "rules.prepare.deal")
    """Catalogue keys of the steps before play (``{dominoes}``: the set, ``{deal}``: the deal);
    who starts comes after them."""
    rounds: Callable[[int], tuple[int, ...]] | None = None
    """A game played one round per double: the doubles that open the rounds, in order; None: rounds
    are numbered (the score sheet's rows)."""
    keeps_score: bool | None = None
    """Whether players write scores down (``--score-sheet``); None: when it has a target."""
    pages: tuple[str, ...] = ()
    """Pages the game adds after the rules page, by name in the registry of ``pdf/game_pages/``
    (``hub``: the Mexican Train's hub and markers); the document draws what the unit names."""
    extra_keys: tuple[str, ...] = ()
    """Other catalogue keys its steps use (checked to exist in every language)."""
    sources: tuple[Source, ...] = ()
    """Where its facts come from: the first is the one it follows where sources disagree."""
    follows: str = ""
    """Where sources disagree: which it follows and why, and what it decides where none speaks."""

    def plays(self, top: int) -> bool:
        """Whether it is played with a double-``top`` set."""
        return top >= MIN_TOP and (self.tops is None or top in self.tops)

    @property
    def scores(self) -> bool:
        """Whether the game keeps a score (a score sheet suits it)."""
        return self.keeps_score if self.keeps_score is not None else self.target is not None

    @property
    def prefix(self) -> str:
        return f"rules.{self.name}"
