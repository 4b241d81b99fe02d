"""Braille cells for the numbers and letters of a set, and where their dots stand, in mm.

A cell has six dots, numbered 1-2-3 down the left column and 4-5-6 down the right. The 26
letters a-z are the same in the four languages of the catalogues (Louis Braille's first
decades: a-j, then k-t with dot 3 added, u-z with dots 3 and 6, w apart):

- English (Unified English Braille, ICEB 2013, rule 6.1), Spanish (ONCE, Signografía básica
  2017) and German (Brailleschriftkomitee, Das System der deutschen Brailleschrift 2018):
  numbers take the number sign (dots 3-4-5-6) followed by the letters a-j for 1-9 and 0;
- French (Code braille français uniformisé, Commission Évolution du Braille Français, 2008,
  numbers): the number prefix is dot 6 and the digits are written in Antoine notation, the
  letters a-i with dot 6 added for 1-9 (the fourth decade) and dots 3-4-5-6 for 0.

Letters are written without a capital sign: a pupil matches the letter, and the sign
differs between the codes. Sizes (Marburg Medium) are in ``geometry.touch``.
"""

from __future__ import annotations

from domino_print.geometry.touch import (
    BRAILLE_CELL_SPACING_MM,
    BRAILLE_DOT_DIAMETER_MM,
    BRAILLE_DOT_SPACING_MM,
    Pip,
)

Cell = frozenset[int]

_FIRST_TEN = ("1", "12", "14", "145", "15", "124", "1245", "125", "24", "245")
"""a to j: the first decade, which the digits borrow."""


def _cell(dots: str) -> Cell:
    return frozenset(int(dot) for dot in dots)


LETTER_CELLS: dict[str, Cell] = {
    **{chr(ord("a") + k): _cell(dots) for k, dots in enumerate(_FIRST_TEN)},
    **{chr(ord("k") + k): _cell(dots + "3") for k, dots in enumerate(_FIRST_TEN)},
    **{letter: _cell(dots + "36") for letter, dots in zip("uvxyz", _FIRST_TEN[:5], strict=True)},
    "w": _cell("2456"),
}
"""The 26 letters (k-t: a-j with dot 3; u, v, x, y, z: a-e with dots 3 and 6; w: 2-4-5-6)."""

_DIGITS = "1234567890"

NUMBER_SIGN: dict[str, Cell] = {
    "en": _cell("3456"), "es": _cell("3456"), "de": _cell("3456"), "fr": _cell("6"),
}
"""The sign that starts a number, per language."""


def digit_cell(digit: str, lang: str) -> Cell:
    """A digit's cell: the letter a-j (1-9, 0); in French (Antoine notation) a-i with dot 6 added,
    and 0 dots 3-4-5-6."""
    cell = _cell(_FIRST_TEN[_DIGITS.index(digit)])
    if lang != "fr":
        return cell
    return _cell("3456") if digit == "0" else cell | {6}


def cells_for(text: str, lang: str) -> tuple[Cell, ...] | None:
    """The cells of a number (``12``: the number sign, 1, 2) or of one letter (``b``, ``B``); None
    for any other text (a word, a sum), which is left without braille."""
    if text.isascii() and text.isdigit():
        return (NUMBER_SIGN[lang], *(digit_cell(digit, lang) for digit in text))
    if len(text) == 1 and text.lower() in LETTER_CELLS:
        return (LETTER_CELLS[text.lower()],)
    return None


def width_mm(cells: int) -> float:
    """From the left edge of the first cell's dots to the right edge of the last one's."""
    return (cells - 1) * BRAILLE_CELL_SPACING_MM + BRAILLE_DOT_SPACING_MM + BRAILLE_DOT_DIAMETER_MM


HEIGHT_MM = 2 * BRAILLE_DOT_SPACING_MM + BRAILLE_DOT_DIAMETER_MM
"""From the top edge of dot 1 to the bottom edge of dot 3."""

_PLACE = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}
"""Each dot's column and row (row 0 at the top)."""


def dot_centres(cells: tuple[Cell, ...], centre_x_mm: float, top_mm: float) -> tuple[Pip, ...]:
    """The dots of ``cells`` in a row centred on ``centre_x_mm``, the top edge of the top dots at
    ``top_mm`` (y grows upwards, so the rows go down from there)."""
    radius = BRAILLE_DOT_DIAMETER_MM / 2
    left = centre_x_mm - width_mm(len(cells)) / 2 + radius
    top = top_mm - radius
    return tuple(
        Pip(round(left + index * BRAILLE_CELL_SPACING_MM + column * BRAILLE_DOT_SPACING_MM, 4),
            round(top - row * BRAILLE_DOT_SPACING_MM, 4), radius)
        for index, cell in enumerate(cells) for dot in sorted(cell) for column, row in [_PLACE[dot]])
