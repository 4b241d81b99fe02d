"""Issue 31, item 2: the command line's own lines (the summary after a PDF, ``themes``, ``theme
new``, ``site``, the studio's address, a stop before the command line loaded) are in the reader's
language: ``--lang`` when given, else the system's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else
English, the rule its errors follow (``texts.reader``).

The suite runs with ``LC_ALL=C.UTF-8`` (tests/conftest.py): English unless a test says otherwise.
The words expected are written here, as a reader of each language reads them.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_print.cli import cli

NBSP = "\u00a0"
GERMAN_SYSTEM = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "de_DE.UTF-8"}
"""A German system's environment, as CliRunner takes it (None: the variable is unset)."""
C_SYSTEM = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C"}


def run(args: list[str], env: dict[str, str | None] | None = None):
    result = CliRunner(env=env).invoke(cli, [str(arg) for arg in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


# ------------------------------------------------------------------ the summary after a PDF

SMALL = ["--theme", "pips", "--max", "0", "--no-rules"]


@pytest.mark.slow
def test_the_summary_follows_lang(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--lang", "fr", "--out", out]).output.strip()
    assert line.startswith(f"{out}{NBSP}: 1 page, 1 domino (double-zéro), A4, ")
    assert line.endswith(" Ko")


@pytest.mark.slow
def test_the_summary_follows_the_system_s_language_without_lang(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--out", out], GERMAN_SYSTEM).output.strip()
    assert line.startswith(f"{out}: 1 Seite, 1 Dominostein (Doppel-Null), A4, ")
    english = run([*SMALL, "--lang", "en", "--out", out], GERMAN_SYSTEM).output.strip()
    assert english.startswith(f"{out}: 1 page, 1 domino (double-zero), A4, "), "--lang comes first"


@pytest.mark.slow
def test_the_summary_stays_english_on_a_c_system(tmp_path):
    out = tmp_path / "planche.pdf"
    line = run([*SMALL, "--out", out], C_SYSTEM).output.strip()
    assert line.startswith(f"{out}: 1 page, 1 domino (double-zero), A4, ") and line.endswith(" KB")


@pytest.mark.slow
def test_the_summary_of_solids_follows_the_reader(tmp_path):
    out = tmp_path / "dominos.3mf"
    spanish = run(["--theme", "pips", "--max", "2", "--lang", "es", "--out", out]).output.strip()
    assert spanish.startswith(f"{out}: 6 fichas (doble dos), 1 placa (220 x 220 mm), ")
    german = run(["--theme", "pips", "--max", "2", "--out", out], GERMAN_SYSTEM).output.strip()
    assert german.startswith(f"{out}: 6 Dominosteine (Doppel-Zwei), 1 Platte (220 x 220 mm), ")


@pytest.mark.slow
def test_the_calibration_summary_follows_the_reader(tmp_path):
    out = tmp_path / "calibration.pdf"
    french = run(["calibrate", "--lang", "fr", "--out", out]).output.strip()
    assert french.startswith(f"{out}{NBSP}: 2 pages (imprimez en recto verso, retournement bord long), A4, ")
    german = run(["calibrate", "--out", out], GERMAN_SYSTEM).output.strip()
    assert german.startswith(f"{out}: 2 Seiten (beidseitig drucken, an der langen Kante wenden), A4, ")
    before = run(["--lang", "de", "calibrate", "--out", out], C_SYSTEM).output.strip()
    assert before.startswith(f"{out}: 2 Seiten (beidseitig"), "the --lang before the command counts too"
    english = run(["calibrate", "--out", out], C_SYSTEM).output.strip()
    assert english.startswith(f"{out}: 2 pages (print two-sided, flip on the long edge), A4, ")


# ------------------------------------------------------------------ domino-print themes


def _themes(args: list[str], env=None) -> dict[str, str]:
    return {line.split()[0]: line for line in run([*args, "themes"], env).output.splitlines()}


def test_themes_follow_lang():
    lines = _themes(["--lang", "fr"])
    assert lines["fruits"] == ("fruits         0-6    Sept fruits à associer à la place des points, dès 4 "
                               "ans  (--faces image, mot)")
    assert lines["heures"].startswith("heures         heures Une heure montrée de deux façons\u00a0: horloge")
    assert lines["heures"].endswith(f"(--niveaux{NBSP}: pas{NBSP}: 1 h | ½ h | ¼ h | 5 min)")
    assert f"sommes, pour addition{NBSP}: ≤ 10 | ≤ 20 | ≤ 100{NBSP}; différences, pour soustraction" \
        in lines["nombres"]
    assert lines["monnaie"].startswith("monnaie        liste  Un prix montré de deux façons")


def test_themes_follow_the_system_s_language_without_lang():
    lines = _themes([], GERMAN_SYSTEM)
    assert lines["pips"] == "pips           0-12    Schwarze Augen wie auf dem Würfel, von leer (0) bis 12"
    assert lines["heures"].startswith("heures         Uhrzeit Eine Uhrzeit auf zwei Arten: Zifferblatt")
    assert "sommes, für addition: ≤ 10 | ≤ 20 | ≤ 100; différences, für soustraction" in lines["nombres"]
    spanish = _themes(["--lang", "es"], GERMAN_SYSTEM)
    assert spanish["fractions"].startswith("fractions      lista  Una parte mostrada de dos maneras: círculo")
    assert "(--niveaux: sommes, para addition: ≤ 10" in spanish["nombres"], "--lang comes first"


def test_themes_stay_english_on_a_c_system():
    lines = _themes([], C_SYSTEM)
    assert lines["pips"] == "pips           0-12   Black pips laid out like dice, from blank (0) to 12"
    assert lines["heures"].startswith("heures         times  A time shown two ways: clock face")
    assert "(--niveaux: sommes, for addition: ≤ 10 | ≤ 20 | ≤ 100; différences, for soustraction" \
        in lines["nombres"]


# ------------------------------------------------------------------ domino-print theme new

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="{}"/></svg>'


def _pictures(folder, count: int):
    folder.mkdir()
    for index in range(count):
        (folder / f"p{index}.svg").write_text(SQUARE.format(index + 1), encoding="utf-8")
    return folder


def test_theme_new_follows_lang(tmp_path):
    folder = _pictures(tmp_path / "photos", 1)
    line = run(["--lang", "fr", "theme", "new", folder]).output.strip()
    assert line == (f"{folder / 'theme.toml'}{NBSP}: 1 image listée{NBSP}; modifiez ce fichier, puis "
                    f"lancez{NBSP}: domino-print --theme {folder}")


def test_theme_new_follows_the_system_s_language_without_lang(tmp_path):
    folder = _pictures(tmp_path / "photos", 2)
    line = run(["theme", "new", folder], GERMAN_SYSTEM).output.strip()
    assert line == (f"{folder / 'theme.toml'}: 2 Bilder aufgeführt; bearbeiten Sie die Datei, dann starten "
                    f"Sie: domino-print --theme {folder}")


def test_theme_new_stays_english_on_a_c_system(tmp_path):
    folder = _pictures(tmp_path / "photos", 1)
    line = run(["theme", "new", folder], C_SYSTEM).output.strip()
    assert line == (f"{folder / 'theme.toml'}: 1 picture listed; edit it, then run: "
                    f"domino-print --theme {folder}")


# ------------------------------------------------------------------ domino-print site

BIN = Path(sys.executable).parent


def _site(tmp_path, args: list[str], env: dict[str, str | None]) -> tuple[str, str]:
    """``domino-print [args] site`` in a real process whose stderr is a terminal (the "making" line
    shows there only): its stdout and its stderr."""
    import pty

    catalogue = tmp_path / "c.toml"
    catalogue.write_text('[[set]]\nname = "Points"\ndescription = "Un jeu."\n[set.options]\ntheme = "pips"\n'
                         'max = 2\n', encoding="utf-8")
    environment = {key: value for key, value in {**os.environ, **env}.items() if value is not None}
    main, terminal = pty.openpty()
    try:
        process = subprocess.run([str(BIN / "domino-print"), *args, "site", str(catalogue), "--out",
                                  str(tmp_path / "site")], stdout=subprocess.PIPE, stderr=terminal,
                                 env=environment, text=True, timeout=120)
        os.close(terminal)
        terminal = -1
        said = b""
        with contextlib.suppress(OSError):  # EIO once the terminal's other end is closed and read
            while chunk := os.read(main, 4096):
                said += chunk
    finally:
        os.close(main)
        if terminal >= 0:
            os.close(terminal)
    assert process.returncode == 0, said
    return process.stdout.strip(), said.decode("utf-8").strip()


@pytest.mark.slow
def test_site_lines_follow_lang(tmp_path):
    out, making = _site(tmp_path, ["--lang", "fr"], C_SYSTEM)
    assert making == f"domino-print{NBSP}: fabrication de Points"
    assert out.endswith(f"index.html{NBSP}: 1 jeu (1 fait)")


@pytest.mark.slow
def test_site_lines_follow_the_system_s_language_without_lang(tmp_path):
    out, making = _site(tmp_path, [], GERMAN_SYSTEM)
    assert making == "domino-print: Points wird erstellt"
    assert out.endswith("index.html: 1 Spiel (1 erstellt)")


@pytest.mark.slow
def test_site_lines_stay_english_on_a_c_system(tmp_path):
    out, making = _site(tmp_path, [], C_SYSTEM)
    assert making == "domino-print: making Points"
    assert out.endswith("index.html: 1 set (1 made)")


# ------------------------------------------------------------------ domino-print studio


def _answers(address: str) -> None:
    """Wait until the studio at ``address`` answers (uvicorn's own Ctrl-C handling is in place)."""
    import time
    import urllib.request

    for _ in range(400 if address else 0):
        try:
            with urllib.request.urlopen(address, timeout=20):
                return
        except (OSError, ValueError):
            time.sleep(0.05)


def _studio(tmp_path, args: list[str], env: dict[str, str | None]) -> tuple[str, str]:
    """The studio started as a user starts it, stopped with Ctrl-C once it said its address: the
    address line and the rest of its stdout."""
    import signal

    environment = {key: value for key, value in {**os.environ, "TMPDIR": str(tmp_path), **env}.items()
                   if value is not None}
    process = subprocess.Popen([str(BIN / "domino-print"), *args, "studio", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    try:
        first = process.stdout.readline() if process.stdout else ""
        _answers(next(iter(re.findall(r"http://[\d.:]+/", first)), ""))  # stopped while it serves
    finally:
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    return first.strip(), rest.strip()


@pytest.mark.slow
def test_the_studio_launcher_follows_lang(tmp_path):
    first, rest = _studio(tmp_path, ["--lang", "fr"], C_SYSTEM)
    assert first.startswith(f"domino-print studio{NBSP}: http://127.0.0.1:")
    assert first.endswith("/ (Ctrl-C pour arrêter)")
    assert rest == f"domino-print studio{NBSP}: arrêté"


@pytest.mark.slow
def test_the_studio_launcher_follows_the_system_s_language_without_lang(tmp_path):
    first, rest = _studio(tmp_path, [], GERMAN_SYSTEM)
    assert first.startswith("domino-print studio: http://127.0.0.1:")
    assert first.endswith("/ (Strg-C zum Beenden)")
    assert rest == "domino-print studio: beendet"


@pytest.mark.slow
def test_the_studio_launcher_stays_english_on_a_c_system(tmp_path):
    first, rest = _studio(tmp_path, [], C_SYSTEM)
    assert first.startswith("domino-print studio: http://127.0.0.1:") and first.endswith("/ (Ctrl-C to stop)")
    assert rest == "domino-print studio: stopped"


@pytest.mark.slow
@pytest.mark.parametrize(("args", "env", "words"), [
    (["--lang", "fr"], C_SYSTEM, "impossible d’écouter sur 127.0.0.1:{port} (l’adresse est déjà utilisée)"
                                 f"{NBSP}; choisissez un autre --port, ou 0 pour un port libre"),
    ([], GERMAN_SYSTEM, "kann nicht auf 127.0.0.1:{port} empfangen (die Adresse wird bereits verwendet); "
                        "wählen Sie einen anderen --port oder 0 für einen freien"),
    ([], C_SYSTEM, "cannot listen on 127.0.0.1:{port} (Address already in use); choose another --port, "
                   "or 0 for a free one"),
])
def test_a_port_in_use_is_said_in_the_reader_s_language(args, env, words):
    import socket

    environment = {key: value for key, value in {**os.environ, **env}.items() if value is not None}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(BIN / "domino-print"), *args, "studio", "--no-browser", "--port",
                                 str(port)], capture_output=True, text=True, timeout=60, env=environment)
    assert result.returncode == 1
    assert words.format(port=port) in result.stderr


# ------------------------------------------------------------------ a stop before the command line loaded


@pytest.mark.parametrize(("argv", "env", "line"), [
    (["--lang", "fr"], C_SYSTEM,
     f"domino-print{NBSP}: erreur{NBSP}: arrêté par une demande du système (SIGTERM){NBSP};"
     " aucun fichier n’a été modifié"),
    ([], GERMAN_SYSTEM,
     "domino-print: Fehler: durch eine Anforderung des Systems (SIGTERM) angehalten;"
     " keine Datei wurde geändert"),
    (["--lang=es"], GERMAN_SYSTEM,
     "domino-print: error: detenido por una petición del sistema (SIGTERM);"
     " no se ha modificado ningún archivo"),
    ([], C_SYSTEM,
     "domino-print: error: stopped by a request from the system (SIGTERM); no file was changed"),
])
def test_a_stop_before_the_command_line_loaded_is_said_in_the_reader_s_language(
        monkeypatch, capsys, argv, env, line):
    import signal
    import warnings

    from domino_print import __main__ as entry

    monkeypatch.setattr(sys, "argv", ["domino-print", *argv, "--theme", "pips"])
    for name, value in env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    with warnings.catch_warnings(), pytest.raises(SystemExit) as ended:
        entry._stopped_early(signal.SIGTERM)
    assert ended.value.code == 128 + signal.SIGTERM
    assert capsys.readouterr().err == line + "\n"


EARLY_CTRL_C = """
import signal, sys
from domino_print import __main__ as entry

take = entry._take_ctrl_c_early

def taken_then_pressed():
    take()
    signal.raise_signal(signal.SIGINT)  # remembered only: output.stopping is not loaded yet

entry._take_ctrl_c_early = taken_then_pressed
sys.argv = ["domino-print", *sys.argv[1:]]
entry.main()
"""


@pytest.mark.slow
def test_a_ctrl_c_before_the_command_line_loaded_ends_the_process_in_the_system_s_language(tmp_path):
    environment = {key: value for key, value in {**os.environ, **GERMAN_SYSTEM}.items() if value is not None}
    process = subprocess.run([sys.executable, "-c", EARLY_CTRL_C, "--theme", "pips", "--out",
                              str(tmp_path / "x.pdf")], capture_output=True, text=True, timeout=60,
                             env=environment)
    assert process.returncode == 130, process.stderr
    assert process.stderr == ("domino-print: Fehler: durch Strg+C (SIGINT) angehalten;"
                              " keine Datei wurde geändert\n")
    assert not list(tmp_path.iterdir())


# ------------------------------------------------------------------ one rule for errors and lines


@pytest.mark.slow
def test_an_error_and_a_summary_read_the_same_lang_when_it_is_given_twice(tmp_path):
    """click keeps the last ``--lang`` (and a command's own over the group's): so do the errors."""
    out = tmp_path / "calibration.pdf"
    line = run(["--lang", "fr", "calibrate", "--lang", "de", "--out", out], C_SYSTEM).output.strip()
    assert line.startswith(f"{out}: 2 Seiten (beidseitig drucken")
    failed = CliRunner(env=C_SYSTEM).invoke(cli, ["--lang", "fr", "calibrate", "--lang", "de", "--scale", "x",
                                                  "--out", str(out)])
    assert failed.exit_code == 2 and "ist nicht X,Y in Prozent" in failed.stderr, failed.stderr
    twice = run(["--lang", "es", "--lang", "de", "calibrate", "--out", out], C_SYSTEM).output.strip()
    assert twice.startswith(f"{out}: 2 Seiten (beidseitig drucken")
