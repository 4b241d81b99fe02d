"""Pips laid out like dice, for values 0 (blank) to 12, optionally one colour per value.

The positions (``geometry.dice.DICE``) are fractions of the square, in the coordinates of a
*horizontal* tile: the renderer turns the face with the tile when it stands upright.
Faces holding more than nine pips get smaller ones.

Without colour (``--ink noir``) coloured pips keep their meaning with a pattern per colour
(``PIP_PATTERNS``: ring, ring and dot, bar, cross, half...; black pips stay solid): values
that share a colour share a pattern, as they shared the colour.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from domino_print.colour import hex_luma
from domino_print.geometry.dice import DICE, pip_radius

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.ink import Ink
    from domino_print.themes.model import Theme

PIP_POSITIONS = DICE
"""Pip centres as fractions of the face, for each value (``geometry.dice``)."""

MAX_PIPS = max(PIP_POSITIONS)

PIP_PATTERNS = ("ring", "dot", "bar", "cross", "x", "half", "target")
"""The black-ink patterns of coloured pips, given in the order the theme's colours appear
from value 1 (value 0 has no pips); black and near-black pips stay solid."""
PIP_INK = "#111111"


def _is_black(colour: str) -> bool:
    return hex_luma(colour) < 60


def pattern_of(colours: tuple[str, ...], value: int) -> str:
    """The pattern standing for ``value``'s colour: ``solid`` for black, else one per distinct
    colour, in the order the colours appear from value 1 on."""
    colour = colours[value].upper()
    if _is_black(colour):
        return "solid"
    distinct = list(dict.fromkeys(c.upper() for c in colours[1:] if not _is_black(c)))
    return PIP_PATTERNS[distinct.index(colour) % len(PIP_PATTERNS)]


def draw_patterned_pip(canvas: Canvas, x: float, y: float, radius: float, pattern: str) -> None:
    """A black-ink pip: solid, or a dark ring holding the ``pattern``'s marks."""
    canvas.setFillColor(PIP_INK)
    canvas.setStrokeColor(PIP_INK)
    if pattern == "solid":
        canvas.circle(x, y, radius, stroke=0, fill=1)
        return
    ring = 0.24 * radius
    bar = 0.26 * radius
    inner = radius - ring
    canvas.setLineWidth(bar)
    canvas.setLineCap(0)
    if pattern == "dot":
        canvas.circle(x, y, 0.38 * radius, stroke=0, fill=1)
    elif pattern == "target":
        canvas.setLineWidth(0.7 * bar)
        canvas.circle(x, y, 0.45 * radius, stroke=1, fill=0)
    elif pattern == "half":
        canvas.wedge(x - inner, y - inner, x + inner, y + inner, 90, 180, stroke=0, fill=1)
    else:
        angles = {"bar": (0,), "cross": (0, 90), "x": (45, 135)}.get(pattern, ())  # "ring": none
        for angle in angles:
            dx, dy = math.cos(math.radians(angle)) * inner, math.sin(math.radians(angle)) * inner
            canvas.line(x - dx, y - dy, x + dx, y + dy)
    canvas.setLineWidth(ring)
    canvas.circle(x, y, radius - ring / 2, stroke=1, fill=0)


class PipPainter:
    """Round pips; with ``colours`` (one per value) each pip is filled and ringed dark, or with
    ``patterns`` drawn in black with one pattern per colour (``PIP_PATTERNS``)."""

    follows_tile = True

    def __init__(
        self, colours: tuple[str, ...] = (), *, patterns: bool = False, outline_scale: float = 1.0
    ) -> None:
        self.colours = colours
        self.patterns = patterns and bool(colours)
        self.outline_scale = outline_scale

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> PipPainter:
        return cls(colours=theme.colours)

    def use_ink(self, ink: Ink) -> PipPainter:
        """This painter for an ink mode: patterns for colours in black ink, thinner rings in eco."""
        return PipPainter(self.colours, patterns=ink.pip_patterns, outline_scale=ink.pip_outline_scale)

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        radius = pip_radius(value) * size_pt
        if self.patterns:
            pattern = pattern_of(self.colours, value)
            for fx, fy in PIP_POSITIONS[value]:
                draw_patterned_pip(canvas, fx * size_pt, fy * size_pt, radius, pattern)
            return
        if self.colours:
            canvas.setFillColor(self.colours[value])
            canvas.setStrokeColor("#1A1A1A")
            canvas.setLineWidth(max(0.6, radius * 0.18) * self.outline_scale)
        else:
            canvas.setFillColor("#111111")
        for fx, fy in PIP_POSITIONS[value]:
            canvas.circle(fx * size_pt, fy * size_pt, radius, stroke=1 if self.colours else 0, fill=1)
