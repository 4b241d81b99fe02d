"""The studio's pages and their own files: the page itself (``/``), the goals' small pictures,
the calibration sheet, the static files, the health check and the favicon's absence."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles

from domino_print.api import DominoError, make_calibration
from domino_print.studio.goals import goal
from domino_print.studio.page import render_page
from domino_print.studio.rendering import build_with_pages, cache_key, page_image
from domino_print.studio.routes.visit import WORKER, client, lang_of, no_store, not_found, studio_of

STATIC = Path(__file__).resolve().parent.parent / "static"
GOAL_PICTURE_PX = (480, 300)
"""A goal's small picture (shown at half that size): the top left of its first page, where the
first tiles are."""


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
    on the form (``domino-print calibrate``)."""
    studio = studio_of(request)
    wanted = {name: request.query_params[name] for name in ("paper", "duplex", "lang")
              if request.query_params.get(name)}
    try:
        async with studio.slots():
            data = await studio.run(make_calibration, wanted)
    except DominoError:
        return not_found()
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": 'attachment; filename="calibration.pdf"', "cache-control": "no-store"})


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
    studio = studio_of(request)
    async with studio.slots():
        data = await studio.run(_goal_picture, studio.common_cache, request.path_params["name"])
    if data is None:
        return not_found()
    return Response(data, media_type="image/jpeg", headers={"cache-control": "public, max-age=86400"})


async def health(_request: Request) -> Response:
    """``ok``, and which worker process answered (``x-domino-print-worker``, as downloads say)."""
    return PlainTextResponse("ok\n", headers=WORKER)


async def no_icon(_request: Request) -> Response:
    return Response(status_code=204)


class OwnFiles(StaticFiles):
    """The page's own files; a name ending in a slash names a folder, and there is none: 404."""

    async def get_response(self, path: str, scope) -> Response:
        if scope["path"].endswith("/"):
            return PlainTextResponse("Not Found", status_code=404)
        return await super().get_response(path, scope)
