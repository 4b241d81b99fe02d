"""Association structures: which faces go on which tile, as face ids the renderer draws.

Input: one ``Pair`` per value, its two faces (the first and second representation)
and its name for the teacher's key. Output: an ``AssociationSet``, the distinct
faces numbered by *face id* (one form each in the PDF) and the tiles as
``Tile(face id, face id)``, left half first.

``double``: every unordered pair of values once. The halves of tile {i, j} show
one value in each representation, oriented by a regular round-robin tournament
(i shows its first face when it "beats" j), so across the set every value shows
each representation equally often, within one; a double shows both.

``boucle``: one card per value, in a loop shuffled with ``seed``: card k shows
the second face (the answer) of the card before it, then the first face (the
question) of its own value. The last card leads back to the first: one single
cycle. Each card carries its number (the value's place in the list) on its answer
half and a small "?" on its question half (the rules and the key name the halves
by role, not by side: a card lies upright on the sheet and sideways in the
example), and ``AssociationSet.loop`` gives the card numbers in loop order.

``chaine``: the same loop opened into a chain, from a start card ("Je commence") to an end
card ("Fin"), one card more than the values.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from domino_print.sets.tiles import Tile
from domino_print.themes.representations import Face, plain_text

STRUCTURES = ("double", "boucle", "chaine")
LOOP_LIKE = ("boucle", "chaine")
"""Structures played card after card, with a teacher's key: a loop, and a chain with a start and an end."""
DEFAULT_SEED = 1


class Pair(NamedTuple):
    first: Face
    second: Face
    first_name: str
    second_name: str
    """Each face as the teacher's key names it."""
    variants: tuple[tuple[Face, ...], tuple[Face, ...]] = ((), ())
    """Other faces of the same value for each side (generated expressions): a double set shows
    them in turn, so that each half of a value reads differently; a loop uses ``first`` and
    ``second``."""
    value: str = ""
    """The value both faces show, as the teacher's key of a double set names it (``7``, ``3:15``,
    ``3/4``; a list's row: its two sides)."""

    def name_of(self, face: Face) -> str:
        """How the teacher's key names ``face``, one of this value's faces."""
        if face == self.first:
            return self.first_name
        if face == self.second:
            return self.second_name
        return plain_text(face)  # a variant: a generated expression, text

    def face(self, side: int, use: int) -> Face:
        """The face of ``side`` for the ``use``-th half of this side in a set."""
        shown = self.variants[side]
        if not shown:
            return self.second if side else self.first
        return shown[use % len(shown)]


class KeyLine(NamedTuple):
    """One line of a loop deck's teacher's key, in loop order."""

    number: int
    """The card's number, printed on it."""
    answer: str
    """The answer the card holds (the key's name of that face)."""
    question: str
    """The question it asks."""
    next_number: int | None
    """The card that answers it; None for a chain's end card, which asks nothing."""


class TileKeyLine(NamedTuple):
    """One line of a double set's teacher's key: a tile, and the value each of its halves shows."""

    number: int
    """The tile's place in the set (1 to 28 for seven values), as the sheet lays the tiles out."""
    left: str
    left_value: str
    right: str
    right_value: str


class AssociationSet(NamedTuple):
    structure: str
    faces: tuple[Face, ...]
    """Each distinct face, by face id."""
    tiles: tuple[Tile, ...]
    loop: tuple[int, ...] = ()
    """Loop decks: the card numbers (1-based, printed on the cards) in loop order."""
    key: tuple[KeyLine, ...] = ()
    """Loop decks and chains: the teacher's key, one line per card in order."""
    solution: tuple[TileKeyLine, ...] = ()
    """Double sets: the teacher's key, one line per tile: what each half shows and its value."""


def beats(i: int, j: int, n: int) -> bool:
    """The circulant regular tournament on n values: does i beat j (i != j)?"""
    step = (j - i) % n
    if 2 * step == n:  # even n: the opposite value; the lower half of the circle wins
        return i < j
    return 2 * step < n


class _FaceTable:
    """Distinct faces numbered in order of first use."""

    def __init__(self) -> None:
        self.ids: dict[Face, int] = {}

    def __call__(self, face: Face) -> int:
        return self.ids.setdefault(face, len(self.ids))

    def faces(self) -> tuple[Face, ...]:
        return tuple(self.ids)


