"""Glyph outlines from the embedded font (Fira Sans Bold, ``fonts.font_file``), in mm, for relief.

fontTools reads the TrueType outlines; each quadratic curve is flattened into short segments
(``STEPS_PER_CURVE``), the text laid out with the font's advance widths, then scaled and
centred into a box. The contours are filled even-odd (a glyph's counters are holes), as
``output.mesh`` extrudes them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

from domino_print import fonts
from domino_print.geometry.touch import Contour

if TYPE_CHECKING:
    from fontTools.ttLib.ttGlyphSet import _TTGlyphSet

STEPS_PER_CURVE = 8


class _FlatPen(BasePen):
    """Outlines as lists of points, curves flattened."""

    def __init__(self, glyph_set: _TTGlyphSet, dx: float) -> None:
        super().__init__(glyph_set)
        self.dx = dx
        self.contours: list[list[tuple[float, float]]] = []
        self._current: list[tuple[float, float]] = []

    def _moveTo(self, pt):
        self._current = [(pt[0] + self.dx, pt[1])]

    def _lineTo(self, pt):
        self._current.append((pt[0] + self.dx, pt[1]))

    def _qCurveToOne(self, pt1, pt2):
        x0, y0 = self._current[-1][0] - self.dx, self._current[-1][1]
        for step in range(1, STEPS_PER_CURVE + 1):
            t = step / STEPS_PER_CURVE
            u = 1 - t
            x = u * u * x0 + 2 * u * t * pt1[0] + t * t * pt2[0]
            y = u * u * y0 + 2 * u * t * pt1[1] + t * t * pt2[1]
            self._current.append((x + self.dx, y))

    def _curveToOne(self, pt1, pt2, pt3):
        x0, y0 = self._current[-1][0] - self.dx, self._current[-1][1]
        for step in range(1, STEPS_PER_CURVE + 1):
            t = step / STEPS_PER_CURVE
            u = 1 - t
            x = u**3 * x0 + 3 * u * u * t * pt1[0] + 3 * u * t * t * pt2[0] + t**3 * pt3[0]
            y = u**3 * y0 + 3 * u * u * t * pt1[1] + 3 * u * t * t * pt2[1] + t**3 * pt3[1]
            self._current.append((x + self.dx, y))

    def _closePath(self):
        if len(self._current) > 2:
            if self._current[0] == self._current[-1]:
                self._current.pop()
            self.contours.append(self._current)
        self._current = []

    _endPath = _closePath


@functools.lru_cache(maxsize=1)
def _font() -> TTFont:
    return TTFont(str(fonts.font_file("BOLD")), lazy=True)


def text_outlines(text: str) -> tuple[list[list[tuple[float, float]]], float]:
    """The outlines of ``text`` in font units, from x = 0 along the baseline, and the cap height."""
    font = _font()
    glyph_set = font.getGlyphSet()
    cmap = font.getBestCmap()
    metrics = font["hmtx"].metrics
    x = 0.0
    contours: list[list[tuple[float, float]]] = []
    for character in text:
        name = cmap.get(ord(character), ".notdef")
        pen = _FlatPen(glyph_set, x)
        glyph_set[name].draw(pen)
        contours.extend(pen.contours)
        x += metrics[name][0]
    cap = getattr(font["OS/2"], "sCapHeight", 0) or font["head"].unitsPerEm * 0.7
    return contours, float(cap)


def fitted_text(text: str, centre: tuple[float, float], width_mm: float, height_mm: float, *,
                underline: bool = False) -> tuple[Contour, ...]:
    """``text``'s outlines scaled to fit ``width_mm`` x ``height_mm`` (its cap height filling the
    height when the width allows), centred on ``centre``; ``underline`` adds a bar beneath (6, 9)."""
    contours, cap = text_outlines(text)
    if not contours:
        return ()
    xs = [x for contour in contours for x, _ in contour]
    ys = [y for contour in contours for _, y in contour]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    ink_height = max(top - bottom, cap)
    scale = min(height_mm / ink_height, width_mm / max(right - left, 1.0))
    cx, cy = centre
    mid_x, mid_y = (left + right) / 2, (bottom + top) / 2
    shapes = [tuple((round(cx + (x - mid_x) * scale, 4), round(cy + (y - mid_y) * scale, 4))
                    for x, y in contour) for contour in contours]
    if underline:
        bar = max(1.2, 0.1 * (top - bottom) * scale)
        y1 = cy - (top - bottom) * scale / 2 - bar * 0.8
        x0, x1 = cx - (right - left) * scale / 2, cx + (right - left) * scale / 2
        shapes.append(((x0, y1 - bar), (x1, y1 - bar), (x1, y1), (x0, y1)))
    return tuple(shapes)
