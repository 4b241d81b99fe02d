"""File errors are neutral (issue 16, bug 5): the core says which file and what went wrong, each
command says what to do about it with its own words.

``domino-print theme new FOLDER`` has no ``--out``: when its theme.toml cannot be written it must
not tell the user to "choose another --out". The main command and ``calibrate`` still do.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_print.cli import cli
from domino_print.output.files import FileError, check_destination, write_atomically
from tests.fixtures_images import colour_folder


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: "), result.stderr
    return lines[0]


def failing(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize(("code", "said"), [
    (errno.EROFS, "(Read-only file system); copy FOLDER"), (errno.ENOSPC, "free some space"),
    (errno.EACCES, "permissions"),
    (errno.EIO, "cannot write here"),
])
def test_theme_new_never_mentions_an_out_option_it_does_not_have(tmp_path, monkeypatch, code, said):
    folder = colour_folder(tmp_path / "photos")
    monkeypatch.setattr("domino_print.output.files._create_temporary", failing(code))
    line = one_error_line(run("theme", "new", folder))
    assert "--out" not in line
    assert said in line and str(folder / "theme.toml") in line and "FOLDER" in line
    assert not (folder / "theme.toml").exists()


def test_theme_new_words_a_failed_rename_for_its_folder(tmp_path, monkeypatch):
    folder = colour_folder(tmp_path / "photos")
    monkeypatch.setattr("domino_print.output.files.os.replace", failing(errno.ENOSPC))
    line = one_error_line(run("theme", "new", folder))
    assert "--out" not in line and "nothing was changed" in line and "FOLDER" in line
    assert not [name for name in os.listdir(folder) if not name.startswith("img")]  # no theme, no temporary


def test_the_main_command_and_calibrate_still_name_out(tmp_path, monkeypatch):
    monkeypatch.setattr("domino_print.output.files._create_temporary", failing(errno.EROFS))
    for args in (["--theme", "pips", "--no-rules"], ["calibrate"]):
        line = one_error_line(run(*args, "--out", tmp_path / "planche.pdf"))
        assert "(Read-only file system); choose another --out" in line and "planche.pdf" in line


def test_a_missing_folder_is_worded_by_each_command(tmp_path):
    line = one_error_line(run("--theme", "pips", "--out", tmp_path / "nowhere" / "planche.pdf"))
    assert "the folder" in line and "does not exist" in line and "--out" in line


def test_the_error_carries_the_path_the_problem_and_the_system_reason(tmp_path, monkeypatch):
    monkeypatch.setattr("domino_print.output.files._create_temporary", failing(errno.EROFS))
    with pytest.raises(FileError) as caught:
        write_atomically(tmp_path / "x.toml", b"")
    error = caught.value
    assert (error.says, error.path) == ("file_problem.cannot_create", tmp_path / "x.toml")
    assert error.errno == errno.EROFS
    assert str(error.system_said) == os.strerror(errno.EROFS)  # kept as data, worded in English
    assert "--out" not in str(error) and "choose another" not in str(error)
    with pytest.raises(FileError) as missing:
        check_destination(tmp_path / "nowhere" / "x.pdf")
    assert missing.value.says == "file_problem.folder_missing"
    assert missing.value.values["folder"] == tmp_path / "nowhere"
    assert isinstance(missing.value.path, Path)
