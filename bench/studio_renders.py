"""A studio's renders in one process: one option change after another, as the studio makes them.

Each change is a new margin (so a new PDF, never one from a cache on disk): the preview of a
built-in theme (the PDF and the pictures it draws before answering, as wide as a 1280-px window
shows them: ``studio.rendering.build_with_pages``),
or the PDF to download of seven 12 MP photos at 300 dpi (``bench/.work/photos``). What the
process keeps across renders (font subsets, the pictures' decodings) is kept as in the studio.
Timed from outside as a whole process, side by side with a baseline checkout's (the same
command with ``PYTHONPATH`` set to it), the ratio of CPU times holds on a loaded machine:

    /usr/bin/time -v python bench/studio_renders.py built-in
    PYTHONPATH=/tmp/base /usr/bin/time -v python bench/studio_renders.py built-in   # a baseline
    /usr/bin/time -v python bench/studio_renders.py photos
"""

from __future__ import annotations

import inspect
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THEMES = ("pips", "fruits", "pips-couleur", "chiffres")
CHANGES = {"built-in": 24, "photos": 8}
PAGE_PX = 384
"""The width the studio draws a page picture at for a 1280-px window (``bench.studio_school.PAGE_PX``
rounded up by ``studio.rendering.shown_width``)."""


def main() -> int:
    kind = sys.argv[1] if len(sys.argv) > 1 else "built-in"
    if kind not in CHANGES:
        raise SystemExit(f"bench: say built-in or photos, not {kind!r}")
    sys.path.append(str(ROOT))  # for bench.photos: domino_print is the one PYTHONPATH names, if any
    from domino_print.api import make_document
    from domino_print.studio.rendering import build_with_pages, cache_key

    cache = Path(tempfile.mkdtemp(prefix="domino-print-renders-"))
    # A baseline from before the pictures were drawn as wide as shown draws them at PREVIEW_DPI.
    wide = {"width": PAGE_PX} if "width" in inspect.signature(build_with_pages).parameters else {}
    started = time.process_time()
    for change in range(CHANGES[kind]):
        margin = f"{10 + change * 0.01:.2f}"
        if kind == "photos":
            from bench.photos import PHOTOS, generate_photos

            generate_photos()
            make_document({"theme": str(PHOTOS), "margin": margin, "dpi": 300})
        else:
            options = {"theme": THEMES[change % len(THEMES)], "margin": margin}
            build_with_pages(options, cache, cache_key(options, "", "full"), **wide)
    took = (time.process_time() - started) * 1000 / CHANGES[kind]
    print(f"{kind}: {CHANGES[kind]} changes, {took:.1f} ms of CPU each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
