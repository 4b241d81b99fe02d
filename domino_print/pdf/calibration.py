"""The calibration sheet drawn: crosses, flip checks, instructions and a 100 mm bar on the
front; behind each cross, two millimetre rulers and a frame on the back.

Every position comes in millimetres from ``geometry.calibration.calibration_geometry``; see
that module for how the sheet is read. The instructions shrink to fit their band by
``shrink.shrink_to_fit``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from domino_print import fonts
from domino_print.geometry.backs import MAX_BACK_OFFSET_MM
from domino_print.geometry.calibration import calibration_geometry
from domino_print.geometry.printer import NO_SCALE
from domino_print.pdf.canvas import DUPLEX_PREFERENCE, correct_scale, finish_page, new_print_canvas
from domino_print.pdf.shrink import SHRINK_STEP_PT, shrink_to_fit, wrap_words
from domino_print.texts import text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.calibration import CalibrationGeometry
    from domino_print.geometry.sizes import Paper

TEXT_INSET_MM = 12.0
"""The instructions' left and right margin."""


def render_calibration(paper: Paper, duplex: str, lang: str, *, flags: Mapping[str, str],
                       scale: tuple[float, float] = NO_SCALE) -> bytes:
    """The two-page calibration PDF: front with crosses, scale rulers and instructions, back with
    rulers; ``flags`` are the options its instructions name (``options.parsing.calibration_flags``);
    ``scale`` a printer correction to draw it with (``--scale``), to check the correction."""
    geometry = calibration_geometry(paper, duplex)
    return draw_calibration(geometry, paper_name=paper.name, lang=lang, flags=flags, scale=scale)


def draw_calibration(geometry: CalibrationGeometry, *, paper_name: str, lang: str,
                     flags: Mapping[str, str], scale: tuple[float, float] = NO_SCALE) -> bytes:
    """The two-page calibration PDF for ``geometry``, its texts in ``lang``."""
    title = text(lang, "calibration.title")
    width, height = geometry.page_width_mm * mm, geometry.page_height_mm * mm
    buffer = io.BytesIO()
    canvas = new_print_canvas(buffer, (width, height), lang=lang, title=f"{title} – {paper_name}")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[geometry.duplex])
    correct_scale(canvas, scale)
    _draw_front(canvas, geometry, paper_name=paper_name, lang=lang, flags=flags, scale=scale)
    finish_page(canvas)
    correct_scale(canvas, scale)
    _draw_back(canvas, geometry, lang=lang, flags=flags)
    finish_page(canvas)
    canvas.save()
    return buffer.getvalue()


def _draw_front(canvas: Canvas, geometry: CalibrationGeometry, *, paper_name: str, lang: str,
                flags: Mapping[str, str], scale: tuple[float, float]) -> None:
    """Crosses, flip checks, title, instructions and the 100 mm bar."""
    duplex = geometry.duplex
    width, height = geometry.page_width_mm * mm, geometry.page_height_mm * mm
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.8)
    for index, (x, y) in enumerate(geometry.stations):
        arm = geometry.arm_mm * mm
        canvas.line(x * mm - arm, y * mm, x * mm + arm, y * mm)
        canvas.line(x * mm, y * mm - arm, x * mm, y * mm + arm)
        canvas.circle(x * mm, y * mm, (3.5 if index == 0 else 2.5) * mm, stroke=1, fill=0)
    canvas.setFillColor("#000000")
    half = geometry.check_size_mm / 2
    for x, y in geometry.checks:
        size = geometry.check_size_mm * mm
        canvas.rect((x - half) * mm, (y - half) * mm, size, size, stroke=0, fill=1)
    edge = text(lang, f"calibration.edge.{duplex}")
    canvas.setFont(fonts.BOLD, 12)
    canvas.drawCentredString(width / 2, height - 14 * mm, text(lang, "calibration.title"))
    canvas.setFont(fonts.REGULAR, 8)
    parts = [text(lang, "calibration.front"), paper_name, edge, "domino-print"]
    if scale != NO_SCALE:
        parts.insert(3, text(lang, "calibration.in_force", scale_flag=flags["scale_flag"], x=scale[0],
                             y=scale[1]))  # as the language writes a pair (100,6;99,8)
    canvas.drawCentredString(width / 2, height - 19 * mm, " · ".join(parts))
    _draw_instructions(canvas, geometry, edge=edge, lang=lang, flags=flags)
    _draw_scale_rulers(canvas, geometry, lang=lang, flags=flags)


