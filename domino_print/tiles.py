"""The set generator: dominoes as unordered pairs of values.

A double-N set holds every unordered pair of 0..N once, doubles included, so
(N+1)(N+2)/2 tiles: 28 for double-six, 55 for double-nine, 91 for double-twelve.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.errors import SizeError

MAX_TOP = 18
"""The largest set we generate (double-eighteen, 190 tiles)."""

_NUMBER_NAMES = {
    "en": (
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
    ),
    "fr": (
        "zéro",
        "un",
        "deux",
        "trois",
        "quatre",
        "cinq",
        "six",
        "sept",
        "huit",
        "neuf",
        "dix",
        "onze",
        "douze",
        "treize",
        "quatorze",
        "quinze",
        "seize",
        "dix-sept",
        "dix-huit",
    ),
    "es": (
        "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
        "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho",
    ),
    "de": (
        "Null", "Eins", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Elf",
        "Zwölf", "Dreizehn", "Vierzehn", "Fünfzehn", "Sechzehn", "Siebzehn", "Achtzehn",
    ),
}
_SET_NAMES = {"en": "double-{}", "fr": "double-{}", "es": "doble {}", "de": "Doppel-{}"}
"""How each language names a set from its highest value: double-six, doble seis, Doppel-Sechs."""


class Tile(NamedTuple):
    """One domino: the value on its first half (``a``) and on its second (``b``), a <= b."""

    a: int
    b: int

    @property
    def is_double(self) -> bool:
        return self.a == self.b



def tile_count(top: int) -> int:
    """How many tiles a double-``top`` set holds."""
    return (top + 1) * (top + 2) // 2


def set_name(top: int, lang: str = "en") -> str:
    """The usual name of a set: ``double-six`` for top 6, ``double-neuf`` in French for 9.

    A language without names here gets the English one.
    """
    if lang not in _NUMBER_NAMES:
        lang = "en"
    return _SET_NAMES[lang].format(_NUMBER_NAMES[lang][top])


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
