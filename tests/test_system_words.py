"""The system's own words reach the reader in the reader's language (issue 31)."""

import errno
import signal
import subprocess
import sys

import pytest

from domino_print import texts
from domino_print.errors import SystemWords, WordedError, system_words
from domino_print.output.stopping import signal_words
from domino_print.regular_files import ReadProblem, read_regular_file


@pytest.mark.parametrize(("code", "lang", "words"), [
    (errno.EACCES, "fr", "accès refusé"),
    (errno.ENOENT, "fr", "ce fichier ou dossier n’existe pas"),
    (errno.EISDIR, "fr", "c’est un dossier"),
    (errno.ENOSPC, "fr", "plus de place sur le disque"),
    (errno.EACCES, "de", "Zugriff verweigert"),
    (errno.ENOENT, "de", "diese Datei oder dieser Ordner existiert nicht"),
    (errno.EROFS, "es", "el disco es de solo lectura"),
    (errno.ENOENT, "en", "No such file or directory"),
])
def test_a_known_errno_is_worded_in_the_readers_language(code, lang, words):
    assert SystemWords(code, "English from the system").in_words(lang) == words


def test_an_unknown_errno_quotes_the_system_inside_our_sentence():
    said = SystemWords(errno.EPIPE, "Broken pipe")
    assert said.in_words("fr") == "le système dit «\u00a0Broken pipe\u00a0»"
    assert said.in_words("de") == "das System sagt „Broken pipe“"
    assert SystemWords(None, "odd", quoted=False).in_words("fr") == "odd"


def test_a_read_problem_keeps_the_errno_and_words_it_at_the_surface(tmp_path):
    with pytest.raises(ReadProblem) as caught:
        read_regular_file(tmp_path / "absent.csv", most_bytes=100)
    said = caught.value.system_said
    assert isinstance(said, SystemWords) and said.values["errno"] == errno.ENOENT
    assert said.in_words("fr") == "ce fichier ou dossier n’existe pas"


def test_the_cli_system_line_in_french_and_german():
    exc = PermissionError(errno.EACCES, "Permission denied")
    message = WordedError(says="system", path="", said=system_words(exc, quoted=False))
    assert message.worded(str, "fr") == "le système dit «\u00a0accès refusé\u00a0»"
    assert message.worded(str, "de") == "das System sagt „Zugriff verweigert“"


@pytest.mark.slow
def test_a_missing_pairs_list_is_told_in_french_end_to_end(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "domino_print", "--lang", "fr", "--theme", str(tmp_path / "absent.csv"),
         "--out", str(tmp_path / "x.pdf")],
        capture_output=True, text=True, check=False, cwd=tmp_path)
    assert run.returncode == 1
    absent = tmp_path / "absent.csv"
    assert run.stderr == (f"domino-print\u00a0: erreur\u00a0: {absent}\u00a0: impossible de lire la liste de"
                          " paires (ce fichier ou dossier n’existe pas)\n")


def test_french_sentences_use_the_typographic_apostrophe():
    straight = [key for key, value in texts.catalogue("fr").items() if "'" in value]
    assert straight == []


@pytest.mark.parametrize(("signum", "lang", "line"), [
    (signal.SIGINT, "fr", "arrêté par Ctrl-C (SIGINT)\u00a0; aucun fichier n’a été modifié"),
    (signal.SIGTERM, "fr",
     "arrêté par une demande du système (SIGTERM)\u00a0; aucun fichier n’a été modifié"),
    (signal.SIGHUP, "fr",
     "arrêté par la fermeture du terminal (SIGHUP)\u00a0; aucun fichier n’a été modifié"),
    (signal.SIGUSR1, "fr", "arrêté par le signal SIGUSR1\u00a0; aucun fichier n’a été modifié"),
    (signal.SIGINT, "de", "durch Strg+C (SIGINT) angehalten; keine Datei wurde geändert"),
    (signal.SIGTERM, "en", "stopped by a request from the system (SIGTERM); no file was changed"),
])
def test_the_signal_that_stopped_a_run_is_worded_per_language(signum, lang, line):
    said = WordedError(says="output.stopped", signal=signal_words(signum))
    assert said.worded(str, lang) == line


def test_a_stop_signal_is_named_as_the_signal_module_names_it():
    """``stopping`` handles signals through ``_signal`` (issue 36) and names its own without
    importing ``signal``: the names are still ``signal.Signals``'s, and any other signal's too."""
    from domino_print.output.stopping import STOP_SIGNALS, signal_name

    assert [signal_name(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)] == [
        "SIGINT", "SIGTERM", "SIGHUP"]
    assert all(signal_name(signum) == signal.Signals(signum).name for signum in STOP_SIGNALS)
    assert signal_name(signal.SIGSEGV) == "SIGSEGV"  # not one of ours
