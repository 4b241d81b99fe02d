"""The family draw game (``--rules famille``, the default): no counting, so any theme plays it.

Facts, from the French family rule sheets (regles.com "Règle du jeu de domino", the
illustrated double-six sheet): the deal of ``rules.deals`` (7 each for two players, 5 for
three or four with double-six); the youngest starts with any domino; the first with an
empty hand wins; a blocked round goes to the fewest dominoes in hand, tied players
sharing the win. No score is kept.
"""

from domino_print.rules.deals import FOLLOWS, SOURCES, deal_sizes
from domino_print.rules.variant import ANY_KIND, Variant

VARIANT = Variant(
    name="famille",
    order=0,
    kinds=ANY_KIND,
    tops=None,
    hands=deal_sizes,
    sources=SOURCES,
    follows=FOLLOWS,
    starter="plus-jeune",
    target=None,
    turn=("rules.turn.lay", "rules.turn.double", "rules.turn.draw"),
    end=("rules.famille.end_win", "rules.famille.end_blocked"),
)
