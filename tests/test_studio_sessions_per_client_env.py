"""``DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE`` is honoured by ``domino-print studio`` in one
process too (issue 36: it was read only by ``Settings.from_env``, i.e. uvicorn and ``--workers``, so
20 clients behind one address got 429 from ``domino-print studio`` past their 12th session)."""

from __future__ import annotations

import pytest

from domino_print.studio import server as studio_server
from domino_print.studio.settings import Limits, Settings, limits_from_env

pytestmark = pytest.mark.slow  # imports uvicorn


def test_limits_from_env_reads_a_whole_number_up_to_the_servers_own_limit(monkeypatch):
    monkeypatch.setenv("DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE", "20")
    assert limits_from_env().new_sessions_per_client_minute == 20
    assert Settings.from_env().limits.new_sessions_per_client_minute == 20
    for refused in ("", "0", "-3", "abc", "121", "2.5"):
        monkeypatch.setenv("DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE", refused)
        assert limits_from_env() == Limits(), refused
        assert limits_from_env().new_sessions_per_client_minute == 12, refused


def test_domino_print_studio_in_one_process_honours_it(monkeypatch, tmp_path):
    import importlib

    import uvicorn

    studio_app = importlib.import_module("domino_print.studio.app")  # the package's `app` is the ASGI app

    seen: list[Settings] = []

    def fake_create_app(settings):
        seen.append(settings)
        return object()

    monkeypatch.setattr(studio_app, "create_app", fake_create_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    monkeypatch.setenv("DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE", "20")
    studio_server.serve(0, open_browser=False, data_dir=tmp_path, echo=lambda *_: None)
    assert [s.limits.new_sessions_per_client_minute for s in seen] == [20]
    assert seen[0].data_dir == tmp_path

    seen.clear()
    monkeypatch.delenv("DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE")
    studio_server.serve(0, open_browser=False, data_dir=tmp_path, echo=lambda *_: None)
    assert [s.limits.new_sessions_per_client_minute for s in seen] == [12]
