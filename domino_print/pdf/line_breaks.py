"""A paragraph's line breaks kept across documents, found again at any width they cannot differ at.

Platypus breaks a paragraph's lines greedily: a word goes on the line while the line, that word
included, is no wider than the line's width (plus a little shrink of its spaces,
``spaceShrinkage``); then the next line begins. A wider width never puts fewer words on a line,
so where two widths give the same lines, every width between them gives those lines too. The
widths known to give one set of lines form a *run*; a paragraph wrapped at a width inside a run
takes the run's lines instead of breaking them again, the room left on each line moved by the
difference in width (the only thing a width changes in them).

The studio lays out a new rules page for each preview, and a new margin moves the text's width
by a tenth of a millimetre, which almost never moves a word: the page is then set from the lines
of an earlier page, the same PDF as breaking them again (``tests/test_layout_caches.py`` draws
pages both ways). Only what that argument covers is kept: left-aligned paragraphs (a left-aligned
line is drawn the same whatever room is left on it, as long as some is) with no hyphenation of any
kind (soft hyphens included), no dots leader, no CJK or bidirectional wrapping and no inline
picture or anchor (a picture's width may be a share of the line's), whose lines all have room
left (none drawn with its spaces shrunk), no word cut to fit a line (the pieces of a cut word do
not keep the argument: a piece may be empty, and ReportLab breaks again from the pieces) and no
first line narrowed for a wide bullet. ``rules_page._Paragraph`` checks what the paragraph shows;
``keeps`` what its style does. An independent review fuzzed it against ReportLab's own paragraphs
(texts with markup, breaks, no-break spaces, long words, bullets, indents, sizes, shrinkage,
threads): the cases it found are in ``tests/test_layout_caches.py``.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from reportlab.lib.enums import TA_LEFT

PARAGRAPHS_KEPT = 512
"""Paragraphs whose runs are kept in a process, the least recently used forgotten first (a rules
page has about 25 in each of its looks)."""
RUNS_KEPT = 16
"""Runs kept for one paragraph, the least recently used forgotten first: a paragraph's lines
change at a few widths over the margins a visitor tries."""


class _Lines:
    """A paragraph's lines as ``breakLines`` left them at ``width`` (the paragraph's), with what it set
    on the paragraph besides: the words (``frags``) and the widest line (no word is split in kept
    lines: ``rules_page._Paragraph`` keeps none)."""

    __slots__ = ("bl_para", "frags", "width", "width_max")

    def __init__(self, paragraph: Any, bl_para: Any, width: float) -> None:
        self.width = width
        self.bl_para = bl_para
        self.frags = paragraph.frags
        self.width_max = paragraph._width_max

    def give(self, paragraph: Any, width: float) -> Any:
        """These lines for ``paragraph`` wrapped at ``width``, each line's room left moved by the
        difference in width; its own copies of the lines (the words are shared, never changed)."""
        shift = width - self.width
        lines = self.bl_para.lines
        if self.bl_para.kind == 0:  # one fragment: each line (room left, its words)
            moved = [(room + shift, words) for room, words in lines]
        else:
            moved = [
                line.clone(extraSpace=line.extraSpace + shift, maxWidth=line.maxWidth + shift)
                for line in lines
            ]
        paragraph.frags = self.frags
        paragraph._width_max = self.width_max
        paragraph._splitLongWordCount = paragraph._hyphenations = 0
        paragraph.height = 0
        return self.bl_para.clone(lines=moved)


class _Run:
    """The widths from ``low`` to ``high`` that give the lines ``signature`` names."""

    __slots__ = ("high", "lines", "low", "signature", "used")

    def __init__(self, width: float, signature: tuple, lines: _Lines, used: int) -> None:
        self.low = self.high = width
        self.signature = signature
        self.lines = lines
        self.used = used


def keeps(style: Any) -> bool:
    """Whether paragraphs of ``style`` break their lines the way this module relies on."""
    return (
        style.alignment == TA_LEFT
        and not style.wordWrap
        and not style.endDots
        and not style.hyphenationLang
        and not style.embeddedHyphenation
        and not style.uriWasteReduce
    )


def signature(bl_para: Any) -> tuple | None:
    """The words of each of a paragraph's lines (``breakLines``'s), None when a line has no room left."""
    if bl_para.kind == 0:
        if any(room < 0.0 for room, _ in bl_para.lines):
            return None
        return (0, tuple(tuple(words) for _, words in bl_para.lines))
    if any(line.extraSpace < 0.0 for line in bl_para.lines):
        return None
    return (1, tuple((tuple(word.text for word in line.words), line.lineBreak) for line in bl_para.lines))


class KeptLines:
    """The runs of each paragraph, by a key naming its text and style (``rules_page._paragraph``)."""

    def __init__(self) -> None:
        self._runs: OrderedDict[Hashable, list[_Run]] = OrderedDict()
        self._lock = threading.Lock()
        self._clock = 0
        self.reused = 0
        """Line breaks answered from a run (for tests and measurements)."""

    def clear(self) -> None:
        with self._lock:
            self._runs.clear()

    def __len__(self) -> int:
        return len(self._runs)

    def runs(self, key: Hashable) -> list[tuple[float, float]]:
        """The runs kept for ``key``, as (lowest, highest) widths."""
        with self._lock:
            return [(run.low, run.high) for run in self._runs.get(key, [])]

    def give(self, key: Hashable, paragraph: Any, width: float) -> Any | None:
        """The lines of the run holding ``width`` for ``paragraph`` (``breakLines``'s answer, with
        what it sets on the paragraph), or None if no run holds it."""
        with self._lock:
            runs = self._runs.get(key)
            if not runs:
                return None
            self._runs.move_to_end(key)
            index = bisect.bisect_right([run.low for run in runs], width) - 1
            if index < 0 or width > runs[index].high:
                return None
            run = runs[index]
            self._clock += 1
            run.used = self._clock
            self.reused += 1
        return run.lines.give(paragraph, width)

    def keep(self, key: Hashable, paragraph: Any, bl_para: Any, width: float) -> None:
        """Keep the lines ``bl_para`` that ``paragraph`` was just broken into at ``width``: a run of
        their own, or the run beside that gives the same lines, reaching to ``width`` now."""
        named = signature(bl_para)
        if named is None:
            return
        lines = _Lines(paragraph, bl_para, width)
        with self._lock:
            self._clock += 1
            runs = self._runs.setdefault(key, [])
            self._runs.move_to_end(key)
            index = bisect.bisect_right([run.low for run in runs], width)
            below = runs[index - 1] if index else None
            above = runs[index] if index < len(runs) else None
            if below is not None and width <= below.high:
                return  # already held (another thread wrapped it meanwhile)
            if below is not None and below.signature == named:
                below.high, below.used = width, self._clock
                if above is not None and above.signature == named:  # the two runs are one
                    below.high = above.high
                    runs.remove(above)
            elif above is not None and above.signature == named:
                above.low, above.used = width, self._clock
            else:
                runs.insert(index, _Run(width, named, lines, self._clock))
            if len(runs) > RUNS_KEPT:
                runs.remove(min(runs, key=lambda run: run.used))
            while len(self._runs) > PARAGRAPHS_KEPT:
                self._runs.popitem(last=False)
