"""The two-sided calibration sheet: measure a printer's front-to-back misregistration.

The front shows five crosses at known places (the centre and near each corner).
The back shows, behind each cross (mirrored for the flip edge, see ``backs``),
two millimetre rulers: a horizontal one crossing the cross's vertical arm and a
vertical one crossing its horizontal arm. Held against the light with the back
facing you, the front's arms show through and cut the rulers at the offset to
pass as ``--back-offset X,Y``: if the back lands ``s`` mm off, the zero of each
ruler moves by ``s`` and the fixed arm reads ``-s``, which is the shift that
cancels it.

Beside each cross the front also has a small filled square, and the back a small
frame exactly behind it: if the square does not show inside its frame, the printer
turns the sheet on the other edge, and the user reprints with the other ``--duplex``.

``calibration_geometry`` is pure (millimetres, no ReportLab) so it can be
tested; ``render_calibration`` draws it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from domino_print.backs import MAX_BACK_OFFSET_MM, mirror_point
from domino_print.errors import OptionError
from domino_print.layout import Paper
from domino_print.texts import text

ARM_MM = 20.0
"""Half length of each arm of a front cross."""
RULER_GAP_MM = 14.0
"""Distance from a station to the ruler that crosses its arm (clear of the other ruler)."""
CORNER_INSET_MM = 30.0
CHECK_OFFSET_MM = 6.0
"""The flip check sits this far from its station along each axis, away from the rulers."""
CHECK_SIZE_MM = 3.0
MIN_SIDES_MM = (140.0, 195.0)

@dataclass(frozen=True)
class Ruler:
    """A millimetre ruler on the back: its zero at (x, y), running along x or along y."""

    x_mm: float
    y_mm: float
    along_x: bool
    free_end: int
    """+1 or -1: the end of the ruler away from its station's other ruler (for its letter)."""


@dataclass(frozen=True)
class CalibrationGeometry:
    page_width_mm: float
    page_height_mm: float
    duplex: str
    stations: tuple[tuple[float, float], ...]
    """Cross centres on the front, the centre first."""
    rulers: tuple[Ruler, ...]
    """Two per station, on the back: the X ruler then the Y ruler."""
    checks: tuple[tuple[float, float], ...]
    """Per station, the centre of the flip check: a filled square on the front..."""
    check_frames: tuple[tuple[float, float], ...]
    """...and the frame behind it on the back (its mirror image)."""
    text_band: tuple[float, float]
    """(bottom, top) of the front's instructions, in mm."""


def check_paper(paper: Paper) -> None:
    short, long = MIN_SIDES_MM
    if paper.width_mm < short or paper.height_mm < long:
        raise OptionError(
            "{paper} {name} is too small for the calibration page; use A5 or larger",
            fields=("paper",), name=paper.name,
        )


def calibration_geometry(paper: Paper, duplex: str) -> CalibrationGeometry:
    """Where the crosses go on the (portrait) front and the rulers on the back, in mm."""
    check_paper(paper)
    width, height = paper.width_mm, paper.height_mm
    inset = CORNER_INSET_MM
    stations = (
        (width / 2, height / 2),
        (inset, inset),
        (width - inset, inset),
        (inset, height - inset),
        (width - inset, height - inset),
    )
    rulers: list[Ruler] = []
    checks, frames = [], []
    for x, y in stations:
        bx, by = mirror_point(x, y, width, height, duplex)
        # Rulers sit towards the page centre, so none runs off the sheet.
        sx = 1 if bx <= width / 2 + 1e-6 else -1
        sy = 1 if by <= height / 2 + 1e-6 else -1
        rulers.append(Ruler(bx, by + sy * RULER_GAP_MM, along_x=True, free_end=-sx))
        rulers.append(Ruler(bx + sx * RULER_GAP_MM, by, along_x=False, free_end=-sy))
        # the quadrant on the back that holds no ruler
        frame = (bx - sx * CHECK_OFFSET_MM, by - sy * CHECK_OFFSET_MM)
        frames.append(frame)
        checks.append(mirror_point(*frame, width, height, duplex))
    top = height - inset - ARM_MM - 4
    bottom = height / 2 + ARM_MM + 4
    return CalibrationGeometry(
        width, height, duplex, stations, tuple(rulers), tuple(checks), tuple(frames), (bottom, top)
    )


