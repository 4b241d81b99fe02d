"""Nothing lost: what the tool writes, replaces and deletes, and what a fault or a signal leaves behind.

Issue 9, "Data loss" and item 11: previews never replace nor delete a file the tool did not
write for this PDF; the PDF and its previews are one output (all written, or none
changed, and the message says which); a replaced file keeps its permissions; a symbolic
link at --out is written through; catchable signals leave no temporary file and exit
with 128 + the signal's number; previews are streamed, so memory does not grow.

Fault tests that need a real read-only or full file system mount a small tmpfs; they
are skipped, with the reason, where this machine does not allow mounting.
"""

from __future__ import annotations

import io
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from domino_print.output import files, preview

SMALL = ("--no-rules", "--preview", "--preview-dpi", "30")
"""One page and one small preview: the quickest job that writes a PDF and a PNG."""


def leftovers(folder: Path) -> list[str]:
    """Temporaries and kept-aside old files the tool may have left in ``folder``."""
    return sorted(n for n in os.listdir(folder) if n.startswith(".") and n.endswith((".tmp", ".old")))


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry of ``folder``: a file's bytes, or ``"<folder>"``, or ``"-> target"`` for a link."""
    entries: dict[str, bytes | str] = {}
    for name in sorted(os.listdir(folder)):
        path = folder / name
        if path.is_symlink():
            entries[name] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            entries[name] = "<folder>"
        else:
            entries[name] = path.read_bytes()
    return entries


def user_png(path: Path, shade: int) -> None:
    """A user's picture: a real PNG, without our mark."""
    from PIL import Image

    Image.new("RGB", (40, 30), (shade, 120, 60)).save(path)


def one_line_error(result_stderr: str) -> str:
    assert result_stderr.count("\n") == 1 and "Traceback" not in result_stderr, result_stderr
    assert result_stderr.startswith("domino-print: error: ")
    return result_stderr


# -- 1. previews never replace nor delete what is not theirs -------------------------------------
def test_a_folder_of_pictures_named_like_previews_is_refused_and_kept(run_cli, tmp_path, monkeypatch):
    """The reported case: famille-1.png ... famille-7.png used as the theme, --out famille.pdf --preview."""
    family = tmp_path / "famille"
    family.mkdir()
    for number in range(1, 8):
        user_png(family / f"famille-{number}.png", 30 * number)
    before = snapshot(family)
    monkeypatch.chdir(family)
    result = run_cli("--theme", ".", "--out", "famille.pdf", "--preview", "--preview-dpi", "30")
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "famille-1.png is in the way of the preview of page 1" in message
    assert "not a preview domino-print made for famille.pdf" in message
    assert "move or rename it, or choose another --out" in message
    assert snapshot(family) == before, "no picture deleted, overwritten or added"


