"""The Doubles draw game (``--rules doubles``): every double a spinner, double-six only.

Facts, from the common "Doubles" rules (gamerules.com "Doubles"): a double-six set; two
players take 8 dominoes each, three or four take 6; the highest double opens, and with no
double in any hand everything is dealt again. A number is locked until its double is on
the table, and every double is a spinner, open on its four sides. A player who cannot play
draws one domino, lays it if it fits, else passes; nobody draws once two dominoes are left.
Going out scores the pips left in the other hands; a blocked round goes to the lowest
total, who scores the opponents' pips. The first to 100 wins. Other sets are refused: the
deal, the two dominoes left undrawn and the 100 points are all sized for 28 tiles.

The example figure, on a double-six set::

            6-4   3-5
     1-6    6-6   6-3  3-3
            2-6

The opening double six (upright, crosswise to the row) has a domino on each of its four
sides. The 3 at the far end of the 6-3 was locked until the double three was laid against
it; the double three is a spinner in turn, and the 3-5 grows from its upper end.
"""

from domino_print.rules.variant import NUMBER_KINDS, Figure, PlacedTile, Source, Variant

DEAL = {2: 8, 3: 6, 4: 6}

SOURCES = (
    Source("Doubles", "gamerules.com", "",
           "double-six, 2 to 4 players; 8 each for two, 6 each for three or four; the highest double "
           "opens, none: reshuffle and draw again; numbers are locked until their double is laid, every "
           "double a spinner; no drawing once two tiles are left; first to 100",
           top=6, deal={2: 8, 3: 6, 4: 6}),
)
"""Where the facts come from (read in its French translation, the project's seed pages)."""


def spinner_layout(gap: float) -> tuple[PlacedTile, ...]:
    """The figure's seven tiles, with ``gap`` (in short sides) between touching tiles.

    Drawing order: the row left to right (1-6, 6-6, 6-3, 3-3), then the branch above the
    double six (6-4), the one below it (2-6), and the branch above the double three (3-5).
    """
    row_y = 2 + gap  # the upright doubles of the row stand on the lower branch
    spinner_x = 2 + gap
    right_x = spinner_x + 1 + gap
    second_x = right_x + 2 + gap
    lying_y = row_y + 0.5  # lying tiles sit on the middle of the upright doubles
    above_y = row_y + 2 + gap
    return (
        PlacedTile(1, 6, 0.0, lying_y, upright=False),
        PlacedTile(6, 6, spinner_x, row_y, upright=True),
        PlacedTile(6, 3, right_x, lying_y, upright=False),
        PlacedTile(3, 3, second_x, row_y, upright=True),
        PlacedTile(6, 4, spinner_x, above_y, upright=True),
        PlacedTile(2, 6, spinner_x, 0.0, upright=True),
        PlacedTile(3, 5, second_x, above_y, upright=True),
    )


SPINNER = Figure(spinner_layout, sizes_mm=(11.0, 10.0, 9.0), last_resort_mm=8.0, units_wide=6.2)
"""The figure stands six short sides high: its tiles start smaller than the chain's."""

VARIANT = Variant(
    name="doubles",
    order=2,
    kinds=NUMBER_KINDS,
    tops=(6,),
    hands=lambda top: DEAL,
    starter="plus-grand-double",
    target=100,
    turn=tuple(f"rules.doubles.{step}" for step in ("lay", "locked", "spinner", "draw")),
    end=("rules.doubles.end_win", "rules.doubles.end_blocked"),
    scoring=tuple(f"rules.doubles.{step}" for step in ("score_out", "score_blocked", "score_win")),
    figure=lambda top, example: SPINNER,
    caption="rules.doubles.example",
    sources=SOURCES,
    follows="gamerules.com, the one published description of this game",
)
