"""Issue 31: the studio's own refusals in the page's language (``?lang=``, else the browser's
``Accept-Language``, else French), never in English for a French, Spanish or German visitor: an
address no route has (404), a method a route does not take (405, Starlette's own), a file of the
page's that is not there, the guard's refusals (a foreign host or origin, a change without an
Origin, 403), a session gone (401) and a request the page would not send (400). The words below
are written here, not read from the catalogues, so that a refusal worded in another language, or in
Starlette's English, fails; no answer names the data folder."""

from __future__ import annotations

import pytest

from domino_print.studio.sessions import COOKIE
from tests.test_studio import ORIGIN, make_client

NOT_FOUND = {
    "fr": "cette adresse ne mène à rien dans le studio\u00a0; revenez à sa page d’accueil",
    "en": "this address leads nowhere in the studio; go back to its first page",
    "es": "esta dirección no lleva a nada en el estudio; vuelve a su página de inicio",
    "de": "diese Adresse führt im Studio nirgendwohin; kehren Sie zu seiner Startseite zurück",
}
METHOD = {
    "fr": "le studio ne répond pas à ce genre de demande à cette adresse",
    "en": "the studio does not answer this kind of request at this address",
    "es": "el estudio no responde a este tipo de petición en esta dirección",
    "de": "das Studio beantwortet diese Art von Anfrage unter dieser Adresse nicht",
}
FOREIGN_HOST = {
    "fr": "ce serveur ne répond pas à ce nom d’hôte",
    "en": "this server does not answer to that host name",
    "es": "este servidor no responde a ese nombre de host",
    "de": "dieser Server antwortet nicht auf diesen Hostnamen",
}
FOREIGN_ORIGIN = {
    "fr": "une page d’un autre site ne peut pas se servir de ce studio",
    "en": "a page from another site may not use this studio",
    "es": "una página de otro sitio no puede usar este estudio",
    "de": "eine Seite einer anderen Website darf dieses Studio nicht benutzen",
}
NO_ORIGIN = {
    "fr": "une demande qui change quelque chose doit venir de la page du studio",
    "en": "a request that changes something must come from the studio's page",
    "es": "una petición que cambia algo debe venir de la página del estudio",
    "de": "eine Anfrage, die etwas ändert, muss von der Seite des Studios kommen",
}
NO_SESSION = {
    "fr": "votre session est terminée",
    "en": "your session has ended",
    "es": "tu sesión ha terminado",
    "de": "Ihre Sitzung ist beendet",
}
BAD_REQUEST = {
    "fr": "le studio n’a pas pu lire cette demande",
    "en": "the studio could not read this request",
    "es": "el estudio no ha podido leer esta petición",
    "de": "das Studio konnte diese Anfrage nicht lesen",
}
LANGS = ("fr", "en", "es", "de")
STARLETTE_WORDS = ("Not Found", "Method Not Allowed", "not found", "refused")


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    data = tmp_path_factory.mktemp("words") / "data"
    with make_client(data) as client:
        yield client, data


def _says(answer, status: int, words: str, data) -> None:
    assert answer.status_code == status, (answer.request.url, answer.text)
    assert words in answer.text, (answer.request.url, answer.text)
    assert str(data) not in answer.text and "sessions" not in answer.text
    for english in STARLETTE_WORDS:
        assert english not in answer.text, (answer.request.url, answer.text)


@pytest.mark.parametrize("lang", LANGS)
def test_an_address_no_route_has_is_a_404_in_the_page_language(studio, lang):
    client, data = studio
    for path in ("/nothing-here", "/api/nothing", "/static/nothing.js", "/static/goals/",
                 "/download/elsewhere/" + "0" * 32 + ".pdf", "/thumbs/not-a-key.png"):
        _says(client.get(f"{path}?lang={lang}"), 404, NOT_FOUND[lang], data)


def test_a_404_without_a_language_is_french_the_page_s_own_default(studio):
    client, data = studio
    _says(client.get("/nothing-here"), 404, NOT_FOUND["fr"], data)
    _says(client.get("/nothing-here?lang=xx"), 404, NOT_FOUND["fr"], data)  # no such page language


