"""The pdf/ writers on their own: the text fitting rule, where a tile puts its faces, and the
rules page's example chain reusing the sheet's face forms."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from domino_print.pdf.shrink import SHRINK_STEP_PT, shrink_to_fit, wrap_words
from domino_print.pdf.tile import FaceForms, place_faces

# -- fit ---------------------------------------------------------------------------------------


@pytest.mark.slow
@given(
    start=st.sampled_from([9.0, 7.5, 8.0]),
    floor=st.sampled_from([4.0, 5.0, 6.0]),
    limit=st.floats(min_value=0.0, max_value=12.0),
)
def test_shrink_to_fit_gives_the_largest_step_that_fits_or_stops_at_the_floor(start, floor, limit):
    size = shrink_to_fit(start, floor, lambda s: s <= limit)
    steps = [start - k * SHRINK_STEP_PT for k in range(int((start - floor) / SHRINK_STEP_PT) + 1)]
    fitting = [s for s in steps if s <= limit]
    assert size == (fitting[0] if fitting else floor)


letters = st.text(alphabet="abcdefghijWM", min_size=1, max_size=8)
words = st.lists(letters, min_size=1, max_size=2).map("\u00a0".join)  # a no-break space holds a pair


@pytest.mark.slow
@given(st.lists(words, min_size=1, max_size=30), st.floats(min_value=20, max_value=300))
def test_wrap_words_keeps_every_word_in_order_and_fills_each_line(word_list, room):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = " ".join(word_list)
    lines = wrap_words(text, "Helvetica", 9, room)
    assert " ".join(lines) == text
    for line, following in zip(lines, [*lines[1:], None], strict=True):
        # a line is within the room unless it is a single word too wide for any line...
        assert stringWidth(line, "Helvetica", 9) <= room or " " not in line
        # ...and the next line's first word would not have fitted on it
        if following is not None:
            grown = f"{line} {following.split(' ')[0]}"
            assert stringWidth(grown, "Helvetica", 9) > room


# -- tile --------------------------------------------------------------------------------------


class _RecordingCanvas:
    """Tracks the current transformation and records where each form is placed."""

    def __init__(self) -> None:
        self.matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        self.stack: list[tuple[float, ...]] = []
        self.placed: list[tuple[str, tuple[float, ...]]] = []

    def _concat(self, a, b, c, d, e, f) -> None:
        m = self.matrix
        self.matrix = (
            a * m[0] + b * m[2],
            a * m[1] + b * m[3],
            c * m[0] + d * m[2],
            c * m[1] + d * m[3],
            e * m[0] + f * m[2] + m[4],
            e * m[1] + f * m[3] + m[5],
        )

    def saveState(self) -> None:
        self.stack.append(self.matrix)

    def restoreState(self) -> None:
        self.matrix = self.stack.pop()

    def translate(self, x, y) -> None:
        self._concat(1, 0, 0, 1, x, y)

    def rotate(self, degrees) -> None:
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self._concat(c, s, -s, c, 0, 0)

    def doForm(self, name) -> None:
        self.placed.append((name, self.matrix))


class _Forms:
    def __init__(self, canvas) -> None:
        self.canvas = canvas

    def define(self, name, draw, bbox=()) -> str:
        return name


class _Painter:
    def __init__(self, follows_tile: bool) -> None:
        self.follows_tile = follows_tile


def _face_squares(canvas: _RecordingCanvas, size: float):
    """Each placed face: its name, the page box its square covers, and whether it is upright."""
    squares = []
    for name, (a, b, c, d, e, f) in canvas.placed:
        corners = [(a * x + c * y + e, b * x + d * y + f) for x in (0, size) for y in (0, size)]
        xs, ys = [round(p[0], 6) for p in corners], [round(p[1], 6) for p in corners]
        squares.append((name, (min(xs), min(ys), max(xs), max(ys)), (round(a, 6), round(b, 6))))
    return squares


@pytest.mark.parametrize("follows_tile", [True, False])
@pytest.mark.parametrize("vertical", [False, True])
def test_a_tile_puts_its_first_face_left_or_on_top_and_turns_only_faces_that_follow_it(
    follows_tile, vertical
):
    canvas, size = _RecordingCanvas(), 20.0
    faces = FaceForms(_Forms(canvas), _Painter(follows_tile), size)
    place_faces(canvas, faces, 2, 5, x=100.0, y=50.0, vertical=vertical)
    (first, box_a, x_axis_a), (second, box_b, _) = _face_squares(canvas, size)
    assert (first, second) == ("Face2", "Face5")
    if vertical:
        assert box_a == (100, 70, 120, 90) and box_b == (100, 50, 120, 70)
        # pips turn with a standing tile (their x axis points down the page); others stay upright
        assert x_axis_a == ((0.0, -1.0) if follows_tile else (1.0, 0.0))
    else:
        assert box_a == (100, 50, 120, 70) and box_b == (120, 50, 140, 70)
        assert x_axis_a == (1.0, 0.0)


@pytest.mark.parametrize("follows_tile", [True, False])
def test_a_turned_example_tile_keeps_upright_faces_upright(follows_tile):
    """The rules page turns a double crosswise; numerals and pictures must still read upright."""
    canvas, size = _RecordingCanvas(), 10.0
    faces = FaceForms(_Forms(canvas), _Painter(follows_tile), size)
    canvas.rotate(90)  # as the example chain does for a double
    place_faces(canvas, faces, 3, 3, turned=True)
    for _, _, x_axis in _face_squares(canvas, size):
        assert x_axis == ((0.0, 1.0) if follows_tile else (1.0, 0.0))


# -- document ----------------------------------------------------------------------------------


def test_the_rules_example_places_the_sheet_face_forms_and_draws_no_new_ones(run_cli, tmp_path):
    out = tmp_path / "fruits.pdf"
    assert run_cli("--theme", "fruits", "--out", out).exit_code == 0
    sheet, rules = PdfReader(out).pages

    def faces(page):
        xobjects = page["/Resources"]["/XObject"]
        return {str(k): xobjects.raw_get(k).idnum for k in xobjects if "Face" in str(k)}

    on_sheet, on_rules = faces(sheet), faces(rules)
    assert len(on_sheet) == 7
    assert on_rules and on_rules.items() <= on_sheet.items()
