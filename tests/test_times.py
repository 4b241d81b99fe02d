"""Telling the time (issue 20): analogue clocks, digital times and times in words, generated
and checked from the PDF: the digital halves read back as text, the clocks' hands measured
on the rendered page (within 3 degrees), the words as a class says them in each language.
"""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from itertools import combinations_with_replacement

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.faces.association import FACE_PAINTERS, AssociationPainter
from domino_print.themes.representations import Face

DIGITAL = re.compile(r"^(\d{1,2}):(\d\d)$")


def digital_minutes(text: str) -> int:
    found = DIGITAL.match(text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 5, 123456])
@pytest.mark.parametrize("step", ["60", "30", "15", "5"])
def test_a_double_set_of_clocks_and_digital_times_holds_every_pair_once(seed, step):
    job = parse_options({"theme": "heures", "faces": "horloge,numérique", "step": step, "seed": seed,
                         "no_rules": True})
    assert job.association is not None
    faces = job.association.faces
    texts_on_page: list[str] = []
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    for page in reader.pages:
        page.extract_text(visitor_text=lambda t, cm, tm, font, size: texts_on_page.append(t.strip())
                          if DIGITAL.match(t.strip()) else None)
    digital = sorted(digital_minutes(f.text) for f in faces if f.kind == "text")
    assert sorted(digital_minutes(t) for t in set(texts_on_page)) == digital  # what the page says
    dial = {f.count % 720 for f in faces if f.kind == "clock"}
    assert len(dial) == 7 and all(m % int(step) == 0 for m in digital)

    def value(face: Face) -> int:  # a clock is read on a 12-hour dial: its digital time's value
        if face.kind == "text":
            return digital_minutes(face.text)
        return next(m for m in digital if m % 720 == face.parts[0] % 12 * 60 + face.parts[1])

    tiles = Counter(tuple(sorted((value(faces[t.a]), value(faces[t.b])))) for t in job.tiles)
    assert tiles == Counter(combinations_with_replacement(digital, 2))  # no half reads two ways


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "trois heures et quart"), ("en", "quarter past three"), ("es", "las tres y cuarto"),
    ("de", "Viertel nach drei"),
])
def test_the_time_in_words_as_a_class_says_it(lang, words):
    document = make_document({"theme": "heures", "faces": "mots,numérique-12", "values": "3:15,4:30",
                              "lang": lang, "no_rules": True})
    assert words in pypdf.PdfReader(io.BytesIO(document.pdf)).pages[0].extract_text()


@pytest.mark.parametrize(("minutes", "fr", "en", "de"), [
    (4 * 60 + 45, "cinq heures moins le quart", "quarter to five", "Viertel vor fünf"),
    (12 * 60 + 35, "une heure moins vingt-cinq", "twenty-five to one", "fünf nach halb eins"),
    (8 * 60 + 30, "huit heures et demie", "half past eight", "halb neun"),
])
def test_minutes_to_the_hour_name_the_next_hour(minutes, fr, en, de):
    from domino_print.themes.maths import time_words

    assert (time_words("fr", minutes), time_words("en", minutes), time_words("de", minutes)) == (fr, en, de)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 999999), step=st.sampled_from(["60", "30", "15", "5"]))
def test_any_seed_makes_one_loop_of_distinct_times(seed, step):
    job = parse_options({"theme": "heures", "faces": "cadran,mots", "structure": "boucle", "step": step,
                         "seed": seed})
    assert job.association is not None
    clocks = [f for f in job.association.faces if f.kind == "clock"]
    cards = min(24, 720 // int(step))  # a class's 24 cards, or every time a dial shows at this step
    assert len({(f.parts[0], f.parts[1]) for f in clocks}) == len(clocks) == cards
    assert sorted(job.association.loop) == list(range(1, cards + 1))


@pytest.mark.parametrize(("mapping", "message"), [
    ({"faces": "horloge,numérique-12", "values": "3:00,15:00"},
     "3:00 and 15:00 look the same on a 12-hour dial"),
    ({"values": "3:07"}, "'3:07' is not a time of theme 'heures'"),
    ({"max": 9}, "--max chooses numbers; choose the times with --values"),
    ({"range": "0-10"}, "--range sets the terms of generated faces"),
])
def test_times_that_would_read_two_ways_are_refused(mapping, message):
    with pytest.raises(OptionError, match=re.escape(message)):
        parse_options({"theme": "heures", **mapping})


def test_the_meaning_check_refuses_a_12_hour_time_that_reads_as_another():
    with pytest.raises(OptionError, match=re.escape("--values: 3:00 and 15:00 read the same on a half")):
        parse_options({"theme": "heures", "faces": "numérique,numérique-12", "values": "3:00,15:00"})


def test_step_is_refused_outside_the_times():
    with pytest.raises(OptionError, match="--step sets the minutes between the times"):
        parse_options({"theme": "nombres", "step": "15"})


def test_24_hour_times_may_share_a_dial_when_no_half_shows_a_dial():
    job = parse_options({"theme": "heures", "faces": "numérique,numérique-12", "values": "3:00,16:00"})
    assert job.association is not None


# ------------------------------------------------------------------ pixels


def _angle_of(points: list[tuple[float, float]]) -> float:
    x = sum(math.sin(math.radians(a)) for a, _ in points)
    y = sum(math.cos(math.radians(a)) for a, _ in points)
    return math.degrees(math.atan2(x, y)) % 360


def _angles(image, radius: float, hand) -> list[tuple[float, float]]:
    """The angles (clockwise from 12) at ``radius`` from the centre whose pixel is ``hand``'s."""
    width, height = image.size
    pixels = image.load()
    cx, cy = width / 2, height / 2
    found = []
    for step in range(1440):
        angle = step / 4
        x = cx + radius * math.sin(math.radians(angle))
        y = cy - radius * math.cos(math.radians(angle))
        if hand(pixels[int(x), int(y)]):
            found.append((angle, 1.0))
    return found


def _black(rgb) -> bool:
    return max(rgb) < 80


def _blue(rgb) -> bool:
    return rgb[2] - rgb[0] > 60


def _gap(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


@pytest.mark.parametrize(("hours", "minutes"), [(3, 0), (3, 15), (9, 45), (6, 30), (11, 55), (1, 5), (7, 20)])
def test_the_hands_point_where_the_time_says(hours, minutes):
    size = 100.0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size, size))
    face = Face("clock", count=hours * 60 + minutes, parts=(hours, minutes, 0))
    FACE_PAINTERS["clock"](AssociationPainter((face,)), canvas, face, size)
    canvas.save()
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(buffer.getvalue())
    image = document[0].render(scale=400 / 72).to_pil().convert("RGB")
    document.close()
    radius = image.size[0] * 0.44  # the dial's radius, as the painter draws it
    minute_at = _angle_of(_angles(image, radius * 0.7, _black))  # only the minute hand reaches so far
    hour_at = _angle_of(_angles(image, radius * 0.3, _blue))  # the hour hand lies over the other
    assert _gap(minute_at, minutes * 6) <= 3
    assert _gap(hour_at, (hours % 12 + minutes / 60) * 30) <= 3
