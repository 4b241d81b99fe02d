"""Fit a text into a box: wrap at spaces (and after hyphens), then shrink down to a legible minimum.

Pure arithmetic over a ``measure(text, size_pt) -> width_pt`` function, so the
checks before drawing (``pairs``, ``job``) and the painter agree on the result.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

MIN_TEXT_PT = 9.0
"""The smallest text a child reads on a card."""
LEADING = 1.15
_SPACES = re.compile(r"[ \t\r\n]+")


class Fitted(NamedTuple):
    size_pt: float
    lines: tuple[str, ...]


def _words(text: str) -> list[str]:
    words: list[str] = []
    for word in _SPACES.split(text):  # a no-break space (French "Qui a A ?") keeps its words together
        parts = word.split("-")
        words.extend(part + "-" for part in parts[:-1])
        words.append(parts[-1])
    return [w for w in words if w]


def _wrap(words: list[str], width: float, size: float, measure: Callable[[str, float], float]):
    lines: list[str] = []
    for word in words:
        if lines:
            joined = lines[-1] + ("" if lines[-1].endswith("-") else " ") + word
            if measure(joined, size) <= width:
                lines[-1] = joined
                continue
        if measure(word, size) > width:
            return None
        lines.append(word)
    return tuple(lines)


def fit_text(text: str, width_pt: float, height_pt: float, measure: Callable[[str, float], float], *,
             largest_pt: float, smallest_pt: float = MIN_TEXT_PT) -> Fitted | None:
    """The largest size (from ``largest_pt`` down to ``smallest_pt``) at which ``text``, wrapped,
    fits ``width_pt`` x ``height_pt``; None when even the smallest does not fit."""
    words = _words(text)
    if not words:
        return None
    size = largest_pt
    while size >= smallest_pt - 1e-9:
        lines = _wrap(words, width_pt, size, measure)
        if lines is not None and len(lines) * size * LEADING <= height_pt + 1e-6:
            return Fitted(size, lines)
        size = round(size - 0.5, 2)
    return None
