"""Issue 32, item 3 (its JS part) and issue 34, item 1: the studio's scripts share one module.

``static/studio-words.js`` owns the page's words (``say``), its language and ``ask``, the one door
for the page's requests, which words a lost server the same way whichever script asked. The
other scripts use it: none parses the words again, writes its own ``say`` or calls ``fetch``
itself, and the page loads it before them.
"""

from __future__ import annotations

import re
from pathlib import Path

import domino_print.studio
from tests.test_studio import make_client

STATIC = Path(domino_print.studio.__file__).resolve().parent / "static"

SHARED = "studio-words.js"
SCRIPTS = sorted(path for path in STATIC.glob("*.js") if path.name != SHARED)


def test_there_are_the_pages_scripts_and_the_shared_module():
    assert (STATIC / SHARED).is_file()
    assert {path.name for path in SCRIPTS} >= {"studio.js", "studio-lists.js", "studio-crop.js",
                                               "studio-zoom.js", "studio-theme.js", "studio-toddlers.js"}


def test_no_script_but_the_shared_one_reads_the_words_writes_say_or_fetches():
    for path in SCRIPTS:
        code = path.read_text(encoding="utf-8")
        assert 'getElementById("words")' not in code, f"{path.name} reads the words itself"
        assert not re.search(r"\bconst say\s*=", code), f"{path.name} writes its own say"
        assert not re.search(r"(?<![.\w])fetch\(", code), f"{path.name} calls fetch, not studioWords.ask"
        assert "window.studioWords" in code, f"{path.name} does not use the shared module"


def test_the_page_loads_the_shared_module_before_the_others(tmp_path):
    with make_client(tmp_path / "data") as client:
        page = client.get("/").text
    loaded = re.findall(r'<script src="/static/([\w-]+\.js)"', page)
    assert loaded[0] == SHARED, loaded
    assert sorted(loaded[1:]) == sorted(path.name for path in SCRIPTS)
    with make_client(tmp_path / "data2") as client:
        assert client.get(f"/static/{SHARED}").status_code == 200
