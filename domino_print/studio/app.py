"""The studio's ASGI app (Starlette): the page, the live preview, pictures, downloads.

Routes (all under one origin; the API answers JSON):

- ``GET /``: the page (``?lang=en``), starting a session if the visitor has none;
- ``POST /api/preview``: options -> the preview's pages, summary line, command line, or
  the one-line error of the field at fault;
- ``GET /pages/<scope>/<key>/<n>.jpg``: a page of a preview (scope ``common`` for the
  built-in themes, ``session`` for the visitor's pictures);
- ``GET /download/<scope>/<key>.pdf``: the PDF (``?inline=1`` to open it in the browser);
- ``POST /api/pictures`` (multipart) or ``/api/picture`` (one raw file), ``/api/pictures/order``,
  ``/remove``, ``/name``, ``/look``, ``/crop``: the visitor's pictures; ``GET /thumbs/<id>.png`` their
  thumbnails; ``GET /theme.zip`` and ``POST /api/theme``: them as a theme file, and one opened again;
- ``GET /zoom/<scope>/<key>/<n>.jpg``: a page of a preview enlarged;
- ``GET``/``POST /api/list``, ``POST /api/list/file``: the visitor's list of pairs (``lists``).

Each endpoint is a module-level function listed in ``ROUTES`` (Starlette's own way): it reads
the process's shared state, ``Studio`` (settings, sessions, caches, render threads), from
``request.app.state.studio``, which ``create_app`` sets; the lifespan stops the render threads.

``Guard`` refuses a request whose Host or Origin is not this server's, and every answer
carries a Content-Security-Policy without inline script and ``nosniff``. Renders run in
worker threads, at most ``Limits.concurrent_renders`` at once in a process; within a
session a newer preview request makes an older one that is still waiting give up.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import io
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import domino_print.studio.lists as lists
import domino_print.studio.theme_zip as theme_zip
import domino_print.studio.uploads as picture_files
from domino_print.api import (
    DocumentFacts,
    DominoError,
    PictureError,
    WordedError,
    builtin_themes,
    make_calibration,
    summary_line,
)
from domino_print.api_internal import human_size, natural_key
from domino_print.options.table import BY_NAME
from domino_print.options.values import decimal_points
from domino_print.options.wording import describe, form_fields
from domino_print.studio.goals import goal
from domino_print.studio.page import render_page
from domino_print.studio.rendering import (
    PICTURES,
    TooManyTiles,
    build,
    build_3mf,
    build_with_pages,
    cache_key,
    cached_options,
    command_line,
    page_image,
    trim_cache,
)
from domino_print.studio.sessions import COOKIE, NoRoom, Session, SessionStore
from domino_print.studio.settings import Settings
from domino_print.studio.words import page_languages, word
from domino_print.studio.zoom import zoomed_page
from domino_print.texts import DEFAULT_LANG, languages

STATIC = Path(__file__).resolve().parent / "static"
KEY = re.compile(r"^[0-9a-f]{32}$")
JSON_LIMIT = 64 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
TRIM_EVERY = 16
"""Previews between two trims of a cache to its size limit."""
MAX_WAITING = 200
"""Preview requests queued in one process beyond which new ones are answered 'busy'."""


# -- the guard ---------------------------------------------------------------------------------
def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if ":" in host else host


class Guard:
    """ASGI middleware: refuse foreign Host and Origin, add the security headers to every answer."""

    def __init__(self, app, hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}
        self.refused = 0

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        problem = self.problem(scope["method"], headers)

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + SECURITY_HEADERS
            await send(message)

        if problem:
            self.refused += 1
            response = PlainTextResponse(f"refused: {problem}\n", status_code=403)
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def problem(self, method: str, headers: dict[str, str]) -> str:
        host = headers.get("host", "")
        if _host_name(host) not in self.hosts:
            return "this server does not answer to that host name"
        origin = headers.get("origin")
        if origin is not None:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
                return "a page from another site may not use this server"
        elif method not in ("GET", "HEAD", "OPTIONS"):
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return "a page from another site may not use this server"
            if "sec-fetch-site" not in headers:
                return "send an Origin header with requests that change something"
        return ""


# -- the app -----------------------------------------------------------------------------------
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

    # sessions
    def session_of(self, request: Request) -> Session | None:
        return self.sessions.find(request.cookies.get(COOKIE), _client(request))

    def with_cookie(self, response: Response, session: Session) -> Response:
        response.set_cookie(COOKIE, session.id, httponly=True, samesite="strict",
                            max_age=int(self.limits.session_ttl_s), path="/")
        return response


def _client(request: Request) -> str:
    """Who sends the request, as the sessions count newcomers: the client's address."""
    return request.client.host if request.client is not None else ""


async def _no_room(request: Request, exc: Exception) -> Response:
    """No folder for a new session (``sessions.NoRoom``): 429 when its client (or every client)
    made too many this minute, 503 when the studio is full; worded, every other visitor's work kept."""
    busy = isinstance(exc, NoRoom) and exc.reason == "busy"
    message = word(_lang(request), "error.sessions_busy" if busy else "error.sessions_full")
    return _no_store(JSONResponse({"message": message}, status_code=429 if busy else 503,
                                  headers={"retry-after": "60"}))


