"""All Fives (``--rules fives``, also Muggins): points when the open ends add up to a multiple of five.

Facts, from the common All Fives rules (pagat.com "All Fives"): a double-six set; two players
take 9 dominoes each, three take 7, four take 5; the first double laid, and only that one, is a
spinner, open on its four sides; a double at an end counts both its halves. After each domino,
if the open ends add up to a multiple of five, the player scores that total at once. A player
who cannot play draws until a domino fits (or the pile is empty, then passes). The player who
goes out scores the pips left in the others' hands, rounded to the nearest five; in a blocked
round, the lowest hand scores the others' pips minus their own, rounded the same way. The
usual target, 200 points, is the Muggins game's (as its common descriptions give it).

The example figure::

            6-5
     4-6    6-6   6-1

The double six is the spinner: the open ends show 4, 1 and 5, which make 10.
"""

from domino_print.rules.variant import NUMBER_KINDS, Figure, PlacedTile, Variant

DEAL = {2: 9, 3: 7, 4: 5}


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
)
