"""Every table asked for appears, in fair shares, whatever the seed (issue 29).

``--tables 2,5,10`` once drew seven products of 30 to 90 and no ×2 fact at all. The faces are
read as printed (``7 × 5``, ``35 ÷ 5``): the table is the factor or divisor on the right, and
the product or quotient is checked by evaluating it; each requested table shows at least
``count // len(tables)`` facts and no table more than one fact beyond another.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
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


def products(table: int, low: int = 1, high: int = 10) -> set[int]:
    return {other * table for other in range(low, high + 1)}


def assert_fair(found: Counter, tables: tuple[int, ...], count: int, divides: bool = False) -> None:
    """Each table has ``count // len(tables)`` facts, or every value it alone makes when it makes
    fewer (a 24-card loop of ×3 and ×5 to 10: both make 15 and 30); no table one fact beyond
    another unless that other has run out."""
    least = count // len(tables)
    alone = {t: len(products(t) - set().union(*(products(o) for o in tables if o != t))) if not divides
             else 10 for t in tables}
    assert all(found[t] >= min(least, alone[t]) for t in tables), (found, tables, alone)
    assert set(found) <= set(tables), found
    full = [t for t in tables if alone[t] > least]
    if full:
        assert max(found[t] for t in tables) - min(found[t] for t in full) <= 1, found


@pytest.mark.slow
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
        assert_fair(found, tables, count, divides=faces.startswith("division"))
    else:  # a double set shows each value's fact on its double and beside the others
        assert set(tables) <= set(found), (found, tables)


@pytest.mark.slow
def test_the_readme_example_holds_twos_fives_and_tens():
    for seed in range(1, 40):
        job = parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "2,5,10",
                             "structure": "boucle", "seed": seed})
        found, count = shown_tables(job.association)
        assert_fair(found, (2, 5, 10), count)


@pytest.mark.slow
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


def test_a_built_in_loop_is_sized_for_a_class():
    """A loop's rules say one card per pupil: 24 cards by default, A to Z for the letters, as many
    as the faces can show when fewer (twelve hours on a dial), and --cards N changes it."""
    def cards(**mapping) -> int:
        job = parse_options({"structure": "boucle", "no_rules": True, **mapping})
        return len(job.association.tiles)

    assert cards(theme="nombres", faces="multiplication,chiffre", tables="2,5,10") == 24
    assert cards(theme="lettres") == 26
    assert cards(theme="lettres", structure="chaine") == 26  # 25 pairs and the end card
    assert cards(theme="heures") == 12  # every hour a dial shows
    assert cards(theme="heures", step="30") == 24
    assert cards(theme="nombres", cards=10) == 10
    assert cards(theme="monnaie") == 12  # its natural size: coins that stay legible on a card
    assert cards(theme="monnaie", values="0.50,1.20,2.50") == 3  # the teacher's values decide
