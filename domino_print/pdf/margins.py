"""What the sheet's margins carry: the legend (scissors, cutting rule, scale bar), the grey
header at the top left and the set line (label, set number and mark) at the top right.

The texts come from the catalogue of the sheet's language; each is fitted to its room by
``fit.shrink_to_fit``. Positions are worked out from the page size and margin in mm.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth

from domino_print import fonts
from domino_print.pdf.shrink import shrink_to_fit, widest, wrap_words
from domino_print.texts import text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.pdf.marks import SetMarks

SCALE_BAR_MM = 50
PRINTABLE_EDGE_MM = 5.0
"""Most printers leave this much of the paper's edge blank: no text goes closer."""
STEPS_WRAP_PT = 6.0
"""Legend steps wider than their room at this size are wrapped to it, each step on its own lines."""


def draw_scissors(canvas: Canvas, x: float, y: float, length: float) -> None:
    """A small open pair of scissors pointing right, centred vertically on ``y``."""
    ring = length * 0.17
    canvas.saveState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(length * 0.07)
    canvas.setLineCap(1)
    for side in (1, -1):
        canvas.circle(x + ring, y + side * ring * 1.25, ring, stroke=1, fill=0)
        canvas.line(x + 1.9 * ring, y + side * ring * 0.75, x + length, y - side * ring * 0.9)
    canvas.restoreState()


KNOCKOUT_PAD_MM = 1.0
"""Paper left white around a margin text that full guides (``--marks full``) would cross."""


