"""Ink modes (``--ink couleur|eco|noir``): what each mode changes on the page, as plain data.

Schools count their colour copies. An ``Ink`` says, once, how a mode draws:

- ``couleur`` (the default): the page as it has always been;
- ``eco``: colour kept where it carries meaning (pictures, coloured pips, set marks),
  everything else lighter: thinner lines, pictures with light fills and thin outlines,
  no full-bleed pattern on the backs;
- ``noir``: black and greys only, drawn as DeviceGray (``g``/``G`` and grey images),
  never as RGB that happens to be grey, so a printer uses its black ink alone and the
  sheet can go on coloured card. Pictures become line art a child can colour in, coloured
  pips become black pips with a pattern per colour, set marks differ by shape, and backs
  keep a light outline and the label;
- ``relief``: for swell (microcapsule) paper and braille embossers, where whatever is black
  rises: pure black on white and nothing between (every grey is drawn black or left white),
  lines twice as bold, pictures as bold line art, and braille cells where ``--braille`` asks.

The renderer and the painters read these fields; none of them tests the mode's name.
How pictures are restyled for ``art`` lives in ``pictures.restyle``.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.colour import luma

INK_MODES = ("couleur", "eco", "noir", "relief")
DEFAULT_INK = "couleur"


class Ink(NamedTuple):
    """How one ink mode draws; every field's default is the ``couleur`` page."""

    name: str = DEFAULT_INK
    grey_only: bool = False
    """Every colour is drawn as a DeviceGray level, images as grey pixels."""
    line_scale: float = 1.0
    """Cut lines, crop marks and centre lines are this much as wide as in colour."""
    art: str = "colour"
    """How pictures are drawn: ``colour`` as made, ``light`` (pale fills, thin outlines) or
    ``line`` (white fills, dark outlines: a colouring page)."""
    pip_patterns: bool = False
    """Coloured pips become black pips, one pattern per colour, so the value still shows."""
    pip_outline_scale: float = 1.0
    """Coloured pips' dark ring is this much as wide as in colour."""
    back_pattern: bool = True
    """The light lattice that fills each tile's back, bleeding past its edges."""
    back_outline: bool = False
    """A light outline of each tile on the back pages."""
    back_pill: bool = True
    """The white pill holding the label (and set mark) on each back."""
    mark_shapes: bool = False
    """Set marks are told apart by shape and fill (grey), not by colour."""
    plain_background: bool = False
    """A user theme's background colour is left out (the card shows through)."""
    black_only: bool = False
    """Every grey is drawn pure black or left white (``BLACK_BELOW``): swell paper raises any grey."""


INKS: dict[str, Ink] = {
    "couleur": Ink(),
    "eco": Ink(
        name="eco",
        line_scale=0.6,
        art="light",
        pip_outline_scale=0.6,
        back_pattern=False,
        back_outline=True,
    ),
    "noir": Ink(
        name="noir",
        grey_only=True,
        line_scale=0.8,
        art="line",
        pip_patterns=True,
        back_pattern=False,
        back_outline=True,
        back_pill=False,
        mark_shapes=True,
        plain_background=True,
    ),
    "relief": Ink(
        name="relief",
        grey_only=True,
        black_only=True,
        line_scale=2.0,
        art="line",
        pip_patterns=True,
        pip_outline_scale=2.0,
        back_pattern=False,
        back_outline=True,
        back_pill=False,
        mark_shapes=True,
        plain_background=True,
    ),
}
"""The ink of each ``--ink`` mode."""
BLACK_BELOW = 0.8
"""With ``black_only``, a grey level below this is drawn black, the rest white (no ink): the light
outlines of backs and line art stay, the faint tints go."""

COLOUR = INKS[DEFAULT_INK]

BACK_OUTLINE_GREY = "#BDBDBD"
"""The light outline of a tile on an eco or noir back."""


def ink_for(name: str) -> Ink:
    """The ``Ink`` of mode ``name`` (one of ``INK_MODES``)."""
    return INKS[name]


def grey_level(red: float, green: float, blue: float) -> float:
    """The grey (0 black, 1 white) that matches a colour's lightness (Rec. 601 luma), to 3 places."""
    return round(luma(red, green, blue), 3)