def test_refused_before_anything_is_made(run_cli, tmp_path, monkeypatch):
    """A name taken by a user's file is refused before rendering, not after a long job."""
    user_png(tmp_path / "x-1.png", 10)

    def no_render(*args, **kwargs):
        raise AssertionError("the document was rendered before the names were checked")

    monkeypatch.setattr("domino_print.api.make_document", no_render)
    result = run_cli(*SMALL, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "x-1.png is in the way" in one_line_error(result.stderr)
    assert sorted(os.listdir(tmp_path)) == ["x-1.png"]


def test_a_preview_made_for_another_pdf_is_not_ours(run_cli, tmp_path):
    assert run_cli(*SMALL, "--out", tmp_path / "autre.pdf").exit_code == 0
    os.rename(tmp_path / "autre-1.png", tmp_path / "x-1.png")
    before = snapshot(tmp_path)
    result = run_cli(*SMALL, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "made for x.pdf" in one_line_error(result.stderr)
    assert snapshot(tmp_path) == before


@pytest.mark.slow
def test_our_own_previews_are_replaced_and_stale_ones_of_ours_removed_but_not_a_users(run_cli, tmp_path):
    out = tmp_path / "x.pdf"
    assert run_cli("--sets", "3", *SMALL, "--out", out).exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["x-1.png", "x-2.png", "x-3.png", "x.pdf"]
    user_png(tmp_path / "x-4.png", 200)  # the user's, beyond the previews: never ours to delete
    user_png(tmp_path / "x-5.png", 100)
    theirs = snapshot(tmp_path)
    result = run_cli(*SMALL, "--out", out)
    assert result.exit_code == 0, result.stderr
    assert sorted(os.listdir(tmp_path)) == ["x-1.png", "x-4.png", "x-5.png", "x.pdf"]
    assert (tmp_path / "x-4.png").read_bytes() == theirs["x-4.png"]
    assert (tmp_path / "x-5.png").read_bytes() == theirs["x-5.png"]
    assert preview.is_preview_of(tmp_path / "x-1.png", out)


def test_a_folder_in_the_way_of_a_preview_is_refused_with_a_fix_that_works(run_cli, tmp_path):
    out = tmp_path / "x.pdf"
    out.write_bytes(b"%PDF the user's")
    (tmp_path / "x-1.png").mkdir()
    result = run_cli(*SMALL, "--out", out)
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "x-1.png is a folder" in message and "move it or choose another --out" in message
    assert "dominos.pdf" not in message, "the old message suggested a PDF inside the folder"
    assert snapshot(tmp_path) == {"x-1.png": "<folder>", "x.pdf": b"%PDF the user's"}


def test_the_mark_names_the_pdf(tmp_path):
    from PIL import Image

    data = preview.render_png(_pdf(), 0, dpi=30, mark=b"planche.pdf")
    path = tmp_path / "planche-1.png"
    path.write_bytes(data)
    with Image.open(path) as image:
        image.verify()  # a valid PNG: every chunk's checksum holds
    with Image.open(path) as image:
        assert image.info["domino-print preview of"] == "planche.pdf"
        assert image.info["Software"] == "domino-print"
    assert preview.is_preview_of(path, tmp_path / "planche.pdf")
    assert not preview.is_preview_of(path, tmp_path / "planche2.pdf")
    assert not preview.is_preview_of(path, tmp_path / "sub" / "planche")


def test_a_name_in_any_encoding_is_marked_exactly(tmp_path):
    out = tmp_path / os.fsdecode(b"caf\xe9 \xff.pdf")  # not UTF-8: the name's bytes are the mark
    path = tmp_path / "p.png"
    path.write_bytes(preview.render_png(_pdf(), 0, dpi=30, mark=preview.mark_for(out)))
    assert preview.is_preview_of(path, out)
    assert not preview.is_preview_of(path, tmp_path / "cafe.pdf")


@pytest.mark.parametrize("kind", ["fifo", "folder", "empty", "truncated", "plain png", "text"])
def test_what_is_not_a_marked_png_is_not_ours(tmp_path, kind):
    path = tmp_path / "x-1.png"
    marked = preview.render_png(_pdf(), 0, dpi=30, mark=b"x.pdf")
    if kind == "fifo":
        os.mkfifo(path)  # must not hang: opened without blocking, refused as not a regular file
    elif kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(marked[:60])  # cut inside the mark's chunk
    elif kind == "plain png":
        user_png(path, 5)
    else:
        path.write_bytes(b"domino-print preview of\x00x.pdf")
    assert not preview.is_preview_of(path, tmp_path / "x.pdf")


# -- 2. all written, or none changed, and the message says which -------------------------------
def _prepare(run_cli, folder: Path, *extra: str) -> dict[str, bytes | str]:
    """A finished output of two pages with previews, as a user would have it; its snapshot."""
    assert run_cli("--sets", "2", *SMALL, *extra, "--out", folder / "x.pdf").exit_code == 0
    assert sorted(os.listdir(folder)) == ["x-1.png", "x-2.png", "x.pdf"]
    return snapshot(folder)


def test_a_rename_failing_half_way_puts_back_what_was_replaced(run_cli, tmp_path, monkeypatch):
    before = _prepare(run_cli, tmp_path)
    real_replace, moves = os.replace, []

    def second_move_fails(source, destination, **kwargs):
        if str(source).endswith(".tmp"):
            moves.append(Path(destination).name)
            if len(moves) == 2:
                raise OSError(5, "Input/output error")
        return real_replace(source, destination, **kwargs)

    monkeypatch.setattr("domino_print.output.files.os.replace", second_move_fails)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert moves == ["x-1.png", "x-2.png"], "the first preview had been replaced when the second failed"
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "x-2.png: could not write the file (Input/output error); nothing was changed" in message
    assert snapshot(tmp_path) == before, "x-1.png was put back as it was"


def test_when_putting_back_fails_too_the_old_file_is_kept_and_named(run_cli, tmp_path, monkeypatch):
    before = _prepare(run_cli, tmp_path)
    real_replace, moves = os.replace, []

    def second_move_and_the_put_back_fail(source, destination, **kwargs):
        moves.append(Path(source).name)
        if len(moves) >= 2:  # the second preview's move, then putting the first back
            raise OSError(5, "Input/output error")
        return real_replace(source, destination, **kwargs)

    monkeypatch.setattr("domino_print.output.files.os.replace", second_move_and_the_put_back_fail)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "x-2.png: could not write the file (Input/output error); some files could not be put back" \
        in message
    kept = [name for name in os.listdir(tmp_path) if name.endswith(".old")]
    assert len(kept) == 1 and kept[0].startswith(".x-1.png.")
    assert f"old versions are kept as {kept[0]}" in message
    assert (tmp_path / kept[0]).read_bytes() == before["x-1.png"], "the user's old file is never lost"
    assert [n for n in os.listdir(tmp_path) if n.endswith(".tmp")] == []


def test_a_failure_while_previews_are_written_changes_nothing(run_cli, tmp_path, monkeypatch):
    before = _prepare(run_cli, tmp_path)
    real = preview.PagePictures.write_png

    def disk_full_on_the_second(self, index, stream, **kwargs):
        if index == 1:
            stream.write(b"part of a picture")
            raise OSError(28, "No space left on device")
        return real(self, index, stream, **kwargs)

    monkeypatch.setattr("domino_print.output.preview.PagePictures.write_png", disk_full_on_the_second)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert message.strip().endswith(
        "x-2.png: could not write the file (No space left on device); nothing was changed; "
        "free some space or choose another --out")
    assert snapshot(tmp_path) == before


def test_a_file_put_in_the_way_while_rendering_is_kept(run_cli, tmp_path, monkeypatch):
    """The names are checked before rendering and again just before renaming."""
    real = preview.PagePictures.write_png

    def user_saves_a_picture_meanwhile(self, index, stream, **kwargs):
        if index == 1:
            user_png(tmp_path / "x-2.png", 77)
        return real(self, index, stream, **kwargs)

    monkeypatch.setattr("domino_print.output.preview.PagePictures.write_png", user_saves_a_picture_meanwhile)
    result = run_cli("--sets", "2", *SMALL, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    assert "x-2.png appeared while the files were being made" in one_line_error(result.stderr)
    assert sorted(os.listdir(tmp_path)) == ["x-2.png"]


# -- 3. permissions and symbolic links -------------------------------------------------------------
def test_a_replaced_file_keeps_its_permissions_and_a_new_one_follows_the_umask(run_cli, tmp_path):
    _prepare(run_cli, tmp_path)
    os.chmod(tmp_path / "x.pdf", 0o640)
    os.chmod(tmp_path / "x-1.png", 0o600)
    assert run_cli("--sets", "3", *SMALL, "--out", tmp_path / "x.pdf").exit_code == 0
    assert stat.S_IMODE(os.stat(tmp_path / "x.pdf").st_mode) == 0o640
    assert stat.S_IMODE(os.stat(tmp_path / "x-1.png").st_mode) == 0o600
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "x-3.png").st_mode) == 0o666 & ~umask


def test_a_symbolic_link_at_out_is_written_through_and_stays_a_link(run_cli, tmp_path):
    elsewhere = tmp_path / "classe"
    elsewhere.mkdir()
    target = elsewhere / "planche.pdf"
    target.write_bytes(b"%PDF old")
    os.chmod(target, 0o604)
    link = tmp_path / "raccourci.pdf"
    link.symlink_to(target)
    result = run_cli(*SMALL, "--out", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().startswith(b"%PDF-1.")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o604
    assert sorted(os.listdir(elsewhere)) == ["planche.pdf"]
    assert sorted(os.listdir(tmp_path)) == ["classe", "raccourci-1.png", "raccourci.pdf"]


def test_a_link_to_a_missing_folder_or_a_loop_is_one_clear_line(run_cli, tmp_path):
    (tmp_path / "perdu.pdf").symlink_to(tmp_path / "nulle-part" / "x.pdf")
    result = run_cli("--no-rules", "--out", tmp_path / "perdu.pdf")
    assert result.exit_code == 1 and "whose folder does not exist" in one_line_error(result.stderr)
    (tmp_path / "boucle.pdf").symlink_to(tmp_path / "boucle.pdf")
    result = run_cli("--no-rules", "--out", tmp_path / "boucle.pdf")
    assert result.exit_code == 1 and "the link cannot be followed" in one_line_error(result.stderr)
    assert sorted(os.listdir(tmp_path)) == ["boucle.pdf", "perdu.pdf"]


def test_a_fifo_or_a_link_to_a_device_at_out_is_refused_and_kept(run_cli, tmp_path):
    """Writing through a link must never replace a device (run as root, ``x.pdf -> /dev/full``
    replaced /dev/full with the PDF) nor a FIFO someone reads from. A FIFO stands for both
    here: a test must not risk a real device."""
    fifo = tmp_path / "tube.pdf"
    os.mkfifo(fifo)
    (tmp_path / "vers-tube.pdf").symlink_to(fifo)
    for name in ("tube.pdf", "vers-tube.pdf"):
        result = run_cli(*SMALL, "--out", tmp_path / name)
        assert result.exit_code == 1, (name, result.stderr)
        assert "not a regular file" in one_line_error(result.stderr)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["tube.pdf", "vers-tube.pdf"]


def test_a_fifo_in_the_way_of_a_preview_is_refused(run_cli, tmp_path):
    os.mkfifo(tmp_path / "x-1.png")
    result = run_cli(*SMALL, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "x-1.png" in one_line_error(result.stderr)
    assert stat.S_ISFIFO(os.stat(tmp_path / "x-1.png").st_mode)
    assert sorted(os.listdir(tmp_path)) == ["x-1.png"]


def test_a_long_file_name_that_fits_the_file_system_is_written_and_replaced(run_cli, tmp_path):
    """The temporary and the kept-aside names add 14 characters: a 250-character name
    (the file system takes 255) was refused as 'cannot write here (File name too long)'."""
    out = tmp_path / ("é" * 60 + "x" * 126 + ".pdf")  # 250 bytes
    assert len(os.fsencode(out.name)) == 250
    for _ in range(2):  # written, then replaced (the old one kept aside meanwhile)
        result = run_cli("--no-rules", "--out", out)
        assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF-1.")
    assert sorted(os.listdir(tmp_path)) == [out.name] and not leftovers(tmp_path)


@pytest.mark.parametrize("kind", ["file", "broken link"])
def test_a_file_named_output_where_the_default_folder_goes_is_one_line(run_cli, tmp_path, monkeypatch, kind):
    """Without --out the PDF goes to output/: a file there was 'output: File exists'."""
    monkeypatch.chdir(tmp_path)
    if kind == "file":
        (tmp_path / "output").write_bytes(b"notes")
    else:
        (tmp_path / "output").symlink_to(tmp_path / "nowhere")
    result = run_cli("--no-rules")
    assert result.exit_code == 1
    assert "output is not a folder" in one_line_error(result.stderr) and "--out" in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["output"]


def test_the_success_line_is_one_line_whatever_the_file_name(run_cli, tmp_path):
    """A name with a newline or a terminal escape was printed raw (two lines; a terminal obeys
    the escape); it is shown as escapes (\\x0a, \\x1b), as in error lines."""
    out = tmp_path / "a\x1b[2J\nb.pdf"
    result = run_cli("--no-rules", "--out", out)
    assert result.exit_code == 0 and out.exists()
    assert result.stdout.count("\n") == 1 and "\x1b" not in result.stdout
    assert "a\\x1b[2J\\x0ab.pdf: 1 page" in result.stdout
    result = run_cli("calibrate", "--out", out)
    assert result.exit_code == 0 and result.stdout.count("\n") == 1 and "\x1b" not in result.stdout


@pytest.mark.slow
def test_pypdfium2_says_nothing_at_exit_after_a_render_was_stopped():
    """A SIGHUP inside a preview's render once left a dead entry in pypdfium2's object
    tracker, and its exit handler printed a second stderr line after the one error line."""
    script = (
        "import weakref\n"
        "from domino_print.output.preview import render_png\n"
        "from domino_print.api import make_document\n"
        "from pypdfium2.internal import bases\n"
        "render_png(make_document({'no_rules': True}).pdf, 0, dpi=30)\n"
        "class Gone: pass\n"
        "gone = Gone()\n"
        "bases.ObjectTracker[Gone].add(weakref.ref(gone))  # what the stopped render left\n"
        "del gone\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stderr == ""


@pytest.mark.slow
def test_without_hard_links_the_old_file_is_moved_aside_and_put_back(run_cli, tmp_path, monkeypatch):
    """Some file systems (FAT on a USB stick) have no hard links: the put-back still works."""
    before = _prepare(run_cli, tmp_path)

    def no_links(*args, **kwargs):
        raise OSError(1, "Operation not permitted")

    real_replace, moves = os.replace, []

    def third_move_fails(source, destination, **kwargs):
        if str(source).endswith(".tmp"):
            moves.append(source)
            if len(moves) == 3:
                raise OSError(5, "Input/output error")
        return real_replace(source, destination, **kwargs)

    monkeypatch.setattr("domino_print.output.files.os.link", no_links)
    monkeypatch.setattr("domino_print.output.files.os.replace", third_move_fails)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "nothing was changed" in one_line_error(result.stderr)
    assert snapshot(tmp_path) == before
    monkeypatch.setattr("domino_print.output.files.os.replace", real_replace)
    assert run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf").exit_code == 0
    assert snapshot(tmp_path)["x.pdf"] != before["x.pdf"] and leftovers(tmp_path) == []


# -- 4. signals --------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_while_previews_are_written_removes_the_temporaries(run_cli, tmp_path, monkeypatch, signum):
    before = _prepare(run_cli, tmp_path)
    real = preview.PagePictures.write_png

    def signalled_on_the_second(self, index, stream, **kwargs):
        if index == 1:
            stream.write(b"part of a picture")
            assert leftovers(tmp_path), "the first preview's temporary exists"
            os.kill(os.getpid(), signum)
        return real(self, index, stream, **kwargs)

    monkeypatch.setattr("domino_print.output.preview.PagePictures.write_png", signalled_on_the_second)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 128 + signum
    by = {signal.SIGTERM: "a request from the system (SIGTERM)",
          signal.SIGHUP: "the terminal closing (SIGHUP)",
          signal.SIGINT: "Ctrl-C (SIGINT)"}[signum]
    assert one_line_error(result.stderr) == f"domino-print: error: stopped by {by}; no file was changed\n"
    assert snapshot(tmp_path) == before and leftovers(tmp_path) == []
    assert signal.getsignal(signum) in (signal.SIG_DFL, signal.default_int_handler), "handler restored"


@pytest.mark.slow
def test_a_signal_while_files_are_renamed_waits_for_the_renames(run_cli, tmp_path, monkeypatch):
    """Renaming is never cut half way: the signal is held, then ends the run, which says so."""
    _prepare(run_cli, tmp_path)
    real_replace, moves = os.replace, []

    def signalled_on_the_first_move(source, destination, **kwargs):
        moves.append(source)
        if len(moves) == 1:
            os.kill(os.getpid(), signal.SIGTERM)
        return real_replace(source, destination, **kwargs)

    monkeypatch.setattr("domino_print.output.files.os.replace", signalled_on_the_first_move)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 128 + signal.SIGTERM
    assert ("stopped by a request from the system (SIGTERM); the files were written before it came"
            in one_line_error(result.stderr))
    assert len(moves) == 3 and leftovers(tmp_path) == []
    assert b"CE1" in _page_text(tmp_path / "x.pdf")


@pytest.mark.slow
def test_a_signal_another_thread_takes_still_waits_for_the_renames(run_cli, tmp_path, monkeypatch):
    """The mask holds a signal for the main thread only: with another thread alive (a server's,
    a decoder's), the system gives it the signal, and its handler runs in the main thread at once.
    The renames must be held all the same (seen in the full suite, with the studio tests' threads)."""
    _prepare(run_cli, tmp_path)
    real_replace, moves = os.replace, []
    other_done = threading.Event()
    other = threading.Thread(target=other_done.wait, daemon=True)  # takes the signals the main holds
    other.start()

    def signalled_on_the_first_move(source, destination, **kwargs):
        moves.append(source)
        if len(moves) == 1:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # the other thread's C handler has run: the main thread sees it next
        return real_replace(source, destination, **kwargs)

    monkeypatch.setattr("domino_print.output.files.os.replace", signalled_on_the_first_move)
    try:
        result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", tmp_path / "x.pdf")
    finally:
        other_done.set()
        other.join()
    assert result.exit_code == 128 + signal.SIGTERM
    assert ("stopped by a request from the system (SIGTERM); the files were written before it came"
            in one_line_error(result.stderr))
    assert len(moves) == 3 and leftovers(tmp_path) == []
    assert b"CE1" in _page_text(tmp_path / "x.pdf")


@pytest.mark.slow
def test_a_stop_that_surfaces_after_the_files_are_in_place_says_they_were_written(run_cli, tmp_path,
                                                                                   monkeypatch):
    """A signal can surface after the commit, outside the code that marks a stop as late (here as
    the run hands its handlers back): the files are whole, and the line must say so (seen once in
    a clean-clone run of the random-moment test: 'no file was changed' over a new PDF)."""
    _prepare(run_cli, tmp_path)
    from domino_print import cli as cli_module

    real = cli_module.remember_only

    def signalled_as_the_run_ends() -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)
        real()

    monkeypatch.setattr(cli_module, "remember_only", signalled_as_the_run_ends)
    result = run_cli("--sets", "2", *SMALL, "--label", "CE2", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 128 + signal.SIGTERM
    assert ("stopped by a request from the system (SIGTERM); the files were written before it came"
            in one_line_error(result.stderr))
    assert b"CE2" in _page_text(tmp_path / "x.pdf") and leftovers(tmp_path) == []


def test_a_signal_someone_ignores_stays_ignored():
    """``nohup domino-print ...`` ignores SIGHUP: the tool must not take it back."""
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with files.stop_on_signals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is files._raise_stopped
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, previous)


LONG_JOB = ("--sets", "12", "--backs", "--preview", "--preview-dpi", "90")
"""About 25 pages and their previews: a few seconds, long enough to be stopped at any moment."""


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_signals_at_random_moments_of_a_long_job(tmp_path, signum):
    """A real process stopped by a real signal: while drawing, while writing previews, while renaming.

    Each run ends either stopped (exit 128 + n, one line, the prepared output untouched or,
    if the signal came during the renames, the new output complete) or finished before the
    signal (exit 0); never with a temporary left behind.
    """
    command = [sys.executable, "-m", "domino_print"]
    out = tmp_path / "x.pdf"
    subprocess.run([*command, "--sets", "2", *SMALL, "--out", str(out)], check=True, capture_output=True)
    before = snapshot(tmp_path)
    seed = f"{signum}-20261201"
    chance = random.Random(seed)
    outcomes = []
    for attempt in range(4):
        process = subprocess.Popen([*command, *LONG_JOB, "--quiet", "--out", str(out)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        start = time.monotonic()
        if attempt % 2:  # once the previews are being written, at a random moment after
            while not leftovers(tmp_path) and process.poll() is None and time.monotonic() - start < 60:
                time.sleep(0.01)
            time.sleep(chance.uniform(0, 0.5))
        else:  # at a random moment from start-up on (drawing, imports or writing)
            time.sleep(chance.uniform(0.8, 2.5))
        process.send_signal(signum)
        try:
            _, error = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
        error = error.decode()
        assert leftovers(tmp_path) == [], f"seed {seed!r}, attempt {attempt}: {leftovers(tmp_path)}"
        after = snapshot(tmp_path)
        if process.returncode == 0:
            outcomes.append("finished")
            pages = len(PdfReader(io.BytesIO(after["x.pdf"])).pages)  # the long job's whole output
            assert error == "" and pages > 2
            assert {f"x-{n}.png" for n in range(1, pages + 1)} <= set(after)
        elif process.returncode == -signum and attempt % 2 == 0 and after == before:
            outcomes.append("killed at start-up")  # before the handlers were set
        elif process.returncode == -signum and attempt % 2 == 0:
            # On the way out, once the handlers were given back: the new output is whole.
            outcomes.append("killed on the way out")
            pages = len(PdfReader(io.BytesIO(after["x.pdf"])).pages)
            assert pages > 2 and {f"x-{n}.png" for n in range(1, pages + 1)} <= set(after)
        else:
            assert process.returncode == 128 + signum, error
            line = one_line_error(error)
            if "no file was changed" in line:
                outcomes.append("stopped")
                assert after == before
            else:
                outcomes.append("stopped after writing")  # the long job's whole output, in place
                assert "the files were written before it came" in line
                pages = len(PdfReader(io.BytesIO(after["x.pdf"])).pages)
                assert pages > 2 and {f"x-{n}.png" for n in range(1, pages + 1)} <= set(after)
        before = after
    assert "stopped" in outcomes, outcomes


# -- read-only and full file systems ---------------------------------------------------------------
@pytest.fixture
def small_mount(tmp_path):
    """Mount a tmpfs of the size asked for at tmp_path/mnt; skipped where mounting is not allowed."""
    mounted = []

    def mount(size: str) -> Path:
        point = tmp_path / "mnt"
        point.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(point)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'mount failed'}); "
                        "run as root in a machine or container that allows mounting")
        mounted.append(point)
        return point

    yield mount
    for point in mounted:
        subprocess.run(["umount", "-l", str(point)], check=False, capture_output=True)


def test_a_read_only_destination_keeps_the_prepared_output(run_cli, small_mount):
    """Root ignores permissions, so the folder is made read-only by remounting its file system."""
    folder = small_mount("4m")
    before = _prepare(run_cli, folder)
    remount = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True)
    if remount.returncode != 0:
        pytest.skip(f"cannot remount read-only here ({remount.stderr.strip()})")
    result = run_cli("--sets", "2", *SMALL, "--label", "CE1", "--out", folder / "x.pdf")
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "cannot write here (Read-only file system); choose another --out" in message  # said once
    assert snapshot(folder) == before and leftovers(folder) == []


@pytest.mark.slow
def test_a_full_disk_while_previews_are_written_keeps_the_prepared_output(run_cli, small_mount):
    folder = small_mount("96k")
    before = _prepare(run_cli, folder)  # about 60 KB in 4 KB blocks: the next, larger previews cannot all fit
    result = run_cli("--sets", "2", "--no-rules", "--preview", "--preview-dpi", "100", "--label", "CE1",
                     "--out", folder / "x.pdf")
    assert result.exit_code == 1
    message = one_line_error(result.stderr)
    assert "(No space left on device); nothing was changed; free some space or choose another --out" \
        in message
    assert snapshot(folder) == before and leftovers(folder) == []


# -- 11. previews are streamed -----------------------------------------------------------------------
@pytest.mark.slow
def test_a_preview_is_the_page_as_pypdfium2_renders_it_whole():
    """Rendering in bands of rows gives the whole-page picture (anti-aliasing may move by one level)."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageChops

    pdf = _pdf({"theme": "fruits"})
    document = pdfium.PdfDocument(pdf)
    for index, dpi in ((0, 97), (1, 72)):  # several bands; a size that is no multiple of the band
        whole = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        banded = Image.open(io.BytesIO(preview.render_png(pdf, index, dpi=dpi))).convert("RGB")
        assert banded.size == whole.size and banded.size[1] > preview.BAND_ROWS
        assert max(high for _, high in ImageChops.difference(banded, whole).getextrema()) <= 2
    document.close()


@pytest.mark.slow
def test_peak_memory_of_a_600_dpi_preview_is_bounded(tmp_path):
    """One A4 page at 600 dpi is 104 MB of pixels; in bands the whole command stays far below."""
    code = (
        "import os, sys, resource\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    os.execv(sys.executable, [sys.executable, '-m', 'domino_print', *sys.argv[1:]])\n"
        "_, status, usage = os.wait4(pid, 0)\n"
        "print(os.waitstatus_to_exitcode(status), usage.ru_maxrss // 1024)\n"
    )
    args = ["--no-rules", "--preview", "--preview-dpi", "600", "--quiet", "--out", str(tmp_path / "x.pdf")]
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    status, peak_mb = map(int, done.stdout.split())
    assert status == 0, done.stderr
    assert peak_mb < 120, f"{peak_mb} MB"


def _pdf(options: dict[str, str] | None = None) -> bytes:
    from domino_print.api import make_document

    return make_document(options or {}).pdf


def _page_text(path: Path) -> bytes:
    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(path).pages).encode()