def render_calibration(paper: Paper, duplex: str, lang: str) -> bytes:
    """The two-page calibration PDF: front with crosses and instructions, back with rulers."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from domino_print.render import DUPLEX_PREFERENCE, new_print_canvas

    geometry = calibration_geometry(paper, duplex)
    title = text(lang, "calibration.title")
    edge = text(lang, f"calibration.edge.{duplex}")
    width, height = geometry.page_width_mm * mm, geometry.page_height_mm * mm
    buffer = io.BytesIO()
    canvas = new_print_canvas(buffer, (width, height), lang=lang, title=f"{title} – {paper.name}")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])

    def wrap(text: str, font: str, size: float, room: float) -> list[str]:
        lines, line = [], ""
        for word in text.split(" "):  # split on spaces only: no-break spaces hold
            trial = f"{line} {word}".strip()
            if line and stringWidth(trial, font, size) > room:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines

    def finish() -> None:
        canvas.setTrimBox((0, 0, width, height))
        canvas.showPage()

    # -- front: crosses, title, instructions, 100 mm bar ------------------------------------
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.8)
    for index, (x, y) in enumerate(geometry.stations):
        arm = ARM_MM * mm
        canvas.line(x * mm - arm, y * mm, x * mm + arm, y * mm)
        canvas.line(x * mm, y * mm - arm, x * mm, y * mm + arm)
        canvas.circle(x * mm, y * mm, (3.5 if index == 0 else 2.5) * mm, stroke=1, fill=0)
    canvas.setFillColor("#000000")
    half = CHECK_SIZE_MM / 2
    for x, y in geometry.checks:
        size = CHECK_SIZE_MM * mm
        canvas.rect((x - half) * mm, (y - half) * mm, size, size, stroke=0, fill=1)
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawCentredString(width / 2, height - 14 * mm, title)
    canvas.setFont("Helvetica", 8)
    canvas.drawCentredString(
        width / 2,
        height - 19 * mm,
        f"{text(lang, 'calibration.front')} · {paper.name} · {edge} · domino-print",
    )
    bottom, top = geometry.text_band
    room = width - 2 * 12 * mm
    other = "short" if duplex == "long" else "long"
    steps = [
        text(lang, f"calibration.step.{n}", edge=edge, duplex=duplex, other=other) for n in range(1, 5)
    ]
    size = 9.0
    while size > 6:
        lines = [wrap(step, "Helvetica", size, room) for step in steps]
        needed = sum(len(block) for block in lines) * size * 1.25 + (len(lines) - 1) * size * 0.5
        if needed <= (top - bottom) * mm:
            break
        size -= 0.25
    y = top * mm - size
    canvas.setFont("Helvetica", size)
    for block in lines:
        for line in block:
            canvas.drawString(12 * mm, y, line)
            y -= size * 1.25
        y -= size * 0.5
    bar_y = (geometry.page_height_mm / 2 - ARM_MM - 10) * mm
    left = width / 2 - 50 * mm
    canvas.setLineWidth(0.6)
    canvas.line(left, bar_y, left + 100 * mm, bar_y)
    for step in range(11):
        tick = 3 * mm if step % 5 == 0 else 1.8 * mm
        canvas.line(left + step * 10 * mm, bar_y, left + step * 10 * mm, bar_y + tick)
    canvas.setFont("Helvetica", 7)
    canvas.drawCentredString(width / 2, bar_y - 3.5 * mm, text(lang, "calibration.bar"))
    finish()

    # -- back: rulers behind each cross ------------------------------------------------------
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
        canvas.setFont("Helvetica", 6)
        for value in range(int(-span), int(span) + 1, 5):
            canvas.drawCentredString(value * mm, -2.6 * mm, f"{value:+d}" if value else "0")
        canvas.setFont("Helvetica-Bold", 7)
        canvas.drawCentredString(ruler.free_end * (span + 2.5) * mm, -1 * mm, "X" if ruler.along_x else "Y")
        canvas.restoreState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.5)
    frame = CHECK_SIZE_MM + 2
    for x, y in geometry.check_frames:
        canvas.rect((x - frame / 2) * mm, (y - frame / 2) * mm, frame * mm, frame * mm, stroke=1, fill=0)
    bx, by = mirror_point(*geometry.stations[0], geometry.page_width_mm, geometry.page_height_mm, duplex)
    canvas.setStrokeColor("#9A9A9A")
    canvas.setLineWidth(0.3)
    canvas.circle(bx * mm, by * mm, 3.5 * mm, stroke=1, fill=0)
    canvas.setFillColor("#000000")
    canvas.setFont("Helvetica-Bold", 12)
    page_w, page_h = geometry.page_width_mm, geometry.page_height_mm
    # behind the blank strip of the front between the 100 mm bar and the bottom crosses, so
    # neither side's text hides the other's marks when the sheet is held against the light
    bar_bottom = page_h / 2 - ARM_MM - 10 - 5
    centre = mirror_point(page_w / 2, (bar_bottom + CORNER_INSET_MM + ARM_MM) / 2, page_w, page_h, duplex)[1]
    canvas.drawCentredString(width / 2, (centre + 1) * mm, text(lang, "calibration.back"))
    canvas.setFont("Helvetica", 7.5)
    y = (centre - 3.5) * mm
    for line in wrap(text(lang, "calibration.reminder"), "Helvetica", 7.5, width - 24 * mm):
        canvas.drawCentredString(width / 2, y, line)
        y -= 9
    finish()
    canvas.save()
    return buffer.getvalue()
