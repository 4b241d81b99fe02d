"""The command line's messages speak the reader's language: ``--lang`` when given, else the
system's (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), else English (issue 31, item 2)."""

from __future__ import annotations

import pytest

BAD = ["--max", "99"]
WORDS = {"fr": "hors limites", "en": "out of range", "es": "fuera de los límites", "de": "außerhalb"}
"""A word of each catalogue's out-of-range message, written here from the catalogues' sentences."""


def _message(run_cli) -> str:
    result = run_cli(*BAD)
    assert result.exit_code == 2
    return result.stderr


@pytest.mark.parametrize(("environment", "lang"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "es_ES@euro"}, "es"),
    ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_ALL": "es_MX.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE"}, "es"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),  # a language no catalogue speaks: English
    ({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL first, and it says C
    ({}, "en"),
])
def test_without_lang_the_messages_follow_the_system(environment, lang, run_cli, monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    message = _message(run_cli)
    assert WORDS[lang] in message, message
    assert all(word not in message for other, word in WORDS.items() if other != lang)


def test_lang_wins_over_the_system(run_cli, monkeypatch):
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    result = run_cli(*BAD, "--lang", "es")
    assert WORDS["es"] in result.stderr and WORDS["de"] not in result.stderr
