"""Write a file so that a failure never leaves a partial file nor damages an existing one.

The bytes go to a temporary file in the destination folder, are flushed to disk,
then the temporary file is renamed over the destination in one step. ``StagedFiles``
does the same for several files (a PDF and its previews): all or none.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from domino_print.errors import DominoError, OptionError

DEFAULT_OUTPUT_DIR = Path("output")
"""Where a PDF goes when no --out is given (created on demand)."""


def pdf_destination(out: Path | None, default_name: str) -> Path:
    """``--out``, or ``output/<default_name>`` when it is not given; it must name a PDF."""
    if out is None:
        out = DEFAULT_OUTPUT_DIR / default_name
    if out.suffix.lower() != ".pdf":
        raise OptionError("{out} {path}: the file name must end in .pdf", fields=("out",), path=out)
    return out


def prepare_destination(path: Path) -> None:
    """Create the default output folder if the file goes there, then check the folder."""
    if path.parent == DEFAULT_OUTPUT_DIR:
        DEFAULT_OUTPUT_DIR.mkdir(exist_ok=True)
    check_destination(path)


def check_destination(path: Path) -> Path:
    """The folder ``path`` will be written to; ``DominoError`` if it cannot take the file."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise DominoError(f"{path}: the folder {folder} does not exist; create it or choose another --out")
    if path.is_dir():
        raise DominoError(f"{path} is a folder; give a file name such as {path / 'dominos.pdf'}")
    return folder


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; ``DominoError`` if the folder is missing."""
    with StagedFiles() as staged:
        staged.add(path, data)


class StagedFiles:
    """Files written to temporaries as they come, renamed into place together at the end.

    ``with StagedFiles() as staged: staged.add(path, data)``: each ``add`` writes and
    flushes a temporary file beside ``path`` (so the data need not stay in memory);
    leaving the block normally renames every temporary over its destination, in order;
    an error anywhere deletes the temporaries and leaves every destination untouched.
    """

    def __init__(self) -> None:
        self._pending: list[tuple[str, Path]] = []

    def __enter__(self) -> StagedFiles:
        return self

    def add(self, path: Path, data: bytes) -> None:
        folder = check_destination(path)
        try:
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        except OSError as exc:
            raise DominoError(f"{path}: cannot write here ({exc.strerror or exc})") from None
        self._pending.append((temporary, path))
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        except OSError as exc:
            reason = exc.strerror or exc
            raise DominoError(f"{path}: could not write the file ({reason}); nothing was changed") from None

    def __exit__(self, exc_type, exc, traceback) -> None:
        try:
            renamed = 0
            while exc_type is None and self._pending:
                temporary, path = self._pending[0]
                try:
                    os.replace(temporary, path)
                except OSError as error:
                    reason = error.strerror or error
                    unchanged = "; nothing was changed" if renamed == 0 else ""
                    raise DominoError(f"{path}: could not write the file ({reason}){unchanged}") from None
                self._pending.pop(0)
                renamed += 1
        finally:
            for temporary, _ in self._pending:
                Path(temporary).unlink(missing_ok=True)
            self._pending.clear()


def human_size(size: int) -> str:
    """``12 KB`` style sizes for the summary line (1 KB = 1024 bytes, rounded up)."""
    if size < 1024 * 1024:
        return f"{-(-size // 1024)} KB"
    return f"{size / (1024 * 1024):.1f} MB"
