"""The studio's lists as teachers keep them (issue 27), through Starlette's test client: the teacher's
file with a title row, the list options as form fields in the page's language (--cells, header), every
clashing row marked at once, a file name of any length, a note column in the typed table."""

from __future__ import annotations

import pytest

from domino_print.studio.lists import list_file_name, shown_file_name
from tests.test_list_tables import MADAME_ROUX, workbook
from tests.test_studio import make_client
from tests.test_studio_lists import download, list_preview, text_of, typed


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "data") as client:
        yield client


def upload(client, name: str, data: bytes):
    answer = client.post("/api/list/file", params={"name": name}, content=data)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.slow
def test_the_teachers_file_with_its_title_row_makes_the_loop_and_says_what_was_left_out(client, tmp_path):
    path = workbook(tmp_path, MADAME_ROUX, merge="A1:B1", sheets=[("Notes", "visible", [("à revoir",)])])
    upload(client, "Calcul mental CM1.xlsx", path.read_bytes())
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    summary = answer.json()["summary"]
    assert "ligne 1 lue comme un titre" in summary
    assert "ligne 3 lue comme un en-tête (Question, Réponse)" in summary


def test_the_list_options_are_form_fields_in_the_pages_language(client):
    page = client.get("/?lang=de").text
    assert 'id="f-cells"' in page and "Zellen der Liste" in page
    assert 'id="f-header"' in page and 'id="f-no_header"' in page


@pytest.mark.slow
def test_cells_named_on_the_form_read_that_block(client, tmp_path):
    rows = [("Liste", "Français", "Anglais"), ("x", "chat", "cat"), ("y", "chien", "dog"),
            ("z", "vache", "cow"), ("a", "b", "c", "d")]
    upload(client, "bloc.xlsx", workbook(tmp_path, rows, name="bloc.xlsx").read_bytes())
    refused = list_preview(client)
    assert refused.status_code == 422
    assert list_preview(client, cells="B2:C4").status_code == 200
    wrong = list_preview(client, cells="C4:B2", lang="en")
    (error,) = wrong.json()["errors"]
    assert error["field"] == "cells" and "B3:C28" in error["message"]


def test_every_clashing_row_of_a_typed_table_is_marked_at_once(client):
    typed(client, [["7 × 8", "56"], ["4 × 6", "24"], ["3 × 8", "24"], ["6 × 6", "36"], ["9 × 4", "36"],
                   ["12 × 3", "36"], ["2 × 5", "10"]])
    (error,) = list_preview(client).json()["errors"]
    marked = {each["row"]: each["message"] for each in error["rows"]}
    assert set(marked) == {2, 3, 4, 5, 6}
    assert "ligne 2" in marked[3] and "ligne 4" in marked[6]


@pytest.mark.slow
def test_a_file_name_of_any_length_is_kept_and_shortened_for_display_only(client):
    long_name = "Calcul mental CM1 – Mme Roux – période 3 – version corrigée finale du mercredi (2).csv"
    answer = upload(client, long_name, b"chat;cat\nchien;dog\nvache;cow\n")
    shown = answer["file"]["name"]
    assert shown.endswith(".csv") and "…" in shown and len(shown) <= 40
    assert list_preview(client).status_code == 200
    assert list_file_name("x" * 500 + ".xlsx").endswith(".xlsx")
    assert shown_file_name("liste.csv") == "liste.csv"


@pytest.mark.slow
def test_the_typed_table_has_a_note_column_for_the_key_page(client):
    typed(client, [["7 × 8", "56", "à l'oral"], ["6 × 7", "42"], ["9 × 9", "81"]])
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    assert "à l'oral" in text_of(download(client, answer))  # on the teacher's key page
    page = client.get("/").text
    assert "Note (clé du maître)" in page


def zipped(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.slow
def test_a_list_may_come_as_a_zip_with_its_pictures(client, tmp_path):
    from tests.fixtures_images import solid

    picture = solid(tmp_path / "chat.png", (200, 30, 30)).read_bytes()
    listed = b"chat;images/chat.png\nchien;dog\nvache;cow\n"
    answer = upload(client, "animaux.zip", zipped({"animaux/liste.csv": listed,
                                                   "animaux/images/chat.png": picture}))
    assert answer["file"]["name"] == "animaux.zip"
    made = list_preview(client)
    assert made.status_code == 200, made.text
    assert "chat.png" in text_of(download(client, made))  # the key names the picture by its file


def test_a_zip_without_a_list_or_with_two_is_refused_beside_the_list(client):
    for members in ({"a.png": b"x"}, {"a.csv": b"a;b\nc;d\n", "b.csv": b"a;b\nc;d\n"}):
        answer = client.post("/api/list/file", params={"name": "x.zip", "lang": "en"},
                             content=zipped(members))
        assert answer.status_code == 422
        (error,) = answer.json()["errors"]
        assert error["field"] == "list" and "no list of pairs, or more than one" in error["message"]
    unsafe = client.post("/api/list/file", params={"name": "x.zip"},
                         content=zipped({"../evil.csv": b"a;b\n"}))
    assert unsafe.status_code == 422
