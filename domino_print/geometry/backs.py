"""Two-sided printing and classroom sets as pure geometry in millimetres, no drawing.

*Mirroring.* A back page is printed on the other side of the sheet. After the
sheet is turned over on the chosen edge, the point behind the front point
``(x, y)`` sits, on the upright back page, at:

- ``(W - x, y)`` when the turn is about a vertical axis (left-right mirror);
- ``(x, H - y)`` when the turn is about a horizontal axis (top-bottom mirror).

Flipping on the *long* edge turns the sheet about an axis along its long side:
vertical for a portrait page, horizontal for a landscape one. Flipping on the
short edge does the opposite. So a landscape page flipped on its long edge is
mirrored top-bottom, not left-right.

*Fold-over backs.* On a fold-over page (``layout.FoldLine``) the backs are printed
beside the fronts, each the mirror image of its front across the fold line: folding
the page on the line lays every back exactly behind its front, whatever the printer.

*Set marks.* With several sets, each tile shows a small disc in its set's
colour holding the set number, at one end of the dashed middle line: the one
spot of a tile that no face painter uses (pips keep 15 % of the face free
beside the middle line, pictures 8 %, and the middle line itself stops short
of the edge by ``geometry.engraving.CENTRE_INSET`` of the tile's width).

*Back offset.* ``--back-offset X,Y`` moves everything on the back pages X mm
right and Y mm up, as seen on the upright back page, to cancel a printer's
misregistration measured with the calibration page.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from domino_print.errors import OptionError, OptionName
from domino_print.geometry.shapes import Placement
from domino_print.geometry.sheet import FoldLine, PageLayout
from domino_print.geometry.sizes import SAFE_AREA_MM
from domino_print.texts.page_text import TextError, check_page_text

DUPLEX_EDGES = ("long", "short")
BACK_KINDS = ("duplex", "fold")
"""``--backs``: a back page after each sheet page (``duplex``, two-sided printing), or each page's
backs beside its fronts, to fold over (``fold``, for printers that print one side only)."""
MAX_SETS = 200
MAX_LABEL_CHARS = 40
MAX_BACK_OFFSET_MM = 10.0

SET_COLOURS: tuple[str, ...] = (
    "#D62728",  # red
    "#1F77B4",  # blue
    "#2CA02C",  # green
    "#FF7F0E",  # orange
    "#9467BD",  # purple
    "#8C564B",  # brown
    "#E377C2",  # pink
    "#17BECF",  # cyan
)
"""The set-mark palette, cycled; the number on the mark tells sets of the same colour apart."""

LEVEL_MARKS: tuple[tuple[str, str], ...] = (
    ("disc", "#2CA02C"),      # green
    ("square", "#1F77B4"),    # blue
    ("triangle", "#D62728"),  # red
    ("diamond", "#9467BD"),   # purple
    ("hexagon", "#FF7F0E"),   # orange
    ("star", "#8C564B"),      # brown
)
"""The mark of each level of a differentiated deck (``--niveaux``): a shape and a colour, each
level's own, so that the shape alone tells levels apart in grey (``--ink noir``)."""
MAX_LEVELS = len(LEVEL_MARKS)
LEVEL_RADIUS_SHARE = 0.08
"""Level-mark radius as a fraction of the tile's short side (a child sorts the cards by it)."""
LEVEL_MAX_RADIUS_MM = 2.6


def level_mark_radius_mm(tile_short_mm: float) -> float:
    """A level mark's radius: it sits where a set mark would (``mark_centre``), clear of a clock
    or a pie that fills its half."""
    return min(LEVEL_MAX_RADIUS_MM, LEVEL_RADIUS_SHARE * tile_short_mm)


BLEED_MM = 3.0
"""How far the back pattern runs past each tile's edges, so a small misregistration shows no white
(the 3 mm print shops ask for; with a gap, half the gap at most)."""


# -- options -------------------------------------------------------------------------------
def parse_label(text: str) -> str:
    """A short printable text for the margin and the backs; a clear ``OptionError`` otherwise.

    The check is ``page_text.check_page_text``, the one every text on a page goes through."""
    try:
        return check_page_text(text, most=MAX_LABEL_CHARS)
    except TextError as exc:
        raise OptionError(says=exc.says, fields=("label",), subject=OptionName("label"),
                          **exc.values) from None


@cache
def _offset() -> re.Pattern[str]:
    return re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*,\s*([+-]?\d+(?:\.\d+)?)\s*(?:mm)?\s*$",
                      re.IGNORECASE | re.ASCII)


