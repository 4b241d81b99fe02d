"""Vector pictures redrawn for an ink mode: pale (``light``) or as a colouring page (``line``).

Both work on the ReportLab drawing svglib makes of an SVG, shape by shape, so the same
rules serve the built-in fruits (precompiled by ``art`` for each style) and a user's SVG.

``line``: every fill becomes white and every outline near black, so the picture is an
outline a child can colour in. A coloured line drawn over a dark one of the same shape (the
fruits' stems: a wide dark line under a narrower brown one) turns white, so the stem stays
an outlined band; another coloured line (the banana's ridge) turns dark and thinner. A
filled detail with no outline (seeds, dimples, a shine) gets a thin outline of its own, and
a dark one stays filled dark: details stay as lines, so each fruit is still recognisable.

``light``: every fill keeps ``LIGHT_ART_SHARE`` of its darkness (its hue stays, the rest is
paper), dark outlines turn mid grey and every line is half as wide.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from domino_print.colour import luma

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

ART_STYLES = ("colour", "light", "line")
"""How a picture can be drawn; ``ink.Ink.art`` names one."""

LIGHT_ART_SHARE = 0.22
"""In ``light`` art, a fill keeps this share of its colour's darkness (the rest is paper)."""
LIGHT_ART_STROKE = "#8C8C8C"
"""In ``light`` art, dark outlines are drawn in this mid grey."""
LIGHT_ART_WIDTH = 0.5
"""In ``light`` art, outlines are this much as wide."""
LINE_ART_INK = "#1A1A1A"
"""In ``line`` art, every outline is drawn in this near black."""
LINE_ART_DETAIL_WIDTH = 1.4
"""In ``line`` art, the outline given to a filled detail that had none (seeds, shine), in the
picture's own units (the built-in art is drawn on a 100-unit square)."""
_DARK = 0.3
"""A colour darker than this grey level (0 black, 1 white) counts as an outline colour."""


def _hex(red: float, green: float, blue: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02X}" for c in (red, green, blue))


def lighter(colour, share: float) -> str:
    """``colour`` (a ReportLab colour) with only ``share`` of its darkness in each channel."""
    return _hex(*(1 - share * (1 - c) for c in (colour.red, colour.green, colour.blue)))


def _is_dark(colour) -> bool:
    return luma(colour.red, colour.green, colour.blue) < _DARK


def _shape_key(shape) -> tuple:
    """What tells two shapes apart geometrically: same key, same outline."""
    return (
        type(shape).__name__,
        tuple(getattr(shape, "points", ()) or ()),
        tuple(getattr(shape, "operators", ()) or ()),
        tuple(round(v, 3) for v in shape.getBounds()),
    )


def restyle(drawing: Drawing, style: str) -> Drawing:
    """A copy of ``drawing`` in ``style`` (one of ``ART_STYLES``); ``drawing`` itself, which
    ``load_svg`` may hand out again, is left as it is."""
    if style == "colour":
        return drawing
    if style not in ART_STYLES:
        raise ValueError(f"unknown art style {style!r}")
    drawing = copy.deepcopy(drawing)  # Drawing.copy() shares its shapes
    from reportlab.lib.colors import toColor  # deferred: ReportLab's colours, for restyled art only

    dark_lines: set[tuple] = set()

    def visit(node) -> None:
        for child in getattr(node, "contents", ()):
            if hasattr(child, "contents"):
                visit(child)
            elif hasattr(child, "fillColor") or hasattr(child, "strokeColor"):
                if style == "line":
                    _to_line(child, dark_lines, toColor)
                else:
                    _to_light(child, toColor)

    visit(drawing)
    return drawing


def _to_line(shape, dark_lines: set[tuple], to_colour) -> None:
    fill = getattr(shape, "fillColor", None)
    stroke = getattr(shape, "strokeColor", None)
    width = getattr(shape, "strokeWidth", 0) or 0
    ink = to_colour(LINE_ART_INK)
    if stroke is not None and width > 0:
        if _is_dark(stroke):
            dark_lines.add(_shape_key(shape))
            shape.strokeColor = ink
        elif _shape_key(shape) in dark_lines:
            shape.strokeColor = to_colour("#FFFFFF")  # the inside of an outlined line (a stem)
        else:
            shape.strokeColor = ink
            shape.strokeWidth = width * 0.6
        if fill is not None:
            shape.fillColor = to_colour("#FFFFFF")
    elif fill is not None:
        if _is_dark(fill):
            shape.fillColor = ink
        else:
            shape.fillColor = to_colour("#FFFFFF")
            shape.strokeColor = ink
            shape.strokeWidth = LINE_ART_DETAIL_WIDTH


def _to_light(shape, to_colour) -> None:
    fill = getattr(shape, "fillColor", None)
    stroke = getattr(shape, "strokeColor", None)
    width = getattr(shape, "strokeWidth", 0) or 0
    if fill is not None:
        shape.fillColor = to_colour(lighter(fill, LIGHT_ART_SHARE))
    if stroke is not None and width > 0:
        shape.strokeColor = to_colour(LIGHT_ART_STROKE if _is_dark(stroke) else lighter(stroke, 0.6))
        shape.strokeWidth = width * LIGHT_ART_WIDTH
