"""The studio's "Pour l'imprimante 3D" (issue 33): the set on screen as a 3MF, as the command line
makes it."""

from __future__ import annotations

import io
import zipfile

import pytest

from tests.test_studio import client, preview  # noqa: F401  (the studio's client fixture)
from tests.touch_meshes import load_3mf


@pytest.mark.slow
def test_the_3d_download_is_the_command_lines_3mf(client, tmp_path, run_cli):  # noqa: F811
    data = preview(client, theme="pips", lang="en").json()
    answer = client.get(data["print3d"] + "?name=dominos-pips.pdf")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "model/3mf"
    assert answer.headers["content-disposition"] == 'attachment; filename="dominos-pips-3d.3mf"'
    out = tmp_path / "cli.3mf"
    assert run_cli("--theme", "pips", "--lang", "en", "--out", out, "--quiet").exit_code == 0
    assert answer.content == out.read_bytes()
    assert len(load_3mf(answer.content)) == 28


@pytest.mark.slow
def test_a_set_of_several_plates_comes_as_a_zip_of_3mf_files(client):  # noqa: F811
    data = preview(client, theme="chiffres", max="9", lang="fr").json()
    answer = client.get(data["print3d"])
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(answer.content)) as package:
        names = package.namelist()
        assert names == ["dominos-1.3mf", "dominos-2.3mf"]
        assert sum(len(load_3mf(package.read(name))) for name in names) == 55


@pytest.mark.slow
def test_a_set_without_shapes_to_feel_is_refused_in_the_pages_language(client):  # noqa: F811
    data = preview(client, theme="heures", lang="fr").json()
    answer = client.get(data["print3d"])
    assert answer.status_code == 422
    assert "pas encore de forme à toucher" in answer.text and "--" not in answer.text


def test_the_page_offers_the_3d_printer(client):  # noqa: F811
    page = client.get("/?lang=fr").text
    assert 'id="print3d"' in page and "Pour l’imprimante 3D" in page


@pytest.mark.slow
def test_a_3d_print_too_large_for_the_studio_is_left_to_the_command_line(client):  # noqa: F811
    data = preview(client, theme="pips", sets="20", lang="en").json()
    answer = client.get(data["print3d"])
    assert answer.status_code == 422
    assert "a 3D print of 560 tiles takes too long to make here (at most 400)" in answer.text
