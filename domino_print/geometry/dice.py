"""Dots as on dice: where each dot of a value stands, as fractions of a square face.

``DICE`` holds the classic domino pips, 0 (blank) to 12, in the coordinates of a
*horizontal* tile (long side along x): a 6 shows two rows of three along the long
side, and the pips turn with the tile when it stands upright. Values 0-9 use a
3 x 3 grid; 10-12 a 4 x 3 grid. ``UPRIGHT_DICE`` holds the faces of one die
(0 to 6) drawn upright whatever the tile's direction, as children count them:
the six in two columns. Pure data, no drawing: ``faces.pips`` and
``faces.association`` both read it.
"""

from __future__ import annotations

LOW, MID, HIGH = 0.24, 0.5, 0.76
_COLUMNS4 = (0.2, 0.4, 0.6, 0.8)
_SIX = tuple((x, y) for x in (LOW, MID, HIGH) for y in (LOW, HIGH))
_NINE = tuple((x, y) for x in (LOW, MID, HIGH) for y in (LOW, MID, HIGH))
_EIGHT_OF_TWELVE = tuple((x, y) for x in _COLUMNS4 for y in (LOW, HIGH))

Positions = tuple[tuple[float, float], ...]

DICE: dict[int, Positions] = {
    0: (),
    1: ((MID, MID),),
    2: ((LOW, HIGH), (HIGH, LOW)),
    3: ((LOW, HIGH), (MID, MID), (HIGH, LOW)),
    4: ((LOW, LOW), (LOW, HIGH), (HIGH, LOW), (HIGH, HIGH)),
    5: ((LOW, LOW), (LOW, HIGH), (MID, MID), (HIGH, LOW), (HIGH, HIGH)),
    6: _SIX,
    7: (*_SIX, (MID, MID)),
    8: tuple(p for p in _NINE if p != (MID, MID)),
    9: _NINE,
    10: (*_EIGHT_OF_TWELVE, (0.3, MID), (0.7, MID)),
    11: (*_EIGHT_OF_TWELVE, (0.3, MID), (MID, MID), (0.7, MID)),
    12: tuple((x, y) for x in _COLUMNS4 for y in (LOW, MID, HIGH)),
}
"""Pip centres of a domino half, for each value 0 to 12."""

UPRIGHT_DICE: dict[int, Positions] = {
    **{value: DICE[value] for value in range(6)},
    6: tuple((y, x) for x, y in _SIX),
}
"""One die's faces, 0 to 6, upright: the six stands in two columns of three."""

DIE_MAX = max(UPRIGHT_DICE)


def pip_radius(value: int) -> float:
    """Pip radius as a fraction of the face: smaller when the face holds more than nine."""
    return 0.085 if value <= 9 else 0.07
