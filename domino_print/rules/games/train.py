"""Mexican Train (``--rules train``): private trains from a hub, the Mexican train, markers.

Facts, from the rule sheets of the common Mexican Train sets (double-twelve with a hub and
markers: 2 to 4 players take 15 dominoes each, 5 or 6 take 11, 7 or 8 take 8) and the game's
usual description: one round for each double, from the highest down to the double blank; the
round's double (the engine) goes in the hub, and whoever holds it plays first (if nobody does,
players draw in turn until it turns up); each player builds a private train from their slot
of the hub; the Mexican train is everyone's; a player who cannot play draws one domino, lays
it if it fits, else passes and puts their marker on their own train, which then is open to
all until they play on it again; a double must be covered by another domino before anyone
plays elsewhere. The round ends when a player lays their last domino or nobody can play;
everyone adds the pips left in hand, the double blank counting 50; after the last round the
lowest total wins. Sources disagree on hand sizes; other sets are scaled from the
double-twelve deal so that a draw pile remains:

    =========  =====  =====  =====
    set        2-4    5-6    7-8
    =========  =====  =====  =====
    9 to 11    10     7      5
    12 to 14   15     11     8
    15 to 17   15     13     11
    18         15     15     13
    =========  =====  =====  =====

The unit declares one page after its rules (``pages=("hub",)``): the hub page, drawn by
``pdf/game_pages/hub.py`` from the shared geometry ``geometry/hub.py``: a star with one slot per
player and one for the Mexican train, and a marker to cut for each player and for the Mexican train.
"""

from domino_print.rules.variant import NUMBER_KINDS, Variant, chain_figure, hand_table

HANDS = hand_table(((2, 4), (5, 6), (7, 8)), {
    9: (10, 7, 5),
    12: (15, 11, 8),
    15: (15, 13, 11),
    18: (15, 15, 13),
})
"""The table above: dominoes each by set and players."""


VARIANT = Variant(
    name="train",
    order=6,
    kinds=NUMBER_KINDS,
    tops=tuple(range(9, 19)),
    hands=HANDS,
    starter="plus-grand-double",
    target=None,
    keeps_score=True,
    prepare=("rules.prepare.cut", "rules.prepare.shuffle", "rules.prepare.deal", "rules.train.hub"),
    turn=("rules.train.lay", "rules.train.mexican", "rules.train.draw", "rules.train.double"),
    end=("rules.train.end_round", "rules.train.end_next"),
    scoring=("rules.train.score_count", "rules.train.score_win"),
    rounds=lambda top: tuple(range(top, -1, -1)),
    figure=lambda top, example: chain_figure(((top, top), (top, 4), (4, 1))),
    caption="rules.train.example",
    pages=("hub",),
)
