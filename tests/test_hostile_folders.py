"""Issue 17, classes 6, 11 and 12 (command line): folders that refuse some operations, messages
that said something false, and the small ones.

- Every failure while files are written (any step, any system error) leaves no temporary
  behind and changes no existing file; an append-only folder (``chattr +a``, real where the
  file system has it, else simulated) is refused before anything is made, naming the real
  problem; stale temporaries of ours are swept by name and age, nothing else.
- ``--out /etc/hostname/x.pdf`` says the folder is a file; ``--out x.pdf/`` is refused; a FIFO
  in a pairs list is "not a regular file", not "not found"; the summary line to a closed pipe
  is one line on stderr.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.cli import cli
from domino_print.output import files

SMALL = ("--theme", "chiffres", "--max", "2", "--no-rules")


def _run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _one_line(result, code: int = 1) -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: "), result.stderr
    return lines[0]


def _state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# -- 6: every failure path cleans up ---------------------------------------------------------------

STEPS = ["fsync", "replace", "link", "chmod", "rename", "write"]
ERRORS = [errno.ENOSPC, errno.EPERM, errno.EIO, errno.EROFS, errno.EDQUOT, errno.EACCES]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(step=st.sampled_from(STEPS), nth=st.integers(1, 3), code=st.sampled_from(ERRORS),
       existing=st.booleans())
def test_a_failure_at_any_step_leaves_no_temporary_and_changes_nothing(step, nth, code, existing):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        out = folder / "x.pdf"
        if existing:
            assert _run(*SMALL, "--preview", "--preview-dpi", "30", "--out", out).exit_code == 0
        before = _state(folder)
        calls = {"n": 0}
        real = {"fsync": os.fsync, "replace": os.replace, "link": os.link, "chmod": os.chmod,
                "rename": os.rename}

        def failing(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == nth:
                raise OSError(code, os.strerror(code))
            return real[step](*args, **kwargs)

        from domino_print.output import preview

        with pytest.MonkeyPatch.context() as patch:
            if step == "write":
                real_write = preview.PagePictures.write_png

                def write_then_fail(self, index, stream, **kwargs):
                    calls["n"] += 1
                    if calls["n"] == nth:
                        stream.write(b"half a picture")
                        raise OSError(code, os.strerror(code))
                    return real_write(self, index, stream, **kwargs)

                patch.setattr(preview.PagePictures, "write_png", write_then_fail)
            else:
                patch.setattr(files.os, step, failing)
            result = _run(*SMALL, "--preview", "--preview-dpi", "30", "--out", out)
        leftovers = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
        assert leftovers == [], leftovers
        if result.exit_code == 0:  # not needed that often, or a failure the writer works around
            assert out.read_bytes().startswith(b"%PDF-")  # (no hard links: the old file moved aside)
            return
        line = _one_line(result)
        assert (".tmp" not in line and "nothing was changed" in line) or "could not" in line, line
        assert _state(folder) == before


def _append_only(folder: Path) -> bool:
    """``chattr +a`` on ``folder`` where this file system and user allow it."""
    done = subprocess.run(["chattr", "+a", str(folder)], capture_output=True)
    return done.returncode == 0 and bool(files._folder_flags(folder) & files.FS_APPEND_FL)


@pytest.mark.parametrize("real", [True, False], ids=["chattr", "simulated"])
def test_an_append_only_folder_is_refused_naming_the_real_problem(tmp_path, monkeypatch, real):
    folder = tmp_path / "journal"
    folder.mkdir()
    (folder / "x.pdf").write_bytes(b"%PDF- an old one")
    if real and not _append_only(folder):
        pytest.skip("this file system or user cannot set chattr +a; the simulated case runs")
    if not real:  # the file system says append-only; renames and removals fail as they would
        monkeypatch.setattr(files, "_folder_flags", lambda path: files.FS_APPEND_FL)

        def refused(*args, **kwargs):
            raise PermissionError(errno.EPERM, "Operation not permitted")

        monkeypatch.setattr(files.os, "replace", refused)
        monkeypatch.setattr(files.os, "unlink", refused)
    try:
        before = _state(folder)
        result = _run(*SMALL, "--out", folder / "x.pdf")
        line = _one_line(result)
        assert "append-only" in line and ".tmp" not in line and "choose another --out" in line
        assert _state(folder) == before
        assert sorted(p.name for p in folder.iterdir()) == ["x.pdf"]
    finally:
        if real:
            subprocess.run(["chattr", "-a", str(folder)], check=False)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(names=st.lists(st.sampled_from([
    ".x.pdf.abcd1234.tmp", ".x.pdf.a_b9c0d1.tmp", ".x.pdf.deadbeef.old", ".y.pdf.abcd1234.tmp",
    ".x.pdf.abc.tmp", "x.pdf.abcd1234.tmp", ".x.pdf.abcd12345.tmp", ".x.pdf.ABCD1234.tmp", "notes.txt",
]), min_size=1, max_size=5, unique=True), ages=st.lists(st.sampled_from([0, 60, 5 * 3600, 7 * 3600, 10**6]),
                                                          min_size=5, max_size=5))
def test_stale_temporaries_are_swept_by_name_and_age(names, ages):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        now = time.time()
        for entry, age in zip(names, ages, strict=False):
            (folder / entry).write_bytes(b"left by a killed run")
            os.utime(folder / entry, (now - age, now - age))
        removed = {p.name for p in files.sweep_stale_temporaries(folder / "x.pdf", now=now)}
        expected = {
            entry for entry, age in zip(names, ages, strict=False)
            if entry in (".x.pdf.abcd1234.tmp", ".x.pdf.a_b9c0d1.tmp") and age > files.STALE_TEMPORARY_S
        }
        assert removed == expected
        assert {p.name for p in folder.iterdir()} == set(names) - expected


def test_a_run_sweeps_what_a_killed_run_left(tmp_path):
    stale = tmp_path / ".x.pdf.k1ll3d00.tmp"
    stale.write_bytes(b"half a PDF")
    old = time.time() - 7 * 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".x.pdf.runn1ng0.tmp"  # another run may be writing it now
    fresh.write_bytes(b"being written")
    assert _run(*SMALL, "--out", tmp_path / "x.pdf").exit_code == 0
    assert not stale.exists() and fresh.exists()


# -- 11 and 12: true messages --------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(depth=st.integers(0, 3), name=st.sampled_from(["x.pdf", "a b.pdf", "\u732b.pdf"]))
def test_a_folder_that_is_a_file_is_named_as_a_file(depth, name):
    with tempfile.TemporaryDirectory() as folder:
        blocker = Path(folder) / "hostname"
        blocker.write_text("a file")
        out = blocker.joinpath(*(["sub"] * depth), name)
        line = _one_line(_run(*SMALL, "--out", out))
        assert f"{blocker} is a file, not a folder" in line and "does not exist" not in line
        assert blocker.read_text() == "a file"


@pytest.mark.parametrize("suffix", ["/", "//"])
def test_a_trailing_slash_names_a_folder(tmp_path, suffix):
    out = f"{tmp_path / 'x.pdf'}{suffix}"
    line = _one_line(_run(*SMALL, "--out", out), code=2)
    assert "ending in a slash names a folder" in line
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_in_a_pairs_list_is_not_a_regular_file(tmp_path):
    Image.new("RGB", (20, 20), "red").save(tmp_path / "a.png")
    os.mkfifo(tmp_path / "pipe.png")
    (tmp_path / "list.csv").write_text("one;a.png\ntwo;pipe.png\nthree;3\n", encoding="utf-8")
    line = _one_line(_run("--theme", tmp_path / "list.csv", "--out", tmp_path / "x.pdf"), code=1)
    assert "pipe.png" in line and "not a regular file" in line and "not found" not in line


@pytest.mark.slow
def test_the_summary_line_to_a_closed_pipe_is_one_line(tmp_path):
    out = tmp_path / "x.pdf"
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write fails with EPIPE
    done = subprocess.run([sys.executable, "-m", "domino_print", *SMALL, "--out", str(out)],
                          stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    os.close(write)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert "broken pipe" in lines[0] and "the files were written" in lines[0]
    assert out.read_bytes().startswith(b"%PDF-")
