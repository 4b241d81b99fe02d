"""The first screen's small pictures, one per goal, shipped with the package (``static/goals/``).

Each is the top left of the first page its goal's ``sample`` options make (``goals.toml``), drawn
by the real renderer (``api.make_document``, then ``api.render_page_png``), at
``GOAL_PICTURE_PX``: the page shows it at half that size, and since it is a static file it is
there with the first screen, before any preview is asked for (issue 34, item 6). ``make
goal-pictures`` writes them again (``python -m domino_print.studio.goal_pictures``);
``tests/test_goal_pictures.py`` fails while one of them is not what the renderer draws now.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

from domino_print.api import make_document, render_page_png
from domino_print.studio.goals import Goal, goals

GOALS_DIR = Path(__file__).resolve().parent / "static" / "goals"
"""Where the pictures are shipped: served as ``/static/goals/<goal>.jpg``."""
GOAL_PICTURE_PX = (480, 300)
"""A goal's picture in pixels (shown at half that size, sharp on a phone's screen)."""
PAGE_SHARE = 0.55
"""The share of the first page's width the picture shows, from its top left: the first tiles."""
JPEG_QUALITY = 85


def goal_picture(goal: Goal) -> bytes:
    """The goal's picture as JPEG: the top left of the first page of its ``sample``, as drawn."""
    document = make_document(goal.sample)
    width_px, height_px = GOAL_PICTURE_PX
    with Image.open(io.BytesIO(render_page_png(document, 0, dpi=72))) as probe:
        page_width = probe.width  # at 72 dpi: the page's width in points
    dpi = max(30, min(600, round(72 * width_px / (page_width * PAGE_SHARE)) + 1))  # never enlarged
    with Image.open(io.BytesIO(render_page_png(document, 0, dpi=dpi))) as page:
        box_w = round(page.width * PAGE_SHARE)
        box_h = min(page.height, round(box_w * height_px / width_px))
        part = page.convert("RGB").crop((0, 0, box_w, box_h))
        part = part.resize(GOAL_PICTURE_PX, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    part.save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return buffer.getvalue()


def write_all(folder: Path = GOALS_DIR) -> list[Path]:
    """Every goal's picture written into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for goal in goals():
        path = folder / f"{goal.name}.jpg"
        path.write_bytes(goal_picture(goal))
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else GOALS_DIR):
        print(path)
