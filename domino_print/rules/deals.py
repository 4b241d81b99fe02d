"""The draw game's deal, shared by the family and the points games: dominoes each by set and players.

    ======  =====  =========  =========  =========  ================================
    top     tiles  2 players  3 players  4 players  source
    ======  =====  =========  =========  =========  ================================
    2       6      2          -          -          scaled down (see below)
    3       10     3          2          2          scaled down
    4       15     5          3          3          scaled down
    5       21     6          4          4          scaled down
    6-8     28-45  7          5          5          double-six family draw game
    9-11    55-78  7          7          7          double-nine draw game
    12-18   91-190 15         15         15         double-twelve and larger sets
    ======  =====  =========  =========  =========  ================================

* Double-six, 7 for two players and 5 for three or four: the French family rule
  sheets this project follows (regles.com "Règle du jeu de domino", the
  illustrated double-six sheet), and the same deal in the English draw game
  described by htfbw.com "Basic (draw) dominoes".
* Double-nine, 7 each: ehow.co.uk "Double nine dominoes rules" (all 55 tiles
  face down, each player draws seven). Sets of double-seven and double-eight,
  and double-ten and double-eleven, take the deal of the next smaller common set.
* Double-twelve, double-fifteen, double-eighteen, 15 each for two to four
  players: the usual hand for these sets in Mexican Train (ourpastimes.com "How to
  play double 15 Mexican Train dominoes": 2 to 4 players draw 15 with double-12,
  -15 or -18 sets; htfbw.com and behar.co.com give the same 15 for up to four).
  Even with four players a large draw pile remains (31 tiles of double-twelve).
* Smaller than double-six: no reference covers these, so the deal is scaled
  down: each hand is smaller so that a draw pile of at least two tiles always
  remains with the most players allowed, and a set too small for three or four
  hands (double-two, 6 tiles) is for two players only. Double-one and
  double-zero (3 and 1 tiles) cannot make a game.
"""

from __future__ import annotations

from domino_print.rules.variant import MIN_TOP, Source

SOURCES = (
    Source("Règle du jeu de domino : fiche claire avant de commencer", "Regles.com (Nicolas Belotti)",
           "",
           "double-six, 2 to 4 players; the usual deal is 7 dominoes for two players and 5 for three or "
           "four, the rest a draw pile; draw until a domino fits; a blocked round goes to the lowest "
           "total in hand; notes that this deal is not universal",
           top=6, deal={2: 7, 3: 5, 4: 5}),
    Source("Basic (draw) dominoes", "htfbw.com", "",
           "the draw game with a double-six set: 7 each for two players, 5 each for three or four",
           top=6, deal={2: 7, 3: 5, 4: 5}),
    Source("Le Double-Six (règle de boîte)", "French boxed-set rule sheet (the project's seed page)",
           "",
           "2 to 4 players; 7 dominoes each for two or three players, 6 for four; 'aux points': the "
           "round's winner scores the others' pips minus their own, the game is 50 points in general",
           top=6, deal={2: 7, 3: 7, 4: 6}),
    Source("Règle du jeu de dominos", "French toy-shop rules page (the project's seed page)", "",
           "from age 4, 2 to 4 players; 7 each for two players, 6 each for three or four; the highest "
           "double opens, with none the youngest",
           top=6, deal={2: 7, 3: 6, 4: 6}),
    Source("Double nine dominoes rules", "ehow.co.uk", "",
           "all 55 tiles face down, each player draws seven", top=9, deal={2: 7, 3: 7, 4: 7}),
    Source("How to play double 15 Mexican Train dominoes", "ourpastimes.com", "",
           "2 to 4 players draw 15 with a double-12, -15 or -18 set", top=12, deal={2: 15, 3: 15, 4: 15}),
)
"""Where the draw game's deal comes from; the first is followed where sources disagree (the French
box sheets deal 7 / 7 / 6 and 7 / 6 / 6 with double-six)."""

FOLLOWS = ("Regles.com's family deal with double-six (7 for two, 5 for three or four), as htfbw.com's "
           "draw game; the French box sheets' 7 / 7 / 6 and 7 / 6 / 6 are other table habits")

_SMALL_DEALS: dict[int, dict[int, int]] = {
    2: {2: 2},
    3: {2: 3, 3: 2, 4: 2},
    4: {2: 5, 3: 3, 4: 3},
    5: {2: 6, 3: 4, 4: 4},
}


def deal_sizes(top: int) -> dict[int, int]:
    """Tiles dealt to each player, by number of players, for a double-``top`` set.

    Returns ``{players: tiles_each}`` in increasing player order, for example
    ``{2: 7, 3: 5, 4: 5}`` for double-six. The keys are the player counts the set
    allows (2 to 4, only 2 for double-two). ``ValueError`` below ``MIN_TOP``.
    """
    if top < MIN_TOP:
        raise ValueError(f"a double-{top} set is too small for a game")
    if top in _SMALL_DEALS:
        return dict(_SMALL_DEALS[top])
    if top < 9:
        return {2: 7, 3: 5, 4: 5}
    if top < 12:
        return {2: 7, 3: 7, 4: 7}
    return {2: 15, 3: 15, 4: 15}


def example_chain(top: int) -> tuple[tuple[int, int], ...]:
    """The four tiles of the drawn example, left to right; the second is a double.

    2-5, 5-5, 5-3, 3-1 whenever the set has a 5; smaller sets use values they hold.
    """
    if top >= 5:
        return ((2, 5), (5, 5), (5, 3), (3, 1))
    if top >= 3:
        return ((1, 3), (3, 3), (3, 2), (2, 0))
    return ((1, 2), (2, 2), (2, 0), (0, 1))
