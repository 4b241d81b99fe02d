"""The live preview: options -> the preview's pages, summary line, command line, or the one-line
error of the field at fault (``POST /api/preview``); a page of a preview, as shown and enlarged
(``/pages/<scope>/<key>/<n>.jpg?w=<pixels>``, as wide as the page shows it; ``/zoom/...``).

A preview's theme is one of three cases, each its own ``_target``: a built-in theme (the ``common``
cache every visitor shares), the visitor's pictures, or the visitor's list (the ``session``'s
cache). Within a session a newer preview request makes an older one that is still waiting give up.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import NamedTuple

from starlette.requests import Request
from starlette.responses import Response

import domino_print.studio.lists as lists
import domino_print.studio.uploads as picture_files
from domino_print.api import (
    DocumentFacts,
    DominoError,
    PictureError,
    WordedError,
    builtin_themes,
    summary_line,
)
from domino_print.options.table import BY_NAME
from domino_print.options.values import decimal_points
from domino_print.options.wording import describe, form_fields
from domino_print.studio.rendering import (
    PICTURES,
    build_with_pages,
    cache_key,
    command_line,
    page_image,
    shown_width,
    trim_cache,
)
from domino_print.studio.routes.pictures import picture_message
from domino_print.studio.routes.visit import (
    Refused,
    Visit,
    answer,
    bad_request,
    field_errors,
    lang_of,
    not_found,
    read_json,
    scoped,
    visit,
)
from domino_print.studio.sessions import Session
from domino_print.studio.words import word
from domino_print.studio.zoom import zoomed_page
from domino_print.texts import DEFAULT_LANG, languages

TRIM_EVERY = 16
"""Previews between two trims of a cache to its size limit."""
PAGE_HEADERS = {"cache-control": "private, max-age=3600, immutable"}


@cache
def _field_kinds() -> dict[str, str]:
    """The options the form may send (the option table's, without the command line's own): kinds."""
    return {str(f["name"]): str(f["kind"]) for f in form_fields(DEFAULT_LANG)}


def field_names() -> frozenset[str]:
    return frozenset(_field_kinds())


def clean_options(raw: object) -> dict:
    if not isinstance(raw, dict):
        raise ValueError("options must be an object")
    options = {}
    for name, value in raw.items():
        if name not in field_names():
            raise ValueError(f"unknown option {name!r}")
        too_long = isinstance(value, str) and len(value) > 200
        if not isinstance(value, (str, bool, int, float)) or too_long:
            raise ValueError(f"bad value for {name!r}")
        if value == "" or value is False:
            continue
        # a decimal comma (2,5; 1,5;-0,5) as the option table reads it, for the command line shown
        options[name] = decimal_points(BY_NAME[name], value) if isinstance(value, str) else value
    return options


def file_name(options: dict, state: dict, own: bool) -> str:
    """The downloaded file's name: the class label, else the title typed, else the theme
    (``dominos-cm1-lutins.pdf``), in plain letters a file system takes everywhere."""
    named = str(options.get("label") or (state.get("title") if own else "") or options.get("theme") or "")
    plain = unicodedata.normalize("NFKD", named).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:60].strip("-")
    return f"dominos-{slug}.pdf" if slug else "dominos.pdf"


def summary(lang: str, facts: dict) -> str:
    """The summary line of a preview; its pictures that print soft are said beside their thumbnails
    instead (``uploads.low_resolution``: the preview's facts count its small copies' pixels)."""
    return summary_line(DocumentFacts.from_json({**facts, "low_resolution": []}), lang)


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
        fields = [f for f in error.fields if f in field_names()]
        return {"field": fields[0] if fields else "general", "message": describe(shown, "form", lang)}
    if isinstance(error, PictureError):
        name = str(_shown_value(error.path, session, lang))
        return {"field": "pictures", "message": word(lang, "pictures.refused", name=name,
                                                      message=picture_message(error, lang))}
    message = str(error)
    for folder in (session.preview_dir, session.pictures_dir):  # a theme file's own error line
        message = message.replace(f"{folder}/theme.toml: ", "").replace(f"{folder}/", "")
    return {"field": "pictures", "message": message}


def cached_facts(cache_dir: Path, key: str) -> dict | None:
    try:
        return json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def prepare_list(session: Session, state: dict, options: dict) -> lists.Prepared:
    """The list's files written under the session's lock, in folders named by their content."""
    with session.locked():
        return lists.prepare(session.folder, session.pictures_dir, session.preview_dir, state, options)


def _save_options(session: Session, options: dict) -> None:
    with session.changing() as state:
        state["options"] = options


class Target(NamedTuple):
    """What a preview renders (``shown``, under ``key``) and what its download renders (``full``,
    under ``full_key``), in the cache of ``scope``."""

    shown: dict
    full: dict
    cache_dir: Path
    scope: str
    key: str
    full_key: str


async def _read_request(request: Request) -> tuple[dict, dict]:
    """The request's body and its options, checked; ``Refused`` (400) for what the page would not send."""
    try:
        body = await read_json(request)
        options = clean_options(body.get("options", {}))
        if "lang" in options and options["lang"] not in languages():  # never a catalogue's path
            raise ValueError("unknown language")
    except ValueError:
        raise Refused(bad_request(request)) from None
    return body, options


