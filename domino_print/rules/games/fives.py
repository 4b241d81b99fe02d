"""All Fives (``--rules fives``, also Muggins): points when the open ends add up to a multiple of five.

Facts, from the common All Fives rules (the sources below): a double-six set; two players
take 7 dominoes each, three or four take 5; the first double laid, and only that one, is a
spinner, open on its four sides; a double at an end counts both its halves. After each domino,
if the open ends add up to a multiple of five, the player scores that total at once. A player
who cannot play draws until a domino fits (or the pile is empty, then passes). The player who
goes out scores the pips left in the others' hands, rounded to the nearest five; in a blocked
round, the lowest hand scores the others' pips minus their own, rounded the same way. The
usual target, 200 points, is the Muggins game's (as its common descriptions give it).

Sources disagree on the deal: the rules sites give 7 for two players and 5 for three or four,
Britannica and Puremco's Muggins sheet 5 each whatever the players, Foster's Hoyle 7 for its
two-hand game; a page once copied around the web gives 9 / 7 / 5 and adds that "another
alternative" is 7 / 5. The unit follows the rules sites (``VARIANT.sources``, first).

The example figure::

            6-5
     4-6    6-6   6-1

The double six is the spinner: the open ends show 4, 1 and 5, which make 10.
"""

from domino_print.rules.variant import NUMBER_KINDS, Figure, PlacedTile, Source, Variant

DEAL = {2: 7, 3: 5, 4: 5}

SOURCES = (
    Source("All Fives Domino Rules", "domino-games.com",
           "http://www.domino-games.com/domino-rules/allfives-rules.html",
           "double-six, 2 to 4 players; 2 players draw 7 each, 3 or 4 draw 5; the first double is the "
           "spinner; ends adding up to a multiple of five score that total",
           top=6, deal={2: 7, 3: 5, 4: 5}),
    Source("All Fives (Dominoes)", "gamerules.org", "http://gamerules.org/rules/all-fives-dominoes-game/",
           "some sources deal 5 each whatever the players, the vast majority 7 for two and 5 for three "
           "or four; only the first double is a spinner",
           top=6, deal={2: 7, 3: 5, 4: 5}),
    Source("Domino - Muggins", "spaanszt.home.xs4all.nl", "https://spaanszt.home.xs4all.nl/Domino/Muggins.html",
           "2 to 4 players, double-six; two players receive 7, three or four receive 5",
           top=6, deal={2: 7, 3: 5, 4: 5}),
    Source("The Fives and Threes Family", "pagat.com", "https://www.pagat.com/domino/fives_family.html",
           "Muggins or All Fives; the games of the family differ first in the number of tiles drawn "
           "per hand, and in their spinners (only the first double: a cross-shaped layout)"),
    Source("Muggins, or All Fives", "R. F. Foster, Foster's Complete Hoyle",
           "https://bitlit.ru/page/en/r-f-foster/fosters-complete-hoyle-an-encyclopedia-of-games-"
           "including-all-indoor-games-played-to-day-with-suggestions-for-good-play-illustrative-"
           "hands-and-all-off/607",
           "for two, three or four players; each draws seven bones (its two-hand game), the highest "
           "double sets; the player who goes out scores the nearest multiple of five of the pips left",
           top=6, deal={2: 7}),
    Source("Muggins", "Encyclopaedia Britannica", "https://www.britannica.com/print/article/660976",
           "also called all fives; each player takes five pieces; going out scores the multiple of five "
           "nearest to the pips left in the adversary's hand; the winner is the first to 200 points",
           top=6, deal={2: 5}),
)
"""Where the facts come from; the first three give the deal the unit follows."""


def spinner_count(gap: float) -> tuple[PlacedTile, ...]:
    """4-6, the double six upright, 6-1, and 6-5 above the double (ends 4 + 1 + 5 = 10)."""
    spinner_x = 2 + gap
    return (
        PlacedTile(4, 6, 0.0, 0.5, upright=False),
        PlacedTile(6, 6, spinner_x, 0.0, upright=True),
        PlacedTile(6, 1, spinner_x + 1 + gap, 0.5, upright=False),
        PlacedTile(6, 5, spinner_x, 2 + gap, upright=True),
    )


FIGURE = Figure(spinner_count, sizes_mm=(12.0, 11.0, 10.0), last_resort_mm=8.0, units_wide=5.2)

VARIANT = Variant(
    name="fives",
    order=4,
    kinds=NUMBER_KINDS,
    tops=(6,),
    hands=lambda top: DEAL,
    starter="plus-grand-double",
    target=200,
    turn=("rules.fives.lay", "rules.fives.spinner", "rules.fives.count", "rules.fives.draw"),
    end=("rules.fives.end_win", "rules.fives.end_blocked"),
    scoring=("rules.fives.score_out", "rules.fives.score_blocked", "rules.fives.score_win"),
    figure=lambda top, example: FIGURE,
    caption="rules.fives.example",
    sources=SOURCES,
    follows="the rules sites' deal (7 for two, 5 for three or four), not Britannica's 5 each; the "
            "target of 200 is Britannica's",
)
