"""Set marks: a hexagon in the set's colour with the set's number, one form per set.

No face draws a hexagon (pips, dice, ten-frames, coins, clocks and pies are discs; ten-frames,
dice, base-ten units and notes are squares or rectangles), so a child counting the pips of a
``pips-couleur`` domino does not count the mark as one more pip (issue 29, item 9): a coloured
disc there read as a pip of the set's colour.

In grey (``--ink noir``, ``shapes=True``) colour cannot tell sets apart: each set's mark
takes a shape (hexagon, diamond, pentagon, octagon: none a face uses either) and a fill
(white ringed in black, then for sets 5 to 8 solid black with a white number), eight styles
cycled like the eight colours, the number inside.

With several sets, each tile carries its set's mark (where ``backs.mark_centre`` puts it, 3 mm
inside the cut), the set line in the top margin shows it, and each back carries it in its
emblem. The form is drawn at the radius at which every set's number is ``MARK_NUMBER_PT`` or
more (``mark_radius_pt``: white on colour needs 7 pt), centred on the origin; other sizes scale it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from domino_print import fonts
from domino_print.colour import hex_luma
from domino_print.geometry.backs import LEVEL_MARKS, level_mark_radius_mm, mark_centre, set_colour
from domino_print.geometry.sizes import SAFE_AREA_MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.sheet import PageLayout
    from domino_print.pdf.canvas import FormCache

MARK_NUMBER_PT = 7.2
"""The smallest number on a set mark on the tiles: white on colour is 7 pt at least (issue 21),
with a little to spare for rounding."""
MARK_SHAPE = "hexagon"
"""The colour set marks' shape: one no face uses (a disc reads as a pip)."""
MARK_SHAPES = ("hexagon", "diamond", "pentagon", "octagon")
"""The grey set marks' shapes, none a face uses; each comes ringed, then solid: ``mark_style``."""


def mark_style(number: int) -> tuple[str, bool]:
    """The grey mark of set ``number``: its shape, and whether it is solid (else ringed)."""
    k = (number - 1) % (2 * len(MARK_SHAPES))
    return MARK_SHAPES[k % len(MARK_SHAPES)], k >= len(MARK_SHAPES)


def _shape_path(canvas: Canvas, shape: str, radius: float):
    """The outline of ``shape`` centred on the origin, reaching ``radius`` (about the disc's area);
    the hexagon and the pentagon stand on a point and a side, a number between their upright sides."""
    path = canvas.beginPath()
    if shape == "disc":
        path.circle(0, 0, radius)
        return path
    if shape in ("triangle", "star"):
        if shape == "triangle":  # pointing up, its corners on the circle of ``radius``
            points = [(radius * math.cos(math.radians(90 + 120 * i)),
                       radius * math.sin(math.radians(90 + 120 * i))) for i in range(3)]
        else:  # five points on the circle of ``radius``
            points = [((1.0 if i % 2 == 0 else 0.5) * radius * math.cos(math.radians(90 + 36 * i)),
                       (1.0 if i % 2 == 0 else 0.5) * radius * math.sin(math.radians(90 + 36 * i)))
                      for i in range(10)]
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        return path
    corners = {"square": (4, 45.0, 1.0), "diamond": (4, 0.0, 1.08), "hexagon": (6, 90.0, 1.0),
               "pentagon": (5, 90.0, 1.0), "octagon": (8, 22.5, 1.0)}[shape]
    count, start, reach = corners
    points = [
        (reach * radius * math.cos(math.radians(start + 360 * i / count)),
         reach * radius * math.sin(math.radians(start + 360 * i / count)))
        for i in range(count)
    ]
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _number_size(radius: float, digits: str, shape: str | None) -> float:
    """The number's size on a mark of ``radius``: as tall as the mark allows, narrow enough for its
    digits, smaller inside a grey shape (``shape``; None for a colour hexagon, whose upright sides
    0.87 of ``radius`` from the centre hold the widest number a disc of ``radius`` held)."""
    size = min(radius * 1.3, 1.55 * radius / (stringWidth(digits, fonts.BOLD, 1) or 1))
    if shape is None:
        return size
    return size * (0.8 if shape == "diamond" else 0.9)


