"""Issue 17, classes 4, 10 and 12 (studio): the studio under load from other sites and hostile bodies.

- A plain ``GET /`` (another site's ``<img>`` loop) makes no session folder; the sessions with a
  folder are bounded, a newcomer past the bound refused (no visitor's work removed for it).
- Every JSON endpoint fed hostile JSON (nested thousands deep, oversized, wrong types, mixed
  lists, nulls) answers a 4xx with a message, never a 500 or a traceback.
- A full data disk answers 507, worded, the session unchanged and no orphan file left.
- ``GET /static/studio.js/`` is a 404.
- Loop and chain decks of 20 cards or more are previewed; ``HOME=/dev/null`` (or a file) serves.
"""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.studio import uploads
from tests.test_studio import make_client, png_bytes, upload

ENDPOINTS = ["/api/preview", "/api/pictures/order", "/api/pictures/remove", "/api/pictures/name",
             "/api/pictures/look", "/api/pictures/nothing"]
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=15)
bodies = st.dictionaries(st.sampled_from(["options", "order", "id", "lang", "name", "fit", "background",
                                          "page_lang", "x"]), json_values, max_size=5)


def _sessions(data: Path) -> list[Path]:
    root = data / "sessions"
    return sorted(p for p in root.iterdir() if p.is_dir()) if root.exists() else []


@pytest.mark.slow
def test_a_plain_get_makes_no_session_folder(tmp_path):
    data = tmp_path / "data"
    with make_client(data) as client:
        for _ in range(20):
            client.cookies.clear()  # a new visitor each time, as a cross-site <img> loop makes
            assert client.get("/").status_code == 200
        assert _sessions(data) == []
        assert upload(client, [("a.png", png_bytes(Image.new("RGB", (12, 12), "red")))]).status_code == 200
        assert len(_sessions(data)) == 1  # the first picture stored makes the folder


@pytest.mark.slow
def test_sessions_with_a_folder_are_bounded_and_a_newcomer_never_evicts_work(tmp_path):
    """Issue 28, bug 4: past the bound a newcomer is told to come back (503, worded); the
    visitors already there keep their pictures (before: the longest idle one was removed)."""
    data = tmp_path / "data"
    picture = png_bytes(Image.new("RGB", (12, 12), "blue"))
    with make_client(data, sessions=3) as client:
        cookies = []
        for _ in range(3):
            client.cookies.clear()
            client.get("/")
            assert upload(client, [("a.png", picture)]).status_code == 200
            cookies.append(dict(client.cookies))
        client.cookies.clear()
        client.get("/")
        refused = upload(client, [("a.png", picture)])
        assert refused.status_code == 503 and refused.json()["message"]
        assert len(_sessions(data)) == 3
        for cookie in cookies:
            client.cookies.clear()
            client.cookies.update(cookie)
            assert client.get("/api/pictures").json()["pictures"]  # every earlier visitor kept theirs


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(endpoint=st.sampled_from(ENDPOINTS), body=bodies | json_values)
def test_hostile_json_on_every_endpoint_is_a_4xx(endpoint, body):
    with tempfile.TemporaryDirectory() as name, make_client(Path(name)) as client:
        assert upload(client, [("a.png", png_bytes(Image.new("RGB", (12, 12), "red")))]).status_code == 200
        answer = client.post(endpoint, content=json.dumps(body), headers={"content-type": "application/json"})
        assert answer.status_code < 500, (endpoint, body, answer.text)
        if answer.status_code >= 400:
            assert answer.text and "Traceback" not in answer.text


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("body", [
    b"[" * 5000 + b"]" * 5000, b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"options": ' + b"[" * 40 + b"]" * 40 + b"}",
    b'{"x": "' + b"y" * 70000 + b'"}', b"9" * 5000, b"\xff\xfe", b"null",
    b'{"order": [1, "a", null, {"x": 1}, [2]]}', b'{"order": [{"a": 1}, {"b": 2}]}',
    b'{"id": {"a": 1}, "lang": ["en"], "name": {"x": []}}', b'{"fit": [1], "background": {"x": 1}}',
], ids=lambda b: repr(b[:16]))
@pytest.mark.slow
def test_deep_big_and_mistyped_bodies(tmp_path, endpoint, body):
    with make_client(tmp_path / "data") as client:
        upload(client, [("a.png", png_bytes(Image.new("RGB", (12, 12), "red")))])
        before = client.get("/api/pictures").json()
        answer = client.post(endpoint, content=body, headers={"content-type": "application/json"})
        if endpoint == "/api/preview" and body.startswith((b'{"order"', b'{"id"', b'{"fit"')):
            assert answer.status_code == 200  # keys a preview does not read: the default preview
            return
        assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:200])
        assert answer.text and "Traceback" not in answer.text
        assert client.get("/api/pictures").json() == before  # the session stays as it was