def _builtin_target(visit: Visit, options: dict) -> Target:
    key = cache_key(options, "", "full")
    return Target(options, options, visit.studio.common_cache, "common", key, key)


def _pictures_target(visit: Visit, state: dict, options: dict, lang: str) -> Target:
    if not state.get("pictures"):
        raise Refused(field_errors({"field": "theme", "message": word(lang, "error.no_pictures")}))
    session = visit.session
    digest = picture_files.state_digest(state)
    shown = {**options, "theme": str(session.preview_dir), "dpi": 72}
    full = {**options, "theme": str(session.pictures_dir)}
    return Target(shown, full, session.cache_dir, "session", cache_key(shown, digest, "preview"),
                  cache_key(full, digest, "full"))


async def _list_target(visit: Visit, state: dict, options: dict, lang: str) -> Target:
    """The visitor's list, uploaded or typed (studio/lists.py)."""
    try:
        shown, full, digest = await visit.studio.run(prepare_list, visit.session, state, options)
    except lists.NoList:
        raise Refused(field_errors({"field": lists.LIST, "message": word(lang, "list.error.none")})) from None
    full_key = cache_key(full, digest, "full")
    # Without pictures, the preview's PDF is the very PDF to download.
    key = full_key if shown == full else cache_key(shown, digest, "preview")
    return Target(shown, full, visit.session.cache_dir, "session", key, full_key)


async def _state(visit: Visit, theme: str, body: dict) -> dict:
    """The session's state; a typed table's edit rides with its preview (studio/lists.py keeps it
    first): then the state with the rows this request sent."""
    if theme == lists.LIST and "list_rows" in body:
        saved = await visit.studio.run(lists.save_rows, visit.session, body["list_rows"])
        if saved is None:
            raise Refused(bad_request(visit.request))
        return saved
    return visit.session.read_state()


