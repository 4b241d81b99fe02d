"""What the game pages share: how many players a page is drawn for, and a catalogue paragraph."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle

from domino_print import texts
from domino_print.pdf.platypus import Paragraph
from domino_print.rules.content import RulesContext, deal_of


def players_of(ctx: RulesContext) -> int:
    """How many players the pages are drawn for: ``--players``, else the most the deal allows."""
    return ctx.players if ctx.players is not None else max(deal_of(ctx))


def paragraph(lang: str, key: str, style: ParagraphStyle, **values: object) -> Paragraph:
    """The catalogue text ``key`` in ``lang``, typeset, as a paragraph in ``style``."""
    return Paragraph(texts.typeset(lang, texts.text(lang, key, **values)), style)
