"""The meaning check: a list of pairs that would break a class is found before anything is drawn.

A row is one value shown two ways (a question and its answer, or a value's two
representations). A class breaks when a half could belong to two rows: "we found
a number that matched two tiles". So each half gets a *meaning* (``meaning_of``):

* a picture: its file, by name without the folder, case folded;
* a text with a value (``values.evaluate``: "3 + 3", "2 × 3", "6", "six", "½",
  "0,5", "50 %"): that value, exactly. Number words are read in the languages
  ``langs`` that every function here takes: the list's language, which is the page's
  (``--lang``), as its decimal separator is. So in a French or English list "six"
  and "6" are one value, while "once" (Spanish 11) and "elf" (German 11) stay words
  unless the list is Spanish or German. (A list's own words cannot tell its
  language: the English word "once" is the very evidence that would say Spanish.)
  Without ``langs``, the words of every language are read;
* a text that is one Roman numeral (``XII``), in a column of numbers only: its value
  (``roman_columns``, below);
* any other text: the text normalised (``normalise``: case, accents, spaces and
  typographic quotes do not count: "L’été" = "l'ete").

Roman numerals are read per column, never per text alone: "MIX" is 1009 and a word, "I",
"V", "X" are letters. A column's Roman numerals are read as numbers when every side of
the column has a value with them (numbers, sums, number words, Roman numerals) and at least
one side is more than a single letter (``XII``, ``12``, ``douze``). So a words column
("CHAT", "MIX", "CIVIL") keeps its words, a letters column (A to Z, or just I, V, X beside
i, v, x) keeps its letters, and a column of Roman numerals (I, II, ... XII), alone or mixed
with digits and words, reads "XII" = 12 = "douze". The choice: a numbers column of single
letters only (I, V, X, L, C, D, M) is taken for letters, since a letters list of those
seven is likelier than a Roman list without a two-letter numeral; such a list is read as
letters, still checked for repeats as text.

``clashes(rows)`` lists every two rows whose halves share a meaning, in either
column (two questions, two answers, or a question and another row's answer) and
names the rows, the halves and the shared meaning; ``check_rows(rows)`` raises
``MeaningError`` for the first. This one rule covers the loops of a class (an
answer matching two questions) and the double sets (a half matching halves of two
different values).

``check_loop(cards)`` proves a deck of cards is one single loop, and
``check_chain(cards)`` that a chain runs from its start card to its end card
through every card: each card holds an answer and asks a question (as
``structures.boucle`` lays them out), and the card that answers a question is the
one whose answer has the question's row. A generated set can be proved with the
same calls.

The errors are neutral: they carry the lines, the texts and the shared meaning as
fields; the list's reader or a surface words them (``str()`` is a plain English line).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import PurePath
from typing import NamedTuple

from domino_print.errors import WordedError
from domino_print.sets.values import LANGS, NotAValue, evaluate, roman_value, shown, value_of
from domino_print.texts.page_text import normalise

__all__ = ["Card", "Clash", "ClashGroup", "Half", "LoopError", "Meaning", "MeaningError", "Row", "answers",
           "check_chain", "check_loop", "check_rows", "clash_groups", "clashes", "meaning_of", "normalise",
           "roman_columns", "roman_sides"]

class Half(NamedTuple):
    """One half of a row: its text (for a picture, the file name the list gives) and, for a
    picture, its path."""

    text: str
    picture: PurePath | None = None
    roman: bool = False
    """A Roman numeral here is a number (its column is a numbers column: ``roman_sides``)."""


class Meaning(NamedTuple):
    """What a half means: ``kind`` "picture", "value" or "text", and ``key``, compared exactly."""

    kind: str
    key: object

    def shown(self) -> str:
        """The meaning as a message names it: ``6``, ``0.5``, ``chat.png``, ``l'ete``."""
        if self.kind == "value":
            assert isinstance(self.key, Fraction)
            return shown(self.key)
        return str(self.key)


def meaning_of(half: Half, langs: Sequence[str] = LANGS) -> Meaning:
    """The meaning of ``half``, its number words read in ``langs`` (see the module's docstring)."""
    if half.picture is not None:
        return Meaning("picture", half.picture.name.casefold())
    try:
        return Meaning("value", evaluate(half.text, langs, roman=half.roman))
    except NotAValue:
        return Meaning("text", normalise(half.text))


