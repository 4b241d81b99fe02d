"""Issue 28, bugs 4 and 5: one visitor can neither evict another's work nor cross their previews.

Before: about 2,000 new sessions from one client (``GET /`` and one POST each) removed the longest
idle visitor's folder, pictures and all; twenty parallel previews of different typed tables in one
session gave downloads holding another table's rows (the list was written outside the session's
lock, to one file, and read later), and 500s when one request's clean-up removed another's file.
"""

from __future__ import annotations

import concurrent.futures
import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from starlette.testclient import TestClient

from domino_print.studio.app import create_app
from domino_print.studio.sessions import NoRoom, SessionStore
from domino_print.studio.settings import Limits, Settings
from tests.test_studio import ORIGIN, png_bytes, upload

PICTURE = png_bytes(Image.new("RGB", (12, 12), "green"))


def visitor(app, address: str) -> TestClient:
    """A browser at ``address``; only the first one of an app is entered (``with``: the app's
    lifespan), the others share its state."""
    client = TestClient(app, base_url=ORIGIN, client=(address, 40000))
    client.headers["origin"] = ORIGIN
    return client


def first_page(client: TestClient) -> TestClient:
    assert client.get("/").status_code == 200
    return client


@pytest.mark.slow
def test_one_client_is_refused_new_sessions_past_its_minute_s_share_and_others_are_not(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, limits=Limits(new_sessions_per_client_minute=3)))
    with visitor(app, "10.0.0.9") as other:
        first_page(other)
        assert upload(other, [("a.png", PICTURE)]).status_code == 200
        hostile = visitor(app, "10.0.0.66")
        answers = []
        for _ in range(6):
            hostile.cookies.clear()
            first_page(hostile)
            answers.append(upload(hostile, [("a.png", PICTURE)]))
        assert [a.status_code for a in answers] == [200, 200, 200, 429, 429, 429]
        assert answers[-1].json()["message"] and answers[-1].headers["retry-after"] == "60"
        assert other.get("/api/pictures").json()["pictures"]  # alive, and its work kept
        assert other.post("/api/preview", json={"options": {"theme": "pips", "max": 3}}).status_code == 200
        newcomer = first_page(visitor(app, "10.0.0.10"))  # another client is still welcome
        assert upload(newcomer, [("a.png", PICTURE)]).status_code == 200


def test_a_refusal_is_worded_in_the_page_s_language(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, limits=Limits(sessions=1)))
    with visitor(app, "10.0.0.1") as first:
        second = first_page(visitor(app, "10.0.0.2"))
        first_page(first)
        assert upload(first, [("a.png", PICTURE)]).status_code == 200
        refused = second.post("/api/pictures?lang=de", files=[("files", ("a.png", PICTURE, "image/png"))])
        assert refused.status_code == 503 and "Studio" in refused.json()["message"]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(clients=st.lists(st.sampled_from("abcdef"), min_size=1, max_size=60), most=st.integers(1, 20),
       per_client=st.integers(1, 6), per_minute=st.integers(1, 30))
def test_no_folder_is_ever_removed_to_make_room(tmp_path_factory, clients, most, per_client, per_minute):
    store = SessionStore(tmp_path_factory.mktemp("data"), ttl_s=3600, most=most,
                         new_per_client_minute=per_client, new_per_minute=per_minute)
    made: list[Path] = []
    per: dict[str, int] = {}
    for client in clients:
        session = store.create(client)
        try:
            session.ensure()
        except NoRoom as refused:
            expected = "full" if len(made) >= most else "busy"
            if per.get(client, 0) >= per_client or len(made) >= per_minute:
                expected = "busy"
            assert refused.reason == expected
            continue
        made.append(session.folder)
        per[client] = per.get(client, 0) + 1
        (session.folder / "pictures" / "work.png").write_bytes(PICTURE)
    assert all((folder / "pictures" / "work.png").exists() for folder in made)
    assert len(made) <= most and all(count <= per_client for count in per.values())


def test_work_expires_by_age_and_then_makes_room(tmp_path):
    store = SessionStore(tmp_path, ttl_s=60, most=1)
    old = store.create("a")
    old.ensure()
    with pytest.raises(NoRoom):
        store.create("b").ensure()
    past = time.time() - 120
    os.utime(old.folder, (past, past))
    store.create("b").ensure()  # the expired one goes, by age
    assert not old.folder.exists()


# -- parallel previews of typed tables in one session (a real server) ------------------------

def table(n: int) -> list[list[str]]:
    return [[f"q{n}x{i}", f"r{n}y{i}"] for i in range(5)]


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.slow
def test_parallel_previews_of_different_tables_each_download_their_own_rows(tmp_path):
    import httpx

    server = subprocess.Popen([str(Path(sys.executable).parent / "domino-print"), "studio", "--no-browser"],
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        address = re.search(r"(http://\S+/)", server.stdout.readline()).group(1)
        with httpx.Client(base_url=address, headers={"origin": address.rstrip("/")}, timeout=300) as client:
            client.get("/")
            assert client.post("/api/list", json={"rows": table(99), "mode": "typed"}).status_code == 200

            def one(n: int) -> tuple[int, int, str]:
                body = {"options": {"theme": "list"}, "list_rows": table(n), "page_lang": "en"}
                answer = client.post("/api/preview", json=body)
                if answer.status_code != 200:
                    return n, answer.status_code, ""
                return n, 200, text_of(client.get(answer.json()["download"]).content)

            for _round in range(2):
                with concurrent.futures.ThreadPoolExecutor(20) as pool:
                    results = list(pool.map(one, range(20)))
                assert {status for _n, status, _text in results} <= {200, 409}  # 409: a newer preview won
                assert any(status == 200 for _n, status, _text in results)
                for n, status, text in results:
                    if status == 200:
                        assert all(f"q{n}x{i}" in text for i in range(5)), n
                        assert not re.search(rf"q(?!{n}x)\d+x", text), n
            for n in (3, 11):  # each table's key holds its own PDF afterwards, too
                assert one(n)[1] == 200 and f"q{n}x0" in one(n)[2]
    finally:
        server.terminate()
        server.wait(60)
