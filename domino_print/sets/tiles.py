"""The set generator: dominoes as unordered pairs of values.

A double-N set holds every unordered pair of 0..N once, doubles included, so
(N+1)(N+2)/2 tiles: 28 for double-six, 55 for double-nine, 91 for double-twelve.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from domino_print.errors import OptionError, SizeError

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
        raise SizeError("size.set_out_of_range", top=top, max_top=MAX_TOP)
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))


@cache
def _tile_name() -> re.Pattern[str]:
    return re.compile(r"^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$")


def parse_tile_names(text: str) -> tuple[tuple[int, int], ...]:
    """``4-2,6-6`` -> ((2, 4), (6, 6)): tiles named by their two values (either order), each once;
    an ``OptionError`` about ``only`` otherwise. Whether they are in the set is ``select_tiles``'s."""
    named: list[tuple[int, int]] = []
    for part in text.split(","):
        match = _tile_name().match(part)
        if not match:
            raise OptionError(says="tiles.not_a_tile", fields=("only",), part=repr(part.strip()))
        low, high = sorted(int(value) for value in match.groups())
        if (low, high) in named:
            raise OptionError(says="tiles.twice", fields=("only",), low=low, high=high)
        named.append((low, high))
    return tuple(named)


def select_tiles(tiles: Sequence[Tile], named: Sequence[tuple[int, int]], *, top: int, set_name: str
                 ) -> tuple[Tile, ...]:
    """The tiles of ``tiles`` (a double-``top`` set called ``set_name``) that ``named`` names, in its
    order; an ``OptionError`` about ``only`` for a tile the set does not hold."""
    by_values = {(tile.a, tile.b): tile for tile in tiles}
    chosen = []
    for low, high in named:
        if (low, high) not in by_values:
            raise OptionError(says="tiles.not_in_set", fields=("only",), high=high, low=low,
                              set_name=set_name, top=top, example=min(2, top))
        chosen.append(by_values[(low, high)])
    return tuple(chosen)
