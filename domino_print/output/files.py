"""Write files so that a failure or a signal never leaves a partial file nor damages an existing one.

``StagedFiles`` writes each file (a PDF and its previews) to a temporary file in its
destination's folder, flushed to disk, and renames them all into place at the end:
all of them, or none. A rename that fails half way puts back what was already
replaced (the old files are kept as hard links until the end). A file that is
replaced keeps its permissions (and, where allowed, its owner), as editors do; a
symbolic link is followed: the file it points to is replaced, in its own folder,
and the link stays. A destination (or a link's target) that exists and is not a
regular file (a device, a FIFO, a socket) is refused: it is never replaced.

``stop_on_signals`` turns the catchable signals that would end the process
(SIGTERM, SIGHUP, SIGINT...) into a ``Stopped`` exception, so that the
temporaries are removed on the way out; the signals are held while a temporary is
created, while files are renamed into place and while they are cleaned up, so those steps
always finish. Each temporary is recorded (``stopping.record_temporary``) before it is created
and forgotten once renamed or removed, so that one a stop cut off from its cleanup (a handler
runs wherever the main thread is) is still removed when the signals are given back.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from domino_print.errors import FileError, OptionError, Phrase, system_words
from domino_print.formats import OUT_SUFFIXES
from domino_print.output.stopping import STOP_SIGNALS as STOP_SIGNALS  # re-exported, as before
from domino_print.output.stopping import Stopped as Stopped
from domino_print.output.stopping import _raise_stopped as _raise_stopped
from domino_print.output.stopping import check_not_stopped, forget_temporary, note_committed, record_temporary
from domino_print.output.stopping import signals_held as _signals_held
from domino_print.output.stopping import stop_on_signals as stop_on_signals

DEFAULT_OUTPUT_DIR = Path("output")
"""Where a PDF goes when no --out is given (created on demand)."""

def pdf_destination(out: Path | None, default_name: str) -> Path:
    """``--out``, or ``output/<default_name>`` when it is not given; it must name a PDF or a 3D file."""
    if out is None:
        out = DEFAULT_OUTPUT_DIR / default_name
    if out.suffix.lower() not in OUT_SUFFIXES:
        raise OptionError(says="out.not_pdf", fields=("out",), path=out)
    return out


def prepare_destination(path: Path) -> None:
    """Create the default output folder if the file goes there, then check the folder."""
    if path.parent == DEFAULT_OUTPUT_DIR:
        try:
            DEFAULT_OUTPUT_DIR.mkdir(exist_ok=True)
        except FileExistsError:  # a file, a FIFO or a broken link has the folder's name
            raise FileError("default_folder_blocked", DEFAULT_OUTPUT_DIR) from None
        except OSError as exc:
            raise FileError("default_folder_failed", DEFAULT_OUTPUT_DIR, **_system(exc)) from None
    check_destination(path)


def check_destination(path: Path) -> Path:
    """The file that writing ``path`` replaces (a link's target); ``FileError`` if it cannot be written."""
    target = written_file(path)
    folder = target.parent
    if not folder.is_dir():
        if target != path:
            raise FileError("link_folder_missing", path, target=target)
        existing = next((up for up in (folder, *folder.parents) if os.path.lexists(up)), None)
        if existing is not None and not existing.is_dir():  # --out /etc/hostname/x.pdf
            raise FileError("folder_is_file", path, folder=existing)
        raise FileError("folder_missing", path, folder=folder)
    if _folder_flags(folder) & (FS_APPEND_FL | FS_IMMUTABLE_FL):
        raise FileError("folder_append_only", path, folder=folder)
    if target.is_dir():
        if path.suffix.lower() == ".pdf":
            raise FileError("is_folder_for_pdf", path, example=path / "dominos.pdf")
        raise FileError("is_folder", path)
    if os.path.lexists(target) and not target.is_file():  # a device or FIFO: never replaced
        raise FileError("not_regular", path)
    return target


FS_IOC_GETFLAGS = 0x80086601
"""Linux's ioctl reading a file's attributes (``lsattr``); ``FS_APPEND_FL`` is ``chattr +a``."""
FS_APPEND_FL = 0x20
FS_IMMUTABLE_FL = 0x10


def _folder_flags(folder: Path) -> int:
    """The folder's attributes (``chattr``), 0 where the system or the file system has none."""
    try:
        import fcntl
    except ImportError:  # not on Linux
        return 0
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return 0
    try:
        return int.from_bytes(fcntl.ioctl(handle, FS_IOC_GETFLAGS, bytes(8))[:4], sys.byteorder)
    except OSError:  # ENOTTY: this file system keeps no such attributes
        return 0
    finally:
        os.close(handle)


STALE_TEMPORARY_S = 6 * 3600
"""A temporary of ours older than this was left by a run that was killed (SIGKILL, a power cut):
no run takes six hours to write its PDF; the next run in that folder removes it."""


def sweep_stale_temporaries(target: Path, now: float | None = None) -> list[Path]:
    """Remove the temporaries a killed run left beside ``target`` (``.x.pdf.XXXXXXXX.tmp``, ours
    by name, a regular file of this user, untouched for ``STALE_TEMPORARY_S``); the ones removed.
    Old versions kept aside (``.old``) are never touched: they may be a user's only copy."""
    import re
    import time

    pattern = re.compile(re.escape(_hidden_prefix(target)) + r"[a-z0-9_]{8}\.tmp")
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if (stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid()
                    and now - info.st_mtime > STALE_TEMPORARY_S):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def written_file(path: Path) -> Path:
    """``path``, or the file it points to when it is a symbolic link (followed to the end)."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:  # a link to a file not made yet: write that file
        return Path(os.path.realpath(path))
    except OSError as exc:
        raise FileError("link_unfollowable", path, **_system(exc)) from None


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; ``FileError`` if it cannot."""
    staged = StagedFiles()
    try:
        with staged:
            staged.add(path, data)
    except Stopped as stop:
        stop.written = staged.committed
        raise


class _Staged(NamedTuple):
    temporary: Path
    target: Path
    """The file replaced: ``path`` itself, or the file a link at ``path`` points to."""
    path: Path
    """As the user named it, for messages."""
    may_replace: Callable[[Path], bool] | None


class _Removal(NamedTuple):
    path: Path
    only_if: Callable[[Path], bool]


class StagedFiles:
    """Files written to temporaries as they come, moved into place together at the end: all or none.

    ``with StagedFiles() as staged: staged.add(path, data)``, or ``with staged.stream(path) as out:``
    to write a file in pieces: each file goes to a temporary beside its destination as it is
    made (so the data need not stay in memory). Leaving the block normally renames every
    temporary over its destination and deletes the files given to ``remove``; an error or a
    signal anywhere deletes the temporaries and leaves every destination as it was.
    ``committed`` says whether the files were moved into place.
    """

    def __init__(self) -> None:
        self._pending: list[_Staged] = []
        self._removals: list[_Removal] = []
        self.committed = False

    def __enter__(self) -> StagedFiles:
        return self

    def add(self, path: Path, data: bytes, *, may_replace: Callable[[Path], bool] | None = None) -> None:
        """Stage ``data`` for ``path``."""
        with self.stream(path, may_replace=may_replace) as stream:
            stream.write(data)

    @contextlib.contextmanager
    def stream(self, path: Path, *, may_replace: Callable[[Path], bool] | None = None) -> Iterator[BinaryIO]:
        """A binary stream to the temporary of ``path``, flushed to disk on leaving.

        ``may_replace(path)``, when given, is asked again just before ``path`` is replaced,
        if it exists then: False leaves everything unchanged and raises ``FileError``.
        """
        target = check_destination(path)
        sweep_stale_temporaries(target)
        with _signals_held():  # the temporary is known to this block as soon as it exists
            try:
                handle, temporary = _create_temporary(target)
            except OSError as exc:
                raise FileError("cannot_create", path, **_system(exc)) from None
            self._pending.append(_Staged(temporary, target, path, may_replace))
        try:
            with os.fdopen(handle, "wb") as stream:
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as exc:
            raise FileError("write_failed", path, **_system(exc)) from None

    def remove(self, path: Path, *, only_if: Callable[[Path], bool]) -> None:
        """Delete ``path`` (the link itself if a link) with the rest, if ``only_if(path)`` holds then."""
        self._removals.append(_Removal(path, only_if))

    def __exit__(self, exc_type, exc, traceback) -> None:
        with _signals_held():
            try:
                if exc_type is None:
                    check_not_stopped()  # a signal whose exception something swallowed: commit nothing
                    self._commit()
                    self.committed = True
                    note_committed()
            finally:
                for staged in self._pending:  # never an error of its own over the real one
                    with contextlib.suppress(OSError):  # one left recorded is tried again at exit
                        staged.temporary.unlink(missing_ok=True)
                        forget_temporary(staged.temporary)
                self._pending.clear()
                self._removals.clear()

    def _commit(self) -> None:
        """Every temporary over its destination, every removal done: all, or none (put back)."""
        for staged in self._pending:
            if staged.may_replace and os.path.lexists(staged.path) and not staged.may_replace(staged.path):
                raise FileError("appeared", staged.path)
        removals = [removal.path for removal in self._removals if removal.only_if(removal.path)]
        commit = _Commit()
        try:
            linked = commit.link_asides(self._pending)  # nothing changes yet
            for staged in self._pending:
                commit.replace(staged, linked[staged.target])
            commit.doing = Phrase("file_doing.remove")
            for path in removals:
                commit.remove(path)
        except OSError as exc:
            raise commit.failed(exc) from None
        _unlink_all(commit.asides)


class _Commit:
    """One commit under way: the old versions kept aside until the end, the steps that put each
    change back (newest last), and the file it is at (``current``) and what it does to it
    (``doing``), to word a failure."""

    def __init__(self) -> None:
        self.asides: list[Path] = []  # old versions kept until the end, to put back on failure
        self.undo: list[tuple[Callable[[], None], Path | None]] = []  # (step, the aside it uses)
        self.current = Path()
        self.doing = Phrase("file_doing.write")

    def link_asides(self, pending: list[_Staged]) -> dict[Path, Path | None]:
        """Each destination's old file kept as a hard link (None: no old file, or no hard links)."""
        linked: dict[Path, Path | None] = {}
        for staged in pending:
            self.current = staged.path
            aside = linked[staged.target] = _link_aside(staged.target)
            if aside:
                self.asides.append(aside)
        return linked

    def replace(self, staged: _Staged, aside: Path | None) -> None:
        """``staged``'s temporary over its destination, with the old file's permissions; an old
        file with no hard link kept (``aside``) is moved aside first."""
        self.current = staged.path
        existed = os.path.lexists(staged.target)
        _copy_attributes(staged.target if existed else None, staged.temporary)
        if existed and aside is None:  # no hard links here: move the old file aside first
            aside = _move_aside(staged.target)
            self.asides.append(aside)
            self.undo.append((_replacer(aside, staged.target), aside))
            os.replace(staged.temporary, staged.target)
            forget_temporary(staged.temporary)
        else:
            os.replace(staged.temporary, staged.target)
            forget_temporary(staged.temporary)
            self.undo.append((_replacer(aside, staged.target), aside) if aside
                             else (staged.target.unlink, None))

    def remove(self, path: Path) -> None:
        """``path`` moved aside, to be deleted at the end (or put back)."""
        self.current = path
        aside = _move_aside(path)
        self.asides.append(aside)
        self.undo.append((_replacer(aside, path), aside))

    def failed(self, exc: OSError) -> FileError:
        """Every step put back, newest first, and the ``FileError`` saying where it failed and
        what is left: never delete the only copy of a user's old file."""
        stuck = _undo(self.undo)
        _unlink_all([aside for aside in self.asides if aside not in stuck])
        return FileError("commit_failed", self.current, doing=self.doing, outcome=_outcome(stuck),
                         **_system(exc))


def _outcome(stuck: list[Path | None]) -> Phrase:
    """What a failed commit left: all as it was, or the old versions that could not be put back."""
    if not stuck:
        return Phrase("file_outcome.unchanged")
    kept = ", ".join(aside.name for aside in stuck if aside is not None)
    return Phrase("file_outcome.stuck_kept", kept=kept) if kept else Phrase("file_outcome.stuck")


def _unlink_all(paths: list[Path]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


HIDDEN_NAME_BYTES = 200
"""Most bytes of a file's name kept in the hidden names beside it (a temporary, an old version
kept aside), so that the random part and the suffix still fit the 255 bytes of a name."""


def _hidden_prefix(path: Path) -> str:
    """``.planche.pdf.``: the start of a hidden name beside ``path``; a long name is cut short."""
    name = os.fsdecode(os.fsencode(path.name)[:HIDDEN_NAME_BYTES])  # a cut character stays a byte
    return f".{name}."


TEMPORARY_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
"""The random part of a temporary's name (8 of these), as ``tempfile`` makes them and
``sweep_stale_temporaries`` knows them."""


def _random_letters(count: int) -> str:
    """``count`` of ``TEMPORARY_LETTERS``, each as likely as another, from the system's random
    bytes (``secrets`` would import ``hmac`` for this on every run, issue 36)."""
    letters: list[str] = []
    usable = len(TEMPORARY_LETTERS) * (256 // len(TEMPORARY_LETTERS))  # no letter drawn more often
    while len(letters) < count:
        drawn = os.urandom(count)
        letters.extend(TEMPORARY_LETTERS[byte % len(TEMPORARY_LETTERS)] for byte in drawn if byte < usable)
    return "".join(letters[:count])


def _create_temporary(target: Path) -> tuple[int, Path]:
    """A new, empty temporary beside ``target`` (``.x.pdf.XXXXXXXX.tmp``, this user's alone) and
    its descriptor; its name is recorded before the file exists, so no stop can leave it unknown."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(tempfile.TMP_MAX):
        random_part = _random_letters(8)
        temporary = target.with_name(f"{_hidden_prefix(target)}{random_part}.tmp")
        record_temporary(temporary)
        try:
            handle = os.open(temporary, flags, 0o600)
        except OSError as exc:  # not created: someone's file has that name, or none can be made
            forget_temporary(temporary)
            if isinstance(exc, FileExistsError):
                continue
            raise
        return handle, temporary
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(target.parent))


def _aside_name(path: Path) -> Path:
    return path.with_name(f"{_hidden_prefix(path)}{os.urandom(4).hex()}.old")


def _link_aside(path: Path) -> Path | None:
    """A hidden hard link to the current ``path``, beside it; None if there is no such file
    or the file system has no hard links."""
    while os.path.lexists(path):
        aside = _aside_name(path)
        try:
            os.link(path, aside, follow_symlinks=False)
            return aside
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK, errno.EXDEV):
                return None
            raise
    return None


def _move_aside(path: Path) -> Path:
    """Move ``path`` (the link itself if a link) to a hidden name beside it."""
    while True:
        aside = _aside_name(path)
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside


def _replacer(aside: Path, path: Path) -> Callable[[], None]:
    return lambda: os.replace(aside, path)


def _undo(undo: list[tuple[Callable[[], None], Path | None]]) -> list[Path | None]:
    """Run the undo steps, newest first; the asides of those that failed (empty: all as it was)."""
    stuck = []
    for step, aside in reversed(undo):
        try:
            step()
        except OSError:
            stuck.append(aside)
    return stuck


def _copy_attributes(source: Path | None, temporary: Path) -> None:
    """Give ``temporary`` the permissions (and owner, where allowed) of the file ``source`` it
    replaces, or the usual ones for a new file (0666 less the umask)."""
    old = os.stat(source, follow_symlinks=False) if source is not None else None
    if old is None or not stat.S_ISREG(old.st_mode):
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        return
    if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
        with contextlib.suppress(OSError):  # only root may give a file away; the group may be allowed
            os.chown(temporary, old.st_uid, old.st_gid)
    os.chmod(temporary, stat.S_IMODE(old.st_mode))


def _system(error: OSError) -> dict[str, Any]:
    """What the system said, for a ``FileError``: its errno and its words."""
    return {"errno": error.errno, "system_said": system_words(error)}


