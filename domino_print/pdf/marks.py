"""Set marks: a disc in the set's colour with the set's number, one form per set.

With several sets, each tile carries its set's mark (where ``backs.mark_centre`` puts it),
the set line in the top margin shows it, and each back carries it in its emblem. The form
is drawn at the radius for the sheet's tiles, centred on the origin; other sizes scale it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from domino_print import fonts
from domino_print.backs import mark_centre, mark_radius_mm, set_colour

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.layout import PageLayout
    from domino_print.pdf.canvas import FormCache



def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on the hex ``colour``."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#FFFFFF"


class SetMarks:
    """The mark of each set as a form sized for tiles ``tile_short_mm`` wide."""

    def __init__(self, forms: FormCache, tile_short_mm: float) -> None:
        self.forms = forms
        self.tile_short_mm = tile_short_mm
        self.radius_pt = mark_radius_mm(tile_short_mm) * mm

    def name(self, number: int) -> str:
        """The form for set ``number``, defined the first time it is needed."""
        radius = self.radius_pt

        def draw() -> None:
            canvas = self.forms.canvas
            colour = set_colour(number)
            canvas.setFillColor(colour)
            canvas.circle(0, 0, radius, stroke=0, fill=1)
            digits = str(number)
            size = min(radius * 1.3, 1.55 * radius / (stringWidth(digits, fonts.BOLD, 1) or 1))
            canvas.setFillColor(ink_on(colour))
            canvas.setFont(fonts.BOLD, size)
            canvas.drawCentredString(0, -0.36 * size, digits)

        return self.forms.define(f"Mark{number}", draw, (-radius, -radius, radius, radius))

    def draw_on_tiles(self, canvas: Canvas, page: PageLayout, number: int) -> None:
        """Set ``number``'s mark on every tile of ``page``."""
        name = self.name(number)
        for p in page.placements:
            x, y = mark_centre(p, self.tile_short_mm)
            canvas.saveState()
            canvas.translate(x * mm, y * mm)
            canvas.doForm(name)
            canvas.restoreState()
