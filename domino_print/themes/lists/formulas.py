"""A spreadsheet formula without a saved value, worked out when it is plain arithmetic (issue 27).

Excel and LibreOffice save each formula's value beside it, and that value is what a list shows.
A file written by a program (openpyxl, a script, some web exports) may hold the formula alone:
``evaluate`` then works it out when it is arithmetic on numbers and cells of the same sheet,
as Excel would: ``=6*7``, ``=A3+B3``, ``=SUM(B3:B5)``, ``=(B3-1)/2``, ``=2^3``, ``=50%``, with
``+ - * / ^ %``, parentheses and the functions ``FUNCTIONS``. An empty cell counts as 0, a range
skips its texts (as Excel's SUM does); a cell that is itself a formula is worked out in turn.

Anything else (another sheet, text, a lookup, a date function, a cycle, a division by zero, a
result too large) raises ``NotArithmetic``: the reader then refuses the cell, naming it and the
fix. The work is bounded: a formula of at most ``MOST_CHARS`` characters, ``MOST_CELLS`` cells
read in all, ``MOST_DEPTH`` formulas deep.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import NamedTuple

from domino_print.errors import Phrase
from domino_print.themes.lists.table import column_number

MOST_CHARS = 1000
MOST_CELLS = 20_000
MOST_DEPTH = 40
MOST_POWER = 1000.0
"""The largest exponent of ``^`` (``=10^1000`` is no list's value)."""


class NotArithmetic(Exception):
    """A formula this module does not work out; ``phrase`` says why in a few words, worded by the
    catalogues (``error.formula.<says>``); ``str()`` in English."""

    def __init__(self, says: str, /, **values: object) -> None:
        self.phrase = Phrase(says, **values)
        super().__init__(str(self.phrase))


Cell = tuple[int, int]
"""A cell as (row, column), both counted from 0."""


class Sheet(NamedTuple):
    """What a formula may read: ``value(cell)`` gives a cell's saved value (a number, a text,
    a bool or None), ``formula(cell)`` its formula without saved value (``=A3+B3``) or None."""

    value: Callable[[Cell], object]
    formula: Callable[[Cell], str | None]


_TOKEN = re.compile(r"""\s*(?:
    (?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)
  | (?P<cell>\$?[A-Za-z]{1,3}\$?\d{1,7})(?![A-Za-z0-9_(!])
  | (?P<name>[A-Za-z][A-Za-z0-9_.]*)\s*(?=\()
  | (?P<op>[-+*/^%(),;:])
)""", re.VERBOSE)


def _tokens(formula: str) -> list[tuple[str, str]]:
    text = formula.strip()
    if not text.startswith("="):
        raise NotArithmetic("formula.not_a_formula")
    text = text[1:]
    tokens: list[tuple[str, str]] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        matched = _TOKEN.match(text, position)
        if matched is None:
            raise NotArithmetic("formula.not_arithmetic", text=text[position:position + 12])
        kind = matched.lastgroup or ""
        tokens.append((kind, matched.group(kind)))
        position = matched.end()
    return tokens


def _cell(reference: str) -> Cell:
    matched = re.fullmatch(r"\$?([A-Za-z]{1,3})\$?(\d{1,7})", reference)
    assert matched is not None  # the token's pattern
    row = int(matched.group(2))
    if row < 1:
        raise NotArithmetic("formula.no_cell", reference=reference)
    return row - 1, column_number(matched.group(1))


def _sum(values: list[float]) -> float:
    return math.fsum(values)


def _average(values: list[float]) -> float:
    if not values:
        raise NotArithmetic("formula.empty_average")
    return math.fsum(values) / len(values)


def _product(values: list[float]) -> float:
    result = 1.0
    for value in values:
        result *= value
    return result


def _min(values: list[float]) -> float:
    return min(values) if values else 0.0


def _max(values: list[float]) -> float:
    return max(values) if values else 0.0


FUNCTIONS: dict[str, Callable[[list[float]], float]] = {
    "SUM": _sum, "AVERAGE": _average, "PRODUCT": _product, "MIN": _min, "MAX": _max,
}
"""Functions of any number of numbers and ranges, by the name files store (English in every
language: a French Excel shows SOMME but saves SUM)."""
ONE_ARGUMENT: dict[str, Callable[[float], float]] = {"ABS": abs}


class _Evaluation:
    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.cells_read = 0
        self.busy: set[Cell] = set()

    def formula(self, cell: Cell, formula: str, depth: int) -> float:
        if depth > MOST_DEPTH:
            raise NotArithmetic("formula.too_deep")
        if len(formula) > MOST_CHARS:
            raise NotArithmetic("formula.too_long")
        if cell in self.busy:
            raise NotArithmetic("formula.circular")
        self.busy.add(cell)
        try:
            parser = _Parser(_tokens(formula), self, depth)
            value = parser.expression()
            if parser.position != len(parser.tokens):
                raise NotArithmetic("formula.not_plain")
        finally:
            self.busy.discard(cell)
        return _finite(value)

    def number(self, cell: Cell, depth: int, *, in_range: bool = False) -> float | None:
        """The cell's number (None: a text in a range, skipped as Excel skips it)."""
        self.cells_read += 1
        if self.cells_read > MOST_CELLS:
            raise NotArithmetic("formula.too_many_cells")
        formula = self.sheet.formula(cell)
        if formula is not None:
            return self.formula(cell, formula, depth + 1)
        value = self.sheet.value(cell)
        if value is None or value == "":
            return None if in_range else 0.0
        if isinstance(value, bool):
            return float(value)
        if isinstance(value, (int, float)):
            return _finite(float(value))
        if in_range:
            return None
        raise NotArithmetic("formula.on_text")


def _finite(value: float) -> float:
    if not math.isfinite(value) or abs(value) >= 1e300:
        raise NotArithmetic("formula.number_too_large")
    return value


class _Parser:
    """Recursive descent over the tokens, with Excel's precedence: a unary minus and ``%`` first
    (``=-2^2`` is 4 in Excel), then ``^``, then ``*`` and ``/``, then ``+`` and ``-``."""

    def __init__(self, tokens: list[tuple[str, str]], evaluation: _Evaluation, depth: int) -> None:
        self.tokens = tokens
        self.position = 0
        self.evaluation = evaluation
        self.depth = depth

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.position] if self.position < len(self.tokens) else ("", "")

    def take(self, value: str) -> bool:
        if self.peek() == ("op", value):
            self.position += 1
            return True
        return False

    def expression(self) -> float:
        value = self.term()
        while True:
            if self.take("+"):
                value = _finite(value + self.term())
            elif self.take("-"):
                value = _finite(value - self.term())
            else:
                return value

    def term(self) -> float:
        value = self.power()
        while True:
            if self.take("*"):
                value = _finite(value * self.power())
            elif self.take("/"):
                divisor = self.power()
                if divisor == 0:
                    raise NotArithmetic("formula.division_by_zero")
                value = _finite(value / divisor)
            else:
                return value

    def power(self) -> float:
        value = self.unary()
        while self.take("^"):
            exponent = self.unary()
            if abs(exponent) > MOST_POWER or (value == 0 and exponent < 0):
                raise NotArithmetic("formula.power_too_large")
            try:
                value = _finite(math.pow(value, exponent))
            except (OverflowError, ValueError):
                raise NotArithmetic("formula.power_out_of_range") from None
        return value

    def unary(self) -> float:
        if self.take("-"):
            return -self.unary()
        if self.take("+"):
            return self.unary()
        value = self.primary()
        while self.take("%"):
            value /= 100
        return value

    def primary(self) -> float:
        kind, text = self.peek()
        self.position += 1
        if kind == "number":
            return _finite(float(text))
        if kind == "cell":
            if self.peek() == ("op", ":"):
                raise NotArithmetic("formula.range_outside")
            number = self.evaluation.number(_cell(text), self.depth)
            return 0.0 if number is None else number
        if kind == "name":
            return self.function(text.upper())
        if (kind, text) == ("op", "("):
            value = self.expression()
            if not self.take(")"):
                raise NotArithmetic("formula.parenthesis")
            return value
        raise NotArithmetic("formula.not_plain")

    def function(self, name: str) -> float:
        if name not in FUNCTIONS and name not in ONE_ARGUMENT:
            raise NotArithmetic("formula.function", name=name)
        if not self.take("("):
            raise NotArithmetic("formula.not_plain")
        values: list[float] = []
        if not self.take(")"):
            while True:
                values.extend(self.argument())
                if self.take(")"):
                    break
                if not (self.take(",") or self.take(";")):
                    raise NotArithmetic("formula.not_plain")
        if name in ONE_ARGUMENT:
            if len(values) != 1:
                raise NotArithmetic("formula.function_one_number", name=name)
            return _finite(ONE_ARGUMENT[name](values[0]))
        return _finite(FUNCTIONS[name](values))

    def argument(self) -> list[float]:
        kind, text = self.peek()
        following = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else ("", "")
        if kind == "cell" and following == ("op", ":"):
            self.position += 2
            end_kind, end = self.peek()
            if end_kind != "cell":
                raise NotArithmetic("formula.range_not_two_cells")
            self.position += 1
            (top, left), (bottom, right) = _cell(text), _cell(end)
            top, bottom = sorted((top, bottom))
            left, right = sorted((left, right))
            if (bottom - top + 1) * (right - left + 1) > MOST_CELLS:
                raise NotArithmetic("formula.too_many_cells")
            numbers = (self.evaluation.number((row, column), self.depth, in_range=True)
                       for row in range(top, bottom + 1) for column in range(left, right + 1))
            return [number for number in numbers if number is not None]
        return [self.expression()]


def evaluate(formula: str, cell: Cell, sheet: Sheet) -> float:
    """The value of ``formula`` (``=A3+B3``) in ``cell`` of ``sheet``; ``NotArithmetic`` when
    it is not plain arithmetic on numbers and this sheet's cells (see the module)."""
    value = _Evaluation(sheet).formula(cell, formula, 0)
    return float(f"{value:.15g}")  # Excel shows 15 significant digits: 0.1 + 0.2 is 0.3
