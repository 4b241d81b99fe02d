"""Issue 31: the studio's answers a visitor reads when something goes wrong, in the page's
language, never in English for a French, Spanish or German visitor: an unexpected exception is a
worded 500 (JSON for the page's requests, a small page otherwise) without its traceback, and the
page's scripts never fall back to the browser's English ``statusText``; a paper size typed with
the decimal comma is named with it. The words below are written here, not read from the
catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import domino_print.studio
import domino_print.studio.lists as lists
import domino_print.studio.routes.pages as pages
from domino_print.studio.app import create_app
from domino_print.studio.settings import Settings
from tests.test_studio import ORIGIN

UNEXPECTED = {
    "fr": "le studio n’a pas pu répondre (erreur 500)\u00a0; réessayez",
    "en": "the studio could not answer (error 500); try again",
    "es": "el estudio no ha podido responder (error 500); inténtalo de nuevo",
    "de": "das Studio konnte nicht antworten (Fehler 500); versuchen Sie es noch einmal",
}
LANGS = ("fr", "en", "es", "de")
SECRET = "a secret of the server /srv/domino"
STATIC = Path(domino_print.studio.__file__).resolve().parent / "static"


def _explode(*_args, **_kwargs):
    raise RuntimeError(SECRET)


@pytest.fixture
def failing(tmp_path, monkeypatch):
    """A studio whose page and list answer raise an exception nobody expected; the test client
    gives the app's answer instead of raising the exception again, as a browser sees it."""
    client = TestClient(create_app(Settings(data_dir=tmp_path / "data")), base_url=ORIGIN,
                        raise_server_exceptions=False)
    client.headers["origin"] = ORIGIN
    with client:
        assert client.get("/").status_code == 200  # a session, before the page breaks
        monkeypatch.setattr(lists, "list_answer", _explode)
        monkeypatch.setattr(pages, "render_page", _explode)
        yield client


def _no_secret(answer) -> None:
    for leak in (SECRET, "Traceback", "RuntimeError", "Internal Server Error"):
        assert leak not in answer.text, answer.text


@pytest.mark.parametrize("lang", LANGS)
def test_an_unexpected_exception_in_a_page_request_is_a_worded_500_in_json(failing, lang):
    answer = failing.get(f"/api/list?lang={lang}")
    assert answer.status_code == 500
    assert answer.headers["content-type"] == "application/json"
    assert answer.json() == {"message": UNEXPECTED[lang]}
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["x-content-type-options"] == "nosniff"  # the guard's headers kept
    _no_secret(answer)


@pytest.mark.parametrize("lang", LANGS)
def test_an_unexpected_exception_elsewhere_is_a_small_worded_page(failing, lang):
    answer = failing.get(f"/?lang={lang}")
    assert answer.status_code == 500
    assert answer.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in answer.text
    assert f"<p>{UNEXPECTED[lang]}</p>" in answer.text
    _no_secret(answer)


def test_an_unexpected_exception_without_a_language_is_french(failing):
    assert failing.get("/api/list").json() == {"message": UNEXPECTED["fr"]}


def test_an_unexpected_exception_reaches_the_server_to_be_logged(tmp_path, monkeypatch):
    """The traceback is the operator's: the app raises it again for the server (uvicorn logs it as
    "Exception in ASGI application" on the studio's terminal), after answering the visitor."""
    with TestClient(create_app(Settings(data_dir=tmp_path / "data")), base_url=ORIGIN) as client:
        monkeypatch.setattr(pages, "render_page", _explode)
        with pytest.raises(RuntimeError, match="a secret of the server"):
            client.get("/")


def test_no_script_falls_back_to_the_browser_s_english_status_text():
    for path in sorted(STATIC.glob("*.js")):
        assert "statusText" not in path.read_text(encoding="utf-8"), path.name
    shared = (STATIC / "studio-words.js").read_text(encoding="utf-8")
    assert re.search(r'say\("error\.unexpected", \{ status: answer\.status \}\)', shared)


MADE_PAPER = {  # a paper size typed with the decimal comma, as the studio's summary writes it back
    "fr": "3 pages, 28 dominos (double-six), 160,5 x 230 mm, ",
    "es": "160,5 x 230 mm",
    "de": "160,5 x 230 mm",
    "en": "160.5x230mm",  # English numbers as given: the name the user typed, with its point
}
RULES_PAPER = {
    "fr": "la page des règles demande du papier A5 (148 x 210 mm) ou plus grand, "
          "et 150,5 x 200 mm est plus petit",
    "de": "150,5 x 200 mm",
    "en": "the rules page needs A5 paper (148 x 210 mm) or larger, and 150.5x200mm is smaller",
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(MADE_PAPER))
def test_a_paper_made_by_hand_is_named_as_the_page_s_language_writes_a_size(tmp_path, lang):
    """The summary and the refusals name a paper typed as ``160,5x230mm`` with the language's
    decimal mark (they said ``160.5x230mm`` in French); the PDF is the same."""
    from tests.test_studio import make_client

    with make_client(tmp_path / "data") as client:
        shown = client.post("/api/preview", json={"options": {"theme": "pips", "paper": "160,5x230mm"},
                                                  "page_lang": lang})
        assert shown.status_code == 200, shown.text
        assert MADE_PAPER[lang] in shown.json()["summary"]
        if lang != "en":
            assert "160.5" not in shown.json()["summary"]
        if lang in RULES_PAPER:
            refused = client.post("/api/preview", json={"options": {"theme": "pips", "paper": "150,5x200mm"},
                                                        "page_lang": lang})
            assert refused.status_code == 422
            message = refused.json()["errors"][0]["message"]
            assert RULES_PAPER[lang] in message and (lang == "en" or "150.5" not in message), message
