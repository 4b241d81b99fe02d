"""The classic draw game with pips counted (``--rules points``), for themes with numbers.

Facts, from the classic double-six rules (regles.com "Le Double-Six", "aux points"): the
deal of ``rules.deals``; the highest double opens (with no double, the domino with the
biggest total); a blocked round goes to the lowest total of pips in hand (a tie for the
lowest is a drawn round); the round winner scores the others' pips minus their own, and
the first to the target wins, 50 points in general.
"""

from domino_print.rules.deals import FOLLOWS, SOURCES, deal_sizes
from domino_print.rules.variant import NUMBER_KINDS, Variant

VARIANT = Variant(
    name="points",
    order=1,
    kinds=NUMBER_KINDS,
    tops=None,
    hands=deal_sizes,
    sources=SOURCES,
    follows=FOLLOWS,
    starter="plus-grand-double",
    target=50,
    turn=("rules.turn.lay", "rules.turn.double", "rules.turn.draw"),
    end=("rules.points.end_win", "rules.points.end_blocked"),
    scoring=("rules.points.score",),
)
