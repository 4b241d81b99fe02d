"""The typed pieces a ``job.Job`` is built from: where the faces come from, and what a set builder gives.

``Source`` is what ``--theme`` named: a theme (``ThemeSource``) or a list of pairs
(``PairsSource``, which carries the list itself). ``SetParts`` is what the classic builder
(``job``) and the association one (``association``) hand to ``job.build_job``, the one
place a ``Job`` is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from domino_print.errors import SizeError
from domino_print.geometry.sheet import SheetLayout, SheetSpec, layout_sheet
from domino_print.options.wording import word_size_error
from domino_print.sets.tiles import Tile
from domino_print.themes.model import Theme

if TYPE_CHECKING:
    from domino_print.rules.content import RulesContext
    from domino_print.sets.structures import AssociationSet
    from domino_print.themes.pairs import PairList


class ThemeSource(NamedTuple):
    """The faces come from a theme: built-in, a user's folder of pictures or its theme.toml."""

    theme: Theme


class PairsSource(NamedTuple):
    """The faces come from a list of pairs (``themes.pairs``), one pair a line."""

    pairs: PairList
    theme: Theme
    """The theme the list stands for: its title, its pictures, an association kind (``pairs_theme``)."""


Source = ThemeSource | PairsSource
"""Where a set's faces come from, as ``--theme`` named it."""


class LevelDeck(NamedTuple):
    """One level's deck in a differentiated job."""

    number: int
    """1 for the easiest level printed."""
    label: str
    """The level's label on the page's language (``≤ 20``, ``½ h``)."""
    tiles: tuple[Tile, ...]
    """Its tiles, as ids of the job's faces (every level's faces numbered together)."""
    deck: AssociationSet
    """The level's own set (its own face ids), for its part of the key."""


class SetParts(NamedTuple):
    """What a set builder (classic here, ``association.association_parts``) gives the job, checked."""

    top: int
    """The highest value (6 for double-six; the last value's index in an association set)."""
    tiles: tuple[Tile, ...]
    """Values in a classic set, face ids in an association set or loop deck."""
    layout: SheetLayout
    rules_context: RulesContext | None
    """None without a rules page."""
    association: AssociationSet | None
    """The association set or loop deck whose face ids the tiles are; None for a classic set."""
    levels: tuple[LevelDeck, ...] = ()
    """A differentiated deck (``--niveaux``): each level's deck, level 1 first; empty otherwise."""


def pairs_theme(pairs: PairList) -> Theme:
    """The theme a list of pairs stands for: an association theme titled after the file, with its pictures."""
    title = {lang: pairs.title for lang in ("fr", "en")}
    return Theme(name=pairs.title, kind="association", max_value=len(pairs.rows) - 1, title=title,
                 description={}, images=pairs.pictures, builtin=False)


def lay_out(sheet: SheetSpec, count: int) -> SheetLayout:
    """The sheet's layout for ``count`` tiles; an ``OptionError`` naming the sizes if they cannot fit."""
    try:
        return layout_sheet(sheet, count)
    except SizeError as exc:
        raise word_size_error(exc) from None