def parse_back_offset(text: str) -> tuple[float, float]:
    """``1.5,-0.5`` -> (1.5, -0.5) millimetres; each within +/- ``MAX_BACK_OFFSET_MM``."""
    match = _offset().match(text)
    if not match:
        raise OptionError(says="offset.not_a_pair", fields=("back_offset",), text=repr(text))
    dx, dy = float(match.group(1)), float(match.group(2))
    if max(abs(dx), abs(dy)) > MAX_BACK_OFFSET_MM:
        raise OptionError(says="offset.too_far", fields=("back_offset",), text=text, most=MAX_BACK_OFFSET_MM)
    return (dx + 0.0, dy + 0.0)  # + 0.0 turns -0.0 into 0.0


# -- mirroring -----------------------------------------------------------------------------
def mirrors_left_right(page_w: float, page_h: float, duplex: str) -> bool:
    """True if the back is the front mirrored left-right; False if mirrored top-bottom."""
    if duplex not in DUPLEX_EDGES:
        raise OptionError(says="backs.duplex", fields=("duplex",), value=repr(duplex))
    portrait = page_w <= page_h
    return (duplex == "long") == portrait


def mirror_point(x: float, y: float, page_w: float, page_h: float, duplex: str) -> tuple[float, float]:
    """Where front point (x, y) lies on the upright back page, in mm from its lower-left corner."""
    if mirrors_left_right(page_w, page_h, duplex):
        return (page_w - x, y)
    return (x, page_h - y)


def mirror_placement(p: Placement, page_w: float, page_h: float, duplex: str) -> Placement:
    """The rectangle behind ``p`` on the back page: same size and direction, mirrored."""
    if mirrors_left_right(page_w, page_h, duplex):
        x, y = page_w - p.x_mm - p.width_mm, p.y_mm
    else:
        x, y = p.x_mm, page_h - p.y_mm - p.height_mm
    return Placement(p.index, x, y, p.width_mm, p.height_mm, p.vertical)


class BackPage(NamedTuple):
    """The back of one sheet page: mirrored tile rectangles and how far the pattern bleeds."""

    placements: tuple[Placement, ...]
    bleed_mm: float


def back_page(page: PageLayout, page_w: float, page_h: float, duplex: str, gap_mm: float) -> BackPage:
    """The back of ``page``: each tile's back exactly behind its front."""
    placements = tuple(mirror_placement(p, page_w, page_h, duplex) for p in page.placements)
    return BackPage(placements, _bleed(gap_mm))


def mirror_across_fold(p: Placement, fold: FoldLine) -> Placement:
    """The rectangle that lands on ``p`` when the page is folded on ``fold``: same size and direction."""
    if fold.horizontal:
        x, y = p.x_mm, 2 * fold.at_mm - p.y_mm - p.height_mm
    else:
        x, y = 2 * fold.at_mm - p.x_mm - p.width_mm, p.y_mm
    return Placement(p.index, x, y, p.width_mm, p.height_mm, p.vertical)


def _bleed(gap_mm: float) -> float:
    return BLEED_MM if gap_mm <= 0 else min(BLEED_MM, gap_mm / 2)


def fold_back_page(page: PageLayout, fold: FoldLine, gap_mm: float) -> BackPage:
    """The backs of a fold-over ``page``: each tile's back its mirror image across the fold line."""
    return BackPage(tuple(mirror_across_fold(p, fold) for p in page.placements), _bleed(gap_mm))


# -- set marks -----------------------------------------------------------------------------
def set_colour(number: int) -> str:
    """The colour of set ``number`` (1-based)."""
    return SET_COLOURS[(number - 1) % len(SET_COLOURS)]


def mark_centre(p: Placement, tile_short_mm: float, radius_mm: float) -> tuple[float, float]:
    """The centre of a set mark of ``radius_mm`` on a front tile: on the middle line, near a long
    edge, the mark's edge ``SAFE_AREA_MM`` inside the cut (a cut a little inside spares it).

    The top end of the middle line for a horizontal tile, its right end for a
    vertical one (the same end once the tile is turned a quarter turn clockwise).
    """
    inset = SAFE_AREA_MM + radius_mm
    if p.vertical:
        return (p.x_mm + p.width_mm - inset, p.y_mm + tile_short_mm)
    return (p.x_mm + tile_short_mm, p.y_mm + p.height_mm - inset)