def _lang(request: Request, body: dict | None = None) -> str:
    lang = (body or {}).get("page_lang") or request.query_params.get("lang") or DEFAULT_LANG
    return lang if lang in page_languages() else DEFAULT_LANG


JSON_DEPTH = 16
"""Deepest nesting of arrays and objects read from a request (the page sends 3 at most)."""
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(rb"[\[\]{}]")


def _json_depth(data: bytes) -> int:
    """How deep arrays and objects nest in ``data``, counted before parsing (strings left out):
    ``json.loads`` recurses, and a body nested a few thousand deep would overflow its stack."""
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub(b'""', data)):
        depth += 1 if match.group() in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest


async def _json_body(request: Request) -> dict:
    """The request's JSON object, bounded in size and depth before it is parsed; ``ValueError``
    (a 400 for the caller) for anything else."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > JSON_LIMIT:
        raise ValueError("too large")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > JSON_LIMIT:
            raise ValueError("too large")
    if _json_depth(data) > JSON_DEPTH:
        raise ValueError("nested too deeply")
    value = json.loads(data or b"{}")
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


def _no_store(response: Response) -> Response:
    response.headers["cache-control"] = "no-store"
    return response


def _disk_problem(exc: OSError, lang: str) -> Response:
    """A full data disk is a 507 with a worded message (the session stays as it was: nothing of
    the picture was kept); any other system error stays an error of the server."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _no_store(JSONResponse({"message": word(lang, "error.disk_full")}, status_code=507))
    raise exc


def _bad_request(request: Request, key: str = "bad_request", **values: object) -> Response:
    """A request the page would not send (or one that is out of date): 400, worded in the page's
    language (``studio.error.<key>``)."""
    message = word(_lang(request), f"error.{key}", **values)
    return _no_store(JSONResponse({"message": message}, status_code=400))


def _no_session(request: Request) -> Response:
    """The visitor's session is gone (it expired, or the server made room): 401, worded."""
    return _no_store(JSONResponse({"message": word(_lang(request), "error.no_session")}, status_code=401))


class _StaticFiles(StaticFiles):
    """The page's own files; a name ending in a slash names a folder, and there is none: 404."""

    async def get_response(self, path: str, scope) -> Response:
        if scope["path"].endswith("/"):
            return PlainTextResponse("Not Found", status_code=404)
        return await super().get_response(path, scope)


# -- the endpoints: module-level, reading the shared state from ``request.app.state`` -----------
def _studio(request: Request) -> Studio:
    """The process's shared state, set on the app by ``create_app``."""
    return request.app.state.studio


@cache
def _field_kinds() -> dict[str, str]:
    """The options the form may send (the option table's, without the command line's own): kinds."""
    return {str(f["name"]): str(f["kind"]) for f in form_fields(DEFAULT_LANG)}


def _field_names() -> frozenset[str]:
    return frozenset(_field_kinds())


async def home(request: Request) -> Response:
    studio = _studio(request)
    lang = _lang(request)
    session = studio.session_of(request)
    fresh = session is None
    if session is None:
        session = studio.sessions.create(_client(request))  # no folder until the visitor stores
    html = render_page(lang, session.read_state())
    response = _no_store(HTMLResponse(html))
    return studio.with_cookie(response, session) if fresh else response


def titles(state: dict) -> dict[str, str]:
    """The set's title in every language: the one typed, else each language's own default."""
    typed = str(state.get("title") or "").strip()
    return {lang: typed or word(lang, "pictures.default_title") for lang in languages()}


def file_name(options: dict, state: dict, own: bool) -> str:
    """The downloaded file's name: the class label, else the title typed, else the theme
    (``dominos-cm1-lutins.pdf``), in plain letters a file system takes everywhere."""
    named = str(options.get("label") or (state.get("title") if own else "") or options.get("theme") or "")
    plain = unicodedata.normalize("NFKD", named).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:60].strip("-")
    return f"dominos-{slug}.pdf" if slug else "dominos.pdf"


_FILE_NAME = re.compile(r"^[a-z0-9-]{1,80}\.pdf$")


def summary(lang: str, facts: dict) -> str:
    return summary_line(DocumentFacts.from_json(facts), lang)


def _shown_value(value: object, session: Session, lang: str) -> object:
    """A value an error carries, as the page shows it: the session's folders are "My pictures"."""
    text = str(value)
    for folder in (session.preview_dir, session.pictures_dir):
        if text == str(folder) or text == str(folder / "theme.toml"):
            return word(lang, "field.pictures_theme")
        if text.startswith(f"{folder}/"):
            return text[len(str(folder)) + 1:]
    return value


