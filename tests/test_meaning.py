"""The meaning check (``sets.meaning``): what breaks a class is found, naming both lines and the meaning."""

from __future__ import annotations

from pathlib import PurePath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.sets.meaning import (
    Card,
    Half,
    LoopError,
    Meaning,
    MeaningError,
    Row,
    check_chain,
    check_loop,
    check_rows,
    clashes,
    meaning_of,
    normalise,
)
from domino_print.sets.structures import Pair, boucle
from domino_print.themes.representations import Face


def rows(*pairs: tuple[str, str]) -> list[Row]:
    return [Row(line, Half(a), Half(b)) for line, (a, b) in enumerate(pairs, start=1)]


def test_normalising_drops_case_accents_spaces_and_typographic_quotes():
    assert normalise("  L’Été   «\u00a0chaud\u00a0» ") == normalise("l'ete \"chaud\"") == "l'ete\"chaud\""


@pytest.mark.parametrize("pairs", [
    [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81")],
    [("chat", "cat"), ("chien", "dog"), ("vache", "cow")],
    [("½", "un demi"), ("¼", "un quart"), ("¾", "trois quarts")],
    [("3 + 3", "six"), ("2 + 2", "quatre"), ("1 + 1", "deux")],  # a row may show its value twice
])
def test_lists_that_pass(pairs):
    check_rows(rows(*pairs))
    assert clashes(rows(*pairs)) == []


@pytest.mark.parametrize(("pairs", "lines", "shared"), [
    # the same side twice, after normalising
    ([("chat", "cat"), ("chien", "dog"), ("Chat ", "kitten")], (1, 3), "chat"),
    ([("l’été", "summer"), ("l'ete", "été"), ("hiver", "winter")], (1, 2), "l'ete"),
    # two answers with the same value: a question two cards answer
    ([("3 + 3", "6"), ("2 × 3", "5"), ("1 + 1", "2")], (1, 2), "6"),
    ([("a", "6"), ("b", "six"), ("c", "seven")], (1, 2), "6"),
    ([("a", "½"), ("b", "c"), ("d", "50 %")], (1, 3), "0.5"),
    ([("a", "0,5"), ("b", "2/4")], (1, 2), "0.5"),
    # a question with the value of another row's answer
    ([("7 × 8", "56"), ("cinquante-six", "fifty-six")], (1, 2), "56"),
    # pictures, by file name
    ([("chat", "images/chat.png"), ("chien", "autres/CHAT.png")], (1, 2), "chat.png"),
])
def test_lists_that_fail_name_both_lines_and_the_shared_meaning(pairs, lines, shared):
    made = [Row(line, *(Half(t, PurePath(t) if t.endswith(".png") else None) for t in pair))
            for line, pair in enumerate(pairs, start=1)]
    with pytest.raises(MeaningError) as caught:
        check_rows(made)
    clash = caught.value.clash
    assert (clash.first_line, clash.second_line) == lines
    assert clash.shared.shown() == shared
    assert f"lines {lines[0]} and {lines[1]}" in str(caught.value) and shared in str(caught.value)


def test_every_clash_is_listed_once_per_two_rows():
    found = clashes(rows(("1+1", "2"), ("deux", "two"), ("4", "2 × 2"), ("quatre", "vier")))
    assert [(c.first_line, c.second_line) for c in found] == [(1, 2), (3, 4)]


def test_meanings_of_pictures_values_and_texts():
    assert meaning_of(Half("images/chat.png", PurePath("images/chat.png"))).kind == "picture"
    assert meaning_of(Half("6")) == meaning_of(Half("six")) == meaning_of(Half("2 × 3"))
    assert meaning_of(Half("Chat")) == meaning_of(Half("chat"))


def faces(pairs):
    return [Pair(Face("text", a), Face("text", b), a, b) for a, b in pairs]


def deck(made, pairs):
    """The cards ``structures.boucle`` laid out, as (held answer, asked question)."""
    return [Card(Half(made.faces[tile.a].text), Half(made.faces[tile.b].text)) for tile in made.tiles]


TABLES = [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81"), ("8 × 8", "64"), ("7 × 7", "49")]


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000))
def test_every_loop_boucle_lays_out_is_one_single_loop(seed):
    made = boucle(faces(TABLES), seed)
    check_loop(deck(made, TABLES))  # a question calls for an answer of its value
    check_loop(deck(made, TABLES), rows(*TABLES))


def test_two_loops_and_dead_ends_are_found():
    two_loops = [Card(Half("1"), Half("2")), Card(Half("2"), Half("1")),
                 Card(Half("3"), Half("4")), Card(Half("4"), Half("3"))]
    with pytest.raises(LoopError) as caught:
        check_loop(two_loops)
    assert caught.value.says == "loop.cycles" and caught.value.cycles == 2
    with pytest.raises(LoopError) as caught:
        check_loop([Card(Half("1"), Half("2")), Card(Half("2"), Half("7"))])
    assert caught.value.says == "loop.dead_end" and caught.value.card == 2
    with pytest.raises(LoopError) as caught:
        check_loop([Card(Half("1"), Half("2")), Card(Half("2"), Half("1")), Card(Half("deux"), Half("1"))])
    assert caught.value.says == "loop.two_answers"


def test_a_chain_runs_from_its_start_card_to_its_end_card():
    chain = [Card(None, Half("2 + 2")), Card(Half("4"), Half("3 × 3")), Card(Half("9"), None)]
    check_chain(chain)
    with pytest.raises(LoopError):
        check_chain([Card(None, Half("2 + 2")), Card(Half("4"), Half("3 × 3")), Card(Half("9"), Half("1")),
                     Card(Half("1"), None)][::-1][1:])
    with pytest.raises(LoopError) as caught:
        check_loop(chain)
    assert caught.value.says == "loop.asks_nothing"


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=2, max_size=60, unique=True))
def test_the_check_finds_a_repeated_value_wherever_it_is(numbers):
    listed = rows(*((f"{n} + 0", f"{n}") for n in numbers))
    check_rows(listed)
    repeated = [*listed, Row(len(listed) + 1, Half("new"), Half(f"{numbers[-1]} × 1"))]
    found = clashes(repeated)
    assert [(c.first_line, c.second_line) for c in found] == [(len(numbers), len(numbers) + 1)]


@pytest.mark.slow
def test_the_check_is_linear_in_the_rows(monkeypatch):
    """Issue 18: the check itself linear in the rows: each half's meaning is found once (one
    evaluation) and looked up in one dictionary, never compared with every other half."""
    from domino_print.sets import meaning

    calls = []
    real = meaning.meaning_of
    monkeypatch.setattr(meaning, "meaning_of", lambda half, langs: calls.append(half) or real(half, langs))
    for count in (100, 1000):
        calls.clear()
        listed = rows(*((f"{n} + {n}", f"mot {n}") for n in range(count)))
        assert meaning.clashes(listed) == []
        assert len(calls) == 2 * count


def test_number_words_are_read_in_the_languages_given():
    assert meaning_of(Half("once"), ("en",)) == Meaning("text", "once")
    assert meaning_of(Half("once"), ("es",)) == meaning_of(Half("11")) == Meaning("value", 11)
    assert meaning_of(Half("six"), ("fr",)) == meaning_of(Half("six"), ("en",)) == meaning_of(Half("6"))
    assert clashes(rows(("one time", "once"), ("11", "eleven")), ("en",)) == []
    assert [c.shared for c in clashes(rows(("una vez", "once"), ("11", "un equipo")), ("es",))] == \
        [Meaning("value", 11)]