@pytest.mark.parametrize("lang", LANGS)
def test_a_method_a_route_does_not_take_is_a_405_in_the_page_language(studio, lang):
    client, data = studio
    answer = client.put(f"/api/preview?lang={lang}", json={})
    _says(answer, 405, METHOD[lang], data)
    assert answer.headers["allow"] == "POST"  # Starlette's Allow header kept
    _says(client.delete(f"/api/pictures?lang={lang}"), 405, METHOD[lang], data)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guard_refuses_in_the_page_language(studio, lang):
    client, data = studio
    answer = client.get(f"/?lang={lang}", headers={"host": "evil.example"})
    _says(answer, 403, FOREIGN_HOST[lang], data)
    answer = client.post(f"/api/preview?lang={lang}", json={"options": {}},
                         headers={"origin": "http://evil.example"})
    _says(answer, 403, FOREIGN_ORIGIN[lang], data)
    del client.headers["origin"]
    try:
        cross = client.post(f"/api/preview?lang={lang}", json={"options": {}},
                            headers={"sec-fetch-site": "cross-site"})
        answer = client.post(f"/api/preview?lang={lang}", json={"options": {}})
    finally:
        client.headers["origin"] = ORIGIN
    _says(cross, 403, FOREIGN_ORIGIN[lang], data)
    _says(answer, 403, NO_ORIGIN[lang], data)
    assert answer.headers["x-content-type-options"] == "nosniff"  # the refusal keeps the headers


@pytest.mark.parametrize("lang", LANGS)
def test_a_session_gone_and_a_request_the_page_would_not_send_are_worded(studio, lang):
    client, data = studio
    answer = client.post(f"/api/preview?lang={lang}", content=b"\xff",
                         headers={"content-type": "application/json"})
    _says(answer, 400, BAD_REQUEST[lang], data)
    cookie = client.cookies[COOKIE]
    client.cookies.clear()
    try:
        zipped = {"content-type": "application/zip"}
        theme = client.post(f"/api/theme?lang={lang}", content=b"PK", headers=zipped)
        for answer in (theme, client.get(f"/api/list?lang={lang}")):
            _says(answer, 401, NO_SESSION[lang], data)
    finally:
        client.cookies.set(COOKIE, cookie)


