"""--help in the reader's language (issue 31): --lang, else LC_ALL, LC_MESSAGES, LANG, else English."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from domino_print.cli import cli

NO_LOCALE = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def _help(args: list[str], **env: str | None) -> list[str]:
    result = CliRunner().invoke(cli, [*args, "--help"], env={**NO_LOCALE, **env}, prog_name="domino-print")
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_french_help_from_lang_option() -> None:
    lines = _help(["--lang", "fr"])
    assert lines[0] == "Utilisation\u00a0: domino-print [OPTIONS] [COMMAND] [ARGS]..."
    assert "Options\u00a0:" in lines
    assert "Commandes\u00a0:" in lines
    assert "  -h, --help                      Afficher ce message et quitter." in lines
    assert "  --version                       Afficher la version et quitter." in lines
    assert "  --max N                         Valeur la plus haute du jeu (6 = double-six)." in lines


def test_german_help_from_lang_variable_alone() -> None:
    lines = _help([], LANG="de_DE.UTF-8")
    assert lines[0] == "Aufruf: domino-print [OPTIONS] [COMMAND] [ARGS]..."
    assert "Optionen:" in lines
    assert "  -h, --help                      Diese Hilfe zeigen und beenden." in lines


def test_lang_option_beats_the_system() -> None:
    lines = _help(["--lang", "fr"], LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8")
    assert "Options\u00a0:" in lines
    assert "Optionen:" not in lines


@pytest.mark.parametrize("env", [{}, {"LANG": "C.UTF-8"}, {"LANG": "ja_JP.UTF-8"}])
def test_english_help_unchanged(env: dict[str, str]) -> None:
    lines = _help([], **env)
    assert lines[0] == "Usage: domino-print [OPTIONS] [COMMAND] [ARGS]..."
    assert "Options:" in lines
    assert "Commands:" in lines
    assert "  -h, --help                      Show this message and exit." in lines
    assert "  --max N                         Highest value of the set (6 = double-six)." in lines


def test_subcommand_help_and_its_default_worded() -> None:
    lines = _help(["studio"], LC_MESSAGES="es_ES.UTF-8")
    assert lines[0] == "Uso: domino-print studio [OPTIONS]"
    assert "  --no-browser             No abre la página en el navegador." in lines
    assert "                           datos.  [por defecto: 1; 1<=x<=32]" in lines


def test_lang_after_the_subcommand_words_its_help() -> None:
    lines = _help(["calibrate", "--lang", "de"])
    assert lines[0] == "Aufruf: domino-print calibrate [OPTIONS]"


def test_examples_heading_worded() -> None:
    assert "  Beispiele:" in _help(["--lang", "de"])
    assert "  Examples:" in _help([])


def test_a_bare_group_shows_its_help_in_the_reader_language() -> None:
    french = {**NO_LOCALE, "LANG": "fr_FR.UTF-8"}
    result = CliRunner().invoke(cli, ["theme"], env=french, prog_name="domino-print")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == "Utilisation\u00a0: domino-print theme [OPTIONS] COMMAND [ARGS]..."
    assert "  Faire son propre thème à partir d’un dossier d’images." in lines


def test_a_run_without_help_words_no_help(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help's words are read only when help is shown: a run pays nothing for them."""
    from domino_print.options import command_line

    asked: list[str] = []
    monkeypatch.setattr(command_line, "_help_word", lambda key, **values: asked.append(key) or key)
    cli.make_context("domino-print", ["--lang", "fr", "--max", "2"])
    cli.make_context("domino-print", ["studio", "--port", "0"])
    assert asked == []
    assert "help.help_option" in "".join(_help([]))  # the same patch does see a help shown
