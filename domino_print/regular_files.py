"""Read a file the user named, safely: a regular file only, and only so many bytes.

A theme's ``theme.toml``, a list of pairs, a site's catalogue: each is read through
``read_regular_file``, which never blocks on a FIFO nor reads a device without end, and says
why it could not read as a ``ReadProblem`` that each caller words in its own error. A bottom
module (docs/ARCHITECTURE.md): the themes read with it, and the output stage writes elsewhere
(``output.files``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from domino_print.errors import Phrase, system_words

E = TypeVar("E", bound=Exception)


class ReadProblem(Exception):
    """Why a file the user named cannot be read: ``kind`` is ``unreadable`` (``system_said`` is
    what the system said), ``not_regular`` or ``too_large``. Each caller words it."""

    def __init__(self, kind: str, system_said: object = "", most_bytes: int = 0) -> None:
        super().__init__(kind, system_said)
        self.kind = kind
        self.system_said = system_said
        self.most_bytes = most_bytes

    def error(self, kind: Callable[..., E], path: Path, what: str, fix: str) -> E:
        """The error ``kind`` (a ``PathError``: ``ThemeError``, ``PairsError``...) carrying
        ``path`` and the problem's fields, worded from the catalogues (``error.file.<kind>``):
        ``what`` the file was meant to be (``error.file.what.<what>``) and, for a file that is
        not a regular one, the ``fix`` (``error.file.fix.<fix>``)."""
        values: dict[str, object] = {"what": Phrase(f"file.what.{what}")}
        if self.kind == "unreadable":
            values["reason"] = self.system_said  # ``{reason}`` in the words, as a FileError's
        elif self.kind == "not_regular":
            values["fix"] = Phrase(f"file.fix.{fix}")
        else:
            values["most_mb"] = self.most_bytes // 1_000_000
        return kind(says=f"file.{self.kind}", path=path, **values)


def read_regular_file(path: Path, *, most_bytes: int) -> bytes:
    """The bytes of ``path``, which must be a regular file (a FIFO would block forever, a
    device never end) of at most ``most_bytes``: opened without blocking, checked with
    ``fstat``, then read. ``ReadProblem`` otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise ReadProblem("unreadable", system_words(exc)) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):  # before fdopen, which refuses a folder itself
        os.close(handle)
        raise ReadProblem("not_regular")
    with os.fdopen(handle, "rb") as stream:
        try:
            data = stream.read(most_bytes + 1)
        except OSError as exc:
            raise ReadProblem("unreadable", system_words(exc)) from None
    if len(data) > most_bytes:
        raise ReadProblem("too_large", most_bytes=most_bytes)
    return data
