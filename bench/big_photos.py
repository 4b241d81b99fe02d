"""The 200-megapixel benchmark (issue 9): a theme of flagship-phone JPEGs, peak memory bounded.

``generate_big_photos`` makes three 16330 x 12250 JPEGs (200 megapixels, as a
200 MP phone sensor writes them; quality 85, some tens of MB each) in
``bench/.work/big-photos/`` once, each in its own process so that the 600 MB
of pixels it takes to make one are freed; later runs reuse them.
``BIG_PHOTO_SCENARIO`` runs ``domino-print --theme bench/.work/big-photos --max 2``:
its peak memory must stay at most 300 MB (JPEGs decode at 1/8 scale, never whole).

    python -m bench.run 200
"""

from __future__ import annotations

import subprocess

from bench.run import PYTHON, ROOT, WORK, Scenario

BIG_PHOTOS = WORK / "big-photos"
COUNT = 3
SIZE = (16330, 12250)
_DONE = ".complete"

_MAKE = """
import sys
from PIL import Image
from bench.photos import make_photo
index, width, height, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
Image.MAX_IMAGE_PIXELS = None  # our own picture, made here
small = make_photo(index, (width // 8, height // 8))  # the look of a photo, then enlarged
small.resize((width, height), Image.BILINEAR).save(path, "JPEG", quality=85)
"""


def generate_big_photos() -> None:
    """Make the three photos once (about a minute); later calls keep the cached files."""
    paths = [BIG_PHOTOS / f"big-{i + 1}.jpg" for i in range(COUNT)]
    if (BIG_PHOTOS / _DONE).exists() and all(p.exists() for p in paths):
        return
    BIG_PHOTOS.mkdir(parents=True, exist_ok=True)
    for index, path in enumerate(paths):
        print(f"bench: generating {path.relative_to(ROOT)} ...", flush=True)
        subprocess.run([PYTHON, "-c", _MAKE, str(index), *map(str, SIZE), str(path)], cwd=ROOT, check=True)
    (BIG_PHOTOS / _DONE).touch()


BIG_PHOTO_SCENARIO = Scenario(
    name="3 photos 200 MP",
    args=["--theme", "bench/.work/big-photos", "--max", "2", "--out", "bench/.work/big-photos.pdf"],
    max_mb_memory=300,
    setup=generate_big_photos,
)
