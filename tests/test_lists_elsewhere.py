"""Lists made elsewhere (issue 35, items 2, 3 and 7): dates and times are text, a sheet's date,
time and duration cells are written as people write them, a first row of column names is a
header, and a file that cannot be read says what it is and what to do, in our words.

Each expectation is written here from the calendars and the formats (not from the code): a
file of the corpus is written by script in the shape spreadsheets and other projects' test
files have, then read through ``read_pairs`` and the command line.
"""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path

import pytest

from domino_print.sets.meaning import Half, Row, check_rows
from domino_print.sets.values import NotAValue, evaluate, is_date_or_time, value_of
from domino_print.texts.when import looks_like_when, when_text
from domino_print.themes.pairs import ReadSettings, read_pairs

DATES_AND_TIMES = ["2005-02-23", "1988-05-03", "2005-02-23T10:00:00", "2024-12-31 23:59", "14/07/1789",
                   "07/14/1789", "14.07.1789", "9.11.89", "14-07-1789", "1789/07/14", "10:30", "23:59:59",
                   "0:05", "24:00"]
"""Dates and times as calendars and clocks write them (ISO 8601, day first, month first, year
first; a time of day): text, never a subtraction or a division."""
ARITHMETIC = {"12 : 4": 3, "60:15": 4, "12/3/4": 1, "3/4": 0.75, "10-5-2": 3, "8:4": 2, "2005 - 25": 1980,
              "24:12": 2, "13/13/2000": 1 / 2000}
"""Sums and divisions that look a little like dates or times, with their values."""


@pytest.mark.parametrize("text", DATES_AND_TIMES)
def test_a_date_or_a_time_is_never_arithmetic(text):
    assert is_date_or_time(text)
    with pytest.raises(NotAValue) as caught:
        evaluate(text)
    assert caught.value.reason == "date"


@pytest.mark.parametrize(("text", "value"), list(ARITHMETIC.items()))
def test_arithmetic_that_looks_like_a_date_stays_arithmetic(text, value):
    assert not is_date_or_time(text)
    assert float(value_of(text)) == pytest.approx(value)


def test_a_list_of_birthdays_passes_the_meaning_check():
    """``2005-02-23`` and ``1988-05-03`` were both 1980 (a subtraction): now two dates."""
    rows = [Row(line, Half(name), Half(date)) for line, (name, date) in enumerate(
            (("Léa", "2005-02-23"), ("Tom", "1988-05-03"), ("Zoé", "14/07/1989"), ("Max", "10:30")), 1)]
    check_rows(rows)


WRITTEN = {
    # value: (fr, en, es, de), as each language writes a date, a time, a duration
    datetime.date(1789, 7, 14): ("14 juillet 1789", "14 July 1789", "14 de julio de 1789", "14. Juli 1789"),
    datetime.date(2024, 5, 1): ("1er mai 2024", "1 May 2024", "1 de mayo de 2024", "1. Mai 2024"),
    datetime.time(10, 30): ("10 h 30", "10:30", "10:30", "10:30"),
    datetime.time(8, 5, 3): ("8 h 05 min 03 s", "8:05:03", "8:05:03", "8:05:03"),
    datetime.datetime(1918, 11, 11, 11, 0): ("11 novembre 1918 à 11 h 00", "11 November 1918, 11:00",
                                             "11 de noviembre de 1918, 11:00", "11. November 1918, 11:00"),
    datetime.datetime(2005, 2, 23): ("23 février 2005", "23 February 2005", "23 de febrero de 2005",
                                     "23. Februar 2005"),
    datetime.timedelta(days=10, hours=15, minutes=10, seconds=10): (
        "10 jours 15 h 10 min 10 s", "10 days 15 h 10 min 10 s", "10 días 15 h 10 min 10 s",
        "10 Tage 15 h 10 min 10 s"),
    datetime.timedelta(hours=1, minutes=30): ("1 h 30 min",) * 4,
    datetime.timedelta(days=1): ("1 jour", "1 day", "1 día", "1 Tag"),
}


