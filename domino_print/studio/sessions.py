"""Visitors' sessions, kept on disk so that any worker process can serve any request.

A session is a folder ``<data>/sessions/<id>/`` named by an unguessable id (32 random
bytes, URL-safe); the id travels only in an HttpOnly, SameSite=Strict cookie, and an id
that is not of that exact shape is never turned into a path. The folder holds:

- ``state.json``: the pictures in value order (each by the hash of its content), their
  names per language (``labels``) and from the file (``name``, printed when no language
  has one), the fit and background, and the last options of the form;
- ``pictures/``: the uploaded files as stored by us (``<hash>.<ext>``) and the
  ``theme.toml`` that lists them: the folder is a theme the command line reads;
- ``preview/``: the same pictures reduced once for previews, with their own ``theme.toml``;
- ``thumbs/``: thumbnails re-encoded by us as PNG, the only pictures served back;
- ``cache/``: rendered previews and PDFs by options.

Changes to ``state.json`` take a file lock, so two workers never interleave them.
Sessions untouched for ``Limits.session_ttl_s`` are removed with their files: work is expired
by age only, never to make room. A newcomer's folder is made only while there is room
(``SessionStore.most`` folders) and while its client has made fewer than
``new_per_client_minute`` in the last minute, and all clients fewer than ``new_per_minute``
(counted in each worker process); otherwise ``NoRoom`` (``reason`` ``busy``: 429, ``full``:
503, worded by the studio), and every visitor's work stays where it is.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process, no lock needed
    fcntl = None

class NoRoom(Exception):
    """No folder for a new session now: ``reason`` ``busy`` (its client, or all clients, made too
    many in the last minute) or ``full`` (the studio holds as many sessions as it may)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")
COOKIE = "domino_print_session"
_SWEEP_EVERY_S = 60.0


def _empty_state() -> dict:
    return {"pictures": [], "fit": "contain", "background": "#FFFFFF", "options": {}, "version": 0}


class Session:
    """One visitor's folder and state."""

    def __init__(self, folder: Path, store: SessionStore | None = None, client: str = "") -> None:
        self.folder = folder
        self.id = folder.name
        self._store = store
        self.client = client
        """Who asked (the client's address), counted when the session's folder is made."""

    @property
    def exists(self) -> bool:
        """Whether the session has its folder (made when its visitor first stores something), whole:
        its state is the last thing made, so a request running beside the one that makes it never
        sees the folder without its sub-folders (three uploads at once of a new visitor's pictures)."""
        return (self.folder / "state.json").is_file()

    def ensure(self) -> None:
        """Make the session's folder now, if it has none (see ``SessionStore.make_folder``)."""
        if not self.exists and self._store is not None:
            self._store.make_folder(self.folder, self.client)

    @property
    def pictures_dir(self) -> Path:
        return self.folder / "pictures"

    @property
    def preview_dir(self) -> Path:
        return self.folder / "preview"

    @property
    def thumbs_dir(self) -> Path:
        return self.folder / "thumbs"

    @property
    def cache_dir(self) -> Path:
        return self.folder / "cache"

    def read_state(self) -> dict:
        try:
            return json.loads((self.folder / "state.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return _empty_state()

    @contextlib.contextmanager
    def changing(self) -> Iterator[dict]:
        """The state to change in place, under the session's lock; written back atomically.
        The first change makes the session's folder."""
        self.ensure()
        with open(self.folder / "lock", "a+b") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            state = self.read_state()
            yield state
            state["version"] = int(state.get("version", 0)) + 1
            temporary = self.folder / f"state.json.{os.getpid()}.tmp"
            temporary.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")
            os.replace(temporary, self.folder / "state.json")

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The session's lock held, the state unchanged (writing the list's files, see
        ``lists.prepare``, while no other request of the session changes them)."""
        self.ensure()
        with open(self.folder / "lock", "a+b") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    def touch(self) -> None:
        with contextlib.suppress(OSError):
            os.utime(self.folder)


def _folder_size(folder: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, name)).st_size
    return total


class SessionStore:
    """Creates, finds and expires sessions under ``<data>/sessions``."""

    def __init__(self, data_dir: Path, ttl_s: float, most: int = 2000, new_per_client_minute: int = 12,
                 new_per_minute: int = 120) -> None:
        self.root = data_dir / "sessions"
        self.ttl_s = ttl_s
        self.most = most
        self.new_per_client_minute = new_per_client_minute
        self.new_per_minute = new_per_minute
        self._last_sweep = 0.0
        self._made: list[tuple[float, str]] = []  # (when, client) of the folders made in the last minute
        self._making = threading.Lock()

    def create(self, client: str = "") -> Session:
        """A new session: an unguessable id, and no folder until its visitor stores something
        (any page, even another site's ``<img>``, can make a browser ask for one)."""
        return Session(self.root / secrets.token_urlsafe(32), self, client)

    def make_folder(self, folder: Path, client: str = "") -> None:
        """Make a session's folder, its sub-folders and empty state, if there is room and its
        client has not made too many in the last minute; ``NoRoom`` otherwise. No visitor's
        folder is removed to make room: only age removes one (``sweep``)."""
        self.root.mkdir(parents=True, exist_ok=True)
        self.sweep()
        with self._making:
            if not folder.is_dir():
                now = time.monotonic()
                self._made = [(when, who) for when, who in self._made if now - when < 60.0]
                if (len(self._made) >= self.new_per_minute
                        or sum(who == client for _, who in self._made) >= self.new_per_client_minute):
                    raise NoRoom("busy")
                if self._count() >= self.most:
                    self.sweep(force=True)
                    if self._count() >= self.most:
                        raise NoRoom("full")
                self._made.append((now, client))
            with contextlib.suppress(FileExistsError):  # another worker made it first
                folder.mkdir(mode=0o700)
        for name in ("pictures", "preview", "thumbs", "cache"):
            (folder / name).mkdir(exist_ok=True)
        state = folder / "state.json"
        with contextlib.suppress(FileExistsError), open(state, "x", encoding="utf-8") as made:
            made.write(json.dumps(_empty_state()))  # "x": never over a state another request made

    def _count(self) -> int:
        with contextlib.suppress(OSError):
            return sum(1 for folder in self.root.iterdir() if SESSION_ID.match(folder.name))
        return 0

    def find(self, session_id: str | None, client: str = "") -> Session | None:
        """The session with this id (without a folder if its visitor has stored nothing yet, or
        it expired), or None for what is not an id at all."""
        if not session_id or not SESSION_ID.match(session_id):
            return None
        folder = self.root / session_id
        try:
            age = time.time() - folder.stat().st_mtime
        except OSError:
            return Session(folder, self, client)
        if age > self.ttl_s:
            shutil.rmtree(folder, ignore_errors=True)
            return Session(folder, self, client)
        session = Session(folder, self, client)
        session.touch()
        return session

    def sweep(self, now: float | None = None, force: bool = False) -> int:
        """Remove expired sessions (at most once a minute, unless ``force``); how many went."""
        now = time.time() if now is None else now
        if now - self._last_sweep < _SWEEP_EVERY_S and not force:
            return 0
        self._last_sweep = now
        removed = 0
        with contextlib.suppress(OSError):
            for folder in self.root.iterdir():
                with contextlib.suppress(OSError):
                    if SESSION_ID.match(folder.name) and now - folder.stat().st_mtime > self.ttl_s:
                        shutil.rmtree(folder, ignore_errors=True)
                        removed += 1
        return removed

    def used_bytes(self) -> int:
        return _folder_size(self.root) if self.root.exists() else 0