def field_error(error: DominoError, lang: str, session: Session) -> dict:
    """The error as the page shows it, beside the field it names: the core's errors carry their
    fields and values, worded here with the form's labels (``describe``), never repaired."""
    if isinstance(error, WordedError):
        values = {name: _shown_value(value, session, lang) for name, value in error.values.items()}
        shown = error.with_values(**values)
        fields = [f for f in error.fields if f in _field_names()]
        return {"field": fields[0] if fields else "general", "message": describe(shown, "form", lang)}
    if isinstance(error, PictureError):
        name = str(_shown_value(error.path, session, lang))
        return {"field": "pictures", "message": word(lang, "pictures.refused", name=name,
                                                      message=picture_message(error, lang))}
    message = str(error)
    for folder in (session.preview_dir, session.pictures_dir):  # a theme file's own error line
        message = message.replace(f"{folder}/theme.toml: ", "").replace(f"{folder}/", "")
    return {"field": "pictures", "message": message}


def clean_options(raw: object) -> dict:
    if not isinstance(raw, dict):
        raise ValueError("options must be an object")
    options = {}
    for name, value in raw.items():
        if name not in _field_names():
            raise ValueError(f"unknown option {name!r}")
        too_long = isinstance(value, str) and len(value) > 200
        if not isinstance(value, (str, bool, int, float)) or too_long:
            raise ValueError(f"bad value for {name!r}")
        if value == "" or value is False:
            continue
        # a decimal comma (2,5; 1,5;-0,5) as the option table reads it, for the command line shown
        options[name] = decimal_points(BY_NAME[name], value) if isinstance(value, str) else value
    return options


