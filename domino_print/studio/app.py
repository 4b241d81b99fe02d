"""The studio's ASGI app (Starlette): the routes of ``studio/routes/`` assembled, in their guard.

``create_app`` sets the process's shared state, ``Studio`` (settings, sessions, caches, render
threads), on ``app.state.studio``; the lifespan stops the render threads. ``Guard`` refuses a
request whose Host or Origin is not this server's, and every answer carries a Content-Security-
Policy without inline script and ``nosniff``. Starlette's own refusals (an address no route has,
a method a route does not take) are worded in the page's language (``http_error``), and so is an
unexpected exception (a 500, ``server_error``: its traceback goes to the server's log, never to the
visitor). Renders run in worker threads, at most ``Limits.concurrent_renders`` at once in a
process. An endpoint's early answer (no session, a key that names nothing, a body the page would
not send) is raised as ``Refused`` and given here.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.routing import Mount, Route

from domino_print.studio.routes import downloads, list_routes, pages, pictures, previews, theme_files
from domino_print.studio.routes.guard import Guard
from domino_print.studio.routes.visit import Refused, Studio, http_error, no_room, refused, server_error
from domino_print.studio.sessions import NoRoom
from domino_print.studio.settings import Settings


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The shared state lives as long as the app serves: its render threads stop with it."""
    yield
    app.state.studio.executor.shutdown(wait=False, cancel_futures=True)


ROUTES = [
    Route("/", pages.home),
    Route("/health", pages.health),
    Route("/calibration.pdf", pages.calibration),
    Route("/favicon.ico", pages.no_icon),
    Route("/api/preview", previews.preview, methods=["POST"]),
    Route("/api/size/{scope}/{key}", downloads.size),
    Route("/api/pictures", pictures.pictures_state, methods=["GET"]),
    Route("/api/pictures", pictures.upload, methods=["POST"]),
    Route("/api/picture", pictures.upload_one, methods=["POST"]),
    Route("/api/pictures/{action}", pictures.change_pictures, methods=["POST"]),
    Route("/thumbs/{ident}.png", pictures.thumbnail),
    Route("/theme.zip", theme_files.theme_download),
    Route("/api/theme", theme_files.theme_open, methods=["POST"]),
    Route("/pages/{scope}/{key}/{page:int}.jpg", previews.page_picture),
    Route("/zoom/{scope}/{key}/{page:int}.jpg", previews.zoom_picture),
    Route("/download/{scope}/{key}.pdf", downloads.download),
    Route("/download/{scope}/{key}.3mf", downloads.download_3mf),
    Mount("/static", pages.OwnFiles(directory=pages.STATIC), name="static"),
    Route("/api/list", list_routes.list_get, methods=["GET"]),
    Route("/api/list", list_routes.list_change, methods=["POST"]),
    Route("/api/list/file", list_routes.list_file, methods=["POST"]),
]


def create_app(settings: Settings | None = None) -> Guard:
    """The studio as an ASGI app, wrapped in its guard; its shared state in ``app.state.studio``."""
    settings = settings or Settings.from_env()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    studio = Studio(settings)
    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    exception_handlers={NoRoom: no_room, Refused: refused, HTTPException: http_error,
                                        Exception: server_error})
    app.state.studio = studio
    guard = Guard(app, settings.hosts)
    guard.studio = studio  # type: ignore[attr-defined]  # the tests reach the studio through the app
    return guard
