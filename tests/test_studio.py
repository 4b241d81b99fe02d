"""The studio's app through Starlette's test client: page, preview, downloads, pictures, safety.

The browser itself is driven in ``test_studio_browser.py``; here every route is checked
as data: the page is generated from the option table, a download is byte-identical to
the command line's PDF, uploads are checked and re-encoded, and foreign pages are refused.
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import pytest
from PIL import Image

with warnings.catch_warnings():  # starlette asks for httpx2, a newer name for the same client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from domino_print.options.wording import form_fields
from domino_print.studio import create_app
from domino_print.studio.sessions import COOKIE
from domino_print.studio.settings import Limits, Settings
from domino_print.texts import languages, tomllib
from tests.fixtures_images import (
    RED,
    SEVEN,
    huge_png_header,
    noisy,
    stored_with_orientation,
    top_and_bottom,
)

ORIGIN = "http://127.0.0.1:8000"


def make_client(data_dir: Path, **limits) -> TestClient:
    app = create_app(Settings(data_dir=data_dir, limits=Limits(**limits)))
    client = TestClient(app, base_url=ORIGIN)
    client.headers["origin"] = ORIGIN
    assert client.get("/").status_code == 200
    return client


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "data") as client:
        yield client


def png_bytes(image: Image.Image, kind: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, kind)
    return buffer.getvalue()


def seven_photos(folder: Path) -> list[tuple[str, bytes]]:
    """Seven small photos, the third stored sideways with an EXIF rotation (as phones do)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for index, colour in enumerate(SEVEN):
        name = f"photo{index + 1}.jpg"
        if index == 2:
            stored_with_orientation(top_and_bottom(size=(160, 120)), 6, folder / name)
        else:
            image = noisy((160, 120), seed=index)
            image.paste(Image.new("RGB", (60, 60), colour), (50, 30))
            image.save(folder / name, "JPEG", quality=90)
        files.append((name, (folder / name).read_bytes()))
    return files


def upload(client: TestClient, files: list[tuple[str, bytes]]):
    parts = [("files", (name, data, "application/octet-stream")) for name, data in files]
    return client.post("/api/pictures?lang=en", files=parts)


def session_pictures(client: TestClient) -> Path:
    """The folder theme the session's pictures make (``--theme`` reads it as the studio does)."""
    return client.app.studio.sessions.find(client.cookies[COOKIE]).pictures_dir


def preview(client: TestClient, **options):
    return client.post("/api/preview", json={"options": options, "page_lang": "en"})


# -- the page ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_page_has_a_labelled_control_for_every_form_option(client, lang):
    page = client.get(f"/?lang={lang}").text
    assert f'<html lang="{lang}">' in page
    for field in form_fields(lang):
        name = field["name"]
        assert f'id="f-{name}"' in page, name
        assert f'<label for="f-{name}">' in page, name
        assert f'aria-describedby="h-{name} e-{name}"' in page, name
    assert "<script>" not in page and "onclick" not in page  # no inline script: the CSP forbids it


def test_a_choice_without_a_default_starts_at_automatic(client):
    page = client.get("/?lang=en").text
    for field in form_fields("en"):
        if field["kind"] == "choice" and field["default"] is None and field["implied"] is None:
            select = re.search(rf'<select id="f-{field["name"]}"[^>]*>(.*?)</select>', page).group(1)
            assert select.startswith('<option value="" selected>automatic</option>'), field["name"]


def test_endpoints_are_module_level_and_read_the_app_state(tmp_path):
    """Issue 16: Starlette's way, a ``routes`` list of module-level endpoints and the shared state
    in ``app.state``; two apps in one process keep their own state."""
    import importlib

    from starlette.routing import Route

    studio_app = importlib.import_module("domino_print.studio.app")  # the package's ``app`` is the app

    endpoints = [route.endpoint for route in studio_app.ROUTES if isinstance(route, Route)]
    assert len(endpoints) >= 12
    for endpoint in endpoints:  # issue 32, item 3: in the routers of studio/routes/, by concern
        assert "<locals>" not in endpoint.__qualname__
        assert endpoint.__module__.startswith("domino_print.studio.routes."), endpoint.__module__
    first, second = (create_app(Settings(data_dir=tmp_path / name)) for name in ("a", "b"))
    assert first.app.state.studio is first.studio and first.studio is not second.studio
    assert first.studio.settings.data_dir != second.studio.settings.data_dir


