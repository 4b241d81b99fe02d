"""The bounded evaluator of formulas saved without a value (issue 27, themes/lists/formulas.py): plain
arithmetic on numbers and cells of one sheet, as Excel computes it; anything else refused. The
expected values are Excel's, worked out by hand."""

from __future__ import annotations

import pytest

from domino_print.themes.lists.formulas import MOST_CELLS, NotArithmetic, Sheet, evaluate

VALUES = {(2, 0): 3.0, (2, 1): 4.0, (3, 1): 5.0, (4, 1): "texte", (5, 1): True}
FORMULAS = {(6, 1): "=B3*2", (7, 0): "=A8+1", (8, 0): "=A10", (9, 0): "=A9"}
SHEET = Sheet(VALUES.get, FORMULAS.get)


@pytest.mark.parametrize(("formula", "value"), [
    ("=6*7", 42), ("=A3+B3", 7), ("=SUM(B3:B5)", 9), ("=sum(B3:B4)", 9), ("=(A3-1)/2", 1), ("=-2^2", 4),
    ("=2^3^2", 64), ("=50%", 0.5), ("=0.1+0.2", 0.3), ("=AVERAGE(A3,B3)", 3.5), ("=ABS(-3)", 3),
    ("=MAX(B3:B4;10)", 10), ("=MIN(B3:B4)", 4), ("=PRODUCT(A3:B3)", 12), ("=B7+1", 9), ("=Z99", 0),
    ("=$A$3*$B3", 12), ("=1e3/4", 250), ("=SUM(B6:B6)", 1), ("= 1 + 2 ", 3),
])
def test_plain_arithmetic_is_worked_out_as_excel_does(formula, value):
    assert evaluate(formula, (0, 0), SHEET) == pytest.approx(value)


@pytest.mark.parametrize("formula", [
    "=A3&B3", '="a"', "=VLOOKUP(1,A1:B2,2)", "=TODAY()", "=Feuil2!A1", "=1/0", "=10^1000", "=B5+1",
    "=A8", "=A9", "=(1+2", "=SUM(A1:B2", "=1+", "=A3:B3", "=ABS(1,2)", "6*7", "=" + "1+" * 600 + "1",
    "=SUM(A1:Z1000)",
])
def test_anything_else_is_refused(formula):
    with pytest.raises(NotArithmetic):
        evaluate(formula, (0, 0), SHEET)


def test_the_cells_read_are_bounded():
    assert MOST_CELLS < 1000 * 26  # the range above is past the bound: refused before reading it
    chain = {(row, 0): f"=A{row}+1" for row in range(1, 200)}  # A2 = A1 + 1, ... 199 formulas deep
    with pytest.raises(NotArithmetic, match="deep"):
        evaluate("=A199", (199, 0), Sheet(lambda cell: None, chain.get))
