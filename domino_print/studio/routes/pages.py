"""The studio's pages and their own files: the page itself (``/``), the calibration sheet, the
static files (the goals' small pictures among them, shipped in ``static/goals/``), the health
check and the favicon's absence."""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles

from domino_print.api import DominoError, make_calibration
from domino_print.studio.page import render_page
from domino_print.studio.routes.downloads import not_made
from domino_print.studio.routes.visit import WORKER, client, lang_of, no_store, studio_of

STATIC = Path(__file__).resolve().parent.parent / "static"


async def home(request: Request) -> Response:
    """The page (``?lang=en``), starting a session if the visitor has none (no folder until the
    visitor stores something)."""
    studio = studio_of(request)
    session = studio.session_of(request)
    fresh = session is None
    if session is None:
        session = studio.sessions.create(client(request))
    response = no_store(HTMLResponse(render_page(lang_of(request), session.read_state())))
    return studio.with_cookie(response, session) if fresh else response


async def calibration(request: Request) -> Response:
    """The calibration sheet, to measure the backs' offset: for the paper, flip edge and language
    on the form (``domino-print calibrate``); a choice the form does not offer is a worded 422."""
    studio = studio_of(request)
    wanted = {name: request.query_params[name] for name in ("paper", "duplex", "lang")
              if request.query_params.get(name)}
    try:
        async with studio.slots():
            data = await studio.run(make_calibration, wanted)
    except DominoError as exc:  # only an address made by hand: the page offers the choices it takes
        return not_made(exc, lang_of(request), None)
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": 'attachment; filename="calibration.pdf"', "cache-control": "no-store"})


async def health(_request: Request) -> Response:
    """``ok``, and which worker process answered (``x-domino-print-worker``, as downloads say)."""
    return PlainTextResponse("ok\n", headers=WORKER)


async def no_icon(_request: Request) -> Response:
    return Response(status_code=204)


class OwnFiles(StaticFiles):
    """The page's own files; a name ending in a slash names a folder, and there is none: 404."""

    async def get_response(self, path: str, scope) -> Response:
        if scope["path"].endswith("/"):
            raise HTTPException(status_code=404)  # worded by the app (``visit.http_error``)
        return await super().get_response(path, scope)