def _answer(lang: str, theme: str, options: dict, state: dict, target: Target, facts: dict,
            width: int | None) -> Response:
    own = target.scope == "session"  # the session's: the pictures', the list's
    if own:
        full_facts = cached_facts(target.cache_dir, target.full_key)
        facts = {**facts, "size": full_facts["size"] if full_facts else None}
    base, scope, full_key = f"/pages/{target.scope}/{target.key}", target.scope, target.full_key
    named = {"title": Path(target.full["theme"]).stem} if theme == lists.LIST else state
    wide = "" if width is None else f"?w={width}"
    return answer({
        "key": target.key,
        "pages": [f"{base}/{n}.jpg{wide}" for n in range(facts["pages"])],
        "summary": summary(lang, facts),
        # The visitor's pictures over the set (named in the summary too) are marked beside their
        # thumbnails: the highest value the set uses, when the pictures make a double set.
        "pictures_top": facts["top"] if theme == PICTURES and facts.get("deck") == "double" else None,
        # ...and those that would print soft at this tile's size (the originals' pixels), with what
        # to do, by picture id.
        "low_resolution": picture_files.low_resolution(state, facts.get("picture_mm"),
                                                       Path(target.full["theme"]), lang)
        if theme == PICTURES else {},
        "size_known": facts.get("size") is not None,
        "size_url": f"/api/size/{scope}/{full_key}" if own else None,
        # Only where the command works later: a session's folder goes when the session does.
        "command": None if own else command_line(options, None),
        "download": f"/download/{scope}/{full_key}.pdf",
        "print3d": f"/download/{scope}/{full_key}.3mf",
        "file_name": file_name(options, named, own),
    })


async def preview(request: Request) -> Response:
    here = visit(request)
    studio, session = here.studio, here.session
    body, options = await _read_request(request)
    lang = lang_of(request, body)
    # The visitor's newest request is the one that arrived last: its ticket is taken before any
    # wait (a list's rows saved and read), so that an older request still preparing can never
    # take a later ticket and make the newest give up while the older one renders.
    ticket = studio.take_ticket(session)
    theme = options.get("theme", "pips")
    if theme not in (PICTURES, lists.LIST) and theme not in builtin_themes():  # never a path from the browser
        message = word(lang, "error.unknown_theme", themes=", ".join(builtin_themes()))
        return field_errors({"field": "theme", "message": message})
    state = await _state(here, theme, body)
    if theme == PICTURES:
        target = _pictures_target(here, state, options, lang)
    elif theme == lists.LIST:
        target = await _list_target(here, state, options, lang)
    else:
        target = _builtin_target(here, options)
    width = shown_width(body.get("page_px"))  # the page's pictures drawn as wide as it shows them
    try:
        facts = await studio.in_slot(lang, build_with_pages, target.shown, target.cache_dir, target.key,
                                     width, wanted=lambda: studio.is_latest(session, ticket))
    except DominoError as exc:
        shown_error = lists.list_error(exc, lang, state, field_names()) or field_error(exc, lang, session)
        return field_errors(shown_error)
    if state.get("options") != options:
        await studio.run(_save_options, session, options)
    studio.builds += 1
    if studio.builds % TRIM_EVERY == 0:
        own = target.scope == "session"
        await studio.run(trim_cache, target.cache_dir,
                         studio.limits.session_cache_bytes if own else studio.limits.cache_bytes)
    return _answer(lang, theme, options, state, target, facts, width)


def _asked_width(request: Request) -> int | None:
    """The width a page picture is asked for (``?w=``, as the preview's answer gives it), or None."""
    asked = request.query_params.get("w", "")
    return shown_width(int(asked)) if asked.isascii() and asked.isdigit() and len(asked) <= 5 else None


async def page_picture(request: Request) -> Response:
    """A page of a preview, as the page shows it."""
    named = scoped(request)
    data = await named.studio.run(page_image, named.cache_dir, named.key, request.path_params["page"],
                                  _asked_width(request))
    if data is None:
        return not_found()
    return Response(data, media_type="image/jpeg", headers=PAGE_HEADERS)


async def zoom_picture(request: Request) -> Response:
    """A page of the preview enlarged (``zoom``), to check the faces; drawn in a render slot, as a
    preview is."""
    named = scoped(request)
    data = await named.studio.in_slot(lang_of(request), zoomed_page, named.cache_dir, named.key,
                                      request.path_params["page"])
    if data is None:
        return not_found()
    return Response(data, media_type="image/jpeg", headers=PAGE_HEADERS)