async def preview(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    try:
        body = await _json_body(request)
        options = clean_options(body.get("options", {}))
        if "lang" in options and options["lang"] not in languages():  # never a catalogue's path
            raise ValueError("unknown language")
    except ValueError:
        return _bad_request(request)
    lang = _lang(request, body)
    # The visitor's newest request is the one that arrived last: its ticket is taken before any
    # wait (a list's rows saved and read), so that an older request still preparing can never
    # take a later ticket and make the newest give up while the older one renders.
    studio._ticket += 1
    ticket = studio._latest[session.id] = studio._ticket
    theme = options.get("theme", "pips")
    if theme not in (PICTURES, lists.LIST) and theme not in builtin_themes():  # never a path from the browser
        message = word(lang, "error.unknown_theme", themes=", ".join(builtin_themes()))
        return _no_store(JSONResponse({"errors": [{"field": "theme", "message": message}]},
                                      status_code=422))
    # A typed table's edit rides with its preview (studio/lists.py keeps it first).
    saved = None
    if theme == lists.LIST and "list_rows" in body:
        saved = await studio.run(lists.save_rows, session, body["list_rows"])
        if saved is None:
            return _bad_request(request)
    state = saved if saved is not None else session.read_state()  # the rows this request sent
    own = theme == PICTURES
    if own:
        if not state.get("pictures"):
            return _no_store(JSONResponse({"errors": [
                {"field": "theme", "message": word(lang, "error.no_pictures")}]}, status_code=422))
        digest = picture_files.state_digest(state)
        shown = {**options, "theme": str(session.preview_dir), "dpi": 72}
        full = {**options, "theme": str(session.pictures_dir)}
        cache_dir, scope = session.cache_dir, "session"
        key, full_key = cache_key(shown, digest, "preview"), cache_key(full, digest, "full")
    elif theme == lists.LIST:  # the visitor's list, uploaded or typed (studio/lists.py)
        try:
            prepared = await studio.run(_prepare_list, session, state, options)
        except lists.NoList:
            return _no_store(JSONResponse({"errors": [
                {"field": lists.LIST, "message": word(lang, "list.error.none")}]}, status_code=422))
        shown, full, digest = prepared
        cache_dir, scope = session.cache_dir, "session"
        full_key = cache_key(full, digest, "full")
        # Without pictures, the preview's PDF is the very PDF to download.
        key = full_key if shown == full else cache_key(shown, digest, "preview")
    else:
        shown = full = options
        cache_dir, scope, digest = studio.common_cache, "common", ""
        key = full_key = cache_key(shown, "", "full")
    if studio._waiting >= MAX_WAITING:
        return _no_store(JSONResponse({"message": word(lang, "error.busy")}, status_code=503))
    studio._waiting += 1
    try:
        async with studio.slots():
            if studio._latest.get(session.id) != ticket:
                return _no_store(JSONResponse({"superseded": True}, status_code=409))
            facts = await studio.run(build_with_pages, shown, cache_dir, key)
    except DominoError as exc:
        shown_error = lists.list_error(exc, lang, state, _field_names()) or field_error(exc, lang, session)
        return _no_store(JSONResponse({"errors": [shown_error]}, status_code=422))
    finally:
        studio._waiting -= 1
    if state.get("options") != options:
        await studio.run(_save_options, session, options)
    studio.builds += 1
    own = own or theme == lists.LIST  # from here on: the session's, as the pictures are
    if studio.builds % TRIM_EVERY == 0:
        limit = studio.limits.session_cache_bytes if own else studio.limits.cache_bytes
        await studio.run(trim_cache, cache_dir, limit)
    if own:
        full_facts = _cached_facts(cache_dir, full_key)
        facts = {**facts, "size": full_facts["size"] if full_facts else None}
    base = f"/pages/{scope}/{key}"
    return _no_store(JSONResponse({
        "key": key,
        "pages": [f"{base}/{n}.jpg" for n in range(facts["pages"])],
        "summary": summary(lang, facts),
        # The visitor's pictures over the set (named in the summary too) are marked beside their
        # thumbnails: the highest value the set uses, when the pictures make a double set.
        "pictures_top": facts["top"] if theme == PICTURES and facts.get("deck") == "double" else None,
        "size_known": facts.get("size") is not None,
        "size_url": f"/api/size/{scope}/{full_key}" if own else None,
        # Only where the command works later: a session's folder goes when the session does.
        "command": None if own else command_line(options, None),
        "download": f"/download/{scope}/{full_key}.pdf",
        "print3d": f"/download/{scope}/{full_key}.3mf",
        "file_name": file_name(options, {"title": Path(full["theme"]).stem} if theme == lists.LIST else state,
                               own),
    }))


def _cached_facts(cache_dir: Path, key: str) -> dict | None:
    try:
        return json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _save_options(session: Session, options: dict) -> None:
    with session.changing() as state:
        state["options"] = options


def cache_for(request: Request, scope: str) -> tuple[Path | None, Session | None]:
    studio = _studio(request)
    if scope == "common":
        return studio.common_cache, None
    session = studio.session_of(request)
    return (session.cache_dir, session) if scope == "session" and session else (None, None)


async def page_picture(request: Request) -> Response:
    studio = _studio(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    if not KEY.match(key):
        return PlainTextResponse("not found", status_code=404)
    cache_dir, _session = cache_for(request, scope)
    if cache_dir is None:
        return PlainTextResponse("not found", status_code=404)
    data = await studio.run(page_image, cache_dir, key, request.path_params["page"])
    if data is None:
        return PlainTextResponse("not found", status_code=404)
    headers = {"cache-control": "private, max-age=3600, immutable"}
    return Response(data, media_type="image/jpeg", headers=headers)


async def zoom_picture(request: Request) -> Response:
    """A page of the preview enlarged (``zoom``), to check the faces."""
    studio = _studio(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    cache_dir, _session = cache_for(request, scope)
    if cache_dir is None or not KEY.match(key):
        return PlainTextResponse("not found", status_code=404)
    if studio._waiting >= MAX_WAITING:
        return _no_store(JSONResponse({"message": word(_lang(request), "error.busy")}, status_code=503))
    studio._waiting += 1
    try:
        async with studio.slots():  # a zoom is drawn in a render slot, as a preview is
            data = await studio.run(zoomed_page, cache_dir, key, request.path_params["page"])
    finally:
        studio._waiting -= 1
    if data is None:
        return PlainTextResponse("not found", status_code=404)
    headers = {"cache-control": "private, max-age=3600, immutable"}
    return Response(data, media_type="image/jpeg", headers=headers)


def _prepare_list(session: Session, state: dict, options: dict) -> lists.Prepared:
    """The list's files written under the session's lock, in folders named by their content."""
    with session.locked():
        return lists.prepare(session.folder, session.pictures_dir, session.preview_dir, state, options)


def _full_options(session: Session, key: str) -> dict | None:
    """The options of a download key of this session: saved with the last preview."""
    state = session.read_state()
    options = state.get("options") or {}
    if options.get("theme") == lists.LIST:
        try:
            _shown, full, digest = _prepare_list(session, state, options)
        except lists.NoList:
            return None
    else:
        digest = picture_files.state_digest(state)
        full = {**options, "theme": str(session.pictures_dir)}
    return full if cache_key(full, digest, "full") == key else None


async def size(request: Request) -> Response:
    studio = _studio(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    session = studio.session_of(request)
    if scope != "session" or not KEY.match(key) or session is None:
        return PlainTextResponse("not found", status_code=404)
    lang = _lang(request)
    facts = _cached_facts(session.cache_dir, key)
    if facts is None:
        options = _full_options(session, key)
        if options is None:
            return _no_store(JSONResponse({"message": "changed"}, status_code=409))
        try:
            async with studio.slots():
                facts = await studio.run(build, options, session.cache_dir, key)
        except DominoError as exc:
            return _no_store(JSONResponse({"errors": [field_error(exc, lang, session)]}, status_code=422))
    return _no_store(JSONResponse({"summary": summary(lang, facts)}))


async def download(request: Request) -> Response:
    studio = _studio(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    if not KEY.match(key):
        return PlainTextResponse("not found", status_code=404)
    cache_dir, session = cache_for(request, scope)
    if cache_dir is None:
        return PlainTextResponse("not found", status_code=404)
    pdf_path = cache_dir / f"{key}.pdf"
    if not pdf_path.is_file() and session is not None:
        options = _full_options(session, key)
        if options is None:
            return PlainTextResponse("the pictures changed; download again", status_code=409)
        try:
            async with studio.slots():
                await studio.run(build, options, cache_dir, key)
        except DominoError as exc:
            return PlainTextResponse(str(exc), status_code=422)
    try:
        data = pdf_path.read_bytes()
        facts = json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return PlainTextResponse("not found", status_code=404)
    name = request.query_params.get("name", "")
    if not _FILE_NAME.match(name):
        theme = facts.get("theme", "dominos")
        name = "dominos-" + re.sub(r"[^A-Za-z0-9_-]+", "-", theme).strip("-") + ".pdf"
    disposition = "inline" if request.query_params.get("inline") else "attachment"
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": f'{disposition}; filename="{name}"', "cache-control": "no-store", **_WORKER})


async def download_3mf(request: Request) -> Response:
    """The 3D print of a previewed set (``Pour l'imprimante 3D``): a 3MF, or a zip of one per plate."""
    studio = _studio(request)
    scope, key = request.path_params["scope"], request.path_params["key"]
    if not KEY.match(key):
        return PlainTextResponse("not found", status_code=404)
    cache_dir, session = cache_for(request, scope)
    if cache_dir is None:
        return PlainTextResponse("not found", status_code=404)
    options = _full_options(session, key) if session is not None else cached_options(cache_dir, key)
    if options is None:
        return PlainTextResponse("the settings changed; download again", status_code=409)
    lang = str(options.get("lang") or DEFAULT_LANG)
    lang = lang if lang in languages() else DEFAULT_LANG
    most = studio.limits.tiles_per_3d_print
    try:
        async with studio.slots():
            suffix, data = await studio.run(build_3mf, options, cache_dir, key, most)
    except TooManyTiles as refused:
        return PlainTextResponse(word(lang, "error.print3d_too_many", count=refused.count, most=most),
                                 status_code=422)
    except DominoError as exc:
        message = describe(exc, "form", lang) if isinstance(exc, WordedError) else str(exc)
        return PlainTextResponse(message, status_code=422)
    name = request.query_params.get("name", "")
    stem = name[:-4] if _FILE_NAME.match(name) else "dominos"
    media = "model/3mf" if suffix == ".3mf" else "application/zip"
    return Response(data, media_type=media, headers={
        "content-disposition": f'attachment; filename="{stem}-3d{suffix}"', "cache-control": "no-store"})


# -- pictures ----------------------------------------------------------------------------
def state_answer(session: Session, state: dict, **extra) -> Response:
    pictures = [{"id": p["id"], "labels": p.get("labels", {}), "thumb": f"/thumbs/{p['id']}.png",
                 "crop": picture_files.crop_of(p),
                 "printed": {code: picture_files.printed_name(p, code, value) for code in languages()}}
                for value, p in enumerate(state.get("pictures", []))]
    return _no_store(JSONResponse({"pictures": pictures, "fit": state.get("fit"),
                                   "background": state.get("background"), "title": state.get("title", ""),
                                   **extra}))


def rewrite_theme(session: Session, state: dict) -> None:
    picture_files.write_theme(state, session.pictures_dir, session.preview_dir, titles(state))


async def pictures_state(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    return state_answer(session, session.read_state())


async def upload(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    lang = _lang(request)
    limits = studio.limits
    declared = request.headers.get("content-length")
    ceiling = limits.files_per_request * limits.bytes_per_file + 1024 * 1024
    if declared is None or not declared.isdigit() or int(declared) > ceiling:
        return _bad_request(request, "too_many_at_once", limit=limits.files_per_request)
    try:
        form = await request.form(max_files=limits.files_per_request, max_fields=10)
    except Exception:
        return _bad_request(request)
    try:
        # The files stay spooled on disk (Starlette's parser): each is read when its turn comes.
        uploads: list[tuple[str, object]] = []
        for item in form.getlist("files"):
            if isinstance(item, str):
                continue
            name = picture_files.clean_label(item.filename or "?") or "?"
            if item.size is not None and item.size > limits.bytes_per_file:
                uploads.append((name, None))
                continue
            uploads.append((name, lambda item=item: _read_spooled(item.file)))
        result = await studio.run(_accept, studio, session, lang, uploads)
    except OSError as exc:
        return _disk_problem(exc, lang)
    finally:
        await form.close()
    return state_answer(session, result["state"], rejected=result["rejected"], added=result["added"])


async def upload_one(request: Request) -> Response:
    """One picture as the raw request body (the page sends each file so, several at once:
    no multipart parsing, and decoding starts as soon as each file has arrived)."""
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    lang = _lang(request)
    name = picture_files.clean_label(request.query_params.get("name", "?")) or "?"
    limit = studio.limits.bytes_per_file
    declared = request.headers.get("content-length", "")
    data: bytes | None = b""
    if declared.isdigit() and int(declared) > limit:
        data = None
    else:
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                data = None
                break
            chunks.append(chunk)
        if data is not None:
            data = b"".join(chunks)
    try:
        result = await studio.run(_accept, studio, session, lang, [(name, data)])
    except OSError as exc:
        return _disk_problem(exc, lang)
    return state_answer(session, result["state"], rejected=result["rejected"], added=result["added"])


PICTURE_MESSAGES = {"not_a_picture": "not_a_picture", "too_large": "too_many_pixels", "damaged": "damaged",
                    "bad_svg": "bad_svg", "empty": "empty", "unsupported": "unsupported_compression"}
"""The page's message (``studio.error.<key>``) for each ``pictures.PictureError.reason``."""


def picture_message(error: PictureError, lang: str) -> str:
    """A refused picture's message in the page's language, from the error's reason and values."""
    key = PICTURE_MESSAGES.get(error.reason, "not_a_picture")
    if key == "unsupported_compression":
        return word(lang, f"error.{key}", compression=error.values.get("compression", "?"))
    if key != "too_many_pixels":
        return word(lang, f"error.{key}")
    values = {name: error.values.get(name, "?") for name in ("megapixels", "limit")}
    return word(lang, f"error.{key}", **values)


def _read_spooled(file) -> bytes:
    file.seek(0)
    return file.read()


def _accept(studio: Studio, session: Session, lang: str, uploads: list) -> dict:
    """Check, decode and store each upload in name order, one at a time: only one picture's bytes
    and pixels are held at once (``uploads``: (name, bytes, or a callable reading them from the
    spooled request, or None for a file over the limit))."""
    limits = studio.limits

    def messages(key: str, **values) -> str:
        return word(lang, f"error.{key}", **values)

    rejected, added = [], []
    server_used = studio.sessions.used_bytes()
    for name, source in sorted(uploads, key=lambda item: natural_key(item[0])):
        data = source() if callable(source) else source
        if data is None:
            limit = human_size(limits.bytes_per_file, lang)
            rejected.append({"name": name, "message": messages("file_too_large", limit=limit)})
            continue
        try:
            outcome = picture_files.prepare_upload(data, name)
        except PictureError as exc:
            rejected.append({"name": name, "message": picture_message(exc, lang)})
            continue
        del data
        with session.changing() as current:
            ids = [p["id"] for p in current["pictures"]]
            key = outcome.digest[:32]
            used = picture_files.stored_bytes(session.pictures_dir)
            problem = ""
            if key in ids:
                problem = messages("duplicate", value=ids.index(key))
            elif len(ids) >= limits.files_per_session:
                problem = messages("too_many_files", limit=limits.files_per_session)
            elif used + len(outcome.original) > limits.bytes_per_session:
                problem = messages("session_full", limit=limits.bytes_per_session // (1024 * 1024))
            elif server_used + len(outcome.original) > limits.data_quota_bytes:
                problem = messages("server_full")
            if problem:
                rejected.append({"name": name, "message": problem})
                continue
            try:
                entry = picture_files.store(outcome, session.pictures_dir, session.preview_dir,
                                            session.thumbs_dir)
            except DominoError:
                rejected.append({"name": name, "message": messages("not_a_picture")})
                continue
            server_used += len(outcome.original) + len(outcome.preview) + len(outcome.thumbnail)
            label = picture_files.label_from_name(name)
            entry["name"] = label  # what every language prints until the visitor names it
            entry["labels"] = {lang: label}
            current["pictures"].append(entry)
            added.append(entry["id"])
            rewrite_theme(session, current)
        del outcome
    return {"state": session.read_state(), "rejected": rejected, "added": added}


async def change_pictures(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    action = request.path_params["action"]
    try:
        body = await _json_body(request)
    except ValueError:
        return _bad_request(request)

    def apply() -> dict | None:
        with session.changing() as state:
            pictures = state["pictures"]
            ids = [p["id"] for p in pictures]
            if action == "order":
                order = body.get("order")
                if (not isinstance(order, list) or not all(isinstance(i, str) for i in order)
                        or sorted(order) != sorted(ids)):
                    return None
                state["pictures"] = [pictures[ids.index(i)] for i in order]
            elif action == "remove":
                if not isinstance(body.get("id"), str) or body["id"] not in ids:
                    return None
                entry = pictures.pop(ids.index(body["id"]))
                picture_files.remove_files(entry, session.pictures_dir, session.preview_dir,
                                           session.thumbs_dir)
            elif action == "name":
                if (not isinstance(body.get("id"), str) or body["id"] not in ids
                        or not isinstance(body.get("lang"), str) or body["lang"] not in languages()
                        or not isinstance(body.get("name", ""), str)):
                    return None
                label = picture_files.clean_label(str(body.get("name", "")))
                pictures[ids.index(body["id"])].setdefault("labels", {})[body["lang"]] = label
            elif action == "look":
                fit, background = body.get("fit"), str(body.get("background", ""))
                if fit not in ("contain", "cover") or not re.match(r"^#[0-9a-fA-F]{6}$", background):
                    return None
                state["fit"], state["background"] = fit, background.upper()
            elif action == "crop":  # where the square is cut with "fill the face"
                crop = picture_files.clean_crop(body.get("x"), body.get("y"))
                if body.get("id") not in ids or crop is None:
                    return None
                pictures[ids.index(body["id"])]["crop"] = list(crop)
            elif action == "title":
                state["title"] = picture_files.clean_label(str(body.get("title", "")))
            else:
                return None
            rewrite_theme(session, state)
            return state

    state = await studio.run(apply)
    if state is None:
        return _bad_request(request, "out_of_date")
    return state_answer(session, state)


# -- keep the work: the pictures as a theme file (theme_zip) --------------------------------------
async def theme_download(request: Request) -> Response:
    """"Download the theme": the visitor's pictures and settings as a .zip ``--theme`` reads."""
    studio = _studio(request)
    session = studio.session_of(request)
    state = session.read_state() if session is not None else {}
    if session is None or not state.get("pictures"):
        return PlainTextResponse("not found", status_code=404)
    make = functools.partial(theme_zip.archive_bytes, print_labels=request.query_params.get("labels") == "1")
    data = await studio.run(make, state, session.pictures_dir, titles(state), _lang(request))
    disposition = f'attachment; filename="{theme_zip.archive_name(state)}"'
    return Response(data, media_type="application/zip",
                    headers={"content-disposition": disposition, "cache-control": "no-store"})


async def theme_open(request: Request) -> Response:
    """"Open a theme": a theme's .zip (the raw body) replaces the session's pictures."""
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return PlainTextResponse("no session", status_code=401)
    lang = _lang(request)
    limit = studio.limits.bytes_per_session
    too_large = _no_store(JSONResponse({"message": word(lang, "error.file_too_large",
                                                        limit=human_size(limit, lang))}, status_code=413))
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:  # refused before a byte of it is kept
        return too_large
    with tempfile.TemporaryDirectory(prefix="domino-print-theme-") as folder:
        zip_path = Path(folder) / "theme.zip"
        with zip_path.open("wb") as kept:  # on disk as it arrives: never the whole file in memory
            stored = await _body_to_file(request, kept, limit)
        if stored == "too_large":
            return too_large
        if stored == "slow":
            return _no_store(JSONResponse({"message": word(lang, "error.bad_request")}, status_code=408))
        if stored == "gone":  # the visitor left: nobody to answer
            return Response(status_code=400)
        unpacked = Path(folder) / "theme"
        unpacked.mkdir()
        try:
            opened = await studio.run(theme_zip.read_archive, zip_path, unpacked, lang, limit,
                                      studio.limits.bytes_per_file)
        except theme_zip.RefusedTheme as exc:
            return _no_store(JSONResponse({"message": exc.message}, status_code=422))
        result = await studio.run(_open_theme, studio, session, lang, opened)
    return state_answer(session, result["state"], rejected=result["rejected"], added=result["added"],
                        print_labels=opened.print_labels)


BODY_PAUSE_S = 60.0
"""The longest wait for the next piece of an upload's body before it is given up (408)."""


async def _body_to_file(request: Request, kept, limit: int) -> str:
    """The request's body written to ``kept`` as it arrives: ``done``, or ``too_large`` past
    ``limit``, ``slow`` when no piece came for ``BODY_PAUSE_S``, ``gone`` when the client left."""
    size, pieces = 0, request.stream().__aiter__()
    while True:
        try:
            chunk = await asyncio.wait_for(pieces.__anext__(), BODY_PAUSE_S)
        except StopAsyncIteration:
            return "done"
        except asyncio.TimeoutError:
            return "slow"
        except ClientDisconnect:
            return "gone"
        size += len(chunk)
        if size > limit:
            return "too_large"
        kept.write(chunk)


def _open_theme(studio: Studio, session: Session, lang: str, opened: theme_zip.OpenedTheme) -> dict:
    with session.changing() as state:  # the theme opened replaces the pictures there were
        for entry in state["pictures"]:
            picture_files.remove_files(entry, session.pictures_dir, session.preview_dir, session.thumbs_dir)
        state["pictures"] = []
        rewrite_theme(session, state)
    result = _accept(studio, session, lang, opened.uploads)
    refused = {item["name"] for item in result["rejected"]}
    kept = [index for index, (name, _data) in enumerate(opened.uploads) if name not in refused]
    with session.changing() as state:
        by_id = {p["id"]: p for p in state["pictures"]}
        for index, ident in zip(kept, result["added"], strict=False):
            entry = by_id[ident]
            if opened.labels[index]:
                entry["labels"] = dict(opened.labels[index])
                entry["name"] = opened.labels[index].get(lang) or next(iter(opened.labels[index].values()))
            crop = opened.crops[index]
            if crop is not None:
                entry["crop"] = list(crop)
        state["fit"], state["background"], state["title"] = opened.fit, opened.background, opened.title
        rewrite_theme(session, state)
    result["state"] = session.read_state()
    return result


async def thumbnail(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    ident = request.path_params["ident"]
    if session is None or not KEY.match(ident):
        return PlainTextResponse("not found", status_code=404)
    try:
        data = (session.thumbs_dir / f"{ident}.png").read_bytes()
    except OSError:
        return PlainTextResponse("not found", status_code=404)
    return Response(data, media_type="image/png", headers={"cache-control": "private, max-age=3600"})


# -- the visitor's list of pairs (studio/lists.py) -----------------------------------------------
async def list_get(request: Request) -> Response:
    session = _studio(request).session_of(request)
    if session is None:
        return _no_session(request)
    return _no_store(JSONResponse(lists.list_answer(session.read_state(), _lang(request))))


async def list_change(request: Request) -> Response:
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    try:
        body = await _json_body(request)
    except ValueError:
        return _bad_request(request)
    state = await studio.run(lists.change, session, body)
    if state is None:
        return _bad_request(request)
    return _no_store(JSONResponse(lists.list_answer(state, _lang(request, body))))


async def list_file(request: Request) -> Response:
    """A list file as the raw body (``?name=liste.csv``), read at the next preview."""
    studio = _studio(request)
    session = studio.session_of(request)
    if session is None:
        return _no_session(request)
    lang, name = _lang(request), request.query_params.get("name", "")
    refused = lists.file_name_refused(name, lang)
    if refused:
        return _no_store(JSONResponse({"errors": [refused]}, status_code=422))
    data = await lists.body_within(request)
    if data is None:
        return _no_store(JSONResponse({"errors": [lists.too_big(lang)]}, status_code=413))
    try:
        state = await studio.run(lists.store_file, session, name, data, lang)
    except lists.ZipRefused as refused_zip:  # a list with its pictures: a .zip that brings none
        return _no_store(JSONResponse({"errors": [{"field": lists.LIST, "message": refused_zip.message}]},
                                      status_code=422))
    return _no_store(JSONResponse(lists.list_answer(state, lang)))


async def calibration(request: Request) -> Response:
    """The calibration sheet, to measure the backs' offset: for the paper, flip edge and language
    on the form (``domino-print calibrate``)."""
    studio = _studio(request)
    wanted = {name: request.query_params[name] for name in ("paper", "duplex", "lang")
              if request.query_params.get(name)}
    try:
        async with studio.slots():
            data = await studio.run(make_calibration, wanted)
    except DominoError:
        return PlainTextResponse("not found", status_code=404)
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": 'attachment; filename="calibration.pdf"', "cache-control": "no-store"})


GOAL_PICTURE_PX = (480, 300)
"""A goal's small picture (shown at half that size): the top left of its first page, where the
first tiles are."""


def _goal_picture(cache_dir: Path, name: str) -> bytes | None:
    chosen = goal(name)
    if chosen is None:
        return None
    key = cache_key(chosen.sample, "", "goal")
    path = cache_dir / f"goal-{key}.jpg"
    try:
        return path.read_bytes()
    except OSError:
        pass
    build_with_pages(chosen.sample, cache_dir, key)
    page = page_image(cache_dir, key, 0)
    if page is None:
        return None
    with Image.open(io.BytesIO(page)) as image:
        width, height = image.size
        box_w = min(width, round(width * 0.55))
        box_h = min(height, round(box_w * GOAL_PICTURE_PX[1] / GOAL_PICTURE_PX[0]))
        part = image.convert("RGB").crop((0, 0, box_w, box_h))
        part = part.resize(GOAL_PICTURE_PX, Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        part.save(buffer, "JPEG", quality=85)
    data = buffer.getvalue()
    path.write_bytes(data)
    return data


async def goal_picture(request: Request) -> Response:
    """A goal's small picture on the first screen: a corner of what its settings make."""
    studio = _studio(request)
    async with studio.slots():
        data = await studio.run(_goal_picture, studio.common_cache, request.path_params["name"])
    if data is None:
        return PlainTextResponse("not found", status_code=404)
    return Response(data, media_type="image/jpeg", headers={"cache-control": "public, max-age=86400"})


async def health(_request: Request) -> Response:
    """``ok``, and which worker process answered (``x-domino-print-worker``, as downloads say)."""
    return PlainTextResponse("ok\n", headers=_WORKER)


_WORKER = {"x-domino-print-worker": str(os.getpid())}
"""The process that answers: several workers (``domino-print studio --workers``) serve one session."""


async def no_icon(_request: Request) -> Response:
    return Response(status_code=204)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The shared state lives as long as the app serves: its render threads stop with it."""
    yield
    app.state.studio.executor.shutdown(wait=False, cancel_futures=True)


ROUTES = [
    Route("/", home),
    Route("/health", health),
    Route("/goal/{name}.jpg", goal_picture),
    Route("/calibration.pdf", calibration),
    Route("/favicon.ico", no_icon),
    Route("/api/preview", preview, methods=["POST"]),
    Route("/api/size/{scope}/{key}", size),
    Route("/api/pictures", pictures_state, methods=["GET"]),
    Route("/api/pictures", upload, methods=["POST"]),
    Route("/api/picture", upload_one, methods=["POST"]),
    Route("/api/pictures/{action}", change_pictures, methods=["POST"]),
    Route("/thumbs/{ident}.png", thumbnail),
    Route("/theme.zip", theme_download),
    Route("/api/theme", theme_open, methods=["POST"]),
    Route("/pages/{scope}/{key}/{page:int}.jpg", page_picture),
    Route("/zoom/{scope}/{key}/{page:int}.jpg", zoom_picture),
    Route("/download/{scope}/{key}.pdf", download),
    Route("/download/{scope}/{key}.3mf", download_3mf),
    Mount("/static", _StaticFiles(directory=STATIC), name="static"),
    Route("/api/list", list_get, methods=["GET"]),
    Route("/api/list", list_change, methods=["POST"]),
    Route("/api/list/file", list_file, methods=["POST"]),
]


def create_app(settings: Settings | None = None) -> Guard:
    """The studio as an ASGI app, wrapped in its guard; its shared state in ``app.state.studio``."""
    settings = settings or Settings.from_env()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    studio = Studio(settings)
    app = Starlette(routes=ROUTES, lifespan=lifespan, exception_handlers={NoRoom: _no_room})
    app.state.studio = studio
    guard = Guard(app, settings.hosts)
    guard.studio = studio  # type: ignore[attr-defined]  # the tests reach the studio through the app
    return guard
