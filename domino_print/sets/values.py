"""The value of a side's text, exactly, by a small safe evaluator: "3 + 3", "2 × 3", "6", "six" are 6.

A teacher's side is either plain words ("chat", "la capitale de la France") or a
number written as a class writes it. ``evaluate(text)`` gives the number as a
``fractions.Fraction`` (exact: ½ = 0,5 = 50 % = 2/4 = Fraction(1, 2)), or raises
``NotAValue`` saying why not; ``value_of(text)`` gives None instead. What it reads:

* numbers with a decimal point or comma (``0,5``, ``2.75``), digits grouped by
  spaces in threes (``1 000``), vulgar fractions (``½``, ``1 ¾``), percentages
  (``50 %``), number words in French, English, Spanish and German
  (``vingt-trois``, ``twenty-three``, ``veintitrés``, ``dreiundzwanzig``: the words
  are data, ``number_words.toml``);
* ``+``, ``-`` (or ``−``, ``–``), ``×`` (or ``·``, ``⋅``, ``*``, a lone ``x``),
  ``÷`` (or ``:``, ``/``), ``^`` (or ``**``, or superscript digits: ``3²``) with
  the usual precedence (power binds right: ``2^3^2`` = 2^9), signs, parentheses;
* a trailing ``=``, ``= ?``, ``?`` or ``.`` (``7 × 8 = ?`` is 56);
* never a date or a time of day (``2005-02-23``, ``14/07/1789``, ``10:30``: see
  ``is_date_or_time``): those are text, not a subtraction or a division;
* with ``roman=True`` only, a side that is entirely one Roman numeral (``XII`` is 12; see
  ``roman_value``).

Roman numerals are letters, and letters are words: "MIX" is a valid numeral (1009) and an
English word, "I" is a pronoun and the ninth letter, "C" and "D" are letters a class learns.
So a Roman numeral is never read inside an expression or a sentence, and ``evaluate`` reads
one only when asked (``roman=True``) and only when the whole side, spaces aside, is one
numeral in strict modern form: capitals only (``xii`` is a word), canonical (``IIII``,
``IC``, ``VX`` and ``MMMM`` are not numerals), 1 to 3999, at most 15 letters. Whether a side
is asked so is the meaning check's choice, made for a whole column (``sets.meaning``): a
column of numbers, never one holding a plain word ("CHAT", "A") or only single letters.

Nothing else: no names, no calls, no variables. It is a tokenizer and a
recursive-descent parser written here; nothing is ever passed to ``eval``, and
evaluating a text imports nothing and touches no file. Its work is bounded: at
most ``MAX_CHARS`` characters and ``MAX_TOKENS`` tokens, ``MAX_DEPTH`` nested
parentheses or signs, ``MAX_DIGITS`` digits a number, and no value (on the way or
at the end) over ``MAX_BITS`` bits in its numerator or denominator; a power is
refused before it is computed when its result would be larger (``9^9^9^9`` is
refused at once). A text over a limit is ``NotAValue`` with ``reason`` "too_complex".

This module knows nothing of lists, pages or options: ``sets.meaning`` uses it to
find sides with the same value, and a set generator may use it to prove a set.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["LANGS", "MAX_BITS", "MAX_CHARS", "MAX_DEPTH", "MAX_DIGITS", "MAX_TOKENS", "ROMAN_MAX",
           "NotAValue", "evaluate", "fold", "is_date_or_time", "roman_value", "shown", "value_of",
           "words_value"]

MAX_CHARS = 200
"""Longest text evaluated: a side that long is a sentence, not a sum."""
MAX_TOKENS = 80
MAX_DEPTH = 24
"""Parentheses and signs nested at most this deep (the parser's recursion is bounded by it)."""
MAX_DIGITS = 40
"""Digits in one number, before and after its decimal separator together."""
MAX_BITS = 2048
"""Largest numerator or denominator, in bits (about 600 decimal digits)."""

WORDS_FILE = Path(__file__).with_name("number_words.toml")


class NotAValue(ValueError):
    """``text`` has no value: ``reason`` is "not_arithmetic" (words, names, a syntax this
    evaluator does not read), "date" (a date or a time of day: ``is_date_or_time``),
    "too_complex" (over a limit), "division_by_zero" or "not_exact" (a power with a
    fractional exponent)."""

    def __init__(self, reason: str, text: str, detail: str = "") -> None:
        self.reason = reason
        self.text = text
        self.detail = detail
        super().__init__(f"{text!r}: {reason}" + (f" ({detail})" if detail else ""))


class _Lexicon(NamedTuple):
    words: dict[str, int]
    multipliers: dict[str, int]
    joiners: frozenset[str]
    units_first: frozenset[str]
    longest: int


@lru_cache(maxsize=1)
def _lexicons() -> dict[str, _Lexicon]:
    data = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
    lexicons = {}
    for lang, table in data.items():
        words = {fold(k): int(v) for k, v in table["words"].items()}
        multipliers = {fold(k): int(v) for k, v in table["multipliers"].items()}
        joiners = frozenset(fold(k) for k in table["joiners"])
        units_first = frozenset(fold(k) for k in table["units_first"])
        every = [*words, *multipliers, *joiners, *units_first]
        lexicons[lang] = _Lexicon(words, multipliers, joiners, units_first, max(map(len, every)))
    return lexicons


LANGS: tuple[str, ...] = ("fr", "en", "es", "de")
"""The languages whose number words are read (the sections of ``number_words.toml``)."""


def fold(text: str) -> str:
    """``text`` as words are compared: case folded (ß -> ss), accents removed, and spaces,
    hyphens and apostrophes dropped ("Quatre-Vingts" -> "quatrevingts")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c) and c not in " -‐‑'’\u00a0\u202f")


# ---------------------------------------------------------------------------------- tokens

VULGAR = {
    "½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4),
    "¾": Fraction(3, 4), "⅕": Fraction(1, 5), "⅖": Fraction(2, 5), "⅗": Fraction(3, 5),
    "⅘": Fraction(4, 5), "⅙": Fraction(1, 6), "⅚": Fraction(5, 6), "⅐": Fraction(1, 7),
    "⅛": Fraction(1, 8), "⅜": Fraction(3, 8), "⅝": Fraction(5, 8), "⅞": Fraction(7, 8),
    "⅑": Fraction(1, 9), "⅒": Fraction(1, 10),
}
SUPERSCRIPTS = {"⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9}
OPERATORS = {
    "+": "+", "-": "-", "−": "-", "–": "-", "×": "*", "·": "*", "⋅": "*", "∙": "*", "*": "*",
    "÷": "/", ":": "/", "/": "/", "∕": "/", "⁄": "/", "^": "^", "(": "(", ")": ")", "%": "%",
}
_SPACES = " \t\u00a0\u202f\u2009"
_NUMBER = re.compile(r"\d+(?:[\u00a0\u202f\u2009 ]\d{3}(?!\d))*(?:[.,]\d+)?")
_WORD = re.compile(r"[^\W\d_]+(?:[-‐‑'’][^\W\d_]+)*")
_END = re.compile(r"\s*(?:=\s*\??|\?|\.)\s*$")


class _Token(NamedTuple):
    kind: str
    """"num" (``value``), "word" (``text``), or an operator: + - * / ^ ( ) %."""
    value: Fraction = Fraction(0)
    text: str = ""


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        if len(tokens) > MAX_TOKENS:
            raise NotAValue("too_complex", text, f"more than {MAX_TOKENS} tokens")
        i = _scan(text, i, tokens)
    return tokens


def _scan(text: str, i: int, tokens: list[_Token]) -> int:
    """Read the token at ``i`` (if any: a space is none) onto ``tokens``; where the next one starts."""
    char = text[i]
    if char in _SPACES:
        return i + 1
    if char.isdigit() and char.isascii():
        return _scan_number(text, i, tokens)
    if char in VULGAR:
        tokens.append(_Token("frac", VULGAR[char]))
        return i + 1
    if char in SUPERSCRIPTS:
        return _scan_superscript(text, i, tokens)
    if text.startswith("**", i):
        tokens.append(_Token("^"))
        return i + 2
    if char in OPERATORS:
        tokens.append(_Token(OPERATORS[char]))
        return i + 1
    return _scan_word(text, i, tokens)


def _scan_number(text: str, i: int, tokens: list[_Token]) -> int:
    """Digits, with thousands set apart by a space and a decimal point or comma (``12 500,5``)."""
    match = _NUMBER.match(text, i)
    assert match is not None
    literal = match.group()
    if sum(c.isdigit() for c in literal) > MAX_DIGITS:
        raise NotAValue("too_complex", text, f"a number of more than {MAX_DIGITS} digits")
    plain = "".join(c for c in literal if c not in _SPACES).replace(",", ".")
    tokens.append(_Token("num", Fraction(plain)))
    return match.end()


def _scan_superscript(text: str, i: int, tokens: list[_Token]) -> int:
    """A superscript exponent (``5²``) as ``^`` and its number."""
    j = i
    while j < len(text) and text[j] in SUPERSCRIPTS:
        j += 1
    if j - i > 3:
        raise NotAValue("too_complex", text, "a superscript exponent of more than 3 digits")
    exponent = int("".join(str(SUPERSCRIPTS[c]) for c in text[i:j]))
    tokens += [_Token("^"), _Token("num", Fraction(exponent))]
    return j


def _scan_word(text: str, i: int, tokens: list[_Token]) -> int:
    """A word (a number in words, or ``x`` for times); any other character is not arithmetic."""
    match = _WORD.match(text, i)
    if match is None:
        raise NotAValue("not_arithmetic", text, f"character {text[i]!r}")
    word = match.group()
    tokens.append(_Token("*") if word in ("x", "X") else _Token("word", text=word))
    return match.end()


# ---------------------------------------------------------------------------------- parser

class _Parser:
    """expr := term (("+"|"-") term)*; term := unary (("*"|"/") unary)*;
    unary := ("+"|"-") unary | power; power := postfix ("^" unary)?;
    postfix := primary "%"?; primary := num frac? | frac | words | "(" expr ")"."""

    def __init__(self, text: str, tokens: list[_Token], langs: tuple[str, ...]) -> None:
        self.text = text
        self.tokens = tokens
        self.at = 0
        self.depth = 0
        self.langs = langs

    def fail(self, reason: str, detail: str) -> NotAValue:
        return NotAValue(reason, self.text, detail)

    def peek(self) -> str:
        return self.tokens[self.at].kind if self.at < len(self.tokens) else ""

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def bounded(self, value: Fraction) -> Fraction:
        if value.numerator.bit_length() > MAX_BITS or value.denominator.bit_length() > MAX_BITS:
            raise self.fail("too_complex", f"a value over {MAX_BITS} bits")
        return value

    def whole(self) -> Fraction:
        if not self.tokens:
            raise self.fail("not_arithmetic", "nothing to read")
        value = self.expr()
        if self.at != len(self.tokens):
            raise self.fail("not_arithmetic", f"unexpected {self.peek()!r}")
        return value

    def expr(self) -> Fraction:
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = self.take().kind
            right = self.term()
            value = self.bounded(value + right if sign == "+" else value - right)
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            operator = self.take().kind
            right = self.unary()
            if operator == "*":
                value = self.bounded(value * right)
            elif right == 0:
                raise self.fail("division_by_zero", "a division by zero")
            else:
                value = self.bounded(value / right)
        return value

    def nested(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail("too_complex", f"nested more than {MAX_DEPTH} deep")

    def unary(self) -> Fraction:
        if self.peek() in ("+", "-"):
            sign = self.take().kind
            self.nested()
            value = self.unary()
            self.depth -= 1
            return -value if sign == "-" else value
        return self.power()

    def power(self) -> Fraction:
        base = self.postfix()
        if self.peek() != "^":
            return base
        self.take()
        self.nested()
        exponent = self.unary()  # right-associative: 2^3^2 = 2^(3^2)
        self.depth -= 1
        return self.raised(base, exponent)

    def raised(self, base: Fraction, exponent: Fraction) -> Fraction:
        if exponent.denominator != 1:
            raise self.fail("not_exact", "a power with a fractional exponent")
        power = exponent.numerator
        if base == 0:
            if power < 0:
                raise self.fail("division_by_zero", "zero to a negative power")
            return Fraction(1) if power == 0 else Fraction(0)
        if abs(base) == 1:
            return base ** (power % 2) if base < 0 else Fraction(1)
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if abs(power) > MAX_BITS or (size - 1) * abs(power) > MAX_BITS:
            raise self.fail("too_complex", f"a power over {MAX_BITS} bits")
        return self.bounded(base**power)

    def postfix(self) -> Fraction:
        value = self.primary()
        if self.peek() == "%":
            self.take()
            value = value / 100
        return value

    def primary(self) -> Fraction:
        kind = self.peek()
        if kind == "num":
            value = self.take().value
            if self.peek() == "frac":  # 1 ½
                value += self.take().value
            return value
        if kind == "frac":
            return self.take().value
        if kind == "word":
            words = []
            while self.peek() == "word":
                words.append(self.take().text)
            found = words_value(" ".join(words), self.langs)
            if found is None:
                raise self.fail("not_arithmetic", f"words {' '.join(words)!r}")
            return Fraction(found)
        if kind == "(":
            self.take()
            self.nested()
            value = self.expr()
            self.depth -= 1
            if self.peek() != ")":
                raise self.fail("not_arithmetic", "a parenthesis left open")
            self.take()
            return value
        raise self.fail("not_arithmetic", f"unexpected {kind or 'end'!r}")


# ---------------------------------------------------------------------------------- words

def words_value(words: str, langs: Iterable[str] = LANGS) -> int | None:
    """The number ``words`` write in one of ``langs`` ("vingt et un" 21, "dreiundzwanzig" 23),
    or None; when two languages read the same words differently, None too."""
    folded = fold(words)
    if not folded or len(folded) > MAX_CHARS:
        return None
    lexicons = _lexicons()
    found: set[int] = set()
    for lang in langs:
        if lang in lexicons:
            value = _read_words(folded, lexicons[lang])
            if value is not None:
                found.add(value)
    return found.pop() if len(found) == 1 else None


def _split(folded: str, lexicon: _Lexicon) -> list[str] | None:
    """``folded`` as the fewest words of ``lexicon`` (dynamic programming, linear in its length
    times the longest word), or None."""
    known = lexicon.words.keys() | lexicon.multipliers.keys() | lexicon.joiners | lexicon.units_first
    best: list[list[str] | None] = [None] * (len(folded) + 1)
    best[0] = []
    for start in range(len(folded)):
        so_far = best[start]
        if so_far is None:
            continue
        for end in range(start + 1, min(len(folded), start + lexicon.longest) + 1):
            if folded[start:end] in known:
                candidate = best[end]
                if candidate is None or len(candidate) > len(so_far) + 1:
                    best[end] = [*so_far, folded[start:end]]
    return best[len(folded)]


def _read_words(folded: str, lexicon: _Lexicon) -> int | None:
    """Words as a number: units, teens and tens add in falling order (vingt + trois), a
    multiplier multiplies the group before it (deux cents; dos mil), a joiner is read as
    nothing, and German units come before their tens (drei und zwanzig)."""
    parts = _split(folded, lexicon)
    if not parts:
        return None
    if len(parts) == 1 and parts[0] in lexicon.words:
        return lexicon.words[parts[0]]
    reading = _WordsReading(lexicon)
    if not all(reading.read(part) for part in parts):
        return None
    return reading.value()


class _WordsReading:
    """``_read_words`` part by part: each ``read`` says whether the words so far can still be a
    number; ``value`` is the number they make, or None if they stop half way (``drei und``)."""

    def __init__(self, lexicon: _Lexicon) -> None:
        self.lexicon = lexicon
        self.total = 0
        self.group = 0
        self.last: int | None = None
        """The last value added to the group; None after a multiplier."""
        self.pending_units = False
        """After "drei und": tens must follow."""
        self.previous = ""

    def read(self, part: str) -> bool:
        lexicon = self.lexicon
        if part in lexicon.joiners or part in lexicon.units_first:
            still = self._joiner(part)
        elif part in lexicon.multipliers:
            still = self._multiplier(lexicon.multipliers[part])
        else:
            still = self._number(lexicon.words[part])
        self.previous = part
        return still

    def value(self) -> int | None:
        if self.pending_units or self.previous in self.lexicon.joiners:
            return None
        return self.total + self.group

    def _joiner(self, part: str) -> bool:
        lexicon = self.lexicon
        if self.previous not in lexicon.words and self.previous not in lexicon.multipliers:
            return False
        if part in lexicon.units_first and self.previous in lexicon.words and self.last is not None:
            if not 1 <= self.last <= 9:
                return False
            self.pending_units = True
        return True

    def _multiplier(self, factor: int) -> bool:
        lexicon = self.lexicon
        if self.pending_units or self.previous in lexicon.joiners or self.previous in lexicon.units_first:
            return False
        if self.group >= factor:
            return False
        if factor >= 1000:
            self.total += (self.group or 1) * factor
            self.group = 0
        else:
            self.group = (self.group or 1) * factor
        self.last = None
        return True

    def _number(self, value: int) -> bool:
        if value == 0:
            return False  # zero stands alone
        if self.pending_units:
            if not (value % 10 == 0 and 20 <= value <= 90):
                return False
            self.group += value
            self.last, self.pending_units = 1, False  # nothing adds after "dreiundzwanzig"
            return True
        if self.last is None or (self.last % 10 == 0 and value < self.last):
            self.group += value
            self.last = value
            return True
        return False


# ---------------------------------------------------------------------------------- Roman numerals

ROMAN_MAX = 3999
"""The largest Roman numeral read: MMMCMXCIX (a fourth M is not strict Roman)."""
_ROMAN_LONGEST = len("MMMDCCCLXXXVIII")
_ROMAN_FORM = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_ROMAN_LETTERS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_value(text: str) -> int | None:
    """The number ``text`` writes as one Roman numeral in strict modern form, or None.

    Spaces around it aside, the whole text must be the numeral: capitals only, canonical
    (thousands, then hundreds, tens and units, each the one way the modern rules write it:
    4 is IV, never IIII; 99 is XCIX, never IC), from I (1) to MMMCMXCIX (3999). So ``XII``
    is 12, and ``xii``, ``IIII``, ``IC``, ``XII + 1``, ``MIX.`` and ``CIVIL`` are None. Work
    is bounded: a text longer than the longest numeral is refused before it is matched."""
    side = text.strip(_SPACES)
    if not side or len(side) > _ROMAN_LONGEST or _ROMAN_FORM.fullmatch(side) is None:
        return None
    total = 0
    for index, letter in enumerate(side):
        amount = _ROMAN_LETTERS[letter]
        following = _ROMAN_LETTERS[side[index + 1]] if index + 1 < len(side) else 0
        total += -amount if amount < following else amount
    return total


# ---------------------------------------------------------------------------------- entry points

_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?"
                       r"(?:Z|[+-]\d{2}:?\d{2})?")
_YEAR_FIRST = re.compile(r"(\d{4})([/.])(\d{1,2})\2(\d{1,2})")
_YEAR_LAST = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")


def is_date_or_time(text: str) -> bool:
    """Whether ``text`` is a date or a time of day as people write them, never a sum or a
    division: ISO 8601 (``2005-02-23``, with a time), day, month and year (``14/07/1789``,
    ``14.07.1789``, ``14-07-89``, and month first as in the USA), year first (``1789/07/14``),
    and a time of day (``10:30``, ``23:59:59``). Written without spaces, with a day from 1 to
    31, a month from 1 to 12 and a time within a day: ``12 : 4`` and ``60:15`` stay divisions."""
    side = text.strip(_SPACES)
    found = _ISO_DATE.fullmatch(side) or _YEAR_FIRST.fullmatch(side)
    if found:
        numbers = [int(part) for part in found.groups() if part and part.isdigit()]
        return 1 <= numbers[1] <= 12 and 1 <= numbers[2] <= 31
    found = _YEAR_LAST.fullmatch(side)
    if found:
        first, second = int(found.group(1)), int(found.group(3))
        if found.group(2) == "/" and len(found.group(4)) == 2:
            return False  # 12/3/4 is a division; a slashed date writes its year whole
        return 1 <= min(first, second) <= 12 and 1 <= max(first, second) <= 31
    found = _TIME.fullmatch(side)
    if found:
        hour, minute, second = int(found.group(1)), int(found.group(2)), int(found.group(3) or 0)
        return (hour < 24 or (hour, minute, second) == (24, 0, 0)) and minute <= 59 and second <= 59
    return False


def evaluate(text: str, langs: Iterable[str] = LANGS, *, roman: bool = False) -> Fraction:
    """The exact value ``text`` writes (see the module's docstring); ``NotAValue`` if none.
    With ``roman``, a text that is entirely one Roman numeral is that number (``roman_value``)."""
    if len(text) > MAX_CHARS:
        raise NotAValue("too_complex", text[:40] + "…", f"more than {MAX_CHARS} characters")
    if roman:
        numeral = roman_value(text)
        if numeral is not None:
            return Fraction(numeral)
    if is_date_or_time(text):
        raise NotAValue("date", text, "a date or a time of day is text, not arithmetic")
    stripped = _END.sub("", unicodedata.normalize("NFC", text))
    tokens = _tokens(stripped)
    if len(tokens) > MAX_TOKENS:
        raise NotAValue("too_complex", text, f"more than {MAX_TOKENS} tokens")
    return _Parser(text, tokens, tuple(langs)).whole()


def value_of(text: str, langs: Iterable[str] = LANGS, *, roman: bool = False) -> Fraction | None:
    """``evaluate(text)``, or None when the text has no value."""
    try:
        return evaluate(text, langs, roman=roman)
    except NotAValue:
        return None


def shown(value: Fraction) -> str:
    """A value as a message shows it: ``6``, ``0.5``, ``-1.25``, or ``1/3`` when it has no
    short decimal."""
    if value.denominator == 1:
        return str(value.numerator)
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    places = max(twos, fives)
    if denominator == 1 and places <= 6:
        scaled = abs(value.numerator) * (10**places // value.denominator)
        whole, rest = divmod(scaled, 10**places)
        return f"{'-' if value < 0 else ''}{whole}.{rest:0{places}d}"
    return f"{value.numerator}/{value.denominator}"
