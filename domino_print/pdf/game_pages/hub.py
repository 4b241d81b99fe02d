"""The Mexican Train's hub and markers page (``hub``): the hub and markers of ``geometry.hub``.

Each marker carries the player's set mark (colour and number; shape and fill in ``--ink noir``);
the Mexican train's slot and marker are dark, with its letter in white, apart from the players'.
A game that plays from a hub names the page in its unit (``Variant.pages``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from domino_print import fonts, texts
from domino_print.geometry.hub import SLOT_MM, hub_layout
from domino_print.pdf.game_pages import GamePage
from domino_print.pdf.game_pages._shared import paragraph, players_of
from domino_print.pdf.rules_page import ACCENT, INK

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.pdf.marks import SetMarks
    from domino_print.rules.content import RulesContext

SLOT_GREY = 0.82
"""The players' slots' fill: light enough to write on, dark enough to count from pixels."""
MEXICAN_SLOT_GREY = 0.3
"""The Mexican train's slot: dark, with its letter in white, like its marker (grey in every ink)."""
MARKER_GREY = 0.93


def draw_hub_page(canvas: Canvas, ctx: RulesContext, marks: SetMarks, *, page_width_pt: float,
                  page_height_pt: float, margin_pt: float) -> None:
    """The Mexican Train's hub and markers for ``players_of(ctx)`` players on the current page."""
    lang = ctx.lang
    players = players_of(ctx)
    layout = hub_layout(players, page_width_mm=page_width_pt / mm, page_height_mm=page_height_pt / mm,
                        margin_mm=margin_pt / mm)
    regular, bold = fonts.paragraph_fonts()
    width = page_width_pt - 2 * margin_pt
    title = paragraph(lang, "hub.title", ParagraphStyle("hub-title", fontName=bold, fontSize=18, leading=22,
                                                          textColor=ACCENT))
    intro = paragraph(lang, "hub.intro", ParagraphStyle("hub-intro", fontName=regular, fontSize=10,
                                                          leading=13, textColor=INK))
    y = layout.text_top_mm * mm
    for flowable in (title, intro):
        _, height = flowable.wrapOn(canvas, width, page_height_pt)
        y -= height
        flowable.drawOn(canvas, margin_pt, y)
        y -= 4
    cx, cy = (v * mm for v in layout.centre)
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.9)
    canvas.setFillColor(colors.white)
    canvas.circle(cx, cy, layout.radius_mm * mm, stroke=1, fill=0)  # the cut line
    engine = layout.engine_mm * mm
    canvas.setFillGray(0.6)
    canvas.rect(cx - engine / 2, cy - engine / 2, engine, engine, stroke=1, fill=1)
    slot_w, slot_l = (v * layout.scale * mm for v in SLOT_MM)
    for slot in layout.slots:
        canvas.saveState()
        canvas.translate(slot.x_mm * mm, slot.y_mm * mm)
        canvas.rotate(slot.angle)
        canvas.setFillGray(MEXICAN_SLOT_GREY if slot.mexican else SLOT_GREY)
        canvas.rect(-slot_l / 2, -slot_w / 2, slot_l, slot_w, stroke=1, fill=1)
        canvas.restoreState()
        if slot.mexican:  # its letter inside too, upright
            size = 12 * layout.scale
            canvas.setFillColor(colors.white)
            canvas.setFont(fonts.BOLD, size)
            letter = texts.text(lang, "hub.mexican")
            canvas.drawCentredString(slot.x_mm * mm, slot.y_mm * mm - size * 0.35, letter)
        # the label just past the slot's outer end, upright
        reach = math.hypot(slot.x_mm - layout.centre[0], slot.y_mm - layout.centre[1]) * mm + slot_l / 2 + 9
        lx = cx + reach * math.cos(math.radians(slot.angle))
        ly = cy + reach * math.sin(math.radians(slot.angle))
        canvas.setFillColor(INK)
        canvas.setFont(fonts.BOLD, 13 * layout.scale)
        canvas.drawCentredString(lx, ly - 4.5 * layout.scale, slot.label)
    canvas.restoreState()
    first = layout.markers[0]
    note = paragraph(lang, "hub.markers", ParagraphStyle("hub-note", fontName=regular, fontSize=9.5,
                                                          leading=12, textColor=INK))
    _, height = note.wrapOn(canvas, width, page_height_pt)
    note.drawOn(canvas, margin_pt, (first.y_mm + first.height_mm) * mm + 3)
    for marker in layout.markers:
        x, y, w, h = (v * mm for v in (marker.x_mm, marker.y_mm, marker.width_mm, marker.height_mm))
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.setFillGray(MARKER_GREY)
        canvas.roundRect(x, y, w, h, 3 * mm * layout.scale, stroke=1, fill=1)
        canvas.translate(x + w / 2, y + h * 0.58)
        radius = min(w, h) * 0.3
        if marker.number:
            marks.draw_mark(canvas, marker.number, radius)
        else:
            canvas.setFillColor(INK)
            canvas.circle(0, 0, radius, stroke=0, fill=1)
            canvas.setFillColor(colors.white)
            canvas.setFont(fonts.BOLD, radius * 1.2)
            canvas.drawCentredString(0, -radius * 0.42, texts.text(lang, "hub.mexican"))
        canvas.restoreState()
        canvas.setFillColor(INK)
        canvas.setFont(fonts.BOLD, 10 * layout.scale)
        canvas.drawCentredString(x + w / 2, y + h * 0.1, marker.label)


PAGE = GamePage("hub", draw_hub_page)