def test_page_speaks_french_by_default(client):
    page = client.get("/").text
    assert '<html lang="fr">' in page
    assert "Télécharger le PDF" in page and "Ouvrir pour imprimer" in page
    assert "Copier la ligne de commande" in page


def test_studio_texts_live_in_the_catalogues():
    """The page's own words are the catalogues' [studio.*] tables (their keys are checked with
    every other text's in test_texts), in every language of the tool."""
    from domino_print.studio.words import all_words

    for lang in languages():
        assert "domino-print" in all_words(lang)["page.title"]
        assert all_words(lang).keys() == all_words("fr").keys()


def test_every_answer_carries_the_security_headers(client):
    for url in ("/", "/static/studio.js", "/static/studio.css"):
        answer = client.get(url)
        assert answer.status_code == 200
        csp = answer.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert answer.headers["x-content-type-options"] == "nosniff"


# -- preview and download ----------------------------------------------------------------------
def test_preview_gives_pages_summary_and_command(client):
    answer = preview(client, theme="pips", max="9")
    assert answer.status_code == 200
    data = answer.json()
    assert len(data["pages"]) == 3  # double-nine: two sheet pages and the rules page
    assert data["summary"].startswith("3 pages, 55 dominoes (double-nine), A4, ")
    assert data["command"] == "domino-print --theme pips --max 9"
    page = client.get(data["pages"][0])
    assert page.headers["content-type"] == "image/jpeg"
    image = Image.open(io.BytesIO(page.content))
    assert image.format == "JPEG" and image.width > image.height  # the double-nine sheet is landscape


