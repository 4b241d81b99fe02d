"""Every table asked for appears, in fair shares, whatever the seed (issue 29).

``--tables 2,5,10`` once drew seven products of 30 to 90 and no ×2 fact at all. The faces are
read as printed (``7 × 5``, ``35 ÷ 5``): the table is the factor or divisor on the right, and
the product or quotient is checked by evaluating it; each requested table shows at least
``count // len(tables)`` facts and no table more than one fact beyond another.
"""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.api import parse_options

FACT = re.compile(r"^(\d+) ([×÷]) (\d+)$")


def shown_tables(deck) -> tuple[Counter, int]:
    """The table each printed product or division of ``deck`` shows, counted, and how many cards
    (values) a loop has."""
    found: Counter = Counter()
    for face in deck.faces:
        matched = FACT.match(face.text) if face.kind == "text" else None
        if matched:
            a, sign, b = int(matched[1]), matched[2], int(matched[3])
            assert b != 0 and (sign == "×" or a % b == 0), face.text
            found[b] += 1
    return found, len(deck.loop)


def assert_fair(found: Counter, tables: tuple[int, ...], count: int) -> None:
    least = count // len(tables)
    assert all(found[t] >= least for t in tables), (found, tables)
    assert set(found) <= set(tables), found
    assert max(found[t] for t in tables) - min(found[t] for t in tables) <= 1, found


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 999999),
       tables=st.lists(st.integers(2, 10), min_size=1, max_size=4, unique=True).map(tuple),
       faces=st.sampled_from(["multiplication,chiffre", "division,chiffre", "chiffre,multiplication"]),
       structure=st.sampled_from(["boucle", "double"]))
def test_every_table_asked_for_has_its_fair_share(seed, tables, faces, structure):
    job = parse_options({"theme": "nombres", "faces": faces, "tables": ",".join(map(str, tables)),
                         "seed": seed, "structure": structure, "range": "1-10", "no_rules": True})
    found, count = shown_tables(job.association)
    if structure == "boucle":  # a loop shows each value's fact once
        assert_fair(found, tables, count)
    else:  # a double set shows each value's fact on its double and beside the others
        assert set(tables) <= set(found), (found, tables)


def test_the_readme_example_holds_twos_fives_and_tens():
    for seed in range(1, 40):
        job = parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "2,5,10",
                             "structure": "boucle", "seed": seed})
        found, count = shown_tables(job.association)
        assert_fair(found, (2, 5, 10), count)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 999999))
def test_each_level_of_the_tables_shows_its_own_tables(seed):
    job = parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "niveaux": 3, "seed": seed,
                         "structure": "boucle", "no_rules": True})
    wanted = [(2, 5, 10), (3, 4), (6, 7, 8, 9)]
    assert len(job.levels) == len(wanted)
    for level, tables in zip(job.levels, wanted, strict=True):
        found, count = shown_tables(level.deck)
        assert_fair(found, tables, count)
