"""Issue 17, class 10: what the browser is told never names the server's files.

Every error the studio can answer (a preview refused for its options, its pictures' names or
their count, pictures refused on upload, hostile or mistyped requests, downloads and sizes of
keys that are not there), in every language, names no session folder, no session id, no file
hash and no absolute path of the server.
"""

from __future__ import annotations

import json
import re

import pytest
from PIL import Image

from domino_print.studio.sessions import COOKIE
from domino_print.texts import languages
from tests.test_error_languages import BAD_OPTIONS
from tests.test_studio import make_client, png_bytes

_HEX = re.compile(r"[0-9a-f]{16,}")
_ABSOLUTE = re.compile(r"(?:^|[\s'\"(=:])/[A-Za-z0-9._-]+/")


def _assert_says_nothing_of_the_server(text: str, secrets: list[str], where: object) -> None:
    for secret in secrets:
        assert secret not in text, (where, text)
    assert not _HEX.search(text), (where, text)
    assert not _ABSOLUTE.search(text), (where, text)
    assert "sessions" not in text and "Traceback" not in text, (where, text)


def _error_texts(answer) -> list[str]:
    """The texts of an error answer, or of the refusals within an upload's answer."""
    if answer.status_code < 400:
        body = answer.json()
        return [json.dumps(body.get("rejected", []), ensure_ascii=False)]
    return [answer.text]


@pytest.mark.slow
@pytest.mark.parametrize("lang", languages())
def test_no_studio_error_names_a_server_path_or_hash(tmp_path, lang):
    data = tmp_path / "data"
    with make_client(data, bytes_per_file=200_000) as client:
        red = png_bytes(Image.new("RGB", (16, 16), "red"))
        files = [("files", (name, content, "image/png")) for name, content in [
            ("a.png", red), ("b.png", png_bytes(Image.new("RGB", (16, 16), "blue"))),
            ("copy.png", red), ("notes.png", b"no picture"), ("empty.png", b""),
            ("big.png", b"\x89PNG" + b"0" * 300_000)]]
        answers = [client.post(f"/api/pictures?lang={lang}", files=files)]
        state = answers[0].json()
        assert len(state["rejected"]) == 4
        session = client.app.studio.sessions.find(client.cookies[COOKIE])
        secrets = [str(data), str(tmp_path), session.id, *[p["id"] for p in state["pictures"]]]
        first = state["pictures"][0]["id"]
        client.post("/api/pictures/name", json={"id": first, "lang": lang, "name": "chat \U0001f431"})
        previews = [*BAD_OPTIONS, {"theme": "pictures", "labels": True, "lang": lang},
                    {"theme": "pictures", "max": 9}, {"theme": "/etc"}, {"theme": "../x"},
                    {"theme": "pictures", "tile_size": "150x300mm"}]
        for options in previews:
            answers.append(client.post("/api/preview", json={"options": options, "page_lang": lang}))
        hostile = [("/api/pictures/order", b'{"order": [1, null]}'), ("/api/pictures/remove", b"[" * 50),
                   ("/api/pictures/name", b'{"id": "' + b"0" * 32 + b'"}'), ("/api/preview", b"\xff")]
        for path, body in hostile:
            answers.append(client.post(path, content=body, headers={"content-type": "application/json"}))
        answers.append(client.get("/download/session/" + "0" * 32 + ".pdf"))
        answers.append(client.get("/api/size/session/" + "0" * 32))
        for answer in answers:
            for text in _error_texts(answer):
                _assert_says_nothing_of_the_server(text, secrets, answer.request.url)


BROKEN_TOML = b'pairs = [["chat", "cat"],\n  ["chien" "dog"]]\n'
"""A list typed by hand with a comma missing: the parser stops at line 2, column 12."""
TOML_SYNTAX = {  # issue 31: our sentence around the parser's own words, with the line and column
    "fr": "erreur de syntaxe TOML ligne 2, colonne 12 (le lecteur TOML dit «\u00a0Unclosed array\u00a0»)",
    "en": "TOML syntax error at line 2, column 12 (the TOML reader says “Unclosed array”)",
    "es": "error de sintaxis TOML en la línea 2, columna 12 (el lector de TOML dice «Unclosed array»)",
    "de": "TOML-Syntaxfehler in Zeile 2, Spalte 12 (der TOML-Leser meldet „Unclosed array“)",
}
NO_PAIRS = {
    "fr": "écrivez les paires ainsi\u00a0: pairs = [[",
    "en": "write the pairs as pairs = [[",
    "es": "escribe los pares así: pairs = [[",
    "de": "schreiben Sie die Paare so: pairs = [[",
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", languages())
def test_a_broken_toml_list_is_refused_at_upload_without_the_server_s_folder(tmp_path, lang):
    """A .toml list the parser refuses, or one with no ``pairs``, was read as a theme's own file at
    the preview, and said so naming the session's folder; it is refused when sent, beside the
    list, in the page's language, with the line and column, and the list there was stays."""
    import io
    import zipfile

    data = tmp_path / "data"
    with make_client(data) as client:
        kept = client.post("/api/list", json={"mode": "typed", "rows": [["chat", "cat"], ["chien", "dog"]]})
        assert kept.status_code == 200
        session = client.app.studio.sessions.find(client.cookies[COOKIE])
        secrets = [str(data), str(tmp_path), session.id]
        zipped = io.BytesIO()
        with zipfile.ZipFile(zipped, "w") as archive:
            archive.writestr("animaux/liste.toml", BROKEN_TOML)
        for name, content, words in (("liste.toml", BROKEN_TOML, TOML_SYNTAX[lang]),
                                     ("animaux.zip", zipped.getvalue(), TOML_SYNTAX[lang]),
                                     ("liste.toml", b'title = "animaux"\n', NO_PAIRS[lang])):
            answer = client.post("/api/list/file", params={"name": name, "lang": lang}, content=content)
            assert answer.status_code == 422, answer.text
            (error,) = answer.json()["errors"]
            assert error["field"] == "list" and words in error["message"], (name, error)
            _assert_says_nothing_of_the_server(answer.text, secrets, name)
        assert client.get("/api/list").json()["mode"] == "typed"  # the list there was is kept
