"""The teacher's key of a loop deck: every card in loop order, on as many pages as it needs.

Every card from card 1, with what it holds, what it asks and the card that answers.
``key_pages`` lays the key out as pages of flowables (the document draws and counts each
one): the largest type that fits one page, down to ``KEY_BODY_PT[-1]``; a key too long for
one page even then flows over as many pages as it needs at ``FLOW_BODY_PT``, its header row
repeated on each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from domino_print import fonts, texts
from domino_print.pdf.rules_page import ACCENT, INK, TINT
from domino_print.platypus_import import Flowable, Paragraph, Table, TableStyle
from domino_print.rules.content import RulesContext
from domino_print.rules.loop import words_of
from domino_print.rules.page import escape
from domino_print.sets.structures import AssociationSet

KEY_BODY_PT = (10.0, 9.0, 8.0, 7.0)
"""Sizes tried for the key table, largest first, until every card fits one page."""
FLOW_BODY_PT = 9.0
"""The size of a key that needs more than one page even at the smallest size."""
ROW_AT_LEAST = 1.2 + 0.2 + 0.25
"""The least height of a key row, in body sizes: one line's leading and its paddings."""


class KeyPage(NamedTuple):
    """One page of the key: its flowables from the top, measured, and the space after each."""

    flowables: tuple[Flowable, ...]
    heights: tuple[float, ...]
    space_pt: float


def _flowables(canvas: Canvas, ctx: RulesContext, made: AssociationSet, body: float,
               width: float) -> list[Flowable]:
    lang = ctx.lang
    regular, bold = fonts.paragraph_fonts()
    heading = texts.text(lang, "loop.key_title", theme=escape(ctx.theme_title))
    title = Paragraph(texts.typeset(lang, heading),
                      ParagraphStyle("key-title", fontName=bold, fontSize=body * 1.8,
                                     leading=body * 2.2, textColor=ACCENT))
    intro = Paragraph(texts.typeset(lang, texts.text(lang, f"{words_of(made)}.key_intro")),
                      ParagraphStyle("key-intro", fontName=regular, fontSize=body,
                                     leading=body * 1.3, textColor=INK))
    cell = ParagraphStyle("key-cell", fontName=regular, fontSize=body, leading=body * 1.2,
                          textColor=INK)
    head = ParagraphStyle("key-head", parent=cell, fontName=bold, textColor=ACCENT)
    names = ("card", "held", "asked", "next")
    rows = [[Paragraph(texts.text(lang, f"loop.key_{name}"), head) for name in names]]
    for number, held, asked, following in made.key:
        rows.append([Paragraph(str(number), cell), Paragraph(escape(held), cell),
                     Paragraph(escape(asked), cell),
                     Paragraph("—" if following is None else str(following), cell)])  # a chain's end
    table = Table(rows, colWidths=[width * w for w in (0.12, 0.38, 0.38, 0.12)], repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), TINT),
        ("FONTNAME", (0, 0), (-1, -1), regular),  # a table sets it on every cell
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#C8D3DA")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), body * 0.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), body * 0.25),
    ]))
    return [title, intro, table]


def key_pages(canvas: Canvas, ctx: RulesContext, made: AssociationSet, *, page_width_pt: float,
              page_height_pt: float, margin_pt: float) -> list[KeyPage]:
    """The key laid out on pages of ``page_width_pt`` x ``page_height_pt``; nothing is drawn."""
    width = page_width_pt - 2 * margin_pt
    room = page_height_pt - 2 * margin_pt
    for body in KEY_BODY_PT:
        if len(made.key) * body * ROW_AT_LEAST > room:
            continue  # even one line a row would not fit: no need to lay the table out to know
        story = _flowables(canvas, ctx, made, body, width)
        heights = [f.wrapOn(canvas, width, page_height_pt)[1] for f in story]
        if sum(heights) + 2 * body <= room:
            return [KeyPage(tuple(story), tuple(heights), body)]
    return _flow(canvas, _flowables(canvas, ctx, made, FLOW_BODY_PT, width), width, room, FLOW_BODY_PT)


def _flow(canvas: Canvas, story: Sequence[Flowable], width: float, room: float,
          space: float) -> list[KeyPage]:
    """``story`` over as many pages of ``room`` points as it needs, splitting what does not fit."""
    pages: list[KeyPage] = []
    waiting = list(story)
    placed: list[Flowable] = []
    heights: list[float] = []
    left = room
    while waiting:
        flowable = waiting.pop(0)
        height = flowable.wrapOn(canvas, width, left)[1]
        if height <= left:
            placed.append(flowable)
            heights.append(height)
            left -= height + space
            continue
        parts = flowable.splitOn(canvas, width, left) if left > 0 else []
        if len(parts) > 1:
            waiting[:0] = parts
            continue
        if not placed:
            raise ValueError("a part of the key is taller than a whole page")
        pages.append(KeyPage(tuple(placed), tuple(heights), space))
        placed, heights, left = [], [], room
        waiting.insert(0, flowable)
    if placed:
        pages.append(KeyPage(tuple(placed), tuple(heights), space))
    return pages


def draw_key_page(canvas: Canvas, page: KeyPage, *, page_height_pt: float, margin_pt: float) -> None:
    """Draw one page of the key on the current page of ``canvas``; the caller ends the page."""
    y = page_height_pt - margin_pt
    for flowable, height in zip(page.flowables, page.heights, strict=True):
        y -= height
        flowable.drawOn(canvas, margin_pt, y)
        y -= page.space_pt