@pytest.mark.parametrize("value", list(WRITTEN))
def test_dates_times_and_durations_are_written_as_people_write_them(value):
    for lang, expected in zip(("fr", "en", "es", "de"), WRITTEN[value], strict=True):
        written = when_text(value, lang)
        assert written == expected
        assert "days," not in written and looks_like_when(written)


def workbook(path: Path, rows: list[list[object]]) -> Path:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


EVENTS = [["Événement", "Quand"], ["Chute du Mur", datetime.date(1989, 11, 9)],
          ["Armistice", datetime.datetime(1918, 11, 11, 11, 0)], ["Récré", datetime.time(10, 30)],
          ["Marathon", datetime.timedelta(days=10, hours=15, minutes=10, seconds=10)]]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_a_sheets_date_time_and_duration_cells_print_in_the_pages_language(tmp_path, suffix):
    path = workbook(tmp_path / "events.xlsx", EVENTS)
    path = path.rename(path.with_suffix(suffix))
    pairs = read_pairs(str(path), ReadSettings(decimal=",", lang="fr"))
    assert pairs.header == ("Événement", "Quand")  # a column of dates under a name: a header
    assert [row.second.text for row in pairs.rows] == [
        "9 novembre 1989", "11 novembre 1918 à 11 h 00", "10 h 30", "10 jours 15 h 10 min 10 s"]
    english = read_pairs(str(path), ReadSettings(lang="en"))
    assert english.rows[0].second.text == "9 November 1989"


GENERIC = ["Item;Type", "Name;Value", "label;value", "Nom;Valeur", "Nombre;Valor", "Name;Wert"]


