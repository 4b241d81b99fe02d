"""What every endpoint starts from: the process's shared state (``Studio``) and the visit.

``visit(request)`` is the one session preamble of the studio's endpoints: the shared state from
``request.app.state.studio``, the visitor's session from its cookie, the page's language; when
there is no session it raises ``Refused`` with the endpoint's own answer (a worded 401 unless
told otherwise), which the app turns into that answer. ``scoped(request)`` is the same for the
routes that name a preview (``/<scope>/<key>``): the key checked, the cache of its scope (the
built-in themes' ``common`` one, or the visitor's ``session``), a 404 for anything else.
``json_body`` reads a request's JSON object, bounded, or refuses it (400).
"""

from __future__ import annotations

import asyncio
import errno
import html
import json
import os
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response

from domino_print.studio.sessions import COOKIE, NoRoom, Session, SessionStore
from domino_print.studio.settings import Settings
from domino_print.studio.words import page_languages, word
from domino_print.texts import DEFAULT_LANG

KEY = re.compile(r"^[0-9a-f]{32}$")
"""A preview's key, a picture's id: 32 hexadecimal digits, never a path."""
JSON_LIMIT = 64 * 1024
JSON_DEPTH = 16
"""Deepest nesting of arrays and objects read from a request (the page sends 3 at most)."""
MAX_WAITING = 200
"""Preview requests queued in one process beyond which new ones are answered 'busy'."""
WORKER = {"x-domino-print-worker": str(os.getpid())}
"""The process that answers: several workers (``domino-print studio --workers``) serve one session."""


class Studio:
    """The state shared by the routes of one process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.sessions = SessionStore(settings.data_dir, self.limits.session_ttl_s, self.limits.sessions,
                                     self.limits.new_sessions_per_client_minute,
                                     self.limits.new_sessions_per_minute)
        self.common_cache = settings.data_dir / "cache"
        self.executor = ThreadPoolExecutor(max_workers=max(2, self.limits.concurrent_renders),
                                           thread_name_prefix="studio-render")
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._latest: dict[str, int] = {}
        self._ticket = 0
        self.builds = 0

    def slots(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.limits.concurrent_renders)
        return self._slots

    async def run(self, function, *args):
        return await asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    async def in_slot(self, lang: str, function, *args, wanted: Callable[[], bool] | None = None):
        """``function`` run in a render slot (at most ``Limits.concurrent_renders`` at once), unless
        ``MAX_WAITING`` requests already wait for one (``Refused``: 503, busy) or, once its slot is
        there, the request is no longer ``wanted`` (``Refused``: 409, superseded)."""
        if self._waiting >= MAX_WAITING:
            raise Refused(busy(lang))
        self._waiting += 1
        try:
            async with self.slots():
                if wanted is not None and not wanted():
                    raise Refused(answer({"superseded": True}, 409))
                return await self.run(function, *args)
        finally:
            self._waiting -= 1

    # The visitor's newest preview request is the one that arrived last.
    def take_ticket(self, session: Session) -> int:
        self._ticket += 1
        self._latest[session.id] = self._ticket
        return self._ticket

    def is_latest(self, session: Session, ticket: int) -> bool:
        return self._latest.get(session.id) == ticket

    # sessions
    def session_of(self, request: Request) -> Session | None:
        return self.sessions.find(request.cookies.get(COOKIE), client(request))

    def with_cookie(self, response: Response, session: Session) -> Response:
        response.set_cookie(COOKIE, session.id, httponly=True, samesite="strict",
                            max_age=int(self.limits.session_ttl_s), path="/")
        return response


class Refused(Exception):
    """An answer given before an endpoint's own work (no session, a key that names nothing, a
    request the page would not send): the app answers with ``response``."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response


async def refused(_request: Request, exc: Exception) -> Response:
    """The app's handler of ``Refused``: its answer."""
    assert isinstance(exc, Refused)
    return exc.response


def studio_of(request: Request) -> Studio:
    """The process's shared state, set on the app by ``create_app``."""
    return request.app.state.studio


def client(request: Request) -> str:
    """Who sends the request, as the sessions count newcomers: the client's address."""
    return request.client.host if request.client is not None else ""


ACCEPTED_LANGUAGES = 32
"""Languages read from an ``Accept-Language`` header at most (a browser sends a handful)."""


def lang_of(request: Request, body: dict | None = None) -> str:
    """The page's language, the one rule of every answer: the body's ``page_lang``, else ``?lang=``,
    else the browser's ``Accept-Language`` (``accepted_lang``), else French (``DEFAULT_LANG``); a
    language the page does not speak counts as not given."""
    languages = page_languages()
    for lang in ((body or {}).get("page_lang"), request.query_params.get("lang")):
        if isinstance(lang, str) and lang in languages:
            return lang
    return accepted_lang(request.headers.get("accept-language", ""), languages) or DEFAULT_LANG


def accepted_lang(header: str, languages: tuple[str, ...]) -> str | None:
    """The page language an ``Accept-Language`` header prefers (RFC 9110: the highest ``q``, the
    first listed among equals; ``fr-CH`` counts as ``fr``, ``q=0`` as refused, ``*`` as no
    preference), or None when it names none of ``languages``."""
    best: tuple[float, str] | None = None
    for item in header.split(",")[:ACCEPTED_LANGUAGES]:
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().lower().split("-", 1)[0]
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if primary in languages and 0 < quality <= 1 and (best is None or quality > best[0]):
            best = (quality, primary)
    return best[1] if best else None


class Visit(NamedTuple):
    """A request of a visitor with a session: what its endpoint works with."""

    request: Request
    studio: Studio
    session: Session
    lang: str


