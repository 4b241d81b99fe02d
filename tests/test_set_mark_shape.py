"""Set marks take a shape no face draws (issue 29, item 9): a coloured disc on a ``pips-couleur``
domino read as one more pip. Faces draw discs (pips, dice, ten-frames, coins, clocks, pies) and
squares or rectangles (dice, ten-frames, base-ten units, notes); a mark is drawn of straight
sides only, and none of them four sides square to the page."""

from __future__ import annotations

import io
import re

import pytest
from reportlab.pdfgen.canvas import Canvas

from domino_print.pdf.canvas import FormCache
from domino_print.pdf.marks import MARK_SHAPE, MARK_SHAPES, SetMarks, mark_style


def _drawing(shapes: bool, number: int) -> str:
    canvas = Canvas(io.BytesIO(), invariant=1)
    marks = SetMarks(FormCache(canvas), 30.0, shapes=shapes, sets=8)
    start = len(canvas.getCurrentPageContent())
    marks.draw_mark(canvas, number, marks.radius_pt)
    return canvas.getCurrentPageContent()[start:]


@pytest.mark.parametrize("shapes", [False, True], ids=["colour", "grey"])
@pytest.mark.parametrize("number", range(1, 9))
def test_a_set_mark_is_drawn_of_straight_sides_not_a_disc(shapes, number):
    drawing = _drawing(shapes, number).split("BT")[0]  # the shape, before its number's text
    assert not re.search(r"\sc\s", drawing), "a curve: the mark would read as a pip"
    assert len(re.findall(r"\sl\s", drawing)) >= 3  # a polygon: three sides and its close at least


def test_no_mark_shape_is_one_a_face_draws():
    assert MARK_SHAPE not in {"disc", "square"}
    assert not {"disc", "square"} & set(MARK_SHAPES)
    assert {mark_style(n)[0] for n in range(1, 9)} == set(MARK_SHAPES)