@pytest.mark.slow
def test_download_is_byte_identical_to_the_command_line(client, tmp_path, run_cli):
    options = {"theme": "fruits", "labels": True, "lang": "en", "sets": "2", "backs": True,
               "label": "CP Mme Roux", "paper": "Letter"}
    data = preview(client, **options).json()
    pdf = client.get(data["download"])
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.headers["content-disposition"] == 'attachment; filename="dominos-fruits.pdf"'
    out = tmp_path / "cli.pdf"
    command = data["command"].split()
    assert command[0] == "domino-print"
    result = run_cli(*[w.strip("'") for w in re.findall(r"'[^']*'|\S+", data["command"])][1:],
                     "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    assert pdf.content == out.read_bytes()
    inline = client.get(data["download"] + "?inline=1")
    assert inline.headers["content-disposition"].startswith("inline;")


def test_a_bad_value_is_reported_beside_its_field(client):
    answer = preview(client, theme="fruits", max="9")
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert error["field"] == "max"
    assert "--max" not in error["message"] and "Highest value" in error["message"]
    answer = preview(client, margin="2")
    (error,) = answer.json()["errors"]
    assert error["field"] == "margin" and "out of range" in error["message"]


def test_unknown_options_and_command_line_only_options_are_refused(client):
    assert preview(client, out="/etc/passwd").status_code == 400
    for path in ("/etc", "../..", str(Path.home())):
        answer = preview(client, theme=path)  # a path sent by the browser is never read
        assert answer.status_code == 422
        assert answer.json()["errors"][0]["field"] == "theme"


# -- pictures ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_seven_photos_make_a_set_whose_download_equals_the_command_line(client, tmp_path, run_cli):
    answer = upload(client, seven_photos(tmp_path / "photos"))
    assert answer.status_code == 200
    state = answer.json()
    assert state["rejected"] == []
    assert [p["labels"]["en"] for p in state["pictures"]] == [f"photo{n}" for n in range(1, 8)]
    data = preview(client, theme="pictures", labels=True).json()
    assert data["summary"].startswith("2 pages, 28 dominoes (double-six), A4, ")
    pdf = client.get(data["download"]).content
    assert data["command"] is None  # no command to copy: the session's folder goes with the session
    folder = session_pictures(client)
    out = tmp_path / "cli.pdf"
    result = run_cli("--theme", folder, "--labels", "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    assert pdf == out.read_bytes()
    size = client.get(data["size_url"]).json()["summary"]
    assert size.endswith(f"{-(-len(pdf) // 1024)} Ko")  # the page is in French


@pytest.mark.slow
def test_thumbnails_are_our_own_upright_pngs(client, tmp_path):
    state = upload(client, seven_photos(tmp_path / "photos")).json()
    sideways = client.get(state["pictures"][2]["thumb"])
    assert sideways.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(sideways.content)).convert("RGB")
    assert image.width > image.height  # stored portrait, shown upright (landscape)
    top, bottom = image.getpixel((image.width // 2, 5)), image.getpixel((image.width // 2, image.height - 5))
    assert top[0] > 200 and top[2] < 60 and bottom[2] > 200  # red above blue, as taken


def test_an_svg_is_never_served_back_as_svg(client):
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
           b'<circle cx="20" cy="20" r="15" fill="red"/></svg>')
    state = upload(client, [("star.svg", svg)]).json()
    assert state["rejected"] == []
    thumb = client.get(state["pictures"][0]["thumb"])
    assert thumb.headers["content-type"] == "image/png" and thumb.content.startswith(b"\x89PNG")


@pytest.mark.slow
def test_bad_pictures_get_their_message_and_lose_nothing_else(client, tmp_path):
    upload(client, seven_photos(tmp_path / "photos"))
    big = png_bytes(Image.new("1", (8000, 8000)))  # over the decoding limit: reduced on arrival (issue 19)
    too_big = huge_png_header(tmp_path / "h.png", 20_000, 15_000).read_bytes()
    answer = upload(client, [("notes.png", b"this is a text file, not a picture\n"), ("huge.png", big),
                             ("giant.png", too_big)])
    state = answer.json()
    assert len(state["pictures"]) == 8
    messages = {item["name"]: item["message"] for item in state["rejected"]}
    assert "not a picture that can be read" in messages["notes.png"]
    assert "300 megapixels, over the 200 limit" in messages["giant.png"]  # the studio's limit
    assert preview(client, theme="pictures").status_code == 200


def test_uploads_are_decoded_like_the_command_line_reads_them(client):
    """Issue 16: one door for pixels (``pictures.decode``): a 16-bit grey PNG is scaled to 8 bits,
    not clipped to white, and a picture with a colour profile is converted to sRGB, as the command
    line does; a refusal is the one ``pictures.PictureError``, worded on the page."""
    from domino_print.pictures import PictureError
    from domino_print.studio import uploads

    grey = Image.new("I;16", (64, 64), 32768)  # half-way grey in 16 bits
    state = upload(client, [("grey.png", png_bytes(grey))]).json()
    assert state["rejected"] == []
    thumb = Image.open(io.BytesIO(client.get(state["pictures"][0]["thumb"]).content)).convert("L")
    assert 120 <= thumb.getpixel((10, 10)) <= 136
    with pytest.raises(PictureError) as refused:
        uploads.prepare_upload(b"not a picture", "notes.png")
    assert refused.value.category == "not_a_picture" and refused.value.path.name == "notes.png"
    assert not hasattr(uploads, "PictureError") or uploads.PictureError is PictureError


def test_a_file_over_the_byte_limit_and_a_duplicate_are_refused(tmp_path):
    with make_client(tmp_path / "data", bytes_per_file=20_000) as client:
        large = png_bytes(noisy((200, 200)))
        assert len(large) > 20_000
        small = png_bytes(Image.new("RGB", (10, 10), RED))
        state = upload(client, [("large.png", large), ("a.png", small), ("b.png", small)]).json()
        messages = {item["name"]: item["message"] for item in state["rejected"]}
        assert messages["large.png"] == "the file is over 20 KB; scale the picture down first"
        assert "already in the set (value 0)" in messages["b.png"]
        assert len(state["pictures"]) == 1


def test_one_raw_picture_per_request_with_its_limits(tmp_path):
    with make_client(tmp_path / "data", bytes_per_file=20_000) as client:
        small = png_bytes(Image.new("RGB", (10, 10), RED))
        answer = client.post("/api/picture?lang=fr&name=01-chat.png", content=small)
        state = answer.json()
        assert state["added"] == [state["pictures"][0]["id"]]
        assert state["pictures"][0]["labels"] == {"fr": "chat"}  # named in the page's language
        assert state["pictures"][0]["printed"] == {code: "chat" for code in languages()}
        large = png_bytes(noisy((200, 200)))
        state = client.post("/api/picture?lang=fr&name=grand.png", content=large).json()
        assert state["added"] == [] and len(state["pictures"]) == 1
        message = "le fichier dépasse 20 Ko\u00a0; réduisez l’image d’abord"
        assert state["rejected"] == [{"name": "grand.png", "message": message}]


@pytest.mark.slow
def test_reorder_rename_and_remove(client, tmp_path):
    state = upload(client, seven_photos(tmp_path / "photos")).json()
    ids = [p["id"] for p in state["pictures"]]
    turned = client.post("/api/pictures/order", json={"order": ids[::-1]}).json()
    assert [p["id"] for p in turned["pictures"]] == ids[::-1]
    named = client.post("/api/pictures/name", json={"id": ids[0], "lang": "fr", "name": "Mamie\n"}).json()
    assert named["pictures"][-1]["labels"]["fr"] == "Mamie"
    removed = client.post("/api/pictures/remove", json={"id": ids[3]}).json()
    assert ids[3] not in [p["id"] for p in removed["pictures"]]
    assert client.get(f"/thumbs/{ids[3]}.png").status_code == 404
    assert client.post("/api/pictures/order", json={"order": ids}).status_code == 400  # not the same set
    data = preview(client, theme="pictures").json()
    assert data["summary"].startswith("2 pages, 21 dominoes (double-five)")


@pytest.mark.slow
def test_one_session_never_sees_another_sessions_pictures(tmp_path):
    data_dir = tmp_path / "data"
    with make_client(data_dir) as first, make_client(data_dir) as second:
        state = upload(first, seven_photos(tmp_path / "photos")).json()
        thumb = state["pictures"][0]["thumb"]
        assert first.get(thumb).status_code == 200
        assert second.get(thumb).status_code == 404
        assert second.get("/api/pictures").json()["pictures"] == []
        assert first.cookies[COOKIE] != second.cookies[COOKIE]
        assert len(first.cookies[COOKIE]) == 43


def test_a_forged_session_id_is_never_a_path(tmp_path):
    with make_client(tmp_path / "data") as client:
        client.cookies.set(COOKIE, "../../etc")
        assert client.get("/api/pictures").status_code == 401


# -- safety ---------------------------------------------------------------------------------------
def test_foreign_origin_and_host_are_refused(client):
    answer = client.post("/api/preview", json={"options": {}}, headers={"origin": "http://evil.example"})
    assert answer.status_code == 403
    assert "un autre site" in answer.text  # the page language by default: French
    answer = client.get("/", headers={"host": "evil.example"})
    assert answer.status_code == 403
    del client.headers["origin"]
    assert client.post("/api/preview", json={"options": {}}).status_code == 403  # no Origin at all
    answer = client.post("/api/preview", json={"options": {}}, headers={"sec-fetch-site": "cross-site"})
    assert answer.status_code == 403


def test_expired_sessions_are_removed_with_their_files(tmp_path):
    from domino_print.studio.sessions import SessionStore

    store = SessionStore(tmp_path, ttl_s=10)
    session = store.create()
    session.ensure()  # a session's folder is made when it first stores something (issue 17)
    (session.pictures_dir / "x.png").write_bytes(b"x")
    assert store.find(session.id) is not None
    import os
    import time

    os.utime(session.folder, (time.time() - 60, time.time() - 60))
    assert store.sweep(now=time.time() + 120) == 1
    assert not session.folder.exists()


def test_caches_are_trimmed_oldest_first(tmp_path):
    import os

    from domino_print.studio.rendering import trim_cache

    for number in range(10):
        path = tmp_path / f"{number}.jpg"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1000 + number, 1000 + number))
    assert trim_cache(tmp_path, 4500) == 6
    assert sorted(p.name for p in tmp_path.iterdir()) == ["6.jpg", "7.jpg", "8.jpg", "9.jpg"]


@pytest.mark.slow
def test_a_trimmed_page_picture_is_drawn_again(client):
    data = preview(client, theme="pips").json()
    cache = client.app.studio.common_cache
    for picture in cache.glob("*.jpg"):
        picture.unlink()
    again = client.get(data["pages"][1])
    assert again.status_code == 200 and again.content.startswith(b"\xff\xd8")


@pytest.mark.slow
def test_pictures_per_session_and_the_data_quota_are_limits(tmp_path):
    colours = [Image.new("RGB", (12, 12), (40 * n, 0, 0)) for n in range(4)]
    files = [(f"c{n}.png", png_bytes(image)) for n, image in enumerate(colours)]
    with make_client(tmp_path / "a", files_per_session=2) as client:
        state = upload(client, files[:3]).json()
        assert len(state["pictures"]) == 2
        assert state["rejected"] == [{"name": "c2.png", "message":
                                      "2 pictures at most per session; remove some before adding more"}]
    with make_client(tmp_path / "b", data_quota_bytes=1) as client:
        state = upload(client, files[:1]).json()
        assert state["pictures"] == []
        assert state["rejected"][0]["message"].startswith("the server has no room for new pictures")


@pytest.mark.slow
def test_pages_that_look_alike_share_one_fingerprint_and_others_do_not():
    from domino_print.api import make_document
    from domino_print.studio.page_keys import page_keys

    plain = make_document({"theme": "pips", "label": "CP"})
    same = make_document({"theme": "pips", "label": "CP", "dpi": 150})  # dpi: photos only
    sets = make_document({"theme": "pips", "label": "CP", "sets": 3, "backs": True})
    other_label = make_document({"theme": "pips", "label": "CE1"})
    keys, set_keys = page_keys(plain.pdf), page_keys(sets.pdf)
    assert len(keys) == 2 and len(set_keys) == 7 and page_keys(same.pdf) == keys
    assert len(set(set_keys[0:6:2])) == 3  # each set's sheet carries its own set mark
    assert not set(page_keys(other_label.pdf)) & set(keys)  # the label is on every page
    assert page_keys(b"%PDF-1.4 not really") == []


@pytest.mark.slow
def test_a_shared_page_picture_is_the_page_drawn_afresh(client):
    first = preview(client, theme="pips", label="CP").json()
    second = preview(client, theme="pips", label="CP", dpi="150").json()
    assert first["key"] != second["key"]
    cache = client.app.studio.common_cache
    # A preview draws its first page (the others when asked), and the second drew nothing new.
    assert len(list(cache.glob("page-*.jpg"))) == 1
    rules = client.get(second["pages"][-1]).content
    assert rules == client.get(first["pages"][-1]).content
    assert len(list(cache.glob("page-*.jpg"))) == 2
    for picture in cache.glob("page-*.jpg"):
        picture.unlink()
    assert client.get(second["pages"][-1]).content == rules  # drawn again: the same picture


@pytest.mark.slow
def test_fit_background_and_names_reach_the_pdf_as_on_the_command_line(client, tmp_path, run_cli):
    state = upload(client, seven_photos(tmp_path / "photos")).json()
    first = state["pictures"][0]["id"]
    looked = client.post("/api/pictures/look", json={"fit": "cover", "background": "#ffeecc"}).json()
    assert (looked["fit"], looked["background"]) == ("cover", "#FFEECC")
    name = 'Mamie "Lou" \\ [été]'
    client.post("/api/pictures/name", json={"id": first, "lang": "fr", "name": name})
    assert client.post("/api/pictures/look", json={"fit": "stretch", "background": "red"}).status_code == 400
    data = preview(client, theme="pictures", labels=True, lang="fr").json()
    pdf = client.get(data["download"]).content
    folder = session_pictures(client)
    toml = tomllib.loads((folder / "theme.toml").read_text(encoding="utf-8"))
    assert toml["fit"] == "cover" and toml["background"] == "#FFEECC"
    assert toml["labels"]["fr"][0] == name and toml["labels"]["en"][0] == "photo1"
    out = tmp_path / "cli.pdf"
    assert run_cli("--theme", folder, "--labels", "--lang", "fr", "--out", out, "--quiet").exit_code == 0
    assert pdf == out.read_bytes()


@pytest.mark.slow
def test_documents_made_in_several_threads_at_once_are_whole(tmp_path):
    """ReportLab's font subsetting is not thread-safe: the studio makes one document at a time."""
    from concurrent.futures import ThreadPoolExecutor

    from domino_print.api import make_document
    from domino_print.studio.rendering import build, cache_key

    jobs = [{"theme": theme, "margin": f"{10 + n * 0.5:g}", "label": f"Classe {n}"}
            for n, theme in enumerate(["pips", "fruits", "chiffres", "pips-couleur"] * 12)]
    import sys

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns very often: races show up
    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            list(pool.map(lambda options: build(options, tmp_path, cache_key(options, "", "t")), jobs))
    finally:
        sys.setswitchinterval(interval)
    for options in jobs:
        made = (tmp_path / f"{cache_key(options, '', 't')}.pdf").read_bytes()
        assert made == make_document(options).pdf


