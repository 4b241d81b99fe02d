from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domino_print.errors import SizeError
from domino_print.sets.tiles import MAX_TOP, Tile, double_set, tile_count


@given(st.integers(min_value=0, max_value=MAX_TOP))
def test_every_unordered_pair_exactly_once(top):
    tiles = double_set(top)
    pairs = [frozenset((t.a, t.b)) for t in tiles]
    assert len(pairs) == len(set(pairs)) == tile_count(top) == (top + 1) * (top + 2) // 2
    expected = {frozenset(p) for p in combinations_with_replacement(range(top + 1), 2)}
    assert set(pairs) == expected
    assert all(t.a <= t.b for t in tiles)


def test_double_six_is_28_tiles_in_stable_order():
    tiles = double_set()
    assert len(tiles) == 28
    assert tiles[:3] == (Tile(0, 0), Tile(0, 1), Tile(0, 2))
    assert tiles[-1] == Tile(6, 6)
    assert sum(t.is_double for t in tiles) == 7
    assert tiles == tuple(Tile(a, b) for a in range(7) for b in range(a, 7))  # row by row, as printed


@pytest.mark.parametrize("top", [-1, MAX_TOP + 1])
def test_out_of_range_top_is_refused(top):
    with pytest.raises(SizeError, match="out of range") as caught:
        double_set(top)
    assert caught.value.sizes == {"top": top, "max_top": MAX_TOP}  # neutral: the option layer words it
