"""The set generator: dominoes as unordered pairs of values.

A double-N set holds every unordered pair of 0..N once, doubles included, so
(N+1)(N+2)/2 tiles: 28 for double-six, 55 for double-nine, 91 for double-twelve.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.errors import SizeError

MAX_TOP = 18
"""The largest set we generate (double-eighteen, 190 tiles)."""



class Tile(NamedTuple):
    """One domino: the value on its first half (``a``) and on its second (``b``), a <= b.

    In an association set or loop deck (``structures``) ``a`` and ``b`` are face ids, in
    drawing order (left or top half first); the renderer draws them as any values."""

    a: int
    b: int

    @property
    def is_double(self) -> bool:
        return self.a == self.b


def tile_count(top: int) -> int:
    """How many tiles a double-``top`` set holds."""
    return (top + 1) * (top + 2) // 2


def double_set(top: int = 6) -> tuple[Tile, ...]:
    """Every unordered pair of 0..top once, doubles included, in a stable order.

    The order is by first value then second: 0-0, 0-1, ..., 0-top, 1-1, ... top-top.
    """
    if not 0 <= top <= MAX_TOP:
        raise SizeError(
            "set_out_of_range", f"a double-{top} set is out of range; sets go from 0 to {MAX_TOP}",
            top=top, max_top=MAX_TOP,
        )
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))