def test_a_full_data_disk_is_507_and_leaves_no_orphan(tmp_path, monkeypatch):
    data = tmp_path / "data"
    real = Path.write_bytes

    def full_on_thumbnails(self, content):
        if self.parent.name == "thumbs":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, content)

    with make_client(data) as client:
        upload(client, [("a.png", png_bytes(Image.new("RGB", (12, 12), "red")))])
        before = client.get("/api/pictures").json()
        monkeypatch.setattr(Path, "write_bytes", full_on_thumbnails)
        answer = upload(client, [("b.png", png_bytes(Image.new("RGB", (12, 12), "blue")))])
        monkeypatch.setattr(Path, "write_bytes", real)
        assert answer.status_code == 507 and "full" in answer.json()["message"]
        assert client.get("/api/pictures").json() == before
        (session,) = _sessions(data)
        stored = sorted(p.name for p in (session / "pictures").iterdir() if p.name != "theme.toml")
        assert len(stored) == 1, stored  # the half-stored original was removed with the rest


def test_uploads_share_one_large_pictures_decoding_budget():
    # issue 17: never several large pictures' pixels at once (tests/test_upload_decoding_budget.py)
    assert uploads.DECODING.pixels == 40_000_000 and uploads.DECODING.used == 0


@pytest.mark.parametrize("path", ["/static/studio.js/", "/static/studio.css/", "/static//studio.js/"])
def test_a_static_name_ending_in_a_slash_is_404(tmp_path, path):
    with make_client(tmp_path / "data") as client:
        assert client.get("/static/studio.js").status_code == 200
        assert client.get(path).status_code == 404


@pytest.mark.slow
@pytest.mark.parametrize(("theme", "structure", "values"), [
    ("lettres", "boucle", "A-Z"), ("nombres", "boucle", "0-20"), ("lettres", "chaine", "A-Z")])
def test_loop_decks_of_twenty_cards_or_more_are_previewed(tmp_path, theme, structure, values):
    with make_client(tmp_path / "data") as client:
        answer = client.post("/api/preview", json={"page_lang": "en", "options": {
            "theme": theme, "structure": structure, "values": values}})
        assert answer.status_code == 200, answer.text
        cards = int(answer.json()["summary"].split(", ")[1].split()[0])
        assert cards >= 21


@pytest.mark.slow
@pytest.mark.parametrize("home", ["/dev/null", "file"])
def test_the_studio_serves_with_a_home_that_is_no_folder(tmp_path, home):
    """HOME=/dev/null (a service account) or a file: the page and a preview are served."""
    if home == "file":
        home = str(tmp_path / "home-file")
        Path(home).write_text("not a folder")
    env = {**os.environ, "HOME": home, "TMPDIR": str(tmp_path)}
    process = subprocess.Popen([str(Path(sys.executable).parent / "domino-print"), "studio", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://[^/ ]+", line)
        assert match, line
        origin = match.group()
        page = urllib.request.urlopen(f"{origin}/?lang=en", timeout=30)
        assert page.status == 200
        cookie = page.headers["set-cookie"].split(";")[0]
        request = urllib.request.Request(f"{origin}/api/preview", method="POST", data=json.dumps(
            {"page_lang": "en", "options": {"theme": "fruits"}}).encode(), headers={
            "origin": origin, "cookie": cookie, "content-type": "application/json"})
        answer = urllib.request.urlopen(request, timeout=60)
        assert answer.status == 200 and "dominoes" in json.loads(answer.read())["summary"]
    finally:
        process.send_signal(signal.SIGTERM)
        _, error = process.communicate(timeout=30)
    assert error == "", error
