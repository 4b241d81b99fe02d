"""The toddlers' game (``--rules tout-petits``): face up, together, matching pictures; from age 2.

Facts: matching games for the very young (picture dominoes "dès 2 ans", as the French family
rule sheets describe them: pictures rather than numbers) are played with few tiles, all face
up, with help from a grown-up. Our own house game: double-two to double-six sets (6 to 28
tiles); each child takes a few dominoes face up in front of them (2 each with double-two, up to
5 with double-six, always leaving some in the middle), the rest stay face up in the middle;
the youngest lays the first; in turn, a child lays a domino whose half matches an end, or
takes one from the middle; nobody loses: the row is finished together. No score is kept.
"""

from domino_print.rules.variant import ANY_KIND, Arrow, Figure, PlacedTile, Source, Variant

HANDS = {
    2: {2: 2},
    3: {2: 3, 3: 2, 4: 2},
    4: {2: 4, 3: 3, 4: 3},
    5: {2: 5, 3: 4, 4: 4},
    6: {2: 5, 3: 5, 4: 5},
}
"""Dominoes each, face up, by set and players: a few, and always some left in the middle."""


def matching(top: int, example: tuple[tuple[int, int], ...]) -> Figure:
    """Two dominoes: the second slides in to touch the first, the touching halves the same."""
    (a, b), (c, d) = example[0], example[2]  # the example chain's first and third share a value

    def layout(gap: float) -> tuple[PlacedTile, ...]:
        return (PlacedTile(a, b, 0.0, 0.0, upright=False), PlacedTile(c, d, 2.9, 1.3, upright=False))

    def arrows(gap: float) -> tuple[Arrow, ...]:
        return (Arrow(3.2, 1.15, 2.25, 0.55),)

    return Figure(layout, sizes_mm=(15.0, 13.0, 11.0), last_resort_mm=9.0, units_wide=5.0, arrows=arrows)


VARIANT = Variant(
    name="tout-petits",
    order=3,
    kinds=ANY_KIND,
    tops=(2, 3, 4, 5, 6),
    hands=lambda top: HANDS[top],
    starter="plus-jeune",
    target=None,
    prepare=("rules.prepare.cut", "rules.tout-petits.spread", "rules.tout-petits.deal"),
    turn=("rules.tout-petits.lay", "rules.tout-petits.stuck", "rules.tout-petits.help"),
    end=("rules.tout-petits.end_row", "rules.tout-petits.end_again"),
    figure=matching,
    caption="rules.tout-petits.example",
    age="rules.tout-petits.age",
    blank=False,
    sources=(
        Source("Règle du jeu de dominos", "French toy-shop rules page (the project's seed page)", "",
               "dominoes suited to children from age 2 exist, with pictures (animals) rather than "
               "points"),
    ),
    follows="our own house game for the very young: no published rule gives its deal, which keeps some "
            "dominoes in the middle with the most players",
)