def mark_radius_pt(sets: int, *, shapes: bool = False) -> float:
    """The smallest mark radius (points) at which every number from 1 to ``sets`` is drawn at
    ``MARK_NUMBER_PT`` or more: the same for every set of a document, larger for three digits."""
    return max(
        MARK_NUMBER_PT / _number_size(1.0, str(number), mark_style(number)[0] if shapes else None)
        for number in range(1, max(sets, 1) + 1)
    )


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on the hex ``colour``."""
    return "#111111" if hex_luma(colour) > 150 else "#FFFFFF"


class SetMarks:
    """The mark of each set as a form sized for tiles ``tile_short_mm`` wide."""

    prefix = "Mark"
    reach = 1.0
    """How far past ``radius_pt`` the shapes reach, as a share of it (the form's box)."""

    def __init__(
        self, forms: FormCache, tile_short_mm: float, *, shapes: bool = False, sets: int = 1
    ) -> None:
        self.forms = forms
        self.shapes = shapes
        """Grey marks told apart by shape and fill (``mark_style``) instead of colour."""
        self.tile_short_mm = tile_short_mm
        self.radius_pt = mark_radius_pt(sets, shapes=shapes)
        """Every mark's radius on the tiles and in the set line (``mark_radius_pt``)."""

    def room_pt(self) -> float:
        """How far from the long edge the centre line stops to leave a set mark alone: the safe
        area, the mark, and a millimetre."""
        return (SAFE_AREA_MM + 1.0) * mm + 2 * self.radius_pt

    def colour(self, number: int) -> str:
        """The colour of set ``number``, for the outline of its backs' emblem."""
        return set_colour(number)

    def name(self, number: int) -> str:
        """The form for set ``number``, defined the first time it is needed."""
        radius = self.radius_pt

        def draw() -> None:
            self.draw_mark(self.forms.canvas, number, radius)

        reach = self.reach * radius
        return self.forms.define(f"{self.prefix}{number}", draw, (-reach, -reach, reach, reach))

    def draw_mark(self, canvas: Canvas, number: int, radius: float) -> None:
        """Set ``number``'s mark centred on the origin, ``radius`` points across half, drawn directly
        (the form of ``name`` is this at the tiles' radius)."""
        digits = str(number)
        size = _number_size(radius, digits, mark_style(number)[0] if self.shapes else None)
        if self.shapes:
            shape, solid = mark_style(number)
            ring = 0.16 * radius
            canvas.setFillColor("#111111" if solid else "#FFFFFF")
            canvas.setStrokeColor("#111111")
            canvas.setLineWidth(ring)
            canvas.setLineJoin(1)
            outline = radius - (0 if solid else ring / 2)
            canvas.drawPath(_shape_path(canvas, shape, outline), stroke=0 if solid else 1, fill=1)
            colour = "#111111" if solid else "#FFFFFF"
        else:
            colour = set_colour(number)
            canvas.setFillColor(colour)
            canvas.drawPath(_shape_path(canvas, MARK_SHAPE, radius), stroke=0, fill=1)
        canvas.setFillColor(ink_on(colour))
        canvas.setFont(fonts.BOLD, size)
        canvas.drawCentredString(0, -0.36 * size, digits)

    def draw_on_tiles(self, canvas: Canvas, page: PageLayout, number: int) -> None:
        """Set ``number``'s mark on every tile of ``page``."""
        name = self.name(number)
        for p in page.placements:
            x, y = mark_centre(p, self.tile_short_mm, self.radius_pt / mm)
            canvas.saveState()
            canvas.translate(x * mm, y * mm)
            canvas.doForm(name)
            canvas.restoreState()


def draw_level_mark(canvas: Canvas, level: int, radius: float) -> None:
    """Level ``level``'s mark centred on the origin: its shape filled with its colour and ringed in
    dark grey (``geometry.backs.LEVEL_MARKS``), every shape within ``radius``. No number: the
    shape and the colour say the level (a number would need 7 pt, white on colour), and the
    level's line and the key name it beside the mark. In grey (``--ink noir``) the canvas draws
    the colour as a grey level; the shape alone tells the level."""
    shape, colour = LEVEL_MARKS[(level - 1) % len(LEVEL_MARKS)]
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.setStrokeColor("#222222")
    ring = 0.1 * radius
    canvas.setLineWidth(ring)
    canvas.setLineJoin(1)
    outline = (radius - ring / 2) / (1.08 if shape == "diamond" else 1.0)
    canvas.drawPath(_shape_path(canvas, shape, outline), stroke=1, fill=1)
    canvas.restoreState()


class LevelMarks(SetMarks):
    """The marks of a differentiated deck's levels (``--niveaux``), one form each: a shape and a
    colour per level (``draw_level_mark``), on each front where a set mark would go (the end of
    the middle line, 3 mm inside the cut, the centre line stopped short of it: a corner that far
    inside would overlap the clocks and pies that fill their halves), beside the level's line
    in the top margin, and on each back."""

    prefix = "Level"

    def __init__(self, forms: FormCache, tile_short_mm: float) -> None:
        super().__init__(forms, tile_short_mm)
        self.radius_pt = level_mark_radius_mm(tile_short_mm) * mm

    def colour(self, number: int) -> str:
        return LEVEL_MARKS[(number - 1) % len(LEVEL_MARKS)][1]

    def draw_mark(self, canvas: Canvas, number: int, radius: float) -> None:
        draw_level_mark(canvas, number, radius)