@pytest.mark.slow
@pytest.mark.parametrize("header", GENERIC)
def test_a_first_row_of_column_names_is_a_header(run_cli, tmp_path, header):
    path = tmp_path / "list.csv"
    path.write_text(f"{header}\nchat;cat\nchien;dog\nvache;cow\nrose;rose\n", encoding="utf-8")
    pairs = read_pairs(str(path))
    assert pairs.header == tuple(header.split(";")) and len(pairs.rows) == 4
    result = run_cli("--theme", path, "--out", tmp_path / "l.pdf", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"first row read as a header ({header.replace(';', ', ')})" in result.stdout
    kept = run_cli("--theme", path, "--out", tmp_path / "k.pdf", "--no-header")
    assert kept.exit_code == 0 and "header" not in kept.stdout and "5 dominoes" in kept.stdout


@pytest.mark.parametrize("text", [
    "Anniv;Date\nLéa;2005-02-23\nTom;1988-05-03\nZoé;2010-10-10\n",  # a column of dates under a name
    "Prénom;Âge\nLéa;5\nTom;7\nZoé;6\n",  # a column of numbers under a name
])
def test_a_name_above_a_column_of_values_is_a_header(tmp_path, text):
    path = tmp_path / "list.csv"
    path.write_text(text, encoding="utf-8")
    pairs = read_pairs(str(path))
    assert pairs.header == tuple(text.split("\n")[0].split(";")) and len(pairs.rows) == 3


@pytest.mark.parametrize("text", [
    "nom;name\nvaleur;value\ntype;type\nchat;cat\n",  # a vocabulary list of column words
    "chat;cat\nchien;dog\nvache;cow\n",  # words on both sides
    "3 + 4;7\n2 × 5;10\n9 - 1;8\n",  # sums
])
def test_pairs_that_are_no_header_stay_pairs(tmp_path, text):
    path = tmp_path / "list.csv"
    path.write_text(text, encoding="utf-8")
    pairs = read_pairs(str(path))
    assert pairs.header == () and len(pairs.rows) == text.count("\n")


def test_a_five_column_comma_file_is_said_as_commas(run_cli, tmp_path):
    path = tmp_path / "five.csv"
    path.write_text("a,b,c,d,e\n1,2,3,4,5\n6,7,8,9,10\n11,12,13,14,15\n", encoding="utf-8")
    result = run_cli("--theme", path, "--out", tmp_path / "l.pdf")
    assert result.exit_code != 0
    (line,) = result.stderr.strip().splitlines()
    assert "separated by commas" in line and "tabs" not in line and "1 cell" not in line


def test_an_excel_binary_workbook_says_its_format_and_the_fix(run_cli, tmp_path):
    path = tmp_path / "liste.xlsb"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("xl/workbook.bin", b"\x83\x01\x00")
    result = run_cli("--theme", path, "--out", tmp_path / "l.pdf")
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert "Excel binary workbook (.xlsb)" in line and "save it in Excel as .xlsx" in line


def test_an_ods_the_library_cannot_open_is_worded_by_us(run_cli, tmp_path):
    path = tmp_path / "liste.ods"
    with zipfile.ZipFile(path, "w") as archive:  # an OpenDocument sheet without its mimetype entry
        archive.writestr("content.xml", "<office:document-content xmlns:office="
                         "'urn:oasis:names:tc:opendocument:xmlns:office:1.0'/>")
    result = run_cli("--theme", path, "--out", tmp_path / "l.pdf")
    assert result.exit_code != 0
    (line,) = result.stderr.strip().splitlines()
    assert "Cannot detect" not in line and "'mimetype' entry" in line and "save it again" in line


def test_a_single_picture_given_as_a_theme_is_said_as_one(run_cli, tmp_path):
    from PIL import Image

    picture = tmp_path / "IMG_0001"  # no ending: known by its content
    Image.new("RGB", (8, 8), "red").save(picture, "JPEG")
    result = run_cli("--theme", picture, "--out", tmp_path / "l.pdf")
    assert result.exit_code == 2
    assert "is one picture, and a set needs one per value" in result.stderr


# -- the studio: the same core, the same answers ---------------------------------------------------


@pytest.fixture
def studio(tmp_path):
    from tests.test_studio import make_client

    with make_client(tmp_path / "data") as client:
        yield client


def studio_preview(client, name: str, data: bytes):
    from tests.test_studio_lists import list_preview

    sent = client.post(f"/api/list/file?name={name}", content=data)
    return sent, list_preview(client, lang="fr")


@pytest.mark.slow
def test_the_studio_reads_a_sheets_dates_and_header_as_the_command_line(studio, run_cli, tmp_path):
    from tests.test_studio_lists import download, text_of

    path = workbook(tmp_path / "events.xlsm", EVENTS)
    sent, answer = studio_preview(studio, "events.xlsm", path.read_bytes())
    assert sent.status_code == 200 and answer.status_code == 200, answer.text
    assert "en-tête (Événement, Quand)" in answer.json()["summary"]
    words = " ".join(text_of(download(studio, answer)).split())
    for written in ("9 novembre 1989", "10 jours 15 h 10 min 10 s", "10 h 30"):
        assert written in words
    result = run_cli("--theme", path, "--out", tmp_path / "cli.pdf", "--lang", "fr")
    assert result.exit_code == 0 and "(Événement, Quand)" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("header", ["Item;Type", "Nom;Valeur"])
def test_the_studio_reads_a_generic_header_as_the_command_line(studio, header):
    data = f"{header}\nchat;cat\nchien;dog\nvache;cow\n".encode()
    _, answer = studio_preview(studio, "liste.csv", data)
    assert answer.status_code == 200, answer.text
    assert f"en-tête ({header.replace(';', ', ')})" in answer.json()["summary"]


def test_the_studio_takes_a_list_of_birthdays(studio):
    _, answer = studio_preview(studio, "anniv.csv", "Prénom;Date\nLéa;2005-02-23\nTom;1988-05-03\n"
                                                    "Zoé;2010-10-10\n".encode())
    assert answer.status_code == 200, answer.text
