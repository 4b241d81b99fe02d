"""Text widths measured once in a process: ``KeptWidths``, mixed into the font every page measures with.

The rules page's paragraphs are broken into lines by measuring every word (ReportLab's
``stringWidth``), and the studio lays out a new rules page for each preview: the same words
in the same sizes, measured again and again. A width is a pure function of the font's file,
the text and the size, so it is kept (``WIDTHS_KEPT`` per font, then forgotten all at once):
the same numbers, so the same PDF.
"""

from __future__ import annotations

from typing import ClassVar

WIDTHS_KEPT = 20_000
"""Widths kept per font (a rules page measures a few hundred words); past it, the font's are forgotten."""


class KeptWidths:
    """Mixed in before a ReportLab ``TTFont`` (``fonts._register``: before ``TaggedTTFont``), it
    keeps the font's widths across documents (``WIDTHS_KEPT``). It adds no attribute of its own
    (``fonts.parsed`` rebuilds fonts from their attributes): the widths live in a class-level
    table, by font name. It imports no font module: ``fonts`` imports it, and a module of the
    package importing another would import ``fonts`` back."""

    fontName: str

    _widths: ClassVar[dict[str, dict[tuple[object, float, str], float]]] = {}

    def stringWidth(self, text, size, encoding="utf8"):
        kept = self._widths.get(self.fontName)
        if kept is None:
            kept = self._widths.setdefault(self.fontName, {})
        key = (text, size, encoding)
        width = kept.get(key)
        if width is None:
            width = super().stringWidth(text, size, encoding)  # type: ignore[misc]
            if len(kept) >= WIDTHS_KEPT:
                kept.clear()
            kept[key] = width
        return width
