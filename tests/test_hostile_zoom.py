"""Issue 28, bug 10: a page of the preview, and its zoom, drawn within a pixel budget, the zoom in
one of the render slots.

Before: a preview on ``--paper 2000x2000mm`` (a valid size), then its ``/zoom/`` page, drew
11,811 x 11,811 pixels (1.1 GB), outside the slots that bound the previews. Memory is measured in
``bench/hostile_memory.py``.
"""

from __future__ import annotations

import importlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.studio.rendering import PREVIEW_DPI, PREVIEW_PIXELS, render_scale
from domino_print.studio.zoom import ZOOM_DPI, ZOOM_PIXELS
from tests.test_studio import make_client

A4_PT = (595.28, 841.89)
studio_visit = importlib.import_module("domino_print.studio.routes.visit")  # the shared state, Studio


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(width=st.floats(1, 20000), height=st.floats(1, 20000), dpi=st.sampled_from([50, 150, 300]),
       most=st.integers(10_000, 10_000_000))
def test_a_page_is_drawn_at_its_resolution_or_within_the_budget(width, height, dpi, most):
    scale = render_scale((width, height), dpi, most)
    assert scale <= dpi / 72 + 1e-12
    assert (width * scale) * (height * scale) <= most * 1.000001
    if width * height * (dpi / 72) ** 2 <= most:
        assert scale == pytest.approx(dpi / 72)


def test_a4_keeps_its_resolutions():
    assert render_scale(A4_PT, ZOOM_DPI, ZOOM_PIXELS) == ZOOM_DPI / 72
    assert render_scale(A4_PT, PREVIEW_DPI, PREVIEW_PIXELS) == PREVIEW_DPI / 72


@pytest.mark.slow
def test_the_zoom_of_a_two_metre_page_stays_within_the_budget_and_in_a_slot(tmp_path, monkeypatch):
    entered = []
    real_slots = studio_visit.Studio.slots

    def counted(self):
        entered.append(1)
        return real_slots(self)

    monkeypatch.setattr(studio_visit.Studio, "slots", counted)
    with make_client(tmp_path / "a") as hostile, make_client(tmp_path / "b") as other:
        answer = hostile.post("/api/preview", json={"options": {"theme": "pips", "max": 2,
                                                                "paper": "2000x2000mm"}})
        assert answer.status_code == 200, answer.text
        page = Image.open(io.BytesIO(hostile.get(answer.json()["pages"][0]).content))
        assert page.width * page.height <= PREVIEW_PIXELS * 1.01  # pdfium rounds each side up
        before = len(entered)
        zoom = hostile.get(answer.json()["pages"][0].replace("/pages/", "/zoom/"))
        assert zoom.status_code == 200
        zoomed = Image.open(io.BytesIO(zoom.content))
        assert zoomed.width * zoomed.height <= ZOOM_PIXELS * 1.01 and zoomed.width > page.width
        assert len(entered) == before + 1  # the zoom took a render slot
        assert other.post("/api/preview", json={"options": {"theme": "pips", "max": 3}}).status_code == 200
