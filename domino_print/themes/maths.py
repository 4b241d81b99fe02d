"""The arithmetic behind generated faces: Roman numerals, expressions that make a value,
times of day and fractions, as plain numbers and strings (no drawing, no page).

Every function here is exact and deterministic: an expression's candidates come in a fixed
order, and a face picks among them with a ``random.Random`` seeded from the set's seed, the
value and the half (``pick``), so the same command draws the same set.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # (named in annotations only: a pips run never loads fractions, issue 36)
    from fractions import Fraction

T = TypeVar("T")

_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
          (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
ROMAN_MAX = 3999

OPERATIONS = ("addition", "soustraction", "multiplication", "division")
"""The operations a face may show; their signs are ``SIGNS``."""
SIGNS = {"addition": "+", "soustraction": "\u2212", "multiplication": "\u00d7", "division": "\u00f7"}


def roman(value: int) -> str:
    """``value`` (1 to 3999) in Roman numerals: 4 is IV, 9 is IX, 14 is XIV."""
    if not 1 <= value <= ROMAN_MAX:
        raise ValueError(f"no Roman numeral for {value}")
    out = []
    for amount, letters in _ROMAN:
        count, value = divmod(value, amount)
        out.append(letters * count)
    return "".join(out)


def expressions(operation: str, value: int, operands: tuple[int, int],
                tables: Sequence[int] = ()) -> list[tuple[int, int]]:
    """Every ``(a, b)`` with ``a <op> b = value``, in a fixed order.

    Addition and subtraction take both terms (subtraction: its first term) within
    ``operands`` (low, high). Multiplication takes one factor from ``tables`` (all of
    ``operands`` when empty) and the other within ``operands``, written ``other × table``;
    division divides by a table: ``a ÷ table`` with the quotient within ``operands``."""
    low, high = operands
    if operation == "addition":
        return [(a, value - a) for a in range(low, high + 1) if low <= value - a <= high]
    if operation == "soustraction":
        return [(a, a - value) for a in range(low, high + 1) if low <= a - value <= high]
    divisors = [t for t in (tables or range(low, high + 1))]
    if operation == "multiplication":
        found = []
        for table in divisors:
            for other in range(low, high + 1):
                if other * table == value and (other, table) not in found:
                    found.append((other, table))
        return found
    if operation == "division":
        if not low <= value <= high:
            return []
        return [(value * table, table) for table in divisors if table != 0]
    raise ValueError(f"unknown operation {operation!r}")


def expression_text(operation: str, a: int, b: int) -> str:
    """``3 + 4``, ``9 − 2``, ``3 × 5``, ``20 ÷ 5``."""
    return f"{a} {SIGNS[operation]} {b}"


def results(operation: str, operands: tuple[int, int], tables: Sequence[int] = ()) -> list[int]:
    """The values some expression of ``operation`` makes within the ranges, sorted."""
    low, high = operands
    found: set[int] = set()
    for a in range(low, high + 1):
        for b in (tables or range(low, high + 1)):
            if operation == "addition" and low <= b <= high:
                found.add(a + b)
            elif operation == "soustraction" and low <= b <= high and a - b >= 0:
                found.add(a - b)
            elif operation == "multiplication":
                found.add(a * b)
            elif operation == "division" and b != 0:
                found.add(a)
    return sorted(found)


def pick(options: Sequence[T], seed: int, *salt: object) -> T:
    """One of ``options``, the same one for the same ``seed`` and ``salt`` (value, half...)."""
    return random.Random(":".join(str(s) for s in (seed, *salt))).choice(list(options))


def shuffled(options: Sequence[T], seed: int, *salt: object) -> list[T]:
    """``options`` in an order drawn from ``seed`` and ``salt``."""
    order = list(options)
    random.Random(":".join(str(s) for s in (seed, *salt))).shuffle(order)
    return order


def sample(options: Sequence[T], count: int, seed: int, *salt: object) -> list[T]:
    """``count`` of ``options`` (all of them when there are fewer), in their own order."""
    if count >= len(options):
        return list(options)
    chosen = set(random.Random(":".join(str(s) for s in (seed, *salt))).sample(range(len(options)), count))
    return [option for index, option in enumerate(options) if index in chosen]


def decimal_text(value: Fraction, mark: str) -> str | None:
    """``value`` as an exact decimal with ``mark`` (``0,75``), or None when it has none (1/3)."""
    places = next((p for p in range(7) if (value * 10 ** p).denominator == 1), None)
    if places is None:
        return None
    scaled = value * 10 ** places
    whole, rest = divmod(abs(scaled.numerator), 10 ** places)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}" + (f"{mark}{rest:0{places}d}" if places else "")


def percent_text(value: Fraction, mark: str, space: str) -> str | None:
    """``value`` as a percentage (``75 %``), or None when it has no exact decimal one."""
    shown = decimal_text(value * 100, mark)
    return None if shown is None else f"{shown}{space}%"


DAY_MINUTES = 24 * 60
DIAL_MINUTES = 12 * 60
STEPS = (60, 30, 15, 5)
"""The steps a set of times may take, in minutes: hours, halves, quarters, five minutes."""


def dial_hour(minutes: int) -> int:
    """The hour a 12-hour dial shows, 1 to 12 (0:20 and 12:20 are both 12)."""
    return (minutes // 60) % 12 or 12


def digital_text(minutes: int, style: str) -> str:
    """``15:30`` (``24``, the default) or ``3:30`` (``12``: the hour a 12-hour dial shows)."""
    hour = dial_hour(minutes) if style == "12" else minutes // 60
    return f"{hour}:{minutes % 60:02d}" if style == "12" else f"{hour:02d}:{minutes % 60:02d}"


def time_words(lang: str, minutes: int) -> str:
    """The time in words, in ``lang`` (five-minute steps), as a class says it: "trois heures et
    quart", "quarter past three", "las tres y cuarto", "Viertel nach drei". ``minutes`` after
    midnight; from ``time.words.next_from`` minutes past the hour the next hour is named. When
    the hour named is noon or midnight, the words are the catalogue's ``time.noon.*`` and
    ``time.midnight.*`` (0:15 "minuit et quart", 11:40 "midi moins vingt", 12:30 "midi et
    demi"); the other hours are said on a 12-hour dial (15:15 "trois heures et quart").
    ``ValueError`` for a time off the five-minute steps (the times themes refuse those)."""
    from domino_print import texts  # the catalogues, read when words are wanted

    hour, past = divmod(minutes % DAY_MINUTES, 60)
    if past % 5:
        raise ValueError(f"{time_text(minutes)} is not on a five-minute step: no words for it")
    named = (hour + 1) % 24 if past >= int(texts.text(lang, "time.words.next_from")) else hour
    if named % 12 == 0:
        return texts.text(lang, f"time.{'midnight' if named == 0 else 'noon'}.{past}")
    return texts.text(lang, f"time.words.{past}", hour=texts.text(lang, f"time.hour.{named % 12}"),
                      oclock=texts.text(lang, f"time.oclock.{named % 12}"))


def parse_time(token: str) -> int | None:
    """``3:15``, ``15h30``, ``8`` as minutes after midnight, or None."""
    text = token.strip().lower().replace("h", ":")
    hours, _, rest = text.partition(":")
    if not hours.isdigit() or (rest and not rest.isdigit()) or len(rest) > 2:
        return None
    value = int(hours) * 60 + (int(rest) if rest else 0)
    return value if int(hours) < 24 and (not rest or int(rest) < 60) else None


def time_text(minutes: int) -> str:
    """``3:15`` for a message."""
    return f"{minutes // 60}:{minutes % 60:02d}"
