"""click's own refusals of a command line in the reader's language (issue 31, item 2): an unknown
option, a value a choice or a range refuses, a missing or an extra argument, an option without its
value. Each line is written out here as the reader should see it: the catalogue's prefix and words,
the option names and the values as typed, French no-break spaces (U+00A0) kept, exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

NBSP = "\u00a0"
BIN = Path(sys.executable).parent / "domino-print"

FR = f"domino-print{NBSP}: erreur{NBSP}: "
FR_HELP = " (voir domino-print --help)"

FRENCH = [
    (["--colour"],
     f"{FR}option inconnue{NBSP}: --colour{NBSP}; vouliez-vous dire --corner, --cut ou --out{NBSP}?"
     + FR_HELP),
    (["--xyzzy"], f"{FR}option inconnue{NBSP}: --xyzzy{FR_HELP}"),
    (["--orientation", "xyz"],
     f"{FR}--orientation{NBSP}: 'xyz' ne fait pas partie des choix (auto, portrait ou landscape){FR_HELP}"),
    (["theme", "new"], f"{FR}il manque l’argument FOLDER{FR_HELP}"),
    (["themes", "x", "y"], f"{FR}arguments en trop{NBSP}: x y{FR_HELP}"),
    (["themes", "x"], f"{FR}argument en trop{NBSP}: x{FR_HELP}"),
    (["--out"], f"{FR}l’option --out attend une valeur{FR_HELP}"),
    (["--quiet=3"], f"{FR}l’option --quiet ne prend pas de valeur{FR_HELP}"),
    (["--theme", "pips", "extra"], f"{FR}commande inconnue{NBSP}: extra{FR_HELP}"),
    (["studio", "--port", "99999"],
     f"{FR}--port{NBSP}: 99999 est hors limites{NBSP}; choisissez de 0 à 65535{FR_HELP}"),
    (["studio", "--port", "x"], f"{FR}--port{NBSP}: 'x' n’est pas un nombre entier valable{FR_HELP}"),
    (["theme", "new", "/etc/hostname"],
     f"{FR}FOLDER{NBSP}: '/etc/hostname' est un fichier, pas un dossier{FR_HELP}"),
]

LINE = {  # each language's prefix and "see --help" around the words below
    "de": ("domino-print: Fehler: ", " (siehe domino-print --help)"),
    "es": ("domino-print: error: ", " (ver domino-print --help)"),
    "en": ("domino-print: error: ", " (see domino-print --help)"),
}

OTHERS = [
    ("de", ["--colour"], "unbekannte Option: --colour; meinten Sie --corner, --cut oder --out?"),
    ("de", ["--orientation", "xyz"],
     "--orientation: 'xyz' gehört nicht zu den Möglichkeiten (auto, portrait oder landscape)"),
    ("de", ["theme", "new"], "das Argument FOLDER fehlt"),
    ("de", ["--out"], "die Option --out braucht einen Wert"),
    ("de", ["themes", "x"], "überzähliges Argument: x"),
    ("es", ["--colour"], "opción desconocida: --colour; ¿querías decir --corner, --cut o --out?"),
    ("es", ["--orientation", "xyz"],
     "--orientation: 'xyz' no está entre las opciones (auto, portrait o landscape)"),
    ("es", ["theme", "new"], "falta el argumento FOLDER"),
    ("es", ["--quiet=3"], "la opción --quiet no lleva valor"),
    ("es", ["themes", "x", "y"], "argumentos de más: x y"),
    ("en", ["--colour"], "No such option '--colour'. Did you mean --corner, --cut or --out?"),
    ("en", ["--orientation", "xyz"], "--orientation 'xyz' is not one of auto, portrait or landscape"),
    ("en", ["theme", "new"], "Missing argument 'FOLDER'."),
    ("en", ["--out"], "Option '--out' requires an argument."),
    ("en", ["themes", "x"], "Got unexpected extra argument (x)"),
]


def _env(**changes: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    return {**env, **changes}


def _refused(args: list[str], env: dict[str, str]) -> str:
    process = subprocess.run([str(BIN), *args], capture_output=True, text=True, encoding="utf-8", env=env,
                             timeout=60)
    assert process.returncode == 2, process.stderr
    assert "Traceback" not in process.stderr and process.stdout == ""
    lines = process.stderr.splitlines()
    assert len(lines) == 1, process.stderr
    return lines[0]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "line"), FRENCH, ids=[" ".join(case[0]) for case in FRENCH])
def test_click_s_refusals_are_french_with_lang_fr(args, line):
    assert _refused(["--lang", "fr", *args], _env(LC_ALL="C.UTF-8")) == line


@pytest.mark.slow
@pytest.mark.parametrize(("args", "line"), FRENCH, ids=[" ".join(case[0]) for case in FRENCH])
def test_click_s_refusals_are_french_on_a_french_system(args, line):
    assert _refused(args, _env(LANG="fr_FR.UTF-8")) == line


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "args", "line"), OTHERS, ids=[f"{c[0]} {' '.join(c[1])}" for c in OTHERS])
def test_click_s_refusals_follow_lang(lang, args, line):
    prefix, see_help = LINE[lang]
    assert _refused(["--lang", lang, *args], _env(LC_ALL="C.UTF-8")) == f"{prefix}{line}{see_help}"


@pytest.mark.slow  # the first French run of a process reads its catalogue: over 0.05 s
def test_click_s_refusals_in_process_keep_the_no_break_spaces(run_cli):
    result = run_cli("--lang", "fr", "--xyzzy")
    assert result.exit_code == 2
    assert result.stderr == f"{FR}option inconnue{NBSP}: --xyzzy{FR_HELP}\n"


@pytest.mark.slow  # the first French run of a process reads its catalogue: over 0.05 s
def test_an_option_error_in_french_keeps_its_no_break_spaces(run_cli):
    """``_fail`` folds ASCII white space only: ``str.split`` took U+00A0 for a space too."""
    result = run_cli("--lang", "fr", "--max", "x")
    assert result.exit_code == 2
    assert result.stderr == f"{FR}--max{NBSP}: 'x' n’est pas un nombre entier valable{FR_HELP}\n"


def test_a_message_s_ascii_white_space_is_folded_and_its_no_break_spaces_kept(capsys):
    from domino_print.cli import _fail

    with pytest.raises(SystemExit) as stopped:
        _fail(f"  «{NBSP}a\t\tb{NBSP}»\r\n  c{NBSP}:  ", 1, lang="fr")
    assert stopped.value.code == 1
    assert capsys.readouterr().err == f"{FR}«{NBSP}a b{NBSP}» c{NBSP}:\n"


def test_english_keeps_its_prefix(run_cli):
    result = run_cli("--lang", "en", "--xyzzy")
    assert result.stderr == "domino-print: error: No such option '--xyzzy'. (see domino-print --help)\n"


def test_an_error_no_caller_worded_is_said_by_its_phrase_in_the_run_s_language(capsys, tmp_path):
    from domino_print.cli import _report
    from domino_print.themes.files import OutsideFolder

    with pytest.raises(SystemExit) as stopped:
        _report(OutsideFolder("../x.png", tmp_path), "fr")
    assert stopped.value.code == 1
    said = capsys.readouterr().err
    assert said.startswith(f"{FR}../x.png est hors du dossier {tmp_path}{NBSP}; les images ne sont lues"), (
        said)


def test_a_system_error_quotes_the_system_s_words_after_its_file(capsys):
    from domino_print.cli import _report

    with pytest.raises(SystemExit) as stopped:
        _report(PermissionError(13, "Permission denied", "/x/y.pdf"), "fr")
    assert stopped.value.code == 1
    assert capsys.readouterr().err == f"{FR}/x/y.pdf{NBSP}: le système dit «{NBSP}accès refusé{NBSP}»\n"
    with pytest.raises(SystemExit):
        _report(PermissionError(13, "Permission denied", "/x/y.pdf"), "en")
    assert capsys.readouterr().err == "domino-print: error: /x/y.pdf: Permission denied\n"
