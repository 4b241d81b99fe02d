"""A print-and-cut machine's registration marks drawn on a sheet page (``--registration``).

The marks are filled black rectangles (a square, the legs of an L, the sides of a frame) at the
millimetre places ``geometry.registration`` gives: solid black (DeviceGray), as the machines'
sensors read best.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.registration import RegistrationMarks

MARK_COLOUR = "#000000"


def draw_registration_marks(canvas: Canvas, marks: RegistrationMarks) -> None:
    """Every mark of ``marks`` as a filled black rectangle, in one path."""
    path = canvas.beginPath()
    for mark in marks.marks:
        path.rect(mark.x_mm * mm, mark.y_mm * mm, mark.width_mm * mm, mark.height_mm * mm)
    canvas.saveState()
    canvas.setFillColor(MARK_COLOUR)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