def roman_sides(halves: Sequence[Half], langs: Sequence[str] = LANGS) -> list[Half]:
    """One column's halves, each marked ``roman`` when the column is a numbers column holding
    a Roman numeral (see the module's docstring); unchanged otherwise. Linear in the halves."""
    numerals, longer = False, False
    for half in halves:
        if half.picture is not None:
            return list(halves)
        numeral = roman_value(half.text)
        if numeral is not None:
            numerals = True
            longer = longer or len(half.text.strip()) > 1
        elif value_of(half.text, langs) is None:
            return list(halves)  # a word: a words column keeps its words ("MIX", "CIVIL", "A")
        else:
            longer = True
    if not (numerals and longer):
        return list(halves)
    return [half._replace(roman=True) for half in halves]


def roman_columns(rows: Sequence[Row], langs: Sequence[str] = LANGS) -> list[Row]:
    """``rows`` with each column's halves marked by ``roman_sides``."""
    firsts = roman_sides([row.first for row in rows], langs)
    seconds = roman_sides([row.second for row in rows], langs)
    return [Row(row.line, first, second) for row, first, second in zip(rows, firsts, seconds, strict=True)]


def _roman_cards(cards: Sequence[Card], langs: Sequence[str] = LANGS) -> list[Card]:
    """``cards`` with the answers they hold and the questions they ask each read as a column."""
    held = roman_sides([card.holds for card in cards if card.holds is not None], langs)
    asked = roman_sides([card.asks for card in cards if card.asks is not None], langs)
    held_at, asked_at = iter(held), iter(asked)
    return [Card(None if card.holds is None else next(held_at), None if card.asks is None else next(asked_at))
            for card in cards]


class Row(NamedTuple):
    """One row of a list: its ``line`` (as the list's reader numbers it) and its two halves."""

    line: int
    first: Half
    second: Half


class Clash(NamedTuple):
    """Two rows that share a meaning: the earlier row's ``line`` and half, the later's, and the
    ``shared`` meaning. ``sides`` says which half of each: 0 the first, 1 the second."""

    first_line: int
    first_text: str
    second_line: int
    second_text: str
    shared: Meaning
    sides: tuple[int, int]


class MeaningError(WordedError):
    """A list whose two rows share a meaning; ``clash`` carries the lines, texts and meaning."""

    def __init__(self, clash: Clash) -> None:
        self.clash = clash
        says = "meaning.same_value" if clash.shared.kind == "value" else "meaning.same_meaning"
        super().__init__(says=says, first_line=clash.first_line, second_line=clash.second_line,
                         first=repr(clash.first_text), second=repr(clash.second_text),
                         shared=clash.shared.shown())


def clashes(rows: Sequence[Row], langs: Sequence[str] = LANGS) -> list[Clash]:
    """Every two rows whose halves share a meaning, each pair of rows once (the first shared
    meaning found), in the order of the later row. Linear in the rows (one dictionary)."""
    rows = roman_columns(rows, langs)
    seen: dict[Meaning, tuple[int, int, str]] = {}  # meaning -> (row index, side, text)
    found: dict[tuple[int, int], Clash] = {}
    for index, row in enumerate(rows):
        mine: dict[Meaning, tuple[int, str]] = {}
        for side, half in enumerate((row.first, row.second)):
            mine.setdefault(meaning_of(half, langs), (side, half.text))
        for meaning, (side, text) in mine.items():
            earlier = seen.get(meaning)
            if earlier is None:
                seen[meaning] = (index, side, text)
                continue
            other, other_side, other_text = earlier
            if (other, index) not in found:
                found[(other, index)] = Clash(rows[other].line, other_text, row.line, text, meaning,
                                              (other_side, side))
    return list(found.values())


class ClashGroup(NamedTuple):
    """Every row that shares one meaning: its ``lines`` in order and each one's ``texts``."""

    shared: Meaning
    lines: tuple[int, ...]
    texts: tuple[str, ...]


def clash_groups(found: Sequence[Clash]) -> list[ClashGroup]:
    """``found`` (``clashes``) as groups: one per meaning shared, with every row that has it
    ("24" on rows 3 and 9, "36" on rows 4, 7 and 12), in the order of their second row."""
    groups: dict[Meaning, dict[int, str]] = {}
    for clash in found:
        group = groups.setdefault(clash.shared, {})
        group.setdefault(clash.first_line, clash.first_text)
        group.setdefault(clash.second_line, clash.second_text)
    return [ClashGroup(shared, tuple(sorted(rows)), tuple(rows[line] for line in sorted(rows)))
            for shared, rows in groups.items()]


def check_rows(rows: Sequence[Row], langs: Sequence[str] = LANGS) -> None:
    """``MeaningError`` for the first clash of ``rows`` (by the later row's line), if any."""
    found = clashes(rows, langs)
    if found:
        raise MeaningError(found[0])


