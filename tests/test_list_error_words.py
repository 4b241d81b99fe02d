"""A list's refusal is worded once (issue 31, item 1): the studio shows it in French with the very
words ``domino-print --lang fr`` prints, the place put in front its own way (``Ligne 2 : ``), the
options named as the form names them (the command line's one line has plain spaces where the page
keeps French no-break spaces). The French below is written here, from the catalogue's sentences,
not computed by the code under test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_list_corpus import CORPUS
from tests.test_list_files import excel_workbook
from tests.test_studio import make_client

NBSP = "\u00a0"
BY_NAME = {case.name: case for case in CORPUS}


def long_cell_csv(path: Path) -> None:
    path.write_text("chat;cat\nchien;dog\nloup;" + "w" * 200_000 + "\n", encoding="utf-8")


def missing_sheet_xlsx(path: Path) -> None:
    excel_workbook(path, [("7 × 8", 56.0), ("3 + 4", 7)], more_sheets=("CE2",))


# (file, how to write it, options, the command line's place, the studio's place, the problem in French,
#  and how the studio names the option the problem names, where the command line says --sheet)
CASES = [
    ("long.csv", long_cell_csv, {}, ", ligne 3", "Ligne 3",
     "ce n’est pas une ligne de liste de paires (une case de plus de 131\u00a0072 caractères, la limite du "
     "lecteur CSV)", None),
    ("trou.csv", BY_NAME["trou.csv"].write, {}, ", ligne 2", "Ligne 2",
     f"1 case là où une paire en demande 2 (et une troisième pour une image ou une note), séparées par "
     f"des points-virgules{NBSP}: 'chat'", None),
    ("calcul.xlsx", missing_sheet_xlsx, {"sheet": "CM1"}, "", "",
     f"pas de feuille 'CM1'{NBSP}; les feuilles sont 'Feuil1', 'CE2'{NBSP}: choisissez-en une avec --sheet",
     f"«{NBSP}Feuille{NBSP}»"),
    ("sans-tableau.docx", BY_NAME["sans-tableau.docx"].write, {}, "", "",
     f"le document n’a pas de tableau de deux colonnes de paires (aucun tableau){NBSP}; mettez les paires "
     f"dans un tableau, une paire par ligne", None),
    ("cellule-vide.xlsx", BY_NAME["cellule-vide.xlsx"].write, {},
     f", feuille «{NBSP}Feuil1{NBSP}», cellule B3", f"Feuille «{NBSP}Feuil1{NBSP}», cellule B3",
     f"une case est vide{NBSP}; remplissez les deux côtés de la paire", None),
]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with make_client(tmp_path_factory.mktemp("studio") / "data") as client:
        yield client


@pytest.mark.slow
@pytest.mark.parametrize(("name", "write", "options", "cli_place", "page_place", "french", "field"), CASES,
                         ids=[case[0] for case in CASES])
def test_the_studio_says_a_list_refusal_with_the_command_line_s_french(client, run_cli, tmp_path, name, write,
                                                                        options, cli_place, page_place,
                                                                        french, field):
    path = tmp_path / name
    write(path)
    flags = [part for option, value in options.items() for part in (f"--{option}", value)]
    said = run_cli("--theme", path, *flags, "--out", tmp_path / "x.pdf", "--lang", "fr")
    assert said.exit_code == 1
    line = f"{path}{cli_place}{NBSP}: {french}"  # its no-break spaces kept (issue 31, item 2)
    assert said.stderr == f"domino-print{NBSP}: erreur{NBSP}: {line}\n"
    assert client.post(f"/api/list/file?name={name}", content=path.read_bytes()).status_code == 200
    answer = client.post("/api/preview", json={"options": {"theme": "list", **options}, "page_lang": "fr"})
    assert answer.status_code == 422
    (shown,) = answer.json()["errors"]
    page_french = french.replace("--sheet", field) if field else french
    assert shown["message"] == (f"{page_place}{NBSP}: {page_french}" if page_place else page_french)
    assert shown["field"] == ("sheet" if field else "list")


@pytest.mark.slow
def test_clashing_rows_of_a_file_are_said_with_the_file_s_name_as_sent(client, tmp_path):
    """The command line's words name the file themselves (every group of clashes on its line): the
    studio puts the name the file was sent under, never the studio's folder."""
    path = tmp_path / "doublons.csv"
    BY_NAME["doublons.csv"].write(path)
    assert client.post("/api/list/file?name=Mes doublons.csv", content=path.read_bytes()).status_code == 200
    answer = client.post("/api/preview", json={"options": {"theme": "list"}, "page_lang": "fr"})
    (shown,) = answer.json()["errors"]
    then = (f"donc deux cartes répondraient à la même question{NBSP}; changez-en un, ou gardez-les avec "
            f"«{NBSP}Ambiguïtés{NBSP}» ok")
    assert shown["message"] == (
        f"Mes doublons.csv, lignes 1 et 2{NBSP}: '4 × 6' et '3 × 8' ont la même valeur, 24, {then}\n"
        f"Mes doublons.csv, lignes 3 et 4{NBSP}: '6 × 6' et '9 × 4' ont la même valeur, 36, {then}")
