"""The drawings of association faces that are figures, not text: tally marks, ten-frames, dice,
rods of ten, clock dials, shares of a pie or a bar, coins and notes, and the patterns that tell
colour patches apart. Each draws upright into a square of ``size`` points, keeping the safe area
from the tile's cut (``SAFE_PT``); ``faces.association`` chooses which one a face needs.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from domino_print import fonts
from domino_print.geometry.dice import UPRIGHT_DICE
from domino_print.geometry.sizes import SAFE_AREA_MM
from domino_print.themes.representations import Face

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BOLD = fonts.BOLD
INK = "#111111"
SAFE_PT = (SAFE_AREA_MM + 0.2) * mm
"""Text keeps the 3 mm safe area from the tile's cut (and a fifth of a millimetre for the glyphs'
overshoot: a round "?" or "o" reaches a little past its baseline)."""
FRAME_LINE = "#555555"
ROD_FILL = "#F2C14E"
UNIT_FILL = "#7FB3E0"


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


PATTERNS = {
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
