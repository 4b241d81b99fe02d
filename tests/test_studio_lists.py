"""Lists in the studio (issue 19), through Starlette's test client: a file uploaded in every format the
command line reads, or rows typed into the table, go through the same core as ``--theme liste.csv``;
the list's refusals are worded in the page's language, beside the row at fault (issue 18).
The page in a real browser: ``test_studio_browser.py``."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from domino_print.texts import catalogue, languages
from tests.test_list_files import excel_workbook
from tests.test_studio import make_client, png_bytes

TABLES = [["7 × 8", "56"], ["6 × 7", "42"], ["9 × 9", "81"], ["3 × 4", "12"], ["5 × 5", "25"]]
FRENCH_CSV = "Question;Réponse\r\n7 × 8;56\r\nla moitié de 9;4,5\r\nl'été;saison chaude\r\n9 × 9;81\r\n"


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "data") as client:
        yield client


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def typed(client, rows, **extra):
    answer = client.post("/api/list", json={"rows": rows, "mode": "typed", **extra})
    assert answer.status_code == 200, answer.text
    return answer.json()


def list_preview(client, lang="fr", **options):
    return client.post("/api/preview", json={"options": {"theme": "list", **options}, "page_lang": lang})


def download(client, answer) -> bytes:
    got = client.get(answer.json()["download"])
    assert got.status_code == 200, got.text
    return got.content


@pytest.mark.slow
def test_a_typed_table_makes_the_loop_the_command_line_makes(client, tmp_path):
    typed(client, TABLES, title="Tables CE2")
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["command"] is None and data["file_name"] == "dominos-tables-ce2.pdf"
    pdf = download(client, answer)
    source = tmp_path / "Tables CE2.tsv"
    source.write_text("".join(f"{a}\t{b}\n" for a, b in TABLES), encoding="utf-8")
    out = tmp_path / "cli.pdf"
    command = [sys.executable, "-m", "domino_print", "--theme", str(source), "--out", str(out), "--quiet"]
    subprocess.run(command, check=True)
    assert pdf == out.read_bytes()  # the same core path, the same bytes
    words = text_of(pdf)
    assert "Tables CE2" in words and "56" in words and "7 × 8" in words


@pytest.mark.slow
def test_an_excel_french_csv_upload_makes_a_loop_with_its_key(client):
    answer = client.post("/api/list/file?name=tables.csv", content=FRENCH_CSV.encode("cp1252"))
    assert answer.status_code == 200 and answer.json()["mode"] == "file"
    assert answer.json()["file"] == {"name": "tables.csv", "sheets": []}
    preview = list_preview(client)
    assert preview.status_code == 200, preview.text
    assert "en-tête (Question, Réponse)" in preview.json()["summary"]
    words = text_of(download(client, preview))
    assert "la moitié de 9" in words and "saison chaude" in words and "l'été" in words
    assert "Qui a Question" not in words  # the header row is no card


@pytest.mark.parametrize("lang", languages())
def test_an_ambiguous_row_is_refused_beside_it_in_the_page_language(client, lang):
    typed(client, [*TABLES, ["2 × 6", "douze"]])  # 2 × 6 = 12 = 3 × 4 (row 4)
    answer = list_preview(client, lang=lang)
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert (error["field"], error["row"], error["other"]) == ("list", 6, 4)
    assert "2 × 6" in error["message"] and "3 × 4" in error["message"] and "12" in error["message"]
    assert "/" not in error["message"]  # no session path
    if lang != "en":
        assert "same" not in error["message"] and "row" not in error["message"]


def test_ambiguous_ok_keeps_the_twist_and_the_key_marks_it(client):
    typed(client, [*TABLES, ["2 × 6", "douze"]])
    answer = list_preview(client, ambiguous="ok")
    assert answer.status_code == 200, answer.text


def test_an_empty_cell_names_its_row_and_column(client):
    typed(client, [["chat", "cat"], ["chien", ""], ["loup", "wolf"]])
    (error,) = list_preview(client).json()["errors"]
    assert (error["row"], error["column"]) == (2, 1) and "case est vide" in error["message"]


def test_empty_rows_keep_the_table_row_numbers(client):
    typed(client, [["chat", "cat"], ["", ""], ["chien", "dog"], ["Chat", "kitten"]])
    (error,) = list_preview(client).json()["errors"]
    assert (error["row"], error["other"]) == (4, 1)


def test_no_list_yet_is_said_beside_the_list(client):
    (error,) = list_preview(client).json()["errors"]
    assert error["field"] == "list" and "paires" in error["message"]


def test_a_spreadsheet_upload_names_the_sheet_and_cell(client, tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [("Question", "Réponse"), ("7 × 8", 56.0),
                                                       ("6 × 7", None, None), ("3 + 4", 7)])
    assert client.post("/api/list/file?name=calcul.xlsx", content=source.read_bytes()).status_code == 200
    (error,) = list_preview(client).json()["errors"]
    assert error["message"].startswith("Feuille «\u00a0Feuil1\u00a0», cellule B3\u00a0: ")
    assert "row" not in error


def test_a_sheet_chosen_by_the_form_and_a_missing_one_beside_the_field(client, tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [("7 × 8", 56.0), ("3 + 4", 7)], more_sheets=("CE2",))
    sent = client.post("/api/list/file?name=calcul.xlsx", content=source.read_bytes())
    assert sent.json()["file"]["sheets"] == ["Feuil1", "CE2"]  # offered in the sheet field
    answer = list_preview(client, sheet="CE2")
    assert answer.status_code == 422  # CE2 holds a single pair
    assert "une seule paire" in answer.json()["errors"][0]["message"]
    (error,) = list_preview(client, sheet="CM1").json()["errors"]
    assert error["field"] == "sheet" and "CM1" in error["message"]


def test_a_file_of_another_kind_is_refused_at_upload(client):
    answer = client.post("/api/list/file?name=photo.jpg", content=b"\xff\xd8\xff")
    assert answer.status_code == 422 and ".xlsx" in answer.json()["errors"][0]["message"]


def test_a_csv_that_is_a_picture_is_worded(client):
    from PIL import Image

    client.post("/api/list/file?name=liste.csv", content=png_bytes(Image.new("RGB", (4, 4))))
    (error,) = list_preview(client, lang="de").json()["errors"]
    assert "keine Textliste" in error["message"] and "PNG" in error["message"]


@pytest.mark.slow
def test_a_picture_cell_shows_the_uploaded_picture_named_by_its_name(client):
    from PIL import Image

    names = {}
    for name, colour in (("chat.png", "red"), ("chien.png", "blue"), ("loup.png", "green")):
        picture = png_bytes(Image.new("RGB", (64, 64), colour))
        added = client.post(f"/api/picture?name={name}", content=picture)
        assert added.status_code == 200, added.text
        names[name] = added.json()["added"][0]
    rows = [[{"picture": names["chat.png"]}, "chat"], [{"picture": names["chien.png"]}, "chien"],
            [{"picture": names["loup.png"]}, "loup"]]
    typed(client, rows)
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    words = text_of(download(client, answer))
    assert "chat.png" in words  # the key page names the picture by its file name


@pytest.mark.slow
def test_a_typed_edit_rides_with_its_preview(client):
    typed(client, TABLES)
    edited = [["7 × 8", "56"], ["6 × 7", "42"], ["9 × 9", "81"], ["3 × 4", "twelve"]]
    answer = client.post("/api/preview", json={"options": {"theme": "list"}, "list_rows": edited})
    assert answer.status_code == 200, answer.text
    assert client.get("/api/list").json()["rows"] == edited
    assert "twelve" in text_of(download(client, answer))
    bad = client.post("/api/preview", json={"options": {"theme": "list"}, "list_rows": [["a", 3]]})
    assert bad.status_code == 400 and client.get("/api/list").json()["rows"] == edited


def test_rows_that_are_not_rows_are_refused(client):
    for rows in ("x", [["a", "b", "c", "d"]], [[{"picture": "nope"}, "a"]], [["a" * 500, "b"]],
                 [[1, 2]], [["a", "b"]] * 301):
        assert client.post("/api/list", json={"rows": rows}).status_code == 400
    assert client.post("/api/list", json={"mode": "nope"}).status_code == 400


def test_the_list_state_comes_back(tmp_path):
    with make_client(tmp_path / "data") as first:
        typed(first, TABLES, title="Tables")
        state = first.get("/api/list").json()
        assert state["rows"] == TABLES and state["title"] == "Tables" and state["mode"] == "typed"


def test_a_list_path_is_never_taken_from_the_browser(client):
    answer = client.post("/api/preview", json={"options": {"theme": str(Path(__file__))}})
    assert answer.status_code == 422


GROUP_SAYS = ("list.clash.same_text", "list.clash.written_times", "list.clash.same_value",
              "list.clash.same_picture", "list.clash.same_meaning")
"""What a group of clashing rows says (``sets.association._clash_line``)."""


def test_the_page_s_own_words_for_a_list_are_few_and_each_used():
    """A list's refusal is worded with the command line's words (``error.<says>``); the page's own
    (``studio.list.error``) are only where it is not the command line, chosen by ``says``: each is
    used, and every group of clashing rows has its words beside a row (issue 31)."""
    from domino_print.studio.lists import CLASH_WORDS

    root = Path(__file__).resolve().parent.parent / "domino_print" / "studio"
    source = "\n".join(path.read_text(encoding="utf-8") for path in root.rglob("*.py"))
    used = set(re.findall(r'"list\.error\.([a-z_]+)"', source))
    beside_rows = {CLASH_WORDS.get(says, says.removeprefix("list.clash.")) for says in GROUP_SAYS}
    assert "picture_in_file" in used and "same_value" in beside_rows
    for lang in languages():
        worded = {key.rsplit(".", 1)[1] for key in catalogue(lang) if key.startswith("studio.list.error.")}
        assert worded == used | beside_rows, (lang, sorted(worded ^ (used | beside_rows)))


ENGLISH = re.compile(r"\b(the|cell|row|line|sheet|picture|same|empty|file|change|keep)\b", re.IGNORECASE)
CASES = [  # (rows typed, options): one refusal each
    ([["chat", "cat"], ["chien", "dog"], ["Chat", "kitten"]], {}),
    ([["3 + 3", "a"], ["2 × 3", "b"]], {}),
    ([["chat", "cat"], ["chien", ""], ["loup", "wolf"]], {}),
    ([["chat", "cat"]], {}),
    ([["chat", "cat"], ["chien", "dog"], ["ours", "bear.png"]], {}),
    ([["chat", "cat"], ["chien", "dog"], ["loup", "☃☃"]], {}),
    ([["chat", "cat"], ["chien", "dog"], ["anticonstitutionnellement" * 6, "wolf"]], {"tile_size": "small"}),
]


@pytest.mark.slow
@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
def test_a_list_refusal_has_no_english_word_on_another_page(client, lang):
    for rows, options in CASES:
        typed(client, rows)
        answer = list_preview(client, lang=lang, **options)
        assert answer.status_code == 422, (rows, answer.text)
        (error,) = answer.json()["errors"]
        assert error["field"] == "list" and error.get("row"), error
        words = error["message"]
        for row in rows:  # the list's own texts may be English; the words around them may not
            for cell in row:
                words = words.replace(cell, "")
        assert not ENGLISH.search(words), (lang, error["message"])


@pytest.mark.slow
def test_a_double_set_and_a_sized_deck_from_a_typed_list(client):
    typed(client, TABLES)
    double = list_preview(client, structure="double")
    assert double.status_code == 200, double.text
    assert "double" in double.json()["summary"] or "dominos" in double.json()["summary"]
    sized = list_preview(client, cards=3)
    assert sized.status_code == 200, sized.text
    assert "3 dominos" in sized.json()["summary"]
    assert "Clé du maître" in text_of(download(client, sized))
    chain = list_preview(client, structure="chaine")
    assert chain.status_code == 200 and "Je commence" in text_of(download(client, chain))


@pytest.mark.parametrize(("name", "content"), [
    ("wortschatz.txt", "Frage\tAntwort\r\nHund\tdog\r\nKatze\tcat\r\nMaus\tmouse\r\n".encode("utf-16")),
    ("capitales.csv", 'Pregunta,Respuesta\n"París, Francia",capital\nMadrid,España\nRoma,Italia\n'.encode()),
    ("liste.tsv", "chat\tcat\nchien\tdog\nloup\twolf\n".encode("utf-8-sig")),
    ("liste.toml", b'pairs = [["chat", "cat"], ["chien", "dog"], ["loup", "wolf"]]\n'),
])
def test_every_text_format_the_command_line_reads_is_read_from_an_upload(client, name, content):
    assert client.post(f"/api/list/file?name={name}", content=content).status_code == 200
    answer = list_preview(client, lang="en")
    assert answer.status_code == 200, answer.text
    assert "3 dominoes (loop)" in answer.json()["summary"], answer.json()["summary"]


@pytest.mark.slow
def test_an_ods_upload(client, tmp_path):
    odf = pytest.importorskip("odf.opendocument")
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = odf.OpenDocumentSpreadsheet()
    table = Table(name="Liste")
    for question, answer in (("Recto", "Verso"), ("un demi", 0.5), ("chat", "cat"), ("cinq", 5)):
        row = TableRow()
        for value in (question, answer):
            cell = TableCell(valuetype="string") if isinstance(value, str) else TableCell(valuetype="float",
                                                                                          value=value)
            cell.addElement(P(text=str(value).replace(".", ",")))
            row.addElement(cell)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    source = tmp_path / "fractions.ods"
    document.save(str(source))
    sent = client.post("/api/list/file?name=fractions.ods", content=source.read_bytes())
    assert sent.json()["file"]["sheets"] == ["Liste"]
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    assert "0,5" in text_of(download(client, answer))  # the page's decimal comma


def test_a_file_naming_pictures_says_to_type_the_list_instead(client):
    client.post("/api/list/file?name=animaux.csv", content=b"chat.png;chat\nchien.png;chien\n")
    (error,) = list_preview(client).json()["errors"]
    assert error["message"].startswith("Ligne 1\u00a0: la liste nomme l’image «\u00a0chat.png\u00a0»")
    assert "tableau" in error["message"]


LIST_ZIP_WORDS = {  # issue 31: a list's .zip is called a list's, never "ce thème"
    "fr": ("ce .zip de liste contient un fichier qui sortirait de son dossier (../evil.csv)\u00a0: "
           "il est refusé",
           "ce fichier .zip ne peut pas être ouvert (abîmé, chiffré, ou pas un .zip)"),
    "en": ("this list's .zip holds a file that would land outside its folder (../evil.csv): it is refused",
           "this .zip file cannot be opened (damaged, encrypted, or not a .zip)"),
    "es": ("este .zip de lista contiene un archivo que saldría de su carpeta (../evil.csv): se rechaza",
           "este archivo .zip no se puede abrir (dañado, cifrado, o no es un .zip)"),
    "de": ("die .zip-Datei der Liste enthält eine Datei, die außerhalb ihres Ordners landen würde "
           "(../evil.csv)",
           "diese .zip-Datei lässt sich nicht öffnen (beschädigt, verschlüsselt oder keine .zip-Datei)"),
}
THEME_WORDS = ("thème", "theme", "tema", "Thema")


@pytest.mark.parametrize("lang", LIST_ZIP_WORDS)
def test_a_refused_list_zip_is_called_a_list_not_a_theme(client, lang):
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../evil.csv", "chat;cat\nchien;dog\n")
    unsafe, broken = LIST_ZIP_WORDS[lang]
    for content, words in ((buffer.getvalue(), unsafe), (b"PK\x03\x04 not really", broken)):
        answer = client.post("/api/list/file", params={"name": "liste.zip", "lang": lang}, content=content)
        assert answer.status_code == 422, answer.text
        (error,) = answer.json()["errors"]
        assert error["field"] == "list" and words in error["message"], error
        assert not any(theme in error["message"] for theme in THEME_WORDS), error


def test_every_archive_refusal_has_a_list_s_words():
    from domino_print.studio.theme_zip import PAGE_WORDS
    from domino_print.studio.words import word

    for lang in languages():
        for key in {*PAGE_WORDS.values(), "not_a_zip"}:
            assert ".zip" in word(lang, f"list.zip.{key}", name="x", count=1, limit=1), (lang, key)


@pytest.mark.parametrize("first", ["animaux.csv", "animaux.zip"])
def test_a_refused_file_keeps_the_list_there_was(client, first):
    """A .zip refused (a file that would land outside) or a broken .toml, sent after a list, left
    the page naming that list while its file was gone ("Importez un fichier..." at the next
    preview); the list there was is kept, as it was read."""
    from domino_print.studio import lists
    from domino_print.studio.sessions import COOKIE
    from tests.test_studio_list_tables import zipped

    rows = b"chat;cat\nchien;dog\nloup;wolf\n"
    content = zipped({"animaux/animaux.csv": rows}) if first.endswith(".zip") else rows
    assert client.post("/api/list/file", params={"name": first}, content=content).status_code == 200
    for name, refused in (("evil.zip", zipped({"../evil.csv": b"a;b\n"})), ("x.zip", zipped({"a.png": b"x"})),
                          ("liste.toml", b"pairs = [\n")):
        assert client.post("/api/list/file", params={"name": name}, content=refused).status_code == 422
    assert client.get("/api/list").json()["file"]["name"] == first
    session = client.app.studio.sessions.find(client.cookies[COOKIE])
    with session.locked():
        prepared = lists.prepare(session.folder, session.pictures_dir, session.preview_dir,
                                 session.read_state(), {"theme": "list"})
    assert Path(prepared.full["theme"]).read_bytes() == rows
