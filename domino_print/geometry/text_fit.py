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
ONE_LINE_SHARE = 0.7
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


def _balanced(words: list[str], width: float, size: float, measure, lines: tuple[str, ...]):
    """The same number of lines, as even as they go: the narrowest width that still needs no more."""
    low, high = 0.0, width
    for _ in range(14):
        middle = (low + high) / 2
        wrapped = _wrap(words, middle, size, measure)
        if wrapped is not None and len(wrapped) <= len(lines):
            high = middle
        else:
            low = middle
    return _wrap(words, high, size, measure) or lines


def fit_text(text: str, width_pt: float, height_pt: float, measure: Callable[[str, float], float], *,
             largest_pt: float, smallest_pt: float = MIN_TEXT_PT) -> Fitted | None:
    """The largest size (from ``largest_pt`` down to ``smallest_pt``) at which ``text``, wrapped,
    fits ``width_pt`` x ``height_pt``; None when even the smallest does not fit.

    One line is preferred down to ``ONE_LINE_SHARE`` of the largest size; wrapped lines are
    balanced ("Qui a" / "7 × 8 ?", not "Qui a 7 ×" / "8 ?").
    """
    words = _words(text)
    if not words:
        return None
    for one_line in (True, False):
        size = largest_pt
        floor = max(smallest_pt, largest_pt * ONE_LINE_SHARE) if one_line else smallest_pt
        while size >= floor - 1e-9:
            lines = _wrap(words, width_pt, size, measure)
            if lines is not None and (len(lines) == 1 or not one_line) \
                    and len(lines) * size * LEADING <= height_pt + 1e-6:
                if len(lines) == 1:  # nothing to balance (the search would find this very line)
                    return Fitted(size, lines)
                return Fitted(size, _balanced(words, width_pt, size, measure, lines))
            size = round(size - 0.5, 2)
    return None
