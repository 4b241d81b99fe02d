"""Keep the work: the visitor's pictures and settings as a theme file (``GET /theme.zip``, the
.zip ``--theme`` reads), and such a file opened again (``POST /api/theme``), replacing the
pictures there were (``studio/theme_zip.py`` writes and reads the archive)."""

from __future__ import annotations

import asyncio
import functools
import tempfile
from pathlib import Path

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

import domino_print.studio.theme_zip as theme_zip
import domino_print.studio.uploads as picture_files
from domino_print.api_internal import human_size
from domino_print.studio.routes.pictures import accept, rewrite_theme, state_answer, titles
from domino_print.studio.routes.visit import Studio, answer, not_found, visit
from domino_print.studio.sessions import Session
from domino_print.studio.words import word

BODY_PAUSE_S = 60.0
"""The longest wait for the next piece of an upload's body before it is given up (408)."""


async def theme_download(request: Request) -> Response:
    """"Download the theme": the visitor's pictures and settings as a .zip ``--theme`` reads."""
    here = visit(request, missing=not_found)
    state = here.session.read_state()
    if not state.get("pictures"):
        return not_found(request)
    make = functools.partial(theme_zip.archive_bytes, print_labels=request.query_params.get("labels") == "1")
    data = await here.studio.run(make, state, here.session.pictures_dir, titles(state), here.lang)
    disposition = f'attachment; filename="{theme_zip.archive_name(state)}"'
    return Response(data, media_type="application/zip",
                    headers={"content-disposition": disposition, "cache-control": "no-store"})


async def theme_open(request: Request) -> Response:
    """"Open a theme": a theme's .zip (the raw body) replaces the session's pictures."""
    here = visit(request)  # without a session: the worded 401 (``visit.no_session``)
    studio, lang = here.studio, here.lang
    limit = studio.limits.bytes_per_session
    too_large = answer({"message": word(lang, "error.file_too_large", limit=human_size(limit, lang))}, 413)
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
            return answer({"message": word(lang, "error.bad_request")}, 408)
        if stored == "gone":  # the visitor left: nobody to answer
            return Response(status_code=400)
        unpacked = Path(folder) / "theme"
        unpacked.mkdir()
        try:
            opened = await studio.run(theme_zip.read_archive, zip_path, unpacked, lang, limit,
                                      studio.limits.bytes_per_file)
        except theme_zip.RefusedTheme as exc:
            return answer({"message": exc.message}, 422)
        result = await studio.run(_open_theme, studio, here.session, lang, opened)
    return state_answer(here.session, result["state"], rejected=result["rejected"], added=result["added"],
                        print_labels=opened.print_labels)


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
    result = accept(studio, session, lang, opened.uploads)
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