def _draw_scale_rulers(canvas: Canvas, geometry: CalibrationGeometry, *, lang: str,
                       flags: Mapping[str, str]) -> None:
    """The X ruler across the page and the Y ruler up it: millimetre ticks, a number every 10 mm;
    under the X ruler, how to read them (the fifth step)."""
    length = geometry.scale_ruler_mm
    for name, (x0, y0) in (("X", geometry.x_ruler), ("Y", geometry.y_ruler)):
        canvas.saveState()
        canvas.translate(x0 * mm, y0 * mm)
        if name == "Y":
            canvas.rotate(90)  # the ruler's +x runs up the page, its ticks towards the page's inside
        canvas.setStrokeColor("#000000")
        canvas.setLineWidth(0.5)
        canvas.line(0, 0, length * mm, 0)
        for step in range(int(length) + 1):
            tick = 3.0 if step % 10 == 0 else 2.0 if step % 5 == 0 else 1.2
            canvas.setLineWidth(0.4 if step % 10 == 0 else 0.25)
            canvas.line(step * mm, 0, step * mm, tick * mm)
        canvas.restoreState()
    canvas.setFillColor("#000000")
    canvas.setFont(fonts.REGULAR, 6)
    (xx, xy), (yx, yy) = geometry.x_ruler, geometry.y_ruler
    for value in range(0, int(length) + 1, 10):
        canvas.drawCentredString((xx + value) * mm, (xy - 2.8) * mm, str(value))
        canvas.drawString((yx + 1.2) * mm, (yy + value - 0.8) * mm, str(value))
    canvas.setFont(fonts.BOLD, 7)
    canvas.drawString((xx - 5) * mm, (xy - 1) * mm, "X")
    canvas.drawCentredString((yx + 0.5) * mm, (yy - 4) * mm, "Y")
    size = 6.5
    reading = text(lang, "calibration.step.5", length=f"{length:g}", **flags)
    canvas.setFont(fonts.REGULAR, size)
    baseline = (xy - 6.5) * mm
    for line in wrap_words(reading, fonts.REGULAR, size, length * mm):
        canvas.drawString(xx * mm, baseline, line)
        baseline -= size * 1.2


def _draw_instructions(canvas: Canvas, geometry: CalibrationGeometry, *, edge: str, lang: str,
                       flags: Mapping[str, str]) -> None:
    """The four numbered steps, as large as fits the front's text band (9 pt down to 6 pt)."""
    duplex = geometry.duplex
    bottom, top = geometry.text_band
    room = geometry.page_width_mm * mm - (TEXT_INSET_MM + geometry.text_right_mm) * mm
    other = "short" if duplex == "long" else "long"
    steps = [
        text(lang, f"calibration.step.{n}", edge=edge, duplex=duplex, other=other, **flags)
        for n in range(1, 5)
    ]

    def wrapped(size: float) -> list[list[str]]:
        return [wrap_words(step, fonts.REGULAR, size, room) for step in steps]

    def fits(size: float) -> bool:
        blocks = wrapped(size)
        needed = sum(len(block) for block in blocks) * size * 1.25 + (len(blocks) - 1) * size * 0.5
        return needed <= (top - bottom) * mm

    floor = 6.0
    size = shrink_to_fit(9.0, floor, fits)
    # At the floor the lines keep the wrap of the last size tried, 0.25 pt larger, as they
    # always have (German on A5): wrapping them for the floor would change the page.
    lines = wrapped(size + SHRINK_STEP_PT if size <= floor else size)
    y = top * mm - size
    canvas.setFont(fonts.REGULAR, size)
    for block in lines:
        for line in block:
            canvas.drawString(TEXT_INSET_MM * mm, y, line)
            y -= size * 1.25
        y -= size * 0.5


def _draw_back(canvas: Canvas, geometry: CalibrationGeometry, *, lang: str, flags: Mapping[str, str]) -> None:
    """Two rulers behind each cross, a frame behind each flip check, the title and reminder."""
    width = geometry.page_width_mm * mm
    span = MAX_BACK_OFFSET_MM
    for ruler in geometry.rulers:
        x0, y0 = ruler.x_mm * mm, ruler.y_mm * mm
        canvas.saveState()
        canvas.translate(x0, y0)
        if not ruler.along_x:
            canvas.rotate(90)  # the ruler's +x now points up the page: Y readings grow upwards
        canvas.setStrokeColor("#000000")
        canvas.setLineWidth(0.35)
        canvas.line(-span * mm, 0, span * mm, 0)
        for tenth in range(int(-span * 2), int(span * 2) + 1):
            value = tenth / 2
            length = 3.2 if value % 5 == 0 else 2.2 if value == int(value) else 1.2
            canvas.setLineWidth(0.5 if value == 0 else 0.3)
            canvas.line(value * mm, 0, value * mm, length * mm)
        canvas.setFillColor("#000000")
        canvas.setFont(fonts.REGULAR, 6)
        for value in range(int(-span), int(span) + 1, 5):
            canvas.drawCentredString(value * mm, -2.6 * mm, f"{value:+d}" if value else "0")
        canvas.setFont(fonts.BOLD, 7)
        canvas.drawCentredString(ruler.free_end * (span + 2.5) * mm, -1 * mm, "X" if ruler.along_x else "Y")
        canvas.restoreState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.5)
    frame = geometry.check_size_mm + 2
    for x, y in geometry.check_frames:
        canvas.rect((x - frame / 2) * mm, (y - frame / 2) * mm, frame * mm, frame * mm, stroke=1, fill=0)
    bx, by = geometry.back_centre
    canvas.setStrokeColor("#9A9A9A")
    canvas.setLineWidth(0.3)
    canvas.circle(bx * mm, by * mm, 3.5 * mm, stroke=1, fill=0)
    canvas.setFillColor("#000000")
    canvas.setFont(fonts.BOLD, 12)
    centre = geometry.back_text_y_mm
    canvas.drawCentredString(width / 2, (centre + 1) * mm, text(lang, "calibration.back"))
    canvas.setFont(fonts.REGULAR, 7.5)
    y = (centre - 3.5) * mm
    for line in wrap_words(text(lang, "calibration.reminder", **flags), fonts.REGULAR, 7.5, width - 24 * mm):
        canvas.drawCentredString(width / 2, y, line)
        y -= 9
