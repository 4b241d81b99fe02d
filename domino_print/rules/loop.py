"""A loop deck's rules page ("J'ai... Qui a... ?" in class; alone) as ``RulesContent``.

Filled from the ``loop.*`` keys of the catalogue (``chain.*`` for a chain, which runs from
"Je commence" to "Fin"); the example shows three cards of the deck in loop order. The
teacher's key that follows it is drawn by ``pdf.key_page``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print import texts
from domino_print.rules.ages import age_text
from domino_print.rules.page import RulesContent, Section, escape

if TYPE_CHECKING:
    from domino_print.sets.structures import AssociationSet
    from domino_print.themes.curricula import Skill


def loop_content(lang: str, theme_title: str, example: tuple[tuple[int, int], ...], skill: Skill | None,
                 made: AssociationSet) -> RulesContent:
    """The page of the deck ``made`` in ``lang``: ``theme_title`` in its heading, ``example`` (three
    cards as face ids) under it, the age from ``skill`` (the content's place in the curricula).
    Given values, not the ``rules.content.RulesContext``, so that this module imports nothing of
    ``rules.content``, which imports it."""

    def say(key: str, **values: object) -> str:
        return texts.text(lang, key, **values)

    count = len(made.tiles)
    own = words_of(made)  # a chain (``chaine``) has its own words, from "Je commence" to "Fin"
    return RulesContent(
        lang=lang,
        title=say(f"{own}.title", theme=escape(theme_title)),
        facts=(
            (say("rules.fact.players"), say("loop.players")),
            (say("rules.fact.age"), age_text(lang, skill) if skill else say("rules.age.others")),
            (say("rules.fact.set"), say(f"{own}.cards", count=count)),
            (say("rules.fact.goal"), say(f"{own}.goal")),
        ),
        sections=(
            Section(say(f"{own}.class_heading"), tuple(say(f"{own}.class.{n}") for n in (1, 2, 3, 4))),
            Section(say(f"{own}.alone_heading"), tuple(say(f"{own}.alone.{n}") for n in (1, 2, 3))),
        ),
        example_heading=say("rules.example_heading"),
        example_tiles=example,
        example_caption=say(f"{own}.example"),
    )


def words_of(made: AssociationSet) -> str:
    """The catalogue table of a deck's own words: ``chain`` for a chain, ``loop`` for a loop."""
    return "chain" if made.structure == "chaine" else "loop"
