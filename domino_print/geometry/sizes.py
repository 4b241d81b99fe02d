"""Papers and tile sizes, in millimetres: the named papers and tile sizes a user may give
(``parse_paper``, ``parse_tile_size``), the smallest tile drawn, and the paper's and the tile's
edges that nothing printed comes near (``PAPER_EDGE_MM``, ``SAFE_AREA_MM``); and the sizes of a
3D run's options (``geometry.touch``'s tiles): their thickness and relief, and a printer's bed
(``parse_bed``), read by the option table on every run without loading the 3D geometry.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from domino_print.errors import OptionError

MIN_TILE_SHORT_MM = 10.0
"""No tile is drawn with a short side under this: faces become unreadable."""

PAPERS_MM: dict[str, tuple[float, float]] = {
    "A3": (297.0, 420.0),
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "Letter": (215.9, 279.4),
    "Legal": (215.9, 355.6),
}
"""Named paper sizes, portrait, in millimetres."""

TILE_PRESETS_MM: dict[str, float] = {"small": 24.0, "medium": 30.0, "large": 40.0}
"""Named tile sizes by their short side: 24 x 48, 30 x 60 and 40 x 80 mm."""

PAPER_EDGE_MM = 5.0
"""No crop mark nor print-and-cut mark comes closer to the paper's edge than this (office
machines leave it blank)."""

SAFE_AREA_MM = 3.0
"""Printed words stay this far inside their tile's cut lines, so a cut a little off the line
never touches them."""


class Paper(NamedTuple):
    """A sheet size in millimetres, portrait (width <= height), with the name a user gave."""

    name: str
    width_mm: float
    height_mm: float


@cache
def _size_mm() -> re.Pattern[str]:
    return re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*x\s*(\d+(?:[.,]\d+)?)\s*mm\s*$", re.IGNORECASE | re.ASCII)


"""``WxHmm``, each side with a decimal point or the decimal comma French, Spanish and German write
(``3,5x7mm``, as the error messages show sizes in those languages)."""


def _sides(match: re.Match[str]) -> tuple[float, float]:
    return float(match.group(1).replace(",", ".")), float(match.group(2).replace(",", "."))


def parse_paper(text: str) -> Paper:
    """``A4``, ``letter`` or ``200x250mm`` -> ``Paper``; an ``OptionError`` about ``paper`` otherwise."""
    for name, (width, height) in PAPERS_MM.items():
        if text.strip().lower() == name.lower():
            return Paper(name, width, height)
    match = _size_mm().match(text)
    if not match:
        names = ", ".join(PAPERS_MM)
        raise OptionError(says="paper.unknown", fields=("paper",), text=repr(text), names=names)
    width, height = _sides(match)
    if not (min(width, height) >= 50 and max(width, height) <= 2000):
        raise OptionError(says="paper.side_range", fields=("paper",), text=text)
    from domino_print.texts import PaperName  # its messages write the size as their language does

    return Paper(PaperName(f"{width:g}x{height:g}mm"), min(width, height), max(width, height))


def parse_tile_size(text: str) -> float | None:
    """``auto`` -> None; ``small``/``medium``/``large`` or ``30x60mm`` -> the short side in mm."""
    key = text.strip().lower()
    if key == "auto":
        return None
    if key in TILE_PRESETS_MM:
        return TILE_PRESETS_MM[key]
    match = _size_mm().match(text)
    if not match:
        raise OptionError(says="tile.unknown", fields=("tile_size",), text=repr(text),
                          names=", ".join(("auto", *TILE_PRESETS_MM)))  # the words the option takes
    short, long = sorted(_sides(match))
    if abs(long - 2 * short) > 0.02 * long:
        raise OptionError(says="tile.two_squares", fields=("tile_size",), text=text, short=short,
                          long=2 * short)
    if short < MIN_TILE_SHORT_MM:
        raise OptionError(says="tile.too_small", fields=("tile_size",), text=text, short=MIN_TILE_SHORT_MM,
                          long=2 * MIN_TILE_SHORT_MM)
    return short


DEFAULT_THICKNESS_MM = 7.5
"""A 3D tile's thickness (``geometry.touch``): a real domino's."""
THICKNESS_RANGE_MM = (3.0, 20.0)
DEFAULT_RELIEF_MM = 0.8
"""Raised pips (or engraved ones, as deep) that fingers count."""
RELIEF_RANGE_MM = (0.4, 2.0)
DEFAULT_BED = "220x220"
BED_RANGE_MM = (60.0, 1000.0)


class Bed(NamedTuple):
    width_mm: float
    depth_mm: float


@cache
def _bed() -> re.Pattern[str]:
    return re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.ASCII)


def parse_bed(text: str) -> Bed:
    """``220x220`` (mm) -> a ``Bed``; ``OptionError`` for another text or a size out of range."""
    match = _bed().match(text)
    if not match:
        raise OptionError(says="touch.bed_unknown", fields=("bed",), text=repr(text))
    width, depth = float(match.group(1)), float(match.group(2))
    low, high = BED_RANGE_MM
    if not (low <= width <= high and low <= depth <= high):
        raise OptionError(says="touch.bed_out_of_range", fields=("bed",), text=text, low=low, high=high)
    return Bed(width, depth)
