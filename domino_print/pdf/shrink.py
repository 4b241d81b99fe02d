"""Fitting text into a given room: one shrink-to-fit rule and a word wrap, in points.

Every text we print that might not fit (a picture's name under its face, the cutting rule,
the label on a tile's back, the calibration page's instructions) shrinks by the same rule:
from its preferred size, a quarter point at a time, until it fits or reaches its floor.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth

SHRINK_STEP_PT = 0.25


def shrink_to_fit(size: float, floor: float, fits: Callable[[float], bool]) -> float:
    """The largest of ``size``, ``size - 0.25``, ... that ``fits``, or the first at or below
    ``floor`` when none above it does."""
    while size > floor and not fits(size):
        size -= SHRINK_STEP_PT
    return size


def widest(lines: list[str], font: str, size: float) -> float:
    """The width in points of the widest of ``lines``."""
    return max(stringWidth(line, font, size) for line in lines)


def wrap_words(text: str, font: str, size: float, room: float) -> list[str]:
    """``text`` broken into lines no wider than ``room`` where it can be (a single word wider
    than the room keeps its own line). Splits on plain spaces only: no-break spaces hold."""
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if line and stringWidth(trial, font, size) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines
