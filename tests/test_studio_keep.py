"""The studio keeps the work (issue 19): a picture's crop moved with "fill the face" reaches the PDF;
the pictures download as a theme (.zip) that ``--theme`` reads and that opens again in another
session; a page of the preview can be enlarged; few pictures propose the toddlers' game."""

from __future__ import annotations

import io
import zipfile

import pytest
from PIL import Image

from domino_print.studio.goals import goal
from domino_print.texts import tomllib
from tests.fixtures_images import BLUE, GREEN, RED, close_to, face_boxes, page_pixels, sample
from tests.test_studio import make_client, preview, session_pictures, seven_photos, upload


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "data") as client:
        yield client


def portrait_bytes() -> bytes:
    """A tall picture: red on top, green in the middle, blue at the bottom."""
    image = Image.new("RGB", (200, 600), GREEN)
    image.paste(RED, (0, 0, 200, 200))
    image.paste(BLUE, (0, 400, 200, 600))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.slow
def test_a_crop_moved_in_the_studio_reaches_the_pdf(client, tmp_path):
    state = upload(client, [("face.png", portrait_bytes())]).json()
    ident = state["pictures"][0]["id"]
    assert state["pictures"][0]["crop"] == [0.5, 0.5]
    client.post("/api/pictures/look", json={"fit": "cover", "background": "#FFFFFF"})
    colours = []
    for y in (None, 0, 1):
        if y is not None:
            answer = client.post("/api/pictures/crop", json={"id": ident, "x": 0.5, "y": y})
            assert answer.status_code == 200 and answer.json()["pictures"][0]["crop"] == [0.5, float(y)]
        data = preview(client, theme="pictures", no_rules=True).json()
        out = tmp_path / f"crop-{y}.pdf"
        out.write_bytes(client.get(data["download"]).content)
        layout, pages = face_boxes(1)
        x0, y0, s = pages[0][0][0]
        colours.append(sample(page_pixels(out, dpi=100), layout, x0 + s / 2, y0 + s / 2, dpi=100))
    assert close_to(colours[0], GREEN, 16) and close_to(colours[1], RED, 16)
    assert close_to(colours[2], BLUE, 16)
    toml = tomllib.loads((session_pictures(client) / "theme.toml").read_text(encoding="utf-8"))
    assert toml["crop"] == [[0.5, 1]]


def test_a_bad_crop_is_a_400(client):
    ident = upload(client, [("face.png", portrait_bytes())]).json()["pictures"][0]["id"]
    for body in ({"id": ident, "x": 2, "y": 0}, {"id": ident, "x": "0", "y": 0},
                 {"id": "nope", "x": 0, "y": 0},
                 {"id": ident, "x": True, "y": 0}):
        assert client.post("/api/pictures/crop", json=body).status_code == 400


@pytest.mark.slow
def test_the_theme_downloads_as_a_zip_the_command_line_reads_and_the_studio_opens(client, tmp_path, run_cli):
    state = upload(client, seven_photos(tmp_path / "photos")).json()
    first = state["pictures"][0]["id"]
    client.post("/api/pictures/name", json={"id": first, "lang": "fr", "name": "Mamie Lou"})
    client.post("/api/pictures/title", json={"title": "La famille"})
    client.post("/api/pictures/look", json={"fit": "cover", "background": "#FFEECC"})
    client.post("/api/pictures/crop", json={"id": first, "x": 0.2, "y": 0.5})
    data = preview(client, theme="pictures", labels=True, lang="fr").json()
    studio_pdf = client.get(data["download"]).content
    answer = client.get("/theme.zip")
    assert answer.headers["content-type"] == "application/zip"
    assert 'filename="theme-la-famille.zip"' in answer.headers["content-disposition"]
    assert client.get("/theme.zip").content == answer.content  # the same work, the same bytes
    names = zipfile.ZipFile(io.BytesIO(answer.content)).namelist()
    assert names[0] == "theme.toml" and names[1] == "00-mamie-lou.jpg" and len(names) == 8
    archive = tmp_path / "famille.zip"
    archive.write_bytes(answer.content)
    out = tmp_path / "cli.pdf"
    result = run_cli("--theme", archive, "--labels", "--lang", "fr", "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == studio_pdf  # the zip is the session's theme: the same PDF
    unzipped = tmp_path / "unzipped"
    zipfile.ZipFile(archive).extractall(unzipped)
    again = tmp_path / "unzipped.pdf"
    assert run_cli("--theme", unzipped, "--labels", "--lang", "fr", "--out", again, "--quiet").exit_code == 0
    assert again.read_bytes() == studio_pdf

    with make_client(tmp_path / "other") as other:  # another visitor, another day: open it again
        upload(other, [("old.png", portrait_bytes())])
        opened = other.post("/api/theme?lang=fr", content=answer.content,
                            headers={"content-type": "application/zip"})
        assert opened.status_code == 200, opened.text
        state = opened.json()
        assert len(state["pictures"]) == 7 and state["rejected"] == []  # the old picture replaced
        assert state["title"] == "La famille" and state["fit"] == "cover" and state["background"] == "#FFEECC"
        first = state["pictures"][0]
        assert first["labels"]["fr"] == "Mamie Lou" and first["crop"] == [0.2, 0.5]
        data = preview(other, theme="pictures", labels=True, lang="fr").json()
        assert other.get(data["download"]).content == studio_pdf


def test_a_file_that_is_no_theme_is_refused_in_the_page_language(client, tmp_path):
    answer = client.post("/api/theme?lang=fr", content=b"PK nothing",
                         headers={"content-type": "application/zip"})
    assert answer.status_code == 422
    assert answer.json()["message"] == ("ce fichier n’est pas un thème lisible (un .zip téléchargé depuis le "
                                        "studio)")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        out.writestr("../../evil.png", portrait_bytes())
    answer = client.post("/api/theme?lang=en", content=buffer.getvalue())
    assert answer.status_code == 422 and "../../evil.png" in answer.json()["message"]
    assert "outside its folder" in answer.json()["message"]
    assert client.get("/theme.zip").status_code == 404  # no pictures: no theme to download


@pytest.mark.slow
def test_a_page_of_the_preview_can_be_enlarged(client):
    data = preview(client, theme="pips").json()
    small = Image.open(io.BytesIO(client.get(data["pages"][0]).content))
    large = client.get(data["pages"][0].replace("/pages/", "/zoom/"))
    assert large.status_code == 200 and large.headers["content-type"] == "image/jpeg"
    assert Image.open(io.BytesIO(large.content)).width >= 2.5 * small.width
    beyond = data["pages"][0].replace("/pages/", "/zoom/").replace("/0.jpg", "/99.jpg")
    assert client.get(beyond).status_code == 404
    assert client.get("/zoom/common/nothing/0.jpg").status_code == 404


def test_few_pictures_propose_the_toddlers_game_from_the_goals_data(client):
    from domino_print.api import parse_options

    proposal = goal("photos").few_pictures
    assert proposal["counts"] == [3, 4] and proposal["options"]["rules"] == "tout-petits"
    page = client.get("/?lang=en").text
    assert 'id="toddlers"' in page and "Choose the toddlers" in page
    for count in proposal["counts"]:  # the sets those counts make are ones the game is played with
        parse_options({**proposal["options"], "theme": "fruits", "max": count - 1})
