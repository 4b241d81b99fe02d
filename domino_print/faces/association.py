"""The painter of association sets: a face id stands for one ``Face`` (text, dots, hand, colour, picture).

The set's structure (``structures``) numbers its distinct faces; this painter
draws face ``n`` as ``faces[n]`` says, upright. Numerals, letters and words stay
real text (selectable, searchable, read aloud), fitted into the half by
``fitting.fit_text``; a text that reads as another one upside down is underlined.
Dots follow dice up to 6, and above that show full groups of five plus the rest.
Counting faces are drawn to be counted at the smallest tile size: tally marks in fives (four
strokes and one across), one ten-frame up to 10 and two up to 20, one die up to 6 and a second
beyond, tens as rods of ten squares beside the units.
Each colour patch carries its own pattern, so a colour-blind child tells colours
apart too. Loop cards get their small number in the lower left corner of the
answer half, and a small grey "?" in the lower right corner of the question half:
the mark a child learns for "this half asks".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from domino_print import fonts
from domino_print.colour import hex_luma
from domino_print.geometry.dice import UPRIGHT_DICE
from domino_print.geometry.sheet import SAFE_AREA_MM
from domino_print.geometry.text_fit import LEADING, fit_text
from domino_print.themes.representations import COLOURS, Face

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BOLD = fonts.BOLD
REGULAR = fonts.REGULAR
INK = "#111111"
MARK_GREY = "#9A9A9A"
"""The loop cards' small marks: the card number and the question half's "?"."""
TEXT_WIDTH = 0.86
TEXT_HEIGHT = 0.82
CAPTION_SHARE = 0.24
"""With a caption ("J'ai"), the top share of the face that holds it."""
SAFE_PT = (SAFE_AREA_MM + 0.2) * mm
"""Text keeps the 3 mm safe area from the tile's cut (and a fifth of a millimetre for the glyphs'
overshoot: a round "?" or "o" reaches a little past its baseline)."""


REACH: dict[str, Callable[[Face], float]] = {
    "dots": lambda face: 0.345 if face.count <= 6 else 0.48,  # one die; groups of five in a 2 x 2 grid
    "hand": lambda face: 0.44 if face.count <= 5 else 0.48,  # one hand; two, thumbs out
    "colour": lambda face: 0.39,
    "tally": lambda face: 0.44,  # two groups side by side, round caps
    "frame": lambda face: 0.44,
    "dice": lambda face: 0.32 if face.count <= 6 else 0.48,  # one die; two side by side
    "rods": lambda face: 0.41,
    "pie": lambda face: 0.41,
    "bar": lambda face: 0.43,
}
"""How far each drawn face reaches from its centre, strokes included, as a share of the face's
side (its painter's own proportions). On a small face that would bring it within the safe area
of the cut, the drawing is drawn smaller (``_kept_inside``). Text fits its own box
(``text_box``); clocks and coins keep the safe area themselves (their type keeps 6 pt)."""


def _kept_inside(size: float, face: Face) -> float:
    """The scale at which ``face``'s drawing keeps the safe area (``SAFE_PT``) from the edges of
    its square of ``size`` points: 1 when it already does."""
    reach = REACH.get(face.kind)
    if reach is None:
        return 1.0
    return min(1.0, (size / 2 - SAFE_PT) / (reach(face) * size))


def _corner_inset(size: float) -> float:
    """How far the corner marks sit from a face's edges (points, the face ``size`` wide): the
    safe area, or 5 % of the face on a larger one."""
    return max(size * 0.05, SAFE_PT)


def text_box(size_pt: float) -> tuple[float, float]:
    """The room for a face's text (width, height in points): most of the face, the safe area kept
    on every side."""
    return (min(size_pt * TEXT_WIDTH, size_pt - 2 * SAFE_PT),
            min(size_pt * TEXT_HEIGHT, size_pt - 2 * SAFE_PT))


DESCENDERS = frozenset("gjpqyçęţşŋµ")
"""Letters that reach below the baseline: their underline goes below the font's descent, or it
would cross them (a p with a bar through its stem)."""
FONT_DESCENT = 0.265
"""Fira Sans's descent, in ems (its hhea and OS/2 tables: -265 per 1000)."""
SKIN, SKIN_LINE = "#F7D7B5", "#6B4226"
FRAME_LINE = "#555555"
ROD_FILL = "#F2C14E"
UNIT_FILL = "#7FB3E0"


def _underline_bar(font_size: float) -> float:
    return max(0.8, font_size * 0.08)


def _below_baseline(line: str, font_size: float, underline: bool) -> float:
    """How far a ``line`` of text reaches under its baseline (points): its underline's lower edge
    (under the descenders when it has some), else its descenders, else nothing."""
    descends = bool(DESCENDERS.intersection(line))
    if underline:
        bar = _underline_bar(font_size)
        return (FONT_DESCENT * font_size + 1.6 * bar if descends else 2.2 * bar) + bar
    return FONT_DESCENT * font_size if descends else 0.0


def font_of(face: Face) -> str:
    return BOLD if face.bold else REGULAR


def largest_size(face: Face, size_pt: float) -> float:
    """The size a text starts from: large for a numeral or a letter, smaller for words."""
    if face.bold and len(face.text) <= 2:
        return size_pt * (0.62 if len(face.text) == 1 else 0.5)
    return min(size_pt * 0.3, 28.0)


def measure(font: str):
    from reportlab.pdfbase.pdfmetrics import stringWidth  # deferred: font metrics, at drawing time

    return lambda text, size: stringWidth(text, font, size)


def fitted(face: Face, size_pt: float, largest_pt: float | None = None):
    """How ``face``'s text fits a face of ``size_pt``: a ``Fitted``, or None when it cannot.

    ``largest_pt`` caps the size (a set's common word size); by default it is ``largest_size``.
    The same text, font and sizes are fitted once (the fit check before drawing, the set's
    word size and the drawing ask the same question)."""
    return _fitted(face.text, font_of(face), size_pt, largest_pt or largest_size(face, size_pt))


@lru_cache(maxsize=4096)
def _fitted(text: str, font: str, size_pt: float, largest_pt: float):
    return fit_text(text, *text_box(size_pt), measure(font), largest_pt=largest_pt)


class AssociationPainter:
    """Draws ``faces[face_id]``; pictures through a ``PicturePainter`` over ``images``."""

    follows_tile = False

    def __init__(self, faces: tuple[Face, ...], pictures=None) -> None:
        self.faces = faces
        self.pictures = pictures
        """A ``PicturePainter`` whose theme lists the pictures by ``Face.count``, or None."""
        self._word_sizes: dict[float, float] = {}

    @classmethod
    def for_theme(cls, theme, *, dpi: int) -> AssociationPainter:
        return cls(())

    def prepare(self, values, size_pt: float) -> None:
        if self.pictures is not None:
            wanted = sorted({self.faces[v].count for v in values if self.faces[v].kind == "picture"})
            self.pictures.prepare(wanted, size_pt * (1 - CAPTION_SHARE))

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        face = self.faces[value]
        inner = size_pt
        if face.caption:
            self._caption(canvas, face.caption, size_pt)
            inner = size_pt * (1 - CAPTION_SHARE)
            canvas.saveState()
            canvas.translate((size_pt - inner) / 2, 0)
        keep = _kept_inside(inner, face)
        if keep < 1:  # a drawing that would reach into the safe area is drawn smaller, about its centre
            canvas.saveState()
            canvas.translate(inner / 2, inner / 2)
            canvas.scale(keep, keep)
            canvas.translate(-inner / 2, -inner / 2)
        FACE_PAINTERS[face.kind](self, canvas, face, inner)
        if keep < 1:
            canvas.restoreState()
        if face.caption:
            canvas.restoreState()
        if face.card:
            self._card_number(canvas, face.card, size_pt)
        if face.asks:
            self._question_mark(canvas, size_pt)

    def _picture(self, canvas: Canvas, face: Face, size: float) -> None:
        if self.pictures is not None:
            self.pictures.draw(canvas, face.count, size)

    # -- text ----------------------------------------------------------------------------
    def _word_size(self, size: float) -> float:
        """One size for every word of the set (the size the longest fits at): a set reads evenly."""
        if size not in self._word_sizes:
            sizes = [fit.size_pt for face in self.faces if face.kind == "text" and not face.bold
                     if (fit := fitted(face, size)) is not None]
            self._word_sizes[size] = min(sizes, default=0.0)
        return self._word_sizes[size]

    def _text(self, canvas: Canvas, face: Face, size: float) -> None:
        fit = fitted(face, size, largest_pt=None if face.bold else self._word_size(size))
        if fit is None:  # checked before drawing; a last resort keeps the text whole
            fit = fit_text(face.text, text_box(size)[0], size * 4, measure(font_of(face)),
                           largest_pt=9, smallest_pt=3)
        font, font_size = font_of(face), fit.size_pt
        while True:  # the underline and the descenders of the last line keep the safe area too
            lead = font_size * LEADING
            cap = font_size * 0.72
            block = cap + lead * (len(fit.lines) - 1)
            baseline = (size + block) / 2 - cap + (0.04 * size if face.underline else 0)
            low = _below_baseline(fit.lines[-1], font_size, face.underline)
            bottom = baseline - lead * (len(fit.lines) - 1) - low
            raised = baseline + max(0.0, SAFE_PT - bottom)
            if raised + cap <= size - SAFE_PT or font_size <= MIN_LABEL_PT:
                baseline = raised
                break
            font_size *= 0.95
        canvas.setFillColor(INK)
        canvas.setFont(font, font_size)
        for line in fit.lines:
            canvas.drawCentredString(size / 2, baseline, line)
            if face.underline:
                width = canvas.stringWidth(line, font, font_size)
                bar = _underline_bar(font_size)
                below = _below_baseline(line, font_size, True) - bar
                canvas.rect((size - width) / 2, baseline - below, width, bar, stroke=0, fill=1)
            baseline -= lead

    def _caption(self, canvas: Canvas, caption: str, size: float) -> None:
        font_size = max(6.0, size * CAPTION_SHARE * 0.5)
        while font_size > 5 and canvas.stringWidth(caption, REGULAR, font_size) > size * 0.9:
            font_size -= 0.25
        canvas.setFillColor(INK)
        canvas.setFont(REGULAR, font_size)
        canvas.drawCentredString(size / 2, size * (1 - CAPTION_SHARE * 0.7), caption)

    def _card_number(self, canvas: Canvas, number: int, size: float) -> None:
        font_size = max(6.0, size * 0.075)
        inset = _corner_inset(size)
        canvas.setFillColor(MARK_GREY)
        canvas.setFont(REGULAR, font_size)
        canvas.drawString(inset, inset, str(number))

    def _question_mark(self, canvas: Canvas, size: float) -> None:
        font_size = max(7.0, size * 0.13)
        inset = _corner_inset(size)
        canvas.setFillColor(MARK_GREY)
        canvas.setFont(BOLD, font_size)
        canvas.drawRightString(size - inset, inset, "?")

    # -- dots ----------------------------------------------------------------------------
    def _dots(self, canvas: Canvas, count: int, size: float) -> None:
        canvas.setFillColor(INK)
        if count <= 6:
            self._dice(canvas, count, 0, 0, size, 0.085)
            return
        groups = [5] * (count // 5) + ([count % 5] if count % 5 else [])
        cell = size * 0.5
        if len(groups) == 2:
            spots = [(0, size * 0.25), (cell, size * 0.25)]
        else:
            spots = [(0, cell), (cell, cell), (0, 0), (cell, 0)]
        canvas.saveState()
        canvas.setStrokeColor("#BBBBBB")
        canvas.setLineWidth(max(0.4, size * 0.01))
        for (x, y), group in zip(spots, groups, strict=False):
            canvas.roundRect(x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88, cell * 0.12,
                             stroke=1, fill=0)
            self._dice(canvas, group, x, y, cell, 0.11)
        canvas.restoreState()

    def _dice(self, canvas: Canvas, count: int, x: float, y: float, cell: float, radius: float) -> None:
        for fx, fy in UPRIGHT_DICE[count]:
            canvas.circle(x + fx * cell, y + fy * cell, radius * cell, stroke=0, fill=1)

    # -- hands ---------------------------------------------------------------------------
    def _hands(self, canvas: Canvas, count: int, size: float) -> None:
        if count <= 5:  # a hand spans -0.28 w (the thumb out; else 0.1 w) to 0.94 w, and 1.47 w high
            width = size * 0.58
            left = -0.28 if count == 5 else 0.1
            self._hand(canvas, count, size / 2 - (left + 0.94) / 2 * width, size * 0.07, width)
        else:
            # Five on the left, thumb out to the left; the rest on the right, mirrored.
            self._hand(canvas, 5, size * 0.125, size * 0.22, size * 0.34)
            self._hand(canvas, count - 5, size * 0.65, size * 0.22, size * 0.34, mirrored=True)

    def _hand(self, canvas: Canvas, raised: int, x: float, y: float, w: float, *,
              mirrored: bool = False) -> None:
        """A hand, palm facing us, ``w`` wide: index, middle, ring, little, then the thumb.

        Mirrored, its thumb points right (the second hand of 6 to 10), within the same span."""
        canvas.saveState()
        canvas.translate(x, y)
        if mirrored:
            canvas.translate(0.66 * w, 0)
            canvas.scale(-1, 1)
        canvas.setFillColor(SKIN)
        canvas.setStrokeColor(SKIN_LINE)
        canvas.setLineWidth(max(0.7, w * 0.035))
        canvas.setLineJoin(1)
        finger_w = w * 0.17
        long_h, short_h = w * 0.62, w * 0.16
        palm_top = w * 0.8
        for index in range(4):  # index finger next to the thumb, on the left
            fx = w * 0.18 + index * (finger_w + w * 0.025)
            height = long_h * (1, 1.08, 1, 0.8)[index] if index < raised else short_h
            canvas.roundRect(fx, palm_top - finger_w, finger_w, height + finger_w, finger_w / 2,
                             stroke=1, fill=1)
        thumb = canvas.beginPath()
        if raised == 5:  # the thumb out to the left
            thumb.roundRect(-w * 0.28, w * 0.3, w * 0.5, finger_w * 1.05, finger_w / 2)
        else:  # folded across the palm
            thumb.roundRect(w * 0.1, w * 0.28, w * 0.52, finger_w * 1.05, finger_w / 2)
        palm = canvas.beginPath()
        palm.roundRect(w * 0.14, 0, w * 0.8, palm_top, w * 0.16)
        if raised == 5:
            canvas.drawPath(thumb, stroke=1, fill=1)
            canvas.drawPath(palm, stroke=1, fill=1)
        else:
            canvas.drawPath(palm, stroke=1, fill=1)
            canvas.drawPath(thumb, stroke=1, fill=1)
        canvas.restoreState()

    # -- colours -------------------------------------------------------------------------
    def _colour(self, canvas: Canvas, index: int, size: float) -> None:
        colour, pattern = COLOURS[index]
        inset, side = size * 0.12, size * 0.76
        patch = canvas.beginPath()
        patch.roundRect(inset, inset, side, side, size * 0.08)
        canvas.saveState()
        canvas.setFillColor(colour)
        canvas.setStrokeColor("#333333")
        canvas.setLineWidth(max(0.8, size * 0.015))
        canvas.drawPath(patch, stroke=1, fill=1)
        canvas.clipPath(patch, stroke=0, fill=0)
        ink = "#FFFFFF" if hex_luma(colour) < 110 else "#222222"
        canvas.setStrokeColor(ink)
        canvas.setFillColor(ink)
        canvas.setLineWidth(size * 0.025)
        _PATTERNS[pattern](canvas, inset, side)
        canvas.restoreState()


# -- counting faces: tally marks, ten-frames, dice, base-ten rods ----------------------------
def tally_groups(count: int) -> list[int]:
    """The marks of each group: fives, then the rest (12 is 5, 5, 2)."""
    return [5] * (count // 5) + ([count % 5] if count % 5 else [])


def draw_tally(canvas: Canvas, count: int, size: float) -> None:
    """Groups of five side by side, two a row; the fifth stroke crosses the four."""
    groups = tally_groups(count)
    rows = max(1, (len(groups) + 1) // 2)
    group_w, group_h = size * 0.38, size * (0.6 if rows == 1 else 0.33)
    stroke = max(1.0, size * 0.035)
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(stroke)
    canvas.setLineCap(1)
    top = (size + rows * group_h + (rows - 1) * size * 0.1) / 2
    for index, marks in enumerate(groups):
        row, column = divmod(index, 2)
        in_row = min(2, len(groups) - row * 2)
        left = (size - in_row * group_w - (in_row - 1) * size * 0.08) / 2 + column * (group_w + size * 0.08)
        bottom = top - (row + 1) * group_h - row * size * 0.1
        step = group_w / 4.6
        for mark in range(min(marks, 4)):
            x = left + step * (0.8 + mark)
            canvas.line(x, bottom, x, bottom + group_h)
        if marks == 5:
            canvas.line(left, bottom + group_h * 0.2, left + group_w, bottom + group_h * 0.8)
    canvas.restoreState()


def draw_frames(canvas: Canvas, count: int, size: float) -> None:
    """Ten-frames (two rows of five cells), filled row by row: one up to 10, two up to 20."""
    frames = 1 if count <= 10 else 2
    cell = size * 0.17
    width, height, gap = cell * 5, cell * 2, size * 0.08
    left = (size - width) / 2
    bottom = (size - frames * height - (frames - 1) * gap) / 2
    canvas.saveState()
    canvas.setLineWidth(max(0.6, size * 0.012))
    canvas.setStrokeColor(FRAME_LINE)
    for frame in range(frames):
        y0 = bottom + (frames - 1 - frame) * (height + gap)
        for row in range(2):
            for column in range(5):
                canvas.rect(left + column * cell, y0 + (1 - row) * cell, cell, cell, stroke=1, fill=0)
        canvas.setFillColor(INK)
        for spot in range(min(10, count - frame * 10)):
            row, column = divmod(spot, 5)
            x, y = left + (column + 0.5) * cell, y0 + (1.5 - row) * cell
            canvas.circle(x, y, cell * 0.34, stroke=0, fill=1)
    canvas.restoreState()


def dice_faces(count: int) -> list[int]:
    """The dice showing ``count``: one die up to 6, a six and the rest beyond."""
    return [count] if count <= 6 else [6, count - 6]


def draw_dice(canvas: Canvas, count: int, size: float) -> None:
    """One die or two side by side: a rounded square and its dots, upright."""
    dice = dice_faces(count)
    side = size * (0.62 if len(dice) == 1 else 0.44)
    gap = size * 0.06
    left = (size - len(dice) * side - (len(dice) - 1) * gap) / 2
    bottom = (size - side) / 2
    canvas.saveState()
    canvas.setLineWidth(max(0.8, size * 0.015))
    canvas.setStrokeColor(INK)
    for index, value in enumerate(dice):
        x = left + index * (side + gap)
        canvas.setFillColor("#FFFFFF")
        canvas.roundRect(x, bottom, side, side, side * 0.16, stroke=1, fill=1)
        canvas.setFillColor(INK)
        for fx, fy in UPRIGHT_DICE[value]:
            canvas.circle(x + fx * side, bottom + fy * side, side * 0.09, stroke=0, fill=1)
    canvas.restoreState()


def draw_rods(canvas: Canvas, count: int, size: float) -> None:
    """Tens as rods of ten squares, then the units in columns of five, bottom up; the squares
    are as large as the room allows (the rods 0.8 of the face at most)."""
    tens, units = divmod(count, 10)
    unit_columns = (units + 4) // 5
    columns = tens + unit_columns + (0.5 if tens and units else 0)
    unit = min(size * 0.072, size * 0.8 / max(1.0, columns * 1.3))
    gap = unit * 0.3
    width = columns * (unit + gap) - gap
    x = (size - width) / 2
    bottom = (size - 10 * unit) / 2 if tens else (size - 5 * unit - 4 * gap) / 2
    canvas.saveState()
    canvas.setLineWidth(max(0.5, size * 0.008))
    canvas.setStrokeColor(INK)
    for _ in range(tens):
        canvas.setFillColor(ROD_FILL)
        canvas.rect(x, bottom, unit, 10 * unit, stroke=1, fill=1)
        for step in range(1, 10):
            canvas.line(x, bottom + step * unit, x + unit, bottom + step * unit)
        x += unit + gap
    if tens and units:
        x += (unit + gap) / 2
    canvas.setFillColor(UNIT_FILL)
    for index in range(units):
        column, row = divmod(index, 5)
        canvas.rect(x + column * (unit + gap), bottom + row * (unit + gap), unit, unit, stroke=1, fill=1)
    canvas.restoreState()


DIAL_GREY = "#6E6E6E"
"""The dial's numbers: grey under the black hands, so that a hand over a number still reads."""
HOUR_HAND = "#1F4FA8"
"""The hour hand is blue, as on classroom clocks, and still darker grey than the page in black ink."""
CLOCK_HOUR_HAND = 0.5
CLOCK_MINUTE_HAND = 0.8
"""The hands' lengths, as shares of the dial's radius, on a dial of ticks alone."""
CLOCK_NUMBERED_HANDS = (0.36, 0.56)
"""The hour and minute hands' lengths on a dial with 12, 3, 6 and 9: they stop short of the
numerals (set at 0.78 of the radius), which stay whole whatever the time."""
CLOCK_NUMERAL_AT = 0.78


def hand_angles(hours: int, minutes: int) -> tuple[float, float]:
    """The hour and minute hands' angles, in degrees clockwise from 12."""
    return ((hours % 12) + minutes / 60) * 30, minutes * 6.0


def draw_clock(canvas: Canvas, face: Face, size: float) -> None:
    """An analogue clock: a dial with twelve ticks (and 12, 3, 6, 9), the hour hand short, thick
    and blue over the long black minute hand; ``face.parts`` is (hours, minutes, numbers)."""
    hours, minutes, numbers = face.parts
    centre = size / 2
    rim = max(0.8, size * 0.02)
    radius = min(size * 0.44, centre - SAFE_PT - rim / 2)  # the dial, rim and all, keeps the safe area
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setFillColor("#FFFFFF")
    canvas.setLineWidth(rim)
    canvas.circle(centre, centre, radius, stroke=1, fill=1)
    canvas.setLineCap(1)
    canvas.setLineWidth(max(0.5, size * 0.012))
    for tick in range(12):
        if numbers and tick % 3 == 0:
            continue  # 12, 3, 6 and 9 stand there
        angle = math.radians(tick * 30)
        inner = radius * (0.8 if tick % 3 == 0 else 0.84)
        canvas.line(centre + inner * math.sin(angle), centre + inner * math.cos(angle),
                    centre + radius * 0.95 * math.sin(angle), centre + radius * 0.95 * math.cos(angle))
    if numbers:
        font_size = max(6.0, radius * 0.25)
        canvas.setFillColor(DIAL_GREY)
        canvas.setFont(BOLD, font_size)
        for hour in (12, 3, 6, 9):
            angle = math.radians(hour * 30)
            x = centre + radius * CLOCK_NUMERAL_AT * math.sin(angle)
            y = centre + radius * CLOCK_NUMERAL_AT * math.cos(angle)
            canvas.drawCentredString(x, y - font_size * 0.36, str(hour))
    hour_angle, minute_angle = hand_angles(hours, minutes)
    hour_length, minute_length = CLOCK_NUMBERED_HANDS if numbers else (CLOCK_HOUR_HAND, CLOCK_MINUTE_HAND)
    hands = ((minute_angle, minute_length, 0.06, INK), (hour_angle, hour_length, 0.11, HOUR_HAND))
    for angle, length, width, colour in hands:  # the short hour hand over the long one
        turn = math.radians(angle)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(radius * width)
        canvas.line(centre, centre, centre + radius * length * math.sin(turn),
                    centre + radius * length * math.cos(turn))
    canvas.setFillColor(INK)
    canvas.circle(centre, centre, radius * 0.08, stroke=0, fill=1)
    canvas.restoreState()


SHARE_FILL = "#E07A2E"
"""The shaded part of a pie or a bar (dark enough to tell from white in black ink)."""


def draw_pie(canvas: Canvas, face: Face, size: float) -> None:
    """A disc cut into ``d`` equal sectors from 12 o'clock, ``n`` of them shaded, clockwise."""
    shaded, parts = face.parts
    centre, radius = size / 2, size * 0.4
    canvas.saveState()
    canvas.setLineWidth(max(0.8, size * 0.018))
    canvas.setStrokeColor(INK)
    canvas.setFillColor(SHARE_FILL)
    sweep = 360 / parts
    for part in range(shaded):  # ReportLab's angles run anticlockwise from 3 o'clock
        canvas.wedge(centre - radius, centre - radius, centre + radius, centre + radius,
                     90 - (part + 1) * sweep, sweep, stroke=0, fill=1)
    canvas.circle(centre, centre, radius, stroke=1, fill=0)
    if parts > 1:
        for part in range(parts):
            angle = math.radians(part * sweep)
            canvas.line(centre, centre, centre + radius * math.sin(angle), centre + radius * math.cos(angle))
    canvas.restoreState()


def draw_bar(canvas: Canvas, face: Face, size: float) -> None:
    """A bar cut into ``d`` equal cells, the first ``n`` shaded from the left."""
    shaded, parts = face.parts
    width, height = size * 0.84, size * 0.26
    left, bottom = (size - width) / 2, (size - height) / 2
    cell = width / parts
    canvas.saveState()
    canvas.setLineWidth(max(0.8, size * 0.018))
    canvas.setStrokeColor(INK)
    canvas.setFillColor(SHARE_FILL)
    canvas.rect(left, bottom, cell * shaded, height, stroke=0, fill=1)
    canvas.rect(left, bottom, width, height, stroke=1, fill=0)
    for part in range(1, parts):
        canvas.line(left + part * cell, bottom, left + part * cell, bottom + height)
    canvas.restoreState()


COPPER, GOLD, SILVER, NOTE = "#C77B4A", "#E3C35A", "#C9CCD1", "#A9D18E"
"""Plain colours for coins (copper, gold, two-tone) and notes: no official design is drawn."""


MIN_LABEL_PT = 6.0
"""The smallest type a page prints (print shops: 6 pt at least)."""


def piece_labels(face: Face) -> dict[int, str]:
    """Each coin's or note's label, by its value in cents, as the face was made in its page's
    language (``50 c``, ``2 €``; ``50c``, ``€2``): ``face.text`` joins them with `` + ``."""
    return dict(zip(face.parts, face.text.split(" + "), strict=True)) if face.parts else {}


def draw_coins(canvas: Canvas, face: Face, size: float) -> None:
    """The coins and notes of ``face.parts`` (cents, largest first) as plain labelled shapes, in
    their real proportions (``face.sizes``: a 1 c coin 16.25/25.75 of a 2 € one): notes as
    rectangles on top, coins as discs in rows below, each with its value written to fit."""
    pieces = face.parts
    labels = piece_labels(face)
    sizes = dict(zip(pieces, face.sizes, strict=True)) if face.sizes else {}
    notes = [p for p in pieces if p >= 500]
    coins = [p for p in pieces if p < 500]
    canvas.saveState()
    inset = min(SAFE_PT, size * 0.1)  # the drawing keeps the safe area from the cut, as text does
    canvas.translate(inset, inset)
    size -= 2 * inset
    canvas.setLineWidth(max(0.5, size * 0.01))
    canvas.setStrokeColor(INK)
    top = size * 0.94
    if notes:
        band = min(size * 0.34, size * 0.8 / len(notes))
        tallest = max(sizes.get(n, (1.0, 0.52))[1] for n in notes)
        scale = min(size * 0.8, band * 0.84 / tallest)  # the widest note's width, in points
        for index, note in enumerate(notes):
            share_w, share_h = sizes.get(note, (1.0, 0.52))
            width, height = scale * share_w, scale * share_h
            y = top - (index + 1) * band + (band - height) / 2
            canvas.setFillColor(NOTE)
            canvas.rect((size - width) / 2, y, width, height, stroke=1, fill=1)
            _fit_label(canvas, labels[note], size / 2, y + height / 2, width * 0.8, height * 0.62)
        top -= len(notes) * band + size * 0.03
    if coins:
        per_row = 3 if len(coins) > 4 else 2 if len(coins) > 1 else 1
        rows = (len(coins) + per_row - 1) // per_row
        cell = min(size * 0.43, size * 0.86 / per_row, (top - size * 0.06) / rows)
        for index, coin in enumerate(coins):
            row, column = divmod(index, per_row)
            in_row = min(per_row, len(coins) - row * per_row)
            x = (size - in_row * cell) / 2 + (column + 0.5) * cell
            y = top - (row + 0.5) * cell
            radius = cell * 0.48 * sizes.get(coin, (1.0, 1.0))[0]  # the largest coin fills its cell
            canvas.setFillColor(COPPER if coin < 10 else GOLD if coin < 200 else SILVER)
            canvas.circle(x, y, radius, stroke=1, fill=1)
            if coin >= 100:  # two-tone coins: 1 a silver centre in a golden ring, 2 the other way
                canvas.setFillColor(SILVER if coin == 100 else GOLD)
                canvas.circle(x, y, radius * 0.68, stroke=0, fill=1)
            _fit_label(canvas, labels[coin], x, y, radius * 1.6, radius * 0.8)
    canvas.restoreState()


def _fit_label(canvas: Canvas, label: str, x: float, y: float, width: float, height: float) -> None:
    """``label`` centred on ``(x, y)``, in bold ink, as large as ``width`` and ``height`` allow, and
    never under the 6 pt a page may print (``MIN_LABEL_PT``)."""
    font_size = max(MIN_LABEL_PT,
                    min(height, height * width / max(canvas.stringWidth(label, BOLD, height), 1e-6)))
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, font_size)
    canvas.drawCentredString(x, y - font_size * 0.35, label)


FacePaint = Callable[[AssociationPainter, "Canvas", Face, float], None]

FACE_PAINTERS: dict[str, FacePaint] = {
    "text": AssociationPainter._text,
    "dots": lambda painter, canvas, face, size: painter._dots(canvas, face.count, size),
    "hand": lambda painter, canvas, face, size: painter._hands(canvas, face.count, size),
    "colour": lambda painter, canvas, face, size: painter._colour(canvas, face.count, size),
    "picture": AssociationPainter._picture,
    "tally": lambda painter, canvas, face, size: draw_tally(canvas, face.count, size),
    "frame": lambda painter, canvas, face, size: draw_frames(canvas, face.count, size),
    "dice": lambda painter, canvas, face, size: draw_dice(canvas, face.count, size),
    "rods": lambda painter, canvas, face, size: draw_rods(canvas, face.count, size),
    "clock": lambda painter, canvas, face, size: draw_clock(canvas, face, size),
    "pie": lambda painter, canvas, face, size: draw_pie(canvas, face, size),
    "bar": lambda painter, canvas, face, size: draw_bar(canvas, face, size),
    "coins": lambda painter, canvas, face, size: draw_coins(canvas, face, size),
}
"""The painter of each ``Face.kind``: draws the face, upright, into the square of ``size`` points.
The representation kinds of ``themes.representations.KINDS`` make faces of these kinds."""


def _lines(canvas, inset, side, direction):
    step = side / 6
    path = canvas.beginPath()
    for k in range(-6, 13):
        offset = inset + k * step
        if direction == "h":
            path.moveTo(inset, offset)
            path.lineTo(inset + side, offset)
        elif direction == "v":
            path.moveTo(offset, inset)
            path.lineTo(offset, inset + side)
        elif direction == "d":
            path.moveTo(offset, inset)
            path.lineTo(offset + side, inset + side)
        else:
            path.moveTo(offset, inset + side)
            path.lineTo(offset + side, inset)
    canvas.drawPath(path, stroke=1, fill=0)


def _spots(canvas, inset, side, ring):
    step = side / 4
    for i in range(4):
        for j in range(4):
            x, y = inset + (i + 0.5) * step, inset + (j + 0.5) * step
            canvas.circle(x, y, step * (0.3 if ring else 0.2), stroke=1 if ring else 0, fill=0 if ring else 1)


def _checks(canvas, inset, side):
    step = side / 5
    for i in range(5):
        for j in range(5):
            if (i + j) % 2:
                canvas.rect(inset + i * step, inset + j * step, step, step, stroke=0, fill=1)


def _zigzag(canvas, inset, side):
    step = side / 5
    path = canvas.beginPath()
    for row in range(5):
        y = inset + (row + 0.3) * step
        path.moveTo(inset, y)
        for k in range(1, 9):
            path.lineTo(inset + k * side / 8, y + (0.4 * step if k % 2 else 0))
    canvas.drawPath(path, stroke=1, fill=0)


_PATTERNS = {
    "plain": lambda canvas, inset, side: None,
    "dots": lambda canvas, inset, side: _spots(canvas, inset, side, ring=False),
    "rings": lambda canvas, inset, side: _spots(canvas, inset, side, ring=True),
    "horizontal": lambda canvas, inset, side: _lines(canvas, inset, side, "h"),
    "vertical": lambda canvas, inset, side: _lines(canvas, inset, side, "v"),
    "diagonal": lambda canvas, inset, side: _lines(canvas, inset, side, "d"),
    "antidiagonal": lambda canvas, inset, side: _lines(canvas, inset, side, "a"),
    "cross": lambda canvas, inset, side: (_lines(canvas, inset, side, "h"), _lines(canvas, inset, side, "v")),
    "checks": _checks,
    "zigzag": _zigzag,
}
"""Each colour's pattern, drawn in black or white over the patch (see ``representations.COLOURS``)."""

