"""The theme kinds, one record each: what a theme can be, and every fact a stage reads of it.

A theme's ``kind`` (``kind =`` in its TOML; a folder of pictures is ``pictures``, a list of pairs
``association``) names one ``ThemeKind`` of ``THEME_KINDS``. The record says the highest value
the kind shows, what its faces are (pips to count, a number written, a picture, an association
set's faces), how the rules page speaks of it, and so what the games, the 3D print, braille and
the laser do with it. The painter that draws it is looked up by the kind's name in
``faces.painters.PAINTERS`` (``tests/test_themes.py`` keeps the two in step).

A new kind of theme is one record here and one painter class in ``faces/``: the option table,
the rules page, the games, the job and the 3D print read its facts from the record.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.geometry.dice import DICE

LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""The faces of a letters set (``themes.representations`` shows them); here, where the association
kind's highest value is read, so that a theme of another kind never loads the representations."""


class ThemeKind(NamedTuple):
    """One kind of theme and its facts."""

    name: str
    max_value: int | None
    """The highest value a theme of the kind shows; None when its pictures decide (one a value)."""
    shows: str
    """What touching halves show for the rules page (``rules.match.<shows>``: ``numbers``,
    ``pictures`` or ``symbols``)."""
    noun: str
    """The rules page's word for a theme of the kind when it suggests another game
    (``rules.use_other.<noun>``: ``number``, ``picture``, ``association``)."""
    dots: bool = False
    """Its faces are pips to count: raised on a 3D print, engraved by ``--laser``."""
    written: bool = False
    """Its faces write their value as a numeral: braille and a 3D print's relief read it."""
    pictures: bool = False
    """Its faces are pictures, one a value (``--labels`` names them; photos have no relief)."""
    association: bool = False
    """Its themes make association sets: each face drawn from a representation (``--faces``)."""

    @property
    def numbers(self) -> bool:
        """Its faces show numbers (pips or numerals): the games that count need them, and the
        highest double starts."""
        return self.dots or self.written


THEME_KINDS: tuple[ThemeKind, ...] = (
    ThemeKind("pips", max(DICE), "numbers", "number", dots=True),
    ThemeKind("numerals", 18, "numbers", "number", written=True),
    ThemeKind("pictures", None, "pictures", "picture", pictures=True),
    ThemeKind("association", len(LETTERS) - 1, "symbols", "association", association=True),
)
"""Every kind, in the order messages list them. Pips as on dice (``geometry.dice``, up to
double-twelve); numerals up to two digits (beyond, a set has more tiles than a sheet should
hold); as many pictures as a theme has; an association theme's 26 letters."""

KINDS: tuple[str, ...] = tuple(kind.name for kind in THEME_KINDS)
"""The kinds' names (``kind =`` in a theme file)."""

_BY_NAME = {kind.name: kind for kind in THEME_KINDS}


def theme_kind(name: str) -> ThemeKind:
    """The kind named ``name``; ``KeyError`` for a name that is none (a theme file's kind is
    checked against ``KINDS`` when it is read)."""
    return _BY_NAME[name]


def kinds_where(fact: str) -> frozenset[str]:
    """The names of the kinds for which ``fact`` (a field or property of ``ThemeKind``) holds:
    ``kinds_where("numbers")`` is pips and numerals."""
    return frozenset(kind.name for kind in THEME_KINDS if getattr(kind, fact))
