"""A theme's or a list's refusal is worded in the reader's language, on the command line and
through the API's ``describe``: the words come from the catalogues, the values stay the user's
(issue 31, item 1, for ``domino_print/themes``)."""

from __future__ import annotations

import zipfile

import pytest

from domino_print.api import OptionError, describe, parse_options
from domino_print.themes.archive import ArchiveError, unpack_theme
from domino_print.themes.lists.table import ReadSettings
from domino_print.themes.model import ThemeError
from domino_print.themes.pairs import PairsError, read_pairs
from domino_print.themes.user import load_user_theme
from tests.test_list_files import excel_workbook


def _french_only(message: str, french: str, english: str) -> None:
    assert french in message, message
    assert english not in message, message


def test_a_theme_that_cannot_show_the_set_is_refused_in_french(run_cli, tmp_path):
    result = run_cli("--theme", "fruits", "--max", "9", "--lang", "fr", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    _french_only(result.stderr, "ne montre que les valeurs de 0 à 6", "shows values")
    assert "--max 9" in result.stderr and "'fruits'" in result.stderr  # the values stay the user's


def test_a_folder_without_pictures_is_refused_in_the_systems_language(run_cli, tmp_path, monkeypatch):
    folder = tmp_path / "vacances"
    folder.mkdir()
    (folder / "notes.txt").write_text("rien")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = run_cli("--theme", folder, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    _french_only(result.stderr, "aucune image trouvée", "no pictures found")
    assert "1 autre fichier laissé de côté, par exemple notes.txt" in result.stderr
    assert "PNG" in result.stderr and " ou SVG" in result.stderr  # the formats joined with French "ou"


def test_an_empty_theme_names_the_option_in_spanish(run_cli, tmp_path):
    result = run_cli("--theme", "", "--lang", "es", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    _french_only(result.stderr, "--theme está vacío", "is empty")


def test_a_theme_file_error_is_worded_by_describe_in_each_language(tmp_path):
    (tmp_path / "a.png").write_bytes(b"")
    theme = tmp_path / "theme.toml"
    theme.write_text('images = ["a.png"]\nfit = "zoom"\n', encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_user_theme(theme)
    assert str(caught.value) == f"{theme}: fit must be \"contain\" or \"cover\", not 'zoom'"
    assert describe(caught.value, "form", "fr") == (
        f"{theme}\u00a0: fit vaut \"contain\" ou \"cover\", pas 'zoom'")
    assert caught.value.worded_alone(lang="de") == "fit muss \"contain\" oder \"cover\" sein, nicht 'zoom'"


def test_an_archive_refusal_is_worded_in_german_with_the_members_name(tmp_path):
    archive = tmp_path / "thema.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("bilder/a.png", b"x")
        zipped.writestr("bilder/A.PNG", b"y")
    into = tmp_path / "out"
    into.mkdir()
    with pytest.raises(ArchiveError) as caught:
        unpack_theme(archive, into)
    message = describe(caught.value, "cli", "de")
    _french_only(message, "steht zweimal im Archiv; das Archiv wird abgelehnt", "twice")
    assert "bilder/A.PNG" in message and caught.value.says == "archive.twice"
    assert not any(into.iterdir())  # refused before anything is written


# -- lists of pairs: the file and the place in front, in the reader's language -------------------

def test_an_empty_cell_of_a_list_is_placed_and_worded_in_french(run_cli, tmp_path):
    listed = tmp_path / "tables.csv"
    listed.write_text("7 × 8;56\n;42\n3 + 4;7\n", encoding="utf-8")
    result = run_cli("--theme", listed, "--lang", "fr", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    french = "une case est vide\u00a0; remplissez les deux côtés de la paire"  # its no-break spaces kept
    assert f"{listed}, ligne 2\u00a0: {french}" in result.stderr
    english = run_cli("--theme", listed, "--out", tmp_path / "x.pdf")
    assert f"{listed}, line 2: a cell is empty; give both sides of the pair" in english.stderr


def test_a_sheet_that_is_not_there_is_named_in_german_and_the_problem_stands_alone(tmp_path):
    source = excel_workbook(tmp_path / "paare.xlsx", [("7 × 8", 56.0), ("6 × 7", 42.0)], title="Blatt1")
    with pytest.raises(PairsError) as caught:
        read_pairs(str(source), ReadSettings(sheet="Fehlt"))
    error = caught.value
    assert describe(error, "cli", "de") == (f"{source}: kein Blatt 'Fehlt'; die Blätter heißen 'Blatt1': "
                                            "wählen Sie eines mit --sheet")
    assert error.worded_alone(lang="fr").startswith(
        "pas de feuille 'Fehlt'\u00a0; les feuilles sont 'Blatt1'")
    assert error.says == "list.no_such_sheet" and error.fields == ("sheet",)  # shown beside the field


def test_a_cell_of_a_sheet_is_placed_by_the_catalogue_of_the_language(tmp_path):
    source = excel_workbook(tmp_path / "calcul.xlsx", [("Question", "Réponse"), ("7 × 8", 56.0),
                                                       ("6 × 7", None, None), ("3 + 4", 7)])
    with pytest.raises(PairsError) as caught:
        read_pairs(str(source))
    french, spanish = describe(caught.value, "cli", "fr"), describe(caught.value, "cli", "es")
    assert french.startswith(f"{source}, feuille «\u00a0Feuil1\u00a0», cellule B3\u00a0: une case"), french
    assert spanish.startswith(f"{source}, hoja «Feuil1», celda B3: una celda"), spanish
    assert str(caught.value).startswith(f"{source}, sheet 'Feuil1', cell B3: a cell is empty")


def test_a_generated_face_no_expression_makes_is_refused_in_french_with_the_forms_labels():
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "5", "values": "0-6"})
    message = describe(caught.value, "form", "fr")
    assert message.startswith("aucune multiplication ne donne 1 avec «\u00a0"), message
    assert "0-10 et «\u00a0" in message and "\u00a0» 5\u00a0; élargissez «\u00a0" in message
    assert "no multiplication" in describe(caught.value, "cli", "en")