def knock_out(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """A white box (in points, grown by ``KNOCKOUT_PAD_MM``) over the guides, for a text to sit on."""
    pad = KNOCKOUT_PAD_MM * mm
    canvas.saveState()
    canvas.setFillColor("#FFFFFF")
    canvas.rect(x - pad, y - pad, width + 2 * pad, height + 2 * pad, stroke=0, fill=1)
    canvas.restoreState()


def draw_legend(
    canvas: Canvas, *, page_width_mm: float, margin_mm: float, lang: str, steps: Sequence[str] = (),
    knockout: bool = False, note: str = "",
) -> None:
    """Scissors and the cutting rule bottom left, the 50 mm scale bar bottom right.

    ``steps``, one a line, take the cutting rule's place (a fold-over sheet's fold, glue, cut).
    ``knockout``: each part sits on white, over the guides that cross the margin. ``note`` (the
    printer correction in force) is set small above the scale bar, right-aligned."""
    cut = text(lang, "sheet.cut")
    margin = margin_mm * mm
    base = margin + 3.2 * mm
    right = (page_width_mm - margin_mm) * mm
    bar = SCALE_BAR_MM * mm
    left = right - bar
    scale_note = text(lang, "sheet.scale_note", bar=SCALE_BAR_MM)
    note_width = stringWidth(scale_note, fonts.REGULAR, 7)
    # The cutting rule takes what the scale bar leaves; on narrow pages it wraps to two lines.
    room = right - max(bar, note_width) - 4 * mm - (margin + 7 * mm)
    lines = list(steps) or [cut]
    if not steps and stringWidth(cut, fonts.REGULAR, 7.5) > room:
        first, _, second = cut.partition(". ")
        lines = [first + ".", second]
    if steps and widest(lines, fonts.REGULAR, STEPS_WRAP_PT) > room:  # narrow pages: each step wraps
        lines = [part for step in steps for part in wrap_words(step, fonts.REGULAR, STEPS_WRAP_PT, room)]
    size = shrink_to_fit(7.5, 5, lambda s: widest(lines, fonts.REGULAR, s) <= room)
    if knockout:
        rows = len(lines)
        low = base - (rows - 1) * 0.55 * size - 0.25 * size
        knock_out(canvas, margin, min(low, base - 1.6 * mm), 7 * mm + widest(lines, fonts.REGULAR, size),
                  max((rows - 1) * 1.1 * size + size, 3.2 * mm))
        knock_out(canvas, right - max(bar, note_width), base - 0.2 * mm - 2, max(bar, note_width),
                  5.2 * mm + 2)
    draw_scissors(canvas, margin, base + 1.2, 5.5 * mm)
    canvas.setFillColor("#000000")
    canvas.setFont(fonts.REGULAR, size)
    for row, line in enumerate(lines):
        canvas.drawString(margin + 7 * mm, base + (len(lines) - 1 - 2 * row) * 0.55 * size, line)
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor("#000000")
    ticks = canvas.beginPath()
    ticks.moveTo(left, base + 5 * mm)
    ticks.lineTo(right, base + 5 * mm)
    for step in range(SCALE_BAR_MM // 10 + 1):
        tick = left + step * 10 * mm
        ticks.moveTo(tick, base + 5 * mm)
        ticks.lineTo(tick, base + (3.6 if step % 5 else 3.0) * mm)
    canvas.drawPath(ticks, stroke=1, fill=0)
    canvas.setFont(fonts.REGULAR, 7)
    canvas.drawRightString(right, base - 0.2 * mm, scale_note)
    if note:
        size = 6.0
        if knockout:
            width = stringWidth(note, fonts.REGULAR, size)
            knock_out(canvas, right - width, base + 6.3 * mm, width, size)
        canvas.setFont(fonts.REGULAR, size)
        canvas.drawRightString(right, base + 6.6 * mm, note)


def draw_header(canvas: Canvas, header: str, *, page_height_mm: float, margin_mm: float,
                knockout: bool = False) -> None:
    """The grey header line at the top left, just above the tiles (on white with ``knockout``)."""
    top = _top_baseline(page_height_mm, margin_mm, fonts.REGULAR, 7)
    if knockout:
        knock_out(canvas, margin_mm * mm, top - 2, stringWidth(header, fonts.REGULAR, 7), 7)
    canvas.setFillColor("#666666")
    canvas.setFont(fonts.REGULAR, 7)
    canvas.drawString(margin_mm * mm, top, header)


def _top_baseline(page_height_mm: float, margin_mm: float, font: str, size: float,
                  mark_radius: float = 0.0) -> float:
    """The baseline of a line in the top margin: 3 mm into the margin, lower if its tallest glyphs
    (or the set line's mark of ``mark_radius`` points) would reach the paper's last 5 mm."""
    highest = max(getAscent(font, size), 2.6 + mark_radius + 0.5 if mark_radius else 0.0)
    return min((page_height_mm - margin_mm) * mm + 3 * mm,
               (page_height_mm - PRINTABLE_EDGE_MM) * mm - highest)


def set_line(lang: str, label: str, sets: int, number: int) -> str:
    """``CM1 · Jeu 3 / 30``: the label and the set, for the top right of a page."""
    parts = [label] if label else []
    if sets > 1:
        parts.append(text(lang, "sheet.set_number", number=number, sets=sets))
    return " · ".join(parts)


def header_fits(
    header: str, widest_set_line: str, *, page_width_mm: float, margin_mm: float, mark_radius_pt: float = 0.0
) -> bool:
    """Whether the grey header and the widest set line, after its mark of ``mark_radius_pt``,
    fit side by side in the top margin."""
    if not widest_set_line:
        return True
    room = (page_width_mm - 2 * margin_mm - 6) * mm
    used = stringWidth(header, fonts.REGULAR, 7) + stringWidth(widest_set_line, fonts.BOLD, 8)
    return used + 2 * mark_radius_pt + 2 * mm <= room


def draw_set_line(
    canvas: Canvas,
    line: str,
    marks: SetMarks | None,
    number: int,
    *,
    page_width_mm: float,
    page_height_mm: float,
    margin_mm: float,
    knockout: bool = False,
) -> None:
    """The set ``line`` right-aligned in the top margin, after set ``number``'s mark when
    ``marks`` is given (several sets); on white with ``knockout``."""
    if not line:
        return
    right = (page_width_mm - margin_mm) * mm
    radius = marks.radius_pt if marks is not None else 0.0
    base = _top_baseline(page_height_mm, margin_mm, fonts.BOLD, 8, radius)
    if knockout:
        width = stringWidth(line, fonts.BOLD, 8)
        width += 2 * radius + 1.2 * mm if marks is not None else 0
        knock_out(canvas, right - width, base - 2, width, 8.5)
    if marks is not None:
        canvas.saveState()
        canvas.translate(right - radius, base + 2.6)
        canvas.doForm(marks.name(number))
        canvas.restoreState()
        right -= 2 * radius + 1.2 * mm
    canvas.setFillColor("#222222")
    canvas.setFont(fonts.BOLD, 8)
    canvas.drawRightString(right, base, line)
