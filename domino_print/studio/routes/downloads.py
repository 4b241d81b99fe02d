"""A previewed set to keep: its PDF (``/download/<scope>/<key>.pdf``, ``?inline=1`` to open it in
the browser), its 3D print (``.3mf``, or a zip of one per plate), and the size of the visitor's
PDF (``/api/size/session/<key>``), each made again when the cache let it go. A refusal is worded in
the page's language (``?lang=``, which the page's links carry; else the document's language): a
set whose settings changed since its preview (409), a set that cannot be made again (422, worded
as the preview words it: ``previews.field_error``)."""

from __future__ import annotations

import json
import re

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

import domino_print.studio.lists as lists
import domino_print.studio.uploads as picture_files
from domino_print.api import DominoError, WordedError
from domino_print.options.wording import describe
from domino_print.studio.rendering import TooManyTiles, build, build_3mf, cache_key, cached_options
from domino_print.studio.routes.previews import cached_facts, field_error, prepare_list, summary
from domino_print.studio.routes.visit import WORKER, answer, field_errors, lang_of, not_found, scoped
from domino_print.studio.sessions import Session
from domino_print.studio.words import word
from domino_print.texts import DEFAULT_LANG, languages

_FILE_NAME = re.compile(r"^[a-z0-9-]{1,80}\.pdf$")


def _full_options(session: Session, key: str) -> dict | None:
    """The options of a download key of this session: saved with the last preview."""
    state = session.read_state()
    options = state.get("options") or {}
    if options.get("theme") == lists.LIST:
        try:
            _shown, full, digest = prepare_list(session, state, options)
        except lists.NoList:
            return None
    else:
        digest = picture_files.state_digest(state)
        full = {**options, "theme": str(session.pictures_dir)}
    return full if cache_key(full, digest, "full") == key else None


async def size(request: Request) -> Response:
    named = scoped(request, session_only=True)
    studio, session, key = named.studio, named.session, named.key
    assert session is not None  # the session's scope
    lang = lang_of(request)
    facts = cached_facts(session.cache_dir, key)
    if facts is None:
        options = _full_options(session, key)
        if options is None:
            return answer({"message": "changed"}, 409)
        try:
            async with studio.slots():
                facts = await studio.run(build, options, session.cache_dir, key)
        except DominoError as exc:
            return field_errors(field_error(exc, lang, session))
    return answer({"summary": summary(lang, facts)})


def _page_lang(request: Request, options: dict | None) -> str:
    """The language of a download's refusal: the page's (``?lang=``), else the document's."""
    if request.query_params.get("lang") in languages():
        return lang_of(request)
    lang = str((options or {}).get("lang") or DEFAULT_LANG)
    return lang if lang in languages() else DEFAULT_LANG


def _changed(lang: str) -> Response:
    """409: the settings or the pictures changed since the preview this download belongs to."""
    return PlainTextResponse(word(lang, "error.download_changed"), status_code=409)


def not_made(exc: DominoError, lang: str, session: Session | None) -> Response:
    """422: the set cannot be made again, worded as its preview would be (``field_error``: the
    visitor's folders named as the page names them); a built-in theme's set names no folder."""
    if session is not None:
        message = field_error(exc, lang, session)["message"]
    elif isinstance(exc, WordedError):
        message = describe(exc, "form", lang)
    else:
        message = word(lang, "error.bad_request")
    return PlainTextResponse(message, status_code=422)


async def download(request: Request) -> Response:
    named = scoped(request)
    studio, cache_dir, key = named.studio, named.cache_dir, named.key
    pdf_path = cache_dir / f"{key}.pdf"
    if not pdf_path.is_file() and named.session is not None:
        options = _full_options(named.session, key)
        if options is None:
            return _changed(_page_lang(request, None))
        try:
            async with studio.slots():
                await studio.run(build, options, cache_dir, key)
        except DominoError as exc:
            return not_made(exc, _page_lang(request, options), named.session)
    try:
        data = pdf_path.read_bytes()
        facts = json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return not_found(request)
    name = request.query_params.get("name", "")
    if not _FILE_NAME.match(name):
        theme = facts.get("theme", "dominos")
        name = "dominos-" + re.sub(r"[^A-Za-z0-9_-]+", "-", theme).strip("-") + ".pdf"
    disposition = "inline" if request.query_params.get("inline") else "attachment"
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": f'{disposition}; filename="{name}"', "cache-control": "no-store", **WORKER})


async def download_3mf(request: Request) -> Response:
    """The 3D print of a previewed set (``Pour l'imprimante 3D``): a 3MF, or a zip of one per plate."""
    named = scoped(request)
    studio, cache_dir, key = named.studio, named.cache_dir, named.key
    session = named.session
    options = _full_options(session, key) if session is not None else cached_options(cache_dir, key)
    if options is None:
        return _changed(_page_lang(request, None))
    lang = _page_lang(request, options)
    most = studio.limits.tiles_per_3d_print
    try:
        async with studio.slots():
            suffix, data = await studio.run(build_3mf, options, cache_dir, key, most)
    except TooManyTiles as refused:
        return PlainTextResponse(word(lang, "error.print3d_too_many", count=refused.count, most=most),
                                 status_code=422)
    except DominoError as exc:
        return not_made(exc, lang, session)
    name = request.query_params.get("name", "")
    stem = name[:-4] if _FILE_NAME.match(name) else "dominos"
    media = "model/3mf" if suffix == ".3mf" else "application/zip"
    return Response(data, media_type=media, headers={
        "content-disposition": f'attachment; filename="{stem}-3d{suffix}"', "cache-control": "no-store"})
