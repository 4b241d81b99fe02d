"""Issue 34, item 6: the first screen's pictures are shipped, and they are what the renderer draws.

``studio/static/goals/<goal>.jpg`` is served as a static file, so that the first screen is whole
before any preview is made; each is drawn by ``studio.goal_pictures.goal_picture`` from its goal's
``sample`` through the real renderer. This test draws them again: a change to a theme, a sample
or the renderer that changes a picture fails here until ``make goal-pictures`` is run (and the
pictures looked at).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from domino_print.studio.goal_pictures import GOAL_PICTURE_PX, GOALS_DIR, goal_picture
from domino_print.studio.goals import goals

pytestmark = pytest.mark.slow  # five documents drawn


@pytest.mark.parametrize("goal", goals(), ids=lambda goal: goal.name)
def test_each_goals_shipped_picture_is_what_the_renderer_draws_now(goal):
    shipped = GOALS_DIR / f"{goal.name}.jpg"
    assert shipped.is_file(), f"{shipped} is missing: run make goal-pictures"
    drawn = goal_picture(goal)
    assert shipped.read_bytes() == drawn, f"{shipped.name} is stale: run make goal-pictures, then look at it"
    with Image.open(io.BytesIO(drawn)) as picture:
        assert picture.size == GOAL_PICTURE_PX
        assert picture.convert("L").getextrema()[0] < 100  # something drawn on it


def test_no_picture_is_shipped_for_a_goal_that_is_gone():
    assert sorted(path.stem for path in GOALS_DIR.glob("*.jpg")) == sorted(goal.name for goal in goals())
