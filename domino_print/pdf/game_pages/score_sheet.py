"""The score sheet (``score_sheet``, added by ``--score-sheet`` to a game that keeps a score).

A table to fill in by hand: a column per player (names written at the top), a row per round
(numbered, or one per double for the games played from the highest double down), the totals, and
the target or the way the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from domino_print import fonts, texts
from domino_print.pdf.game_pages import GamePage
from domino_print.pdf.game_pages._shared import paragraph, players_of
from domino_print.pdf.platypus import Paragraph, Table, TableStyle
from domino_print.pdf.rules_page import ACCENT, INK, TINT
from domino_print.rules import variant
from domino_print.rules.content import SCORE_SHEET, RulesContext, target_of
from domino_print.rules.page import escape

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.pdf.marks import SetMarks

NUMBERED_ROUNDS = 12
"""Rows of a score sheet whose rounds are not one per double."""


def draw_score_sheet(canvas: Canvas, ctx: RulesContext, marks: SetMarks, *, page_width_pt: float,
                     page_height_pt: float, margin_pt: float) -> None:
    """The score sheet of ``ctx``'s game on the current page."""
    lang, game = ctx.lang, variant(ctx.variant)
    regular, bold = fonts.paragraph_fonts()
    title_style = ParagraphStyle("sheet-title", fontName=bold, fontSize=20, leading=24, textColor=ACCENT)
    body = ParagraphStyle("sheet-body", fontName=regular, fontSize=11, leading=14, textColor=INK)
    head = ParagraphStyle("sheet-head", parent=body, fontName=bold, textColor=ACCENT)
    name = texts.text(lang, f"rules.names.{ctx.variant}")
    if game.target is not None:
        ending = ("score.target", {"target": texts.plural(lang, "rules.points_total", target_of(ctx))})
    else:
        ending = ("score.lowest", {})
    story = [
        Paragraph(texts.typeset(lang, texts.text(lang, "score.title", game=escape(name))), title_style),
        paragraph(lang, ending[0], body, **ending[1]),
        paragraph(lang, "score.names", body),
    ]
    players = players_of(ctx)
    if game.rounds is not None:
        labels = [f"{d}-{d}" for d in game.rounds(ctx.top)]
        first = texts.text(lang, "score.double")
    else:
        labels = [str(n) for n in range(1, NUMBERED_ROUNDS + 1)]
        first = texts.text(lang, "score.round")
    rows = [[Paragraph(escape(first), head), *([""] * players)]]
    rows += [[Paragraph(label, body), *([""] * players)] for label in labels]
    rows.append([Paragraph(escape(texts.text(lang, "score.total")), head), *([""] * players)])
    width = page_width_pt - 2 * margin_pt
    used = sum(f.wrapOn(canvas, width, page_height_pt)[1] + 8 for f in story)
    room = page_height_pt - 2 * margin_pt - used - 4
    name_row = min(14 * mm, room * 0.12)
    row = min(11 * mm, (room - name_row) / (len(rows) - 1))
    first_w = 22 * mm
    table = Table(rows, colWidths=[first_w, *([(width - first_w) / players] * players)],
                  rowHeights=[name_row, *([row] * (len(rows) - 1))])
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), regular),
        ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#7A8A96")),
        ("BACKGROUND", (0, 0), (-1, 0), TINT),
        ("BACKGROUND", (0, -1), (-1, -1), TINT),
        ("LINEABOVE", (0, -1), (-1, -1), 1.4, ACCENT),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    story.append(table)
    y = page_height_pt - margin_pt
    for flowable in story:
        _, height = flowable.wrapOn(canvas, width, page_height_pt)
        y -= height
        flowable.drawOn(canvas, margin_pt, y)
        y -= 8


PAGE = GamePage(SCORE_SHEET, draw_score_sheet)
