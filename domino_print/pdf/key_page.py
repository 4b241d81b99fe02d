"""The teacher's key of a loop deck or a double set, on as many pages as it needs.

A loop: every card from card 1, with what it holds, what it asks and the card that answers.
A double set: every tile, with what each half shows and the value it stands for (two
halves touch when their values are the same). With ``--niveaux``, one key for all levels:
each level's table under its mark and name.
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
from domino_print.pdf.platypus import Flowable, Paragraph, Table, TableStyle
from domino_print.pdf.rules_page import ACCENT, INK, TINT
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


class LevelHeading(Flowable):
    """A level's heading in the key: its mark (``marks.draw_level_mark``), then its name."""

    def __init__(self, level: int, paragraph: Paragraph, body: float) -> None:
        super().__init__()
        self.level, self.paragraph, self.body = level, paragraph, body
        self.indent = max(2.2 * body, 20.0)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        _, height = self.paragraph.wrap(available_width - self.indent, available_height)
        self.width, self.height = available_width, max(height, 1.6 * self.body) + 0.5 * self.body
        return self.width, self.height

    def draw(self) -> None:
        from domino_print.pdf.marks import draw_level_mark

        canvas = self.canv
        canvas.saveState()
        canvas.translate(0.8 * self.body, self.height - 0.85 * self.body)
        draw_level_mark(canvas, self.level, max(0.8 * self.body, 8.0))  # its number 6 pt or more
        canvas.restoreState()
        _, height = self.paragraph.wrap(self.width - self.indent, self.height)
        self.paragraph.drawOn(canvas, self.indent, self.height - height - 0.1 * self.body)


def _flowables(canvas: Canvas, ctx: RulesContext, body: float, width: float) -> list[Flowable]:
    """The key: its title, a word on how to read it, then each deck's table (a loop's order or a
    double set's tiles), under its level's heading with ``--niveaux``."""
    lang = ctx.lang
    regular, bold = fonts.paragraph_fonts()
    heading = texts.text(lang, "loop.key_title", theme=escape(ctx.theme_title))
    title = Paragraph(texts.typeset(lang, heading),
                      ParagraphStyle("key-title", fontName=bold, fontSize=body * 1.8,
                                     leading=body * 2.2, textColor=ACCENT))
    first = ctx.keys[0].deck
    intro_key = "key.double_intro" if first.structure == "double" else f"{words_of(first)}.key_intro"
    intro = Paragraph(texts.typeset(lang, texts.text(lang, intro_key)),
                      ParagraphStyle("key-intro", fontName=regular, fontSize=body,
                                     leading=body * 1.3, textColor=INK))
    cell = ParagraphStyle("key-cell", fontName=regular, fontSize=body, leading=body * 1.2,
                          textColor=INK)
    head = ParagraphStyle("key-head", parent=cell, fontName=bold, textColor=ACCENT)
    level_style = ParagraphStyle("key-level", parent=cell, fontName=bold, fontSize=body * 1.2,
                                 leading=body * 1.5, textColor=INK)
    story: list[Flowable] = [title, intro]
    for key in ctx.keys:
        if key.level:
            named = texts.text(lang, "key.level", number=key.level, name=key.name)
            story.append(LevelHeading(key.level, Paragraph(escape(named), level_style), body))
        story.append(_table(key.deck, lang, cell, head, width, regular, body))
    return story


def _table(made: AssociationSet, lang: str, cell: ParagraphStyle, head: ParagraphStyle, width: float,
           font: str, body: float) -> Table:
    """A loop's cards in order (card, answer, question, next card), or a double set's tiles
    (tile, each half and its value)."""
    rows: list[list[Flowable]]
    names: tuple[str, ...]
    if made.structure == "double":
        names = ("key.tile", "key.half", "key.value", "key.half", "key.value")
        rows = [[Paragraph(texts.text(lang, name), head) for name in names]]
        for number, left, left_value, right, right_value in made.solution:
            rows.append([Paragraph(str(number), cell), Paragraph(escape(left), cell),
                         Paragraph(escape(left_value), cell), Paragraph(escape(right), cell),
                         Paragraph(escape(right_value), cell)])
        shares: tuple[float, ...] = (0.1, 0.3, 0.15, 0.3, 0.15)
    else:
        names = ("loop.key_card", "loop.key_held", "loop.key_asked", "loop.key_next")
        rows = [[Paragraph(texts.text(lang, name), head) for name in names]]
        for number, held, asked, following in made.key:
            rows.append([Paragraph(str(number), cell), Paragraph(escape(held), cell),
                         Paragraph(escape(asked), cell),
                         Paragraph("—" if following is None else str(following), cell)])  # a chain's end
        shares = (0.12, 0.38, 0.38, 0.12)
    table = Table(rows, colWidths=[width * w for w in shares], repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), TINT),
        ("FONTNAME", (0, 0), (-1, -1), font),  # a table sets it on every cell
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#C8D3DA")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), body * 0.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), body * 0.25),
    ]))
    return table


def key_pages(canvas: Canvas, ctx: RulesContext, *, page_width_pt: float, page_height_pt: float,
              margin_pt: float) -> list[KeyPage]:
    """The key of ``ctx.keys`` laid out on pages of ``page_width_pt`` x ``page_height_pt``;
    nothing is drawn."""
    width = page_width_pt - 2 * margin_pt
    room = page_height_pt - 2 * margin_pt
    lines = sum(len(key.deck.key) + len(key.deck.solution) + 2 for key in ctx.keys) - 2
    for body in KEY_BODY_PT:
        if lines * body * ROW_AT_LEAST > room:
            continue  # even one line a row would not fit: no need to lay the table out to know
        story = _flowables(canvas, ctx, body, width)
        heights = [f.wrapOn(canvas, width, page_height_pt)[1] for f in story]
        if sum(heights) + 2 * body <= room:
            return [KeyPage(tuple(story), tuple(heights), body)]
    return _flow(canvas, _flowables(canvas, ctx, FLOW_BODY_PT, width), width, room, FLOW_BODY_PT)


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