class LoopError(WordedError):
    """A deck that is not one single loop (or chain): ``says`` is ``loop.dead_end`` (a question no
    card answers, at ``card``), ``loop.two_answers`` (a question two cards answer), ``loop.cycles``
    (the deck falls into ``cycles`` separate loops), ``loop.two_questions`` (a card answering two
    cards' questions), ``loop.asks_nothing`` (a loop's card that asks nothing) or ``loop.chain_*``
    (not one chain); ``card`` counts from 1."""

    def __init__(self, says: str, /, *, card: int = 0, cycles: int = 0, **values: object) -> None:
        self.card = card
        self.cycles = cycles
        values = {"card": card, "cycles": cycles, **values}
        super().__init__(says=says, fields=(), **values)


class Card(NamedTuple):
    """A card of a loop or chain: the answer it holds and the question it asks (None: a chain's
    start card holds no answer, its end card asks nothing)."""

    holds: Half | None
    asks: Half | None


def _next_cards(cards: Sequence[Card], answer_of: dict[Meaning, Meaning] | None,
                langs: Sequence[str]) -> list[int | None]:
    """For each card, the card that answers its question (None for a card that asks nothing)."""
    holders: dict[Meaning, list[int]] = {}
    for index, card in enumerate(cards):
        if card.holds is not None:
            holders.setdefault(meaning_of(card.holds, langs), []).append(index)
    following: list[int | None] = []
    for index, card in enumerate(cards):
        if card.asks is None:
            following.append(None)
            continue
        asked = meaning_of(card.asks, langs)
        wanted = answer_of.get(asked, asked) if answer_of is not None else asked
        found = holders.get(wanted, [])
        if not found:
            raise LoopError("loop.dead_end", card=index + 1, asked=repr(card.asks.text))
        if len(found) > 1:
            raise LoopError("loop.two_answers", card=index + 1, first=found[0] + 1, second=found[1] + 1,
                            asked=repr(card.asks.text))
        following.append(found[0])
    return following


def _one_question_each(following: list[int | None]) -> None:
    """``LoopError`` when one card answers two cards' questions (another card is then never
    reached)."""
    asked_by: dict[int, int] = {}
    for index, step in enumerate(following):
        if step is None:
            continue
        if step in asked_by:
            raise LoopError("loop.two_questions", card=step + 1, first=asked_by[step] + 1, second=index + 1)
        asked_by[step] = index


def answers(rows: Sequence[Row], langs: Sequence[str] = LANGS) -> dict[Meaning, Meaning]:
    """Each row's question meaning -> its answer meaning (what a card's question calls for)."""
    rows = roman_columns(rows, langs)
    return {meaning_of(row.first, langs): meaning_of(row.second, langs) for row in rows}


def check_loop(cards: Sequence[Card], rows: Sequence[Row] | None = None,
               langs: Sequence[str] = LANGS) -> None:
    """``LoopError`` unless following the cards' questions visits every card once and comes
    back to the first: one single loop. With ``rows`` a question calls for its row's answer;
    without, for an answer of the same meaning (a generated deck whose halves show one value)."""
    cards = _roman_cards(cards, langs)
    following = _next_cards(cards, answers(rows, langs) if rows is not None else None, langs)
    if None in following:
        raise LoopError("loop.asks_nothing", card=following.index(None) + 1)
    _one_question_each(following)
    cycles, visited = 0, [False] * len(cards)
    for start in range(len(cards)):
        if visited[start]:
            continue
        cycles += 1
        at: int | None = start
        while at is not None and not visited[at]:
            visited[at] = True
            at = following[at]
    if cycles != 1:
        raise LoopError("loop.cycles", cycles=cycles)


def check_chain(cards: Sequence[Card], rows: Sequence[Row] | None = None,
                langs: Sequence[str] = LANGS) -> None:
    """``LoopError`` unless the deck is one chain: exactly one start card (holding nothing), one
    end card (asking nothing), and following the questions from the start visits every card."""
    starts = [i for i, card in enumerate(cards) if card.holds is None]
    ends = [i for i, card in enumerate(cards) if card.asks is None]
    cards = _roman_cards(cards, langs)
    if len(starts) != 1 or len(ends) != 1:
        raise LoopError("loop.chain_ends", starts=len(starts), ends=len(ends))
    following = _next_cards(cards, answers(rows, langs) if rows is not None else None, langs)
    _one_question_each(following)
    at: int | None = starts[0]
    visited = 0
    while at is not None:
        visited += 1
        if visited > len(cards):
            raise LoopError("loop.chain_comes_back", card=at + 1)
        at = following[at]
    if visited != len(cards):
        raise LoopError("loop.chain_too_short", visited=visited, count=len(cards), cycles=2)
