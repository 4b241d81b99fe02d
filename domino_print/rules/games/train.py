"""Mexican Train (``--rules train``): private trains from a hub, the Mexican train, markers.

Facts, from the most widely published Mexican Train rules (double-twelve: 2 to 4 players take 15
dominoes each, 5 or 6 take 12, 7 or 8 take 10) and the game's usual description: one round for
each double, from the highest down to the double blank; the round's double (the engine) goes in
the hub, and whoever holds it plays first (if nobody does, players draw in turn until it turns
up); each player builds a private train from their slot of the hub; the Mexican train is
everyone's; a player who cannot play draws one domino, lays it if it fits, else passes and puts
their marker on their own train, which then is open to all until they play on it again; a double
must be covered by another domino before anyone plays elsewhere. The round ends when a player
lays their last domino or nobody can play; everyone adds the pips left in hand, the double blank
counting 50; after the last round the lowest total wins.

Sources disagree on hand sizes for double-twelve: 15 / 12 / 10 (htfbw.com, wikiHow and the
many pages that copy them) is the most widely published table and the one followed here; some
sets' sheets print 15 / 11 / 8 (the owlshollow.com set's rules), a club's house sheet deals one
fewer per extra player (16 for two down to 10 for eight). No source speaks for the other sets,
which are scaled from the double-twelve deal so that a draw pile of at least ten remains:

    =========  =====  =====  =====
    set        2-4    5-6    7-8
    =========  =====  =====  =====
    9 to 11    10     7      5
    12 to 14   15     12     10
    15 to 17   15     13     11
    18         15     15     13
    =========  =====  =====  =====

The unit declares one page after its rules (``pages=("hub",)``): the hub page, drawn by
``pdf/game_pages/hub.py`` from the shared geometry ``geometry/hub.py``: a star with one slot per
player and one for the Mexican train, and a marker to cut for each player and for the Mexican train.
"""

from domino_print.rules.variant import NUMBER_KINDS, Source, Variant, chain_figure, hand_table

HANDS = hand_table(((2, 4), (5, 6), (7, 8)), {
    9: (10, 7, 5),
    12: (15, 12, 10),
    15: (15, 13, 11),
    18: (15, 15, 13),
})
"""The table above: dominoes each by set and players."""

SOURCES = (
    Source("Mexican Train", "htfbw.com", "https://htfbw.com/games-cards/Games/76098.shtml",
           "double-twelve; four or fewer players take 15 each, five or six 12, seven or eight 10, nine or "
           "ten 8; the highest double opens in the station; a player who cannot play draws one, else "
           "marks their train; a double must be answered before play goes on",
           top=12, deal={2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}),
    Source("How to Play Mexican Train Domino Game", "wikiHow (as republished)",
           "https://lightskybluesweet.pages.dev/posts/how-to-play-mexican-train-domino-game-9-steps-with-pictures-",
           "double-twelve; up to 6 players take 12 dominoes each, 7 or 8 take 10, 9 or 10 take 8",
           top=12, deal={5: 12, 6: 12, 7: 10, 8: 10}),
    Source("Mexican Train Domino Set Double 12 (its rules)", "Owl's Hollow",
           "https://shop.owlshollow.com/mexican-train-domino-set-double-12.html",
           "2 to 4 players 15 dominoes, 5 to 6 players 11, 7 to 8 players 8; the highest double is the "
           "engine in the hub; train markers",
           top=12, deal={2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8}),
    Source("Game rules: Mexican Train", "Idaho Good Sam club", "https://www.idahogoodsam.org/gamerules/9",
           "double-twelve, 2 to 8 players; 16, 15, 14, 13, 12, 11, 10 tiles for 2 to 8 players; a "
           "player who cannot play draws one tile, else puts a marker on their train",
           top=12, deal={2: 16, 3: 15, 4: 14, 5: 13, 6: 12, 7: 11, 8: 10}),
)
"""Where the facts come from; the first is the deal the unit follows for double-twelve."""


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
    sources=SOURCES,
    follows="htfbw.com's 15 / 12 / 10 for double-twelve (the most widely published); other sets scaled "
            "from it, no source giving them",
)