def double(pairs: Sequence[Pair]) -> AssociationSet:
    """Every unordered pair of values once, representations balanced (see the module doc)."""
    n, table, tiles = len(pairs), _FaceTable(), []
    solution: list[TileKeyLine] = []
    uses: dict[tuple[int, int], int] = {}

    def face(value: int, side: int) -> Face:
        use = uses.get((value, side), 0)
        uses[(value, side)] = use + 1
        return pairs[value].face(side, use)

    for i in range(n):
        for j in range(i, n):
            if i == j:
                left, right = face(i, 0), face(i, 1)
                if right == left and pairs[i].variants[1]:  # a double shows two different ways
                    right = face(i, 1)
            elif beats(i, j, n):
                left, right = face(i, 0), face(j, 1)
            else:
                left, right = face(i, 1), face(j, 0)
            tiles.append(Tile(table(left), table(right)))  # the left half shows value i, the right j
            solution.append(TileKeyLine(len(tiles), pairs[i].name_of(left), pairs[i].value,
                                        pairs[j].name_of(right), pairs[j].value))
    return AssociationSet("double", table.faces(), tuple(tiles), solution=tuple(solution))


def loop_order(count: int, seed: int) -> tuple[int, ...]:
    """Value indexes in loop order, shuffled with ``seed``; always starts with value 0."""
    rest = list(range(1, count))
    random.Random(seed).shuffle(rest)
    return (0, *rest)


def subset(count: int, size: int, seed: int) -> tuple[int, ...]:
    """``size`` of the indexes ``0..count-1``, chosen with ``seed`` (the same seed, the same
    choice), in their order: a deck sized to the pupils present from a longer list."""
    return tuple(sorted(random.Random(seed).sample(range(count), size)))


def boucle(pairs: Sequence[Pair], seed: int = DEFAULT_SEED, *,
           answer: str = "{}", question: str = "{}", short_answer: str = "",
           short_question: str = "") -> AssociationSet:
    """One card per value, forming one loop (see the module doc).

    ``answer`` and ``question`` word a text half ("J'ai {}." and "Qui a {} ?"); a
    half that is not text gets ``short_answer`` or ``short_question`` as a caption.
    """
    n = len(pairs)
    order = loop_order(n, seed)
    before = {order[k]: order[k - 1] for k in range(n)}
    after = {order[k - 1]: order[k] for k in range(n)}
    table, tiles = _FaceTable(), []
    for value in range(n):  # cards in number order: the sheet gives the loop away to no one
        held = _worded(pairs[before[value]].second, answer, short_answer)._replace(card=value + 1)
        asked = _worded(pairs[value].first, question, short_question)._replace(asks=True)
        tiles.append(Tile(table(held), table(asked)))
    key = tuple(
        KeyLine(v + 1, pairs[before[v]].second_name, pairs[v].first_name, after[v] + 1)
        for v in order
    )
    return AssociationSet("boucle", table.faces(), tuple(tiles), tuple(v + 1 for v in order), key)


def chaine(pairs: Sequence[Pair], seed: int = DEFAULT_SEED, *, start: str, end: str,
           answer: str = "{}", question: str = "{}", short_answer: str = "",
           short_question: str = "") -> AssociationSet:
    """A chain: the loop of ``boucle`` opened at its first card, which holds ``start`` ("Je
    commence") instead of an answer, and closed by one more card holding the last answer and
    ``end`` ("Fin"): len(pairs) + 1 cards, played from the start card to the end card.

    Cards are numbered as in a loop (card v + 1 asks value v's question), the end card last;
    ``AssociationSet.loop`` gives the numbers in chain order, from the start card."""
    n = len(pairs)
    order = loop_order(n, seed)
    before = {order[k]: order[k - 1] for k in range(1, n)}
    after = {order[k - 1]: order[k] for k in range(1, n)}
    table, tiles = _FaceTable(), []
    for value in range(n):
        if value == order[0]:
            held = Face("text", start, bold=True, card=value + 1)
        else:
            held = _worded(pairs[before[value]].second, answer, short_answer)._replace(card=value + 1)
        asked = _worded(pairs[value].first, question, short_question)._replace(asks=True)
        tiles.append(Tile(table(held), table(asked)))
    last = _worded(pairs[order[-1]].second, answer, short_answer)._replace(card=n + 1)
    tiles.append(Tile(table(last), table(Face("text", end, bold=True))))
    key = [
        KeyLine(v + 1, start if v == order[0] else pairs[before[v]].second_name, pairs[v].first_name,
                after[v] + 1 if v in after else n + 1)
        for v in order
    ]
    key.append(KeyLine(n + 1, pairs[order[-1]].second_name, end, None))
    return AssociationSet("chaine", table.faces(), tuple(tiles), (*(v + 1 for v in order), n + 1), tuple(key))


def _worded(face: Face, template: str, caption: str) -> Face:
    if face.kind == "text":
        return face._replace(text=template.format(face.text), underline=face.underline and template == "{}")
    return face._replace(caption=caption)