DOWNLOAD_CHANGED = {
    "fr": "les réglages ou les images ont changé depuis l’aperçu\u00a0; téléchargez à nouveau depuis la page",
    "en": "the settings or the pictures changed since the preview; download again from the page",
    "es": "los ajustes o las imágenes han cambiado desde la vista previa; vuelve a descargar desde la página",
    "de": "die Einstellungen oder die Bilder haben sich seit der Vorschau geändert",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_download_whose_settings_changed_is_a_409_in_the_page_language(studio, lang):
    client, data = studio
    client.post("/api/list", json={"mode": "typed", "rows": [["a", "b"]]})  # the session has a folder
    for ending in (".pdf", ".3mf"):
        answer = client.get(f"/download/session/{'0' * 32}{ending}?lang={lang}&name=x.pdf")
        _says(answer, 409, DOWNLOAD_CHANGED[lang], data)


NOT_A_PICTURE = {"fr": "ce n’est pas une image lisible\u00a0; utilisez des fichiers PNG",
                 "es": "no es una imagen legible; usa archivos PNG",
                 "de": "kein lesbares Bild"}


@pytest.mark.slow
def test_a_download_that_cannot_be_made_again_says_why_in_the_page_language(tmp_path):
    """The visitor's PDF is made at the download; a picture spoiled on the server's disk since the
    preview is said in the page's language (it was the core's English, ``str(exc)``), and a 3D print
    over the studio's tile limit in the page's language, not the document's."""
    from tests.test_studio import preview, seven_photos, upload

    with make_client(tmp_path / "data", tiles_per_3d_print=1) as client:
        upload(client, seven_photos(tmp_path / "photos")[:3])
        shown = preview(client, theme="pictures", lang="en").json()
        session = client.app.studio.sessions.find(client.cookies[COOKIE])
        for picture in session.pictures_dir.iterdir():
            if picture.suffix != ".toml":
                picture.write_bytes(b"no picture any more")
        for lang, words in NOT_A_PICTURE.items():
            answer = client.get(f"{shown['download']}?lang={lang}&name=x.pdf")
            assert answer.status_code == 422 and words in answer.text, (lang, answer.text)
            assert "not a picture" not in answer.text and str(tmp_path) not in answer.text
        pips = preview(client, theme="pips", lang="en").json()
        answer = client.get(f"{pips['print3d']}?lang=de")
        assert answer.status_code == 422, answer.text
        assert "ein 3D-Druck von 28 Steinen dauert hier zu lange (höchstens 1)" in answer.text


CALIBRATION_REFUSED = {  # an address made by hand: the form offers only the papers and edges it takes
    "fr": ("paper=Z9", "«\u00a0Papier\u00a0»\u00a0: 'Z9' n’est pas un format de papier"),
    "en": ("paper=Z9", "'Z9' is not a paper size"),
    "de": ("duplex=nope", "„Wendekante“: 'nope' gehört nicht zu den Möglichkeiten"),
}


@pytest.mark.parametrize("lang", sorted(CALIBRATION_REFUSED))
def test_a_calibration_sheet_asked_for_a_paper_it_cannot_have_is_a_worded_422(tmp_path, lang):
    asked, words = CALIBRATION_REFUSED[lang]
    with make_client(tmp_path / "data") as client:
        answer = client.get(f"/calibration.pdf?{asked}&lang={lang}")
        assert answer.status_code == 422, answer.text
        assert words in answer.text and str(tmp_path) not in answer.text
        made = client.get(f"/calibration.pdf?paper=A4&lang={lang}")
        assert made.headers["content-type"] == "application/pdf"


ACCEPTED = [  # (Accept-Language, the page's language): the browser's choice when no ?lang= is given
    ("en-GB,en;q=0.9", "en"),
    ("de-CH", "de"),
    ("es-419, es;q=0.9, en;q=0.8", "es"),
    ("it-IT, it;q=0.9, de;q=0.5, en;q=0.4", "de"),  # Italian is not a page language: the next one
    ("en;q=0.3, es;q=0.7", "es"),  # the highest q, not the first listed
    ("de;q=0.8, EN;q=0.8", "de"),  # equal q: the first listed
    ("fr-CA, en;q=0.5", "fr"),
    ("en;q=0, de;q=0.1", "de"),  # q=0: not acceptable
    ("it, pt-BR, *;q=0.5", "fr"),  # none of the page's: French, the page's own default
    ("en;q=abc, es;q=0.2", "es"),  # a q that is not a number counts as refused
    ("", "fr"),
    (";;;,,,=", "fr"),
]


@pytest.mark.parametrize(("header", "lang"), ACCEPTED)
def test_a_page_asked_for_without_a_language_speaks_the_browser_s(studio, header, lang):
    client, data = studio
    page = client.get("/", headers={"accept-language": header})
    assert page.status_code == 200
    assert f'<html lang="{lang}">' in page.text
    _says(client.get("/nothing-here", headers={"accept-language": header}), 404, NOT_FOUND[lang], data)


def test_the_page_s_own_language_wins_over_the_browser_s(studio):
    client, data = studio
    page = client.get("/?lang=es", headers={"accept-language": "de-DE,de;q=0.9"})
    assert '<html lang="es">' in page.text
    _says(client.get("/nothing-here?lang=en", headers={"accept-language": "de"}), 404, NOT_FOUND["en"], data)
    # a ?lang= the page does not speak is not given: the browser's language then
    _says(client.get("/nothing-here?lang=xx", headers={"accept-language": "de"}), 404, NOT_FOUND["de"], data)


def test_the_guard_and_a_405_speak_the_browser_s_language_too(studio):
    client, data = studio
    answer = client.get("/", headers={"host": "evil.example", "accept-language": "es-ES"})
    _says(answer, 403, FOREIGN_HOST["es"], data)
    _says(client.put("/api/preview", json={}, headers={"accept-language": "en-US"}), 405, METHOD["en"], data)


def test_a_very_long_accept_language_header_is_read_in_its_first_languages_only(studio):
    client, data = studio
    header = ", ".join(["it;q=0.9"] * 40 + ["de"])  # the 41st: past the languages read
    _says(client.get("/nothing-here", headers={"accept-language": header}), 404, NOT_FOUND["fr"], data)


UNREADABLE = (b"\xff", b"{not json", b'{"options": ', b"[1, 2]")  # not UTF-8, not JSON, cut, no object


@pytest.mark.parametrize("lang", LANGS)
def test_a_body_that_cannot_be_read_is_a_400_in_the_browser_s_language(studio, lang):
    """The page's language is in the body (``page_lang``), which cannot be read: the answer is in
    the address's ``?lang=``, else the browser's Accept-Language (it was always French)."""
    client, data = studio
    other = "en" if lang != "en" else "de"
    for body in UNREADABLE:
        for path in ("/api/preview", "/api/list", "/api/pictures/order"):
            json_type = {"content-type": "application/json"}
            said = client.post(path, content=body, headers={**json_type, "accept-language": f"{lang};q=0.9"})
            _says(said, 400, BAD_REQUEST[lang], data)
            asked = client.post(f"{path}?lang={lang}", content=body,
                                headers={**json_type, "accept-language": other})
            _says(asked, 400, BAD_REQUEST[lang], data)


def test_a_body_that_cannot_be_read_without_any_language_is_french(studio):
    client, data = studio
    answer = client.post("/api/preview", content=b"{not json", headers={"content-type": "application/json"})
    _says(answer, 400, BAD_REQUEST["fr"], data)
