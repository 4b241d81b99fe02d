"""A loop deck's rules page ("J'ai... Qui a... ?" in class; alone) as ``RulesContent``.

Filled from the ``loop.*`` keys of the catalogue; the example shows three cards of the deck
in loop order. The teacher's key that follows it is drawn by ``pdf.key_page``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print import texts
from domino_print.rules.page import RulesContent, Section, escape

if TYPE_CHECKING:
    from domino_print.rules.content import RulesContext
    from domino_print.sets.structures import AssociationSet


def loop_content(ctx: RulesContext, made: AssociationSet) -> RulesContent:
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
