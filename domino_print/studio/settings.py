"""The studio's settings: where sessions live, which hosts it answers to, and its limits.

``domino-print studio`` builds them from its options; ``uvicorn domino_print.studio:app``
(one process or several workers) reads them from the environment, so that every
worker shares one data folder:

- ``DOMINO_PRINT_STUDIO_DATA``: the data folder (default: ``domino-print-studio-<uid>``
  in the system's temporary folder);
- ``DOMINO_PRINT_STUDIO_HOSTS``: the host names the server answers to, comma separated
  (default: ``127.0.0.1,localhost,[::1]``; any port). A request whose ``Host`` or
  ``Origin`` names another host is refused;
- ``DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE``: new sessions one address may start in a
  minute (default 12, at most the 120 of all addresses together): a school whose classrooms
  reach the server through one address (a proxy, a NAT) raises it.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_HOSTS = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True)
class Limits:
    """What one visitor may upload and keep, and what the whole server may hold."""

    files_per_session: int = 40
    bytes_per_file: int = 30 * 1024 * 1024
    """A 12 MP phone photo is 3-8 MB; a large PNG scan fits too."""
    bytes_per_session: int = 300 * 1024 * 1024
    data_quota_bytes: int = 4 * 1024 * 1024 * 1024
    """The whole data folder; new uploads are refused above it."""
    session_ttl_s: float = 6 * 3600
    """A session untouched for this long is removed with its files."""
    sessions: int = 2000
    """Sessions with a folder kept at most; past it a newcomer is asked to come back later (503),
    no visitor's work is removed to make room. A session gets a folder only when its visitor
    first stores something (a page view makes none)."""
    new_sessions_per_client_minute: int = 12
    """New sessions with a folder one client (address) may start in a minute; past it, 429."""
    new_sessions_per_minute: int = 120
    """New sessions with a folder all clients together may start in a minute; past it, 429."""
    concurrent_renders: int = max(1, min(4, os.cpu_count() or 1))
    """Render requests admitted at once in one process (documents themselves are made one at a
    time, see ``rendering._CORE``; page pictures are drawn beside); the rest wait their turn."""
    files_per_request: int = 40
    cache_bytes: int = 512 * 1024 * 1024
    """Previews and PDFs of the built-in themes kept for every visitor; the oldest go first."""
    session_cache_bytes: int = 64 * 1024 * 1024
    """Previews and PDFs of one visitor's pictures (not counted in the upload limits)."""
    tiles_per_3d_print: int = 400
    """The most tiles "Pour l'imprimante 3D" makes (about 4 s and 5 MB); a larger print is left to
    the command line."""


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    hosts: tuple[str, ...] = DEFAULT_HOSTS
    """Host names (without port) this server answers to."""
    limits: Limits = field(default_factory=Limits)

    @classmethod
    def from_env(cls) -> Settings:
        data = os.environ.get("DOMINO_PRINT_STUDIO_DATA")
        if data:
            data_dir = Path(data)
        else:
            user = os.getuid() if hasattr(os, "getuid") else "user"
            data_dir = Path(tempfile.gettempdir()) / f"domino-print-studio-{user}"
        hosts = os.environ.get("DOMINO_PRINT_STUDIO_HOSTS")
        names = tuple(h.strip().lower() for h in hosts.split(",") if h.strip()) if hosts else DEFAULT_HOSTS
        return cls(data_dir=data_dir, hosts=names, limits=limits_from_env())


def limits_from_env() -> Limits:
    """The limits, with ``DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE`` if it is set (a whole
    number from 1 to ``Limits.new_sessions_per_minute``; anything else keeps the default): read by
    ``uvicorn domino_print.studio:app`` (``Settings.from_env``) and by ``domino-print studio``, in
    one process as with ``--workers``."""
    per_client = os.environ.get("DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE", "").strip()
    if per_client.isdigit() and 0 < int(per_client) <= Limits.new_sessions_per_minute:
        return Limits(new_sessions_per_client_minute=int(per_client))
    return Limits()
