"""The user's cache folder: what every run would otherwise work out again, kept between runs.

Two things are kept there, each read in a fraction of the time it takes to make: the text
catalogues as parsed (``texts``: a TOML parse of some 1,800 strings on every run) and what
ReportLab reads from each font file (``fonts``: its tables, character map and widths).

Nothing kept can go stale: an entry's name holds a hash of the source it was made from (the
catalogue's or the font file's bytes, read on every run anyway) and the versions of what made
it, so a changed source, a new ReportLab or a new domino-print finds no entry and makes one
afresh. An entry is written to a temporary and renamed into place (two processes, such as two
studio workers, may write the same one: either whole file wins), and an unreadable or foreign
entry is made again, never trusted: what it holds is checked before use.

Where: ``$DOMINO_PRINT_CACHE`` if set (empty: no cache at all), else ``$XDG_CACHE_HOME`` or
``~/.cache`` (``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows), in a folder
``domino-print``. A home that is no folder (``HOME=/dev/null``), a read-only one or a full disk
only means no cache: the run works it all out as before, with the same bytes out.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from functools import cache
from typing import Any

FOLDER_NAME = "domino-print"
ENVIRONMENT = "DOMINO_PRINT_CACHE"
FORMAT = 1
"""Raised when what an entry holds changes shape."""


@cache
def folder() -> str | None:
    """The cache folder, made if missing (only the user may read it); None when there can be none."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:
        base = chosen
    elif sys.platform == "win32":
        base = os.path.join(os.environ.get("LOCALAPPDATA", ""), FOLDER_NAME)
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Caches", FOLDER_NAME)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        root = xdg if os.path.isabs(xdg) else os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(root, FOLDER_NAME)
    if not base or not os.path.isabs(base):  # no home known (or DOMINO_PRINT_CACHE empty): no cache
        return None
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
    except (OSError, ValueError):  # HOME=/dev/null, a read-only home, a NUL in a variable...
        return None
    return base if os.access(base, os.W_OK | os.X_OK) else None


def entry_name(kind: str, source: bytes, *made_by: str) -> str:
    """The file name of what ``source`` made for ``kind``, given the versions it was ``made_by``."""
    import hashlib  # (ReportLab loads it anyway; here only when a cache is used)

    # SHA-1 tells a changed source from the one an entry was made from (no attacker here: whoever can
    # write the package's fonts needs no collision). It is the quickest of hashlib's for the megabyte
    # and a half of fonts and catalogues a run names: half blake2b's time on a CPU with SHA
    # instructions, a little less than it without them, where SHA-256 takes twice blake2b's (issue 36).
    digest = hashlib.sha1(source, usedforsecurity=False)
    for version in (str(FORMAT), str(marshal.version), sys.version.split()[0], *made_by):
        digest.update(b"\x00" + version.encode())
    return f"{kind}-{digest.hexdigest()[:32]}.marshal"


def load(name: str) -> object | None:
    """What the entry ``name`` holds (plain data), or None if there is none or it cannot be read."""
    where = folder()
    if where is None:
        return None
    try:
        with open(os.path.join(where, name), "rb") as file:
            return marshal.loads(file.read())  # (marshal.load reads a file object in many small pieces)
    except (OSError, EOFError, ValueError, TypeError):
        return None


def store(name: str, value: Any, *, replaces: str = "") -> None:
    """Keep ``value`` (plain data: what ``marshal`` writes) as the entry ``name``; the entries
    whose names start with ``replaces`` (the same source's older versions) are removed.
    Nothing is raised: a cache that cannot be written is only a cache not used."""
    where = folder()
    if where is None:
        return
    path = os.path.join(where, name)
    temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        data = marshal.dumps(value)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            _remove(temporary)
            raise
    except (OSError, ValueError):
        return
    if replaces:
        try:
            names = os.listdir(where)
        except OSError:
            return
        for other in names:
            if other != name and _same_source(other, replaces):
                _remove(os.path.join(where, other))


def _same_source(name: str, prefix: str) -> bool:
    """Whether ``name`` is an entry named ``prefix`` + a hash (``font-FiraSans-`` is not
    ``font-FiraSans-Bold-``'s prefix)."""
    if not (name.startswith(prefix) and name.endswith(".marshal")):
        return False
    digest = name[len(prefix):-len(".marshal")]
    return len(digest) == 32 and all(c in "0123456789abcdef" for c in digest)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
