"""The clock's drawing, measured in pixels (issue 29): the hands leave the 12, 3, 6 and 9 whole
whatever the time (they covered 18 % and 26 % of the 12 and the 6 they pointed at), and the dial
keeps the 3 mm safe area from the face's edge, as text does."""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print.faces.drawings import CLOCK_NUMERAL_AT, draw_clock
from domino_print.themes.representations import Face

SCALE = 6  # pixels per point


def render(hours: int, minutes: int, size_pt: float = 80.0, numbers: int = 1):
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size_pt, size_pt))
    draw_clock(canvas, Face("clock", count=hours * 60 + minutes, parts=(hours, minutes, numbers)), size_pt)
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0].render(scale=SCALE).to_pil().convert("RGB")


def hand_ink(pixel: tuple[int, int, int]) -> bool:
    """The black minute hand or the blue hour hand (the numerals are a mid grey, #6E6E6E)."""
    r, g, b = pixel
    return max(r, g, b) < 70 or (b > r + 60 and b > 120)


@pytest.mark.parametrize(("hours", "minutes"), [(12, 0), (6, 0), (3, 15), (9, 45), (6, 30), (12, 30), (3, 0)])
def test_the_hands_leave_every_numeral_whole(hours, minutes):
    size = 80.0
    image = render(hours, minutes, size)
    centre = size / 2
    radius = min(size * 0.44, centre - (3 + 0.2) * mm)
    font = max(6.0, radius * 0.25)
    for hour in (12, 3, 6, 9):
        angle = math.radians(hour * 30)
        x = centre + radius * CLOCK_NUMERAL_AT * math.sin(angle)
        y = centre + radius * CLOCK_NUMERAL_AT * math.cos(angle)
        half_w, half_h = font * (0.6 if hour > 9 else 0.32), font * 0.38
        box = [(px, py) for px in range(int((x - half_w) * SCALE), int((x + half_w) * SCALE))
               for py in range(int((size - y - half_h) * SCALE), int((size - y + half_h) * SCALE))]
        covered = sum(hand_ink(image.getpixel(p)) for p in box)
        assert covered == 0, (hour, covered / len(box))


@pytest.mark.slow
def test_the_dial_keeps_the_3_mm_safe_area():
    size = 80.0
    image = render(10, 10, size)
    width, height = image.size
    inked = [(x, y) for x in range(width) for y in range(0, height, 2) if max(image.getpixel((x, y))) < 200]
    margin = min(min(x for x, _ in inked), min(y for _, y in inked),
                 width - 1 - max(x for x, _ in inked), height - 1 - max(y for _, y in inked)) / SCALE
    assert margin / mm >= 3.0 - 0.05 - 0.02 * size / mm  # the ring's half line width aside