@pytest.mark.slow
def test_a_picture_named_in_german_prints_its_german_name_on_the_german_pdf(client, tmp_path):
    from pypdf import PdfReader

    state = upload(client, seven_photos(tmp_path / "photos")).json()
    first = state["pictures"][0]["id"]
    named = client.post("/api/pictures/name", json={"id": first, "lang": "de", "name": "Oma"}).json()
    assert named["pictures"][0]["labels"] == {"en": "photo1", "de": "Oma"}
    assert named["pictures"][0]["printed"] == {"fr": "photo1", "en": "photo1", "es": "photo1", "de": "Oma"}
    assert client.post("/api/pictures/name", json={"id": first, "lang": "it", "name": "x"}).status_code == 400
    texts_of = {}
    for lang in ("de", "en"):
        data = preview(client, theme="pictures", labels=True, lang=lang, max="2").json()
        pdf = client.get(data["download"]).content
        texts_of[lang] = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Oma" in texts_of["de"] and "photo2" in texts_of["de"]
    assert "Oma" not in texts_of["en"] and "photo1" in texts_of["en"]
    # Emptied, the German name falls back to the English one, as in any theme file.
    emptied = client.post("/api/pictures/name", json={"id": first, "lang": "de", "name": " "}).json()
    assert emptied["pictures"][0]["printed"]["de"] == "photo1"


@pytest.mark.slow
def test_core_errors_are_worded_from_their_fields_never_repaired(client, tmp_path):
    """Issue 16: the studio words the core's errors from the fields and values they carry: the
    field named by its label beside it, the session's folder as "My pictures", no flag, no path."""
    upload(client, seven_photos(tmp_path / "photos")[:3])
    answer = preview(client, theme="pictures", max=6)
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert error["field"] == "max"
    assert "\u201cHighest value\u201d" in error["message"] and "--" not in error["message"]
    assert str(tmp_path) not in error["message"] and "/" not in error["message"]


@pytest.mark.slow
def test_goals_are_data_whose_fields_options_and_words_exist(client):
    """Issue 19: the first screen's goals (goals.toml) choose among the option table's fields;
    their options and sample settings are valid options; their words are in every catalogue;
    each has a small picture of what it makes."""
    from domino_print.api import parse_options
    from domino_print.options.wording import form_fields
    from domino_print.studio.goals import goals
    from domino_print.texts import catalogue

    names = {field["name"] for field in form_fields()}
    assert [g.name for g in goals()] == ["photos", "classic", "association", "loop", "classroom"]
    for goal in goals():
        assert set(goal.fields) <= names, goal.name
        assert set(goal.options) <= names and set(goal.sample) <= names, goal.name
        parse_options(goal.sample)
        if goal.options:
            parse_options(goal.options)
        for lang in languages():
            assert catalogue(lang)[f"studio.goal.{goal.name}.title"], (goal.name, lang)
        picture = client.get(f"/static/goals/{goal.name}.jpg")  # shipped: there before any preview
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/jpeg"
        image = Image.open(io.BytesIO(picture.content))
        assert image.size == (480, 300) and image.convert("L").getextrema()[0] < 100  # something drawn
    assert client.get("/static/goals/nothing.jpg").status_code == 404
    page = client.get("/?lang=en").text
    assert page.count('class="goal"') == len(goals())


HOSTILE = "\"'><script>alert(1)</script>&amp;"
"""A title typed by a visitor (or read from a theme's .zip): quotes, a script, an entity."""


def _attributes_of(page: str, ident: str) -> dict[str, str | None]:
    from html.parser import HTMLParser

    found: dict[str, str | None] = {}

    class Finder(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if dict(attrs).get("id") == ident:
                found.update(attrs)

    Finder().feed(page)
    return found


@pytest.mark.slow
def test_a_hostile_title_or_option_is_text_in_the_page_never_markup(client):
    """Issue 32, item 3: the page is written by templates with autoescape on; a title with quotes
    and a script comes back as the very text typed, inside its attribute, and no script."""
    from domino_print.studio.page import render_page

    assert client.post("/api/pictures/title", json={"title": HOSTILE}).status_code == 200
    page = client.get("/").text
    assert "<script>alert" not in page
    assert _attributes_of(page, "title")["value"] == HOSTILE[:40]
    state = {"options": {"label": HOSTILE, "theme": HOSTILE, "seed": HOSTILE}, "title": HOSTILE,
             "fit": HOSTILE, "background": HOSTILE}
    for lang in languages():
        page = render_page(lang, state)
        assert "<script>alert" not in page, lang
        assert _attributes_of(page, "f-label")["value"] == HOSTILE
        assert _attributes_of(page, "f-seed")["value"] == HOSTILE
        assert _attributes_of(page, "background")["value"] == HOSTILE
        words = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
        assert words and "</" not in words.group(1)  # the words' block cannot close its script