def visit(request: Request, *, missing: Callable[[Request], Response] | None = None) -> Visit:
    """The visit of ``request``; without a session, ``Refused`` with ``missing(request)`` (by
    default a worded 401: the session expired, or the server made room)."""
    studio = studio_of(request)
    session = studio.session_of(request)
    if session is None:
        raise Refused((missing or no_session)(request))
    return Visit(request, studio, session, lang_of(request))


class Scoped(NamedTuple):
    """A request naming a preview: ``/<scope>/<key>``, and the cache its files are in."""

    request: Request
    studio: Studio
    scope: str
    key: str
    cache_dir: Path
    session: Session | None
    """The visitor's session for the ``session`` scope, None for ``common``."""


def scoped(request: Request, *, session_only: bool = False) -> Scoped:
    """The preview ``request`` names, its key checked and its cache found; ``Refused`` (404)
    otherwise (``session_only``: the ``common`` scope names nothing either)."""
    studio = studio_of(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    if not KEY.match(key) or scope not in ("session", "common") or (session_only and scope != "session"):
        raise Refused(not_found(request))
    if scope == "common":
        return Scoped(request, studio, scope, key, studio.common_cache, None)
    session = studio.session_of(request)
    if session is None:
        raise Refused(not_found(request))
    return Scoped(request, studio, scope, key, session.cache_dir, session)


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(rb"[\[\]{}]")


def json_depth(data: bytes) -> int:
    """How deep arrays and objects nest in ``data``, counted before parsing (strings left out):
    ``json.loads`` recurses, and a body nested a few thousand deep would overflow its stack."""
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub(b'""', data)):
        depth += 1 if match.group() in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest


async def read_json(request: Request) -> dict:
    """The request's JSON object, bounded in size and depth before it is parsed; ``ValueError``
    for anything else."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > JSON_LIMIT:
        raise ValueError("too large")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > JSON_LIMIT:
            raise ValueError("too large")
    if json_depth(data) > JSON_DEPTH:
        raise ValueError("nested too deeply")
    value = json.loads(data or b"{}")
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


async def json_body(request: Request) -> dict:
    """``read_json``, or ``Refused`` (400, worded) for a body the page would not send: in the
    address's ``?lang=``, else the browser's ``Accept-Language`` (``lang_of`` without the body,
    whose ``page_lang`` cannot be read), else French."""
    try:
        return await read_json(request)
    except ValueError:
        raise Refused(bad_request(request)) from None


# -- answers ----------------------------------------------------------------------------------
def no_store(response: Response) -> Response:
    response.headers["cache-control"] = "no-store"
    return response


def answer(data: object, status_code: int = 200) -> Response:
    """A JSON answer no cache keeps."""
    return no_store(JSONResponse(data, status_code=status_code))


def not_found(request: Request | None = None) -> Response:
    """404, worded in the page's language (``studio.error.not_found``; French without a request),
    also the ``missing`` answer of a ``visit`` whose files are not there without a session."""
    lang = DEFAULT_LANG if request is None else lang_of(request)
    return PlainTextResponse(word(lang, "error.not_found"), status_code=404)


async def http_error(request: Request, exc: Exception) -> Response:
    """The app's handler of Starlette's own ``HTTPException`` (an address no route has, a method a
    route does not take, a static file that is not there): worded in the page's language, its
    headers kept (``Allow`` for a 405)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return not_found(request)
    key = "error.method_not_allowed" if exc.status_code == 405 else "error.bad_request"
    return PlainTextResponse(word(lang_of(request), key), status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, _exc: Exception) -> Response:
    """The app's handler of an unexpected exception (Starlette's ``ServerErrorMiddleware``): a 500
    worded in the page's language (``studio.error.unexpected``), JSON for the page's requests
    (``/api/``), a small page otherwise (a download, a picture opened by itself); never the
    traceback, which the middleware raises again for the server to log (uvicorn's "Exception in
    ASGI application", on the studio's terminal)."""
    lang = lang_of(request)
    message = word(lang, "error.unexpected", status="500")
    if request.url.path.startswith("/api/"):
        return answer({"message": message}, 500)
    shown = html.escape(message)
    page = (f'<!doctype html>\n<html lang="{lang}"><meta charset="utf-8"><title>{shown}</title>'
            f"<p>{shown}</p></html>\n")
    return no_store(HTMLResponse(page, status_code=500))


def busy(lang: str) -> Response:
    return answer({"message": word(lang, "error.busy")}, 503)


def field_errors(*errors: dict) -> Response:
    """422: the one-line errors of the fields at fault, each shown beside its field."""
    return answer({"errors": list(errors)}, 422)


def bad_request(request: Request, key: str = "bad_request", **values: object) -> Response:
    """A request the page would not send (or one that is out of date): 400, worded in the page's
    language (``studio.error.<key>``)."""
    return answer({"message": word(lang_of(request), f"error.{key}", **values)}, 400)


def no_session(request: Request) -> Response:
    """The visitor's session is gone (it expired, or the server made room): 401, worded."""
    return answer({"message": word(lang_of(request), "error.no_session")}, 401)


def disk_problem(exc: OSError, lang: str) -> Response:
    """A full data disk is a 507 with a worded message (the session stays as it was: nothing of
    the picture was kept); any other system error stays an error of the server."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return answer({"message": word(lang, "error.disk_full")}, 507)
    raise exc


async def no_room(request: Request, exc: Exception) -> Response:
    """No folder for a new session (``sessions.NoRoom``): 429 when its client (or every client)
    made too many this minute, 503 when the studio is full; worded, every other visitor's work kept."""
    is_busy = isinstance(exc, NoRoom) and exc.reason == "busy"
    message = word(lang_of(request), "error.sessions_busy" if is_busy else "error.sessions_full")
    return no_store(JSONResponse({"message": message}, status_code=429 if is_busy else 503,
                                 headers={"retry-after": "60"}))
