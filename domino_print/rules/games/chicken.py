"""Chicken Foot (``--rules chicken``): one round per double, each double a three-toed foot.

Facts, from the common Chicken Foot rules (the "Trains" family; htfbw.com "Chicken foot",
ourpastimes.com "How to play Chickenfoot dominoes"): played with double-six to double-twelve
sets, one round for each double, from the highest down to the double blank; whoever holds the
round's double lays it in the middle (if nobody does, players draw in turn until it turns up),
and it gets a domino on each of its four sides before anything else; every other double is laid
crosswise and becomes a chicken foot: the next three dominoes go on its free side before anyone
plays elsewhere. A player who cannot play draws one domino, lays it if it fits, else passes.
The round ends when a player lays their last domino or nobody can play; everyone then adds the
pips left in hand, the double blank counting 50; after the last round the lowest total wins.
Hand sizes differ between sources (seven each is the common figure; htfbw gives nine for two
players and seven for three or four with double-nine; 15 for four players with double-twelve);
the table below keeps a draw pile of at least eight dominoes:

    =========  =====  =====  =====  =====
    set        2      3-4    5-6    7-8
    =========  =====  =====  =====  =====
    6 to 8     7      5      -      -
    9 to 11    9      7      7      6
    12         15     15     12     10
    =========  =====  =====  =====  =====
"""

from domino_print.rules.variant import NUMBER_KINDS, Figure, PlacedTile, Source, Variant, hand_table

HANDS = hand_table(((2, 2), (3, 4), (5, 6), (7, 8)), {
    6: (7, 5, None, None),
    9: (9, 7, 7, 6),
    12: (15, 15, 12, 10),
})
"""The table above: dominoes each by set and players."""

SOURCES = (
    Source("Chicken foot", "htfbw.com", "https://htfbw.com/games-cards/Games/39024.shtml",
           "double-nine (or double-twelve); two players take nine each, three or four take seven; one "
           "round per double from the highest; a double's three toes are filled first; the double blank "
           "counts 50; lowest score wins",
           top=9, deal={2: 9, 3: 7, 4: 7}),
    Source("Chicken Foot", "dominoesgame.org (the Wikipedia article's wording)",
           "http://www.dominoesgame.org/chicken-foot.htm",
           "2 to 8 players with any common set; each picks seven, more when fewer players use a larger "
           "set (four players with double-twelve can draw 15)",
           top=12, deal={4: 15}),
    Source("How to play Chickenfoot dominoes", "htfbw.com", "https://htfbw.com/games-cards/Games/76108.shtml",
           "choose the hand so that 10 to 20 dominoes stay in the chicken yard; seven or eight each is "
           "standard for four or five players with double-nine; two or three may play with double-six"),
    Source("Chicken Foot", "flash.net (archived)",
           "http://web.archive.org/web/20020103201512/http:/www.flash.net/~russellr/mindshare/humor/chknfoot.htm",
           "double-nine; the hand may vary from twenty each for two players to six each for eight",
           top=9, deal={8: 6}),
    Source("How to Play Chickenfoot Dominoes", "cardsdicedominoes.com",
           "http://www.cardsdicedominoes.com/chickenfoot-domino-rules.htm",
           "double-six, double-nine or double-twelve (7, 10 or 13 rounds); seven each for four or five "
           "players with double-nine, leaving 10 to 20 tiles",
           top=9, deal={4: 7, 5: 7}),
)
"""Where the facts come from; the first is the deal the unit follows for double-nine."""


def foot(gap: float) -> tuple[PlacedTile, ...]:
    """2-5, the double five crosswise, and its three toes 5-1, 5-3, 5-4 on its free side."""
    toes_x = 2 + gap + 1 + gap
    return (
        PlacedTile(2, 5, 0.0, 1.0 + gap, upright=False),
        PlacedTile(5, 5, 2 + gap, 0.5 + gap, upright=True),
        PlacedTile(5, 1, toes_x, 2 + 2 * gap, upright=False),
        PlacedTile(5, 3, toes_x, 1 + gap, upright=False),
        PlacedTile(5, 4, toes_x, 0.0, upright=False),
    )


FIGURE = Figure(foot, sizes_mm=(12.0, 11.0, 10.0), last_resort_mm=8.0, units_wide=5.2)

VARIANT = Variant(
    name="chicken",
    order=5,
    kinds=NUMBER_KINDS,
    tops=tuple(range(6, 13)),
    hands=HANDS,
    starter="plus-grand-double",
    target=None,
    keeps_score=True,
    turn=("rules.chicken.lay", "rules.chicken.centre", "rules.chicken.foot", "rules.chicken.draw"),
    end=("rules.chicken.end_round", "rules.chicken.end_next"),
    scoring=("rules.chicken.score_count", "rules.chicken.score_win"),
    rounds=lambda top: tuple(range(top, -1, -1)),
    figure=lambda top, example: FIGURE,
    caption="rules.chicken.example",
    sources=SOURCES,
    follows="htfbw.com's double-nine deal (nine for two, seven for three or four), seven for five or six "
            "as the common figure, six for seven or eight (the archived flash.net sheet); double-six and "
            "double-twelve are sized to leave a chicken yard, 15 each up to four with double-twelve "
            "(dominoesgame.org)",
)
