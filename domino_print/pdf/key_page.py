"""The loop deck's rules page (in class, "J'ai... Qui a... ?"; alone) and the teacher's key page.

``loop_content`` fills the same ``RulesContent`` the rules page typesets, from
the ``loop.*`` keys of the catalogue; the example shows three cards of the deck
in loop order. ``draw_key_page`` ends the rules page and draws the key: every
card in loop order, from card 1, with what it holds, what it asks and the card
that answers.
"""

from __future__ import annotations

from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle

from domino_print import fonts, texts
from domino_print.pdf.rules_page import ACCENT, INK, TINT, RulesContent, Section, escape
from domino_print.platypus_import import Paragraph, Table, TableStyle
from domino_print.sets.structures import AssociationSet

KEY_BODY_PT = (10.0, 9.0, 8.0, 7.0)
"""Sizes tried for the key table, largest first, until every card fits the page."""


class LoopPages(NamedTuple):
    """What ``rules`` asks of a loop deck (``RulesContext.loop``): its content, then its key page."""

    deck: AssociationSet

    def content(self, ctx) -> RulesContent:
        return loop_content(ctx, self.deck)

    def draw_key_page(self, canvas, ctx, *page_and_margin_pt: float) -> None:
        draw_key_page(canvas, ctx, self.deck, *page_and_margin_pt)


def loop_content(ctx, made: AssociationSet) -> RulesContent:
    lang = ctx.lang

    def say(key: str, **values: object) -> str:
        return texts.text(lang, key, **values)

    count = len(made.tiles)
    return RulesContent(
        lang=lang,
        title=say("loop.title", theme=escape(ctx.theme_title)),
        facts=(
            (say("rules.fact.players"), say("loop.players")),
            (say("rules.fact.age"), say("rules.age.others")),
            (say("rules.fact.set"), say("loop.cards", count=count)),
            (say("rules.fact.goal"), say("loop.goal")),
        ),
        sections=(
            Section(say("loop.class_heading"), tuple(say(f"loop.class.{n}") for n in (1, 2, 3, 4))),
            Section(say("loop.alone_heading"), tuple(say(f"loop.alone.{n}") for n in (1, 2, 3))),
        ),
        example_heading=say("rules.example_heading"),
        example_tiles=ctx.example,
        example_caption=say("loop.example"),
    )


def draw_key_page(canvas, ctx, made: AssociationSet, page_width_pt: float, page_height_pt: float,
                  margin_pt: float) -> None:
    """End the rules page, then draw the teacher's key on a page of its own."""
    canvas.setTrimBox((0, 0, page_width_pt, page_height_pt))
    canvas.showPage()
    lang = ctx.lang
    width = page_width_pt - 2 * margin_pt
    top = page_height_pt - margin_pt
    regular, bold = fonts.paragraph_fonts()
    for body in KEY_BODY_PT:
        heading = texts.text(lang, "loop.key_title", theme=escape(ctx.theme_title))
        title = Paragraph(texts.typeset(lang, heading),
                          ParagraphStyle("key-title", fontName=bold, fontSize=body * 1.8,
                                         leading=body * 2.2, textColor=ACCENT))
        intro = Paragraph(texts.typeset(lang, texts.text(lang, "loop.key_intro")),
                          ParagraphStyle("key-intro", fontName=regular, fontSize=body,
                                         leading=body * 1.3, textColor=INK))
        cell = ParagraphStyle("key-cell", fontName=regular, fontSize=body, leading=body * 1.2,
                              textColor=INK)
        head = ParagraphStyle("key-head", parent=cell, fontName=bold, textColor=ACCENT)
        names = ("card", "held", "asked", "next")
        rows = [[Paragraph(texts.text(lang, f"loop.key_{name}"), head) for name in names]]
        for number, held, asked, following in made.key:
            rows.append([Paragraph(str(number), cell), Paragraph(escape(held), cell),
                         Paragraph(escape(asked), cell), Paragraph(str(following), cell)])
        table = Table(rows, colWidths=[width * w for w in (0.12, 0.38, 0.38, 0.12)], repeatRows=1)
        table.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, 0), TINT),
            ("FONTNAME", (0, 0), (-1, -1), regular),  # a table sets it on every cell
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#C8D3DA")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), body * 0.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), body * 0.25),
        ]))
        heights = [f.wrapOn(canvas, width, page_height_pt)[1] for f in (title, intro, table)]
        if sum(heights) + 2 * body <= page_height_pt - 2 * margin_pt or body == KEY_BODY_PT[-1]:
            y = top
            for flowable, height in zip((title, intro, table), heights, strict=True):
                y -= height
                flowable.drawOn(canvas, margin_pt, y)
                y -= body
            return
