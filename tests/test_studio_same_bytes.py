"""The studio's PDF is the command line's, byte for byte, for every kind of theme (issue 34,
items 2 and 5): built-in classic and picture themes, association sets, loops, levels, the
visitor's pictures (through the theme's .zip, which keeps "names under the pictures"), a list
file (whose name the studio turns into its title) and a typed list.

Each studio download is compared with the command line run on what the visitor has: the
command the studio shows, the original list file, the downloaded theme .zip."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.test_studio import make_client, preview, seven_photos, upload
from tests.test_studio_lists import FRENCH_CSV, TABLES, list_preview, typed


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "data") as client:
        yield client


def studio_pdf(client, **options) -> tuple[bytes, dict]:
    answer = preview(client, **options)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    pdf = client.get(data["download"])
    assert pdf.status_code == 200
    return pdf.content, data


def cli_pdf(run_cli, tmp_path, *args) -> bytes:
    out = tmp_path / "cli.pdf"
    out.unlink(missing_ok=True)
    result = run_cli(*args, "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def shown_command(data: dict) -> list[str]:
    words = [w.strip("'") for w in re.findall(r"'[^']*'|\S+", data["command"])]
    assert words[0] == "domino-print"
    return words[1:]


@pytest.mark.parametrize("options", [
    {"theme": "pips"},
    {"theme": "fruits", "labels": True, "lang": "es"},
    {"theme": "nombres", "faces": "chiffre,points"},
    {"theme": "lettres", "structure": "boucle", "values": "A-J"},
    {"theme": "nombres", "niveaux": "2"},
    {"theme": "pips-couleur", "sets": "2", "label": "CP", "backs": True},
], ids=["classic", "pictures-builtin", "association", "loop", "levels", "class-set"])
@pytest.mark.slow
def test_a_builtin_theme_gives_the_command_lines_bytes(client, tmp_path, run_cli, options):
    pdf, data = studio_pdf(client, **options)
    assert pdf == cli_pdf(run_cli, tmp_path, *shown_command(data))


@pytest.mark.slow
def test_the_theme_zip_keeps_the_names_under_the_pictures(client, tmp_path, run_cli):
    """Issue 34 item 2: "Noms sous les images" was lost: reopened, the PDF came back without names."""
    state = upload(client, seven_photos(tmp_path / "photos")).json()
    client.post("/api/pictures/name", json={"id": state["pictures"][0]["id"], "lang": "fr", "name": "Mamie"})
    with_names, _ = studio_pdf(client, theme="pictures", labels=True, lang="fr")
    without, _ = studio_pdf(client, theme="pictures", lang="fr")
    assert with_names != without
    archive = tmp_path / "famille.zip"
    archive.write_bytes(client.get("/theme.zip?lang=fr&labels=1").content)
    assert cli_pdf(run_cli, tmp_path, "--theme", archive, "--lang", "fr") == with_names  # no --labels needed
    assert cli_pdf(run_cli, tmp_path, "--theme", archive, "--lang", "fr", "--labels") == with_names
    plain = tmp_path / "plain.zip"
    plain.write_bytes(client.get("/theme.zip?lang=fr&labels=0").content)
    assert cli_pdf(run_cli, tmp_path, "--theme", plain, "--lang", "fr") == without

    with make_client(tmp_path / "other") as other:  # reopened: the form's box comes back checked
        opened = other.post("/api/theme?lang=fr", content=archive.read_bytes(),
                            headers={"content-type": "application/zip"})
        assert opened.status_code == 200 and opened.json()["print_labels"] is True
        again, _ = studio_pdf(other, theme="pictures", labels=True, lang="fr")
        assert again == with_names
        opened = other.post("/api/theme?lang=fr", content=plain.read_bytes(),
                            headers={"content-type": "application/zip"})
        assert opened.json()["print_labels"] is False


def subject(pdf: bytes) -> str:
    return str(PdfReader(io.BytesIO(pdf)).metadata["/Subject"])


@pytest.mark.slow
def test_a_list_file_gives_the_command_lines_bytes_subject_included(client, tmp_path, run_cli):
    """Issue 34 item 5: the studio saves a list under its title ("calcul CM1 sans doublon"), the
    command line reads "calcul-CM1-sans-doublon.csv": one owner of the title, the same Subject."""
    source = tmp_path / "calcul-CM1_sans-doublon.csv"
    source.write_bytes(FRENCH_CSV.encode("cp1252"))
    sent = client.post(f"/api/list/file?name={source.name}", content=source.read_bytes())
    assert sent.status_code == 200, sent.text
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    pdf = client.get(answer.json()["download"]).content
    cli = cli_pdf(run_cli, tmp_path, "--theme", source)
    assert "calcul CM1 sans doublon" in subject(pdf)
    assert subject(pdf) == subject(cli)
    assert pdf == cli


@pytest.mark.slow
def test_a_typed_list_gives_the_command_lines_bytes(client, tmp_path, run_cli):
    typed(client, TABLES, title="Tables-CE2")
    answer = list_preview(client)
    assert answer.status_code == 200, answer.text
    pdf = client.get(answer.json()["download"]).content
    source = tmp_path / "Tables-CE2.tsv"
    source.write_text("".join(f"{a}\t{b}\n" for a, b in TABLES), encoding="utf-8")
    assert pdf == cli_pdf(run_cli, tmp_path, "--theme", source)
    assert "Tables CE2" in subject(pdf)
