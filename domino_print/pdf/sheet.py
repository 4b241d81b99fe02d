"""One cutting-sheet page's tiles: faces at their placements, centre lines, cut lines, crop marks.

Cut lines and crop marks belong to the sheet (solid, dark; the layout computes them); the
centre line belongs to each tile (dashed, light grey, see ``tile``). All the centre lines of
a page are one path, and so are all its cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from domino_print.pdf.tile import (
    CENTRE_COLOUR,
    CENTRE_DASH_PT,
    CENTRE_LINE_PT,
    CUT_COLOUR,
    CUT_LINE_PT,
    FaceForms,
    centre_line,
    place_faces,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.shapes import Placement, Segment
    from domino_print.geometry.sheet import PageLayout
    from domino_print.sets.tiles import Tile

CROP_MARK_PT = 0.4


def draw_sheet_tiles(
    canvas: Canvas, faces: FaceForms, tiles: Sequence[Tile], page: PageLayout, *, line_scale: float = 1.0,
    mark_room_pt: float = 0.0,
) -> None:
    """Every tile of ``page`` (``tiles`` indexed by each placement), then its centre lines,
    cut lines and crop marks, their widths times ``line_scale`` (the ink mode's); the centre
    lines stop ``mark_room_pt`` short of the long edge where the set marks go."""
    for placement in page.placements:
        tile = tiles[placement.index]
        place_faces(
            canvas,
            faces,
            tile.a,
            tile.b,
            x=placement.x_mm * mm,
            y=placement.y_mm * mm,
            vertical=placement.vertical,
        )
    draw_centre_lines(canvas, page.placements, faces.size_pt, line_scale, mark_room_pt)
    draw_segments(canvas, page.cut_lines, CUT_LINE_PT * line_scale, CUT_COLOUR)
    if page.crop_marks:
        draw_segments(canvas, page.crop_marks, CROP_MARK_PT * line_scale, CUT_COLOUR, butt=True)


def draw_centre_lines(
    canvas: Canvas, placements: Sequence[Placement], size_pt: float, line_scale: float = 1.0,
    mark_room_pt: float = 0.0,
) -> None:
    """The dashed grey centre line of each tile, as one path."""
    path = canvas.beginPath()
    for p in placements:
        x0, y0, x1, y1 = centre_line(p.x_mm * mm, p.y_mm * mm, size_pt, p.vertical, mark_room_pt)
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    canvas.saveState()
    canvas.setStrokeColor(CENTRE_COLOUR)
    canvas.setLineWidth(CENTRE_LINE_PT * line_scale)
    canvas.setDash(*CENTRE_DASH_PT)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def draw_segments(canvas: Canvas, segments: Sequence[Segment], width_pt: float, colour: str, *,
                  butt: bool = False) -> None:
    """Straight lines given in mm, as one path with square caps; with ``butt``, flat caps (the ink
    stops at the lines' ends: crop marks keep their distance from the paper's edge)."""
    path = canvas.beginPath()
    for s in segments:
        path.moveTo(s.x0 * mm, s.y0 * mm)
        path.lineTo(s.x1 * mm, s.y1 * mm)
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(width_pt)
    canvas.setLineCap(0 if butt else 2)  # square caps: corners close without gaps
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
