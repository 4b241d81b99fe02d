"""The visitor's pictures: their state (``GET /api/pictures``), uploads (``POST /api/pictures``,
multipart, or ``/api/picture``, one raw file), their changes (``/api/pictures/<action>``: order,
remove, name, look, crop, title) and their thumbnails (``/thumbs/<id>.png``).

Each upload is checked, decoded and stored in name order, one at a time (``accept``); every change
rewrites the session's theme (``rewrite_theme``), so the next preview reads it.
"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import Response

import domino_print.studio.uploads as picture_files
from domino_print.api import DominoError, PictureError
from domino_print.api_internal import human_size, natural_key
from domino_print.studio.routes.visit import (
    KEY,
    Studio,
    answer,
    bad_request,
    disk_problem,
    json_body,
    not_found,
    visit,
)
from domino_print.studio.sessions import Session
from domino_print.studio.words import word
from domino_print.texts import languages

PICTURE_MESSAGES = {"not_a_picture": "not_a_picture", "too_large": "too_many_pixels", "damaged": "damaged",
                    "bad_svg": "bad_svg", "empty": "empty", "unsupported": "unsupported_compression"}
"""The page's message (``studio.error.<key>``) for each ``pictures.PictureError.category``."""


def titles(state: dict) -> dict[str, str]:
    """The set's title in every language: the one typed, else each language's own default."""
    typed = str(state.get("title") or "").strip()
    return {lang: typed or word(lang, "pictures.default_title") for lang in languages()}


def rewrite_theme(session: Session, state: dict) -> None:
    picture_files.write_theme(state, session.pictures_dir, session.preview_dir, titles(state))


def state_answer(session: Session, state: dict, **extra) -> Response:
    pictures = [{"id": p["id"], "labels": p.get("labels", {}), "thumb": f"/thumbs/{p['id']}.png",
                 "crop": picture_files.crop_of(p),
                 "printed": {code: picture_files.printed_name(p, code, value) for code in languages()}}
                for value, p in enumerate(state.get("pictures", []))]
    return answer({"pictures": pictures, "fit": state.get("fit"), "background": state.get("background"),
                   "title": state.get("title", ""), **extra})


def picture_message(error: PictureError, lang: str) -> str:
    """A refused picture's message in the page's language, from the error's category and values."""
    key = PICTURE_MESSAGES.get(error.category, "not_a_picture")
    if key == "unsupported_compression":
        return word(lang, f"error.{key}", compression=error.values.get("compression", "?"))
    if key != "too_many_pixels":
        return word(lang, f"error.{key}")
    values = {name: error.values.get(name, "?") for name in ("megapixels", "limit")}
    return word(lang, f"error.{key}", **values)


def _room_problem(studio: Studio, session: Session, current: dict, outcome, server_used: int,
                  lang: str) -> str:
    """Why a decoded picture cannot be kept (a duplicate, too many, the session or the server
    full), or ""."""
    limits = studio.limits
    ids = [p["id"] for p in current["pictures"]]
    used = picture_files.stored_bytes(session.pictures_dir)
    if outcome.digest[:32] in ids:
        return word(lang, "error.duplicate", value=ids.index(outcome.digest[:32]))
    if len(ids) >= limits.files_per_session:
        return word(lang, "error.too_many_files", limit=limits.files_per_session)
    if used + len(outcome.original) > limits.bytes_per_session:
        return word(lang, "error.session_full", limit=limits.bytes_per_session // (1024 * 1024))
    if server_used + len(outcome.original) > limits.data_quota_bytes:
        return word(lang, "error.server_full")
    return ""


def accept(studio: Studio, session: Session, lang: str, uploads: list) -> dict:
    """Check, decode and store each upload in name order, one at a time: only one picture's bytes
    and pixels are held at once (``uploads``: (name, bytes, or a callable reading them from the
    spooled request, or None for a file over the limit))."""
    rejected, added = [], []
    server_used = studio.sessions.used_bytes()
    for name, source in sorted(uploads, key=lambda item: natural_key(item[0])):
        data = source() if callable(source) else source
        if data is None:
            limit = human_size(studio.limits.bytes_per_file, lang)
            rejected.append({"name": name, "message": word(lang, "error.file_too_large", limit=limit)})
            continue
        try:
            outcome = picture_files.prepare_upload(data, name)
        except PictureError as exc:
            rejected.append({"name": name, "message": picture_message(exc, lang)})
            continue
        del data
        with session.changing() as current:
            problem = _room_problem(studio, session, current, outcome, server_used, lang)
            if problem:
                rejected.append({"name": name, "message": problem})
                continue
            try:
                entry = picture_files.store(outcome, session.pictures_dir, session.preview_dir,
                                            session.thumbs_dir)
            except DominoError:
                rejected.append({"name": name, "message": word(lang, "error.not_a_picture")})
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


async def pictures_state(request: Request) -> Response:
    here = visit(request)
    return state_answer(here.session, here.session.read_state())


def _read_spooled(file) -> bytes:
    file.seek(0)
    return file.read()


async def upload(request: Request) -> Response:
    here = visit(request)
    limits = here.studio.limits
    declared = request.headers.get("content-length")
    ceiling = limits.files_per_request * limits.bytes_per_file + 1024 * 1024
    if declared is None or not declared.isdigit() or int(declared) > ceiling:
        return bad_request(request, "too_many_at_once", limit=limits.files_per_request)
    try:
        form = await request.form(max_files=limits.files_per_request, max_fields=10)
    except Exception:
        return bad_request(request)
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
        result = await here.studio.run(accept, here.studio, here.session, here.lang, uploads)
    except OSError as exc:
        return disk_problem(exc, here.lang)
    finally:
        await form.close()
    return state_answer(here.session, result["state"], rejected=result["rejected"], added=result["added"])


async def _body_within(request: Request, limit: int) -> bytes | None:
    """The request's body, or None past ``limit`` bytes (declared or sent)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def upload_one(request: Request) -> Response:
    """One picture as the raw request body (the page sends each file so, several at once:
    no multipart parsing, and decoding starts as soon as each file has arrived)."""
    here = visit(request)
    name = picture_files.clean_label(request.query_params.get("name", "?")) or "?"
    data = await _body_within(request, here.studio.limits.bytes_per_file)
    try:
        result = await here.studio.run(accept, here.studio, here.session, here.lang, [(name, data)])
    except OSError as exc:
        return disk_problem(exc, here.lang)
    return state_answer(here.session, result["state"], rejected=result["rejected"], added=result["added"])


# -- the changes of ``/api/pictures/<action>``: each True when the body is one the page sends ------
def _ids(state: dict) -> list[str]:
    return [p["id"] for p in state["pictures"]]


def _order(state: dict, body: dict, session: Session) -> bool:
    order, ids = body.get("order"), _ids(state)
    if (not isinstance(order, list) or not all(isinstance(i, str) for i in order)
            or sorted(order) != sorted(ids)):
        return False
    state["pictures"] = [state["pictures"][ids.index(i)] for i in order]
    return True


def _remove(state: dict, body: dict, session: Session) -> bool:
    ids = _ids(state)
    if not isinstance(body.get("id"), str) or body["id"] not in ids:
        return False
    entry = state["pictures"].pop(ids.index(body["id"]))
    picture_files.remove_files(entry, session.pictures_dir, session.preview_dir, session.thumbs_dir)
    return True


def _name(state: dict, body: dict, session: Session) -> bool:
    ids = _ids(state)
    if (not isinstance(body.get("id"), str) or body["id"] not in ids
            or not isinstance(body.get("lang"), str) or body["lang"] not in languages()
            or not isinstance(body.get("name", ""), str)):
        return False
    label = picture_files.clean_label(str(body.get("name", "")))
    state["pictures"][ids.index(body["id"])].setdefault("labels", {})[body["lang"]] = label
    return True


def _look(state: dict, body: dict, session: Session) -> bool:
    fit, background = body.get("fit"), str(body.get("background", ""))
    if fit not in ("contain", "cover") or not re.match(r"^#[0-9a-fA-F]{6}$", background):
        return False
    state["fit"], state["background"] = fit, background.upper()
    return True


def _crop(state: dict, body: dict, session: Session) -> bool:
    """Where the square is cut with "fill the face"."""
    ids = _ids(state)
    crop = picture_files.clean_crop(body.get("x"), body.get("y"))
    if body.get("id") not in ids or crop is None:
        return False
    state["pictures"][ids.index(body["id"])]["crop"] = list(crop)
    return True


def _title(state: dict, body: dict, session: Session) -> bool:
    state["title"] = picture_files.clean_label(str(body.get("title", "")))
    return True


CHANGES = {"order": _order, "remove": _remove, "name": _name, "look": _look, "crop": _crop, "title": _title}


def _change(session: Session, action: str, body: dict) -> dict | None:
    """The session's state after ``action``, its theme rewritten; None for a change the page would
    not ask (an unknown action, or a picture that is not there any more)."""
    change = CHANGES.get(action)
    with session.changing() as state:
        if change is None or not change(state, body, session):
            return None
        rewrite_theme(session, state)
        return state


async def change_pictures(request: Request) -> Response:
    here = visit(request)
    body = await json_body(request)
    state = await here.studio.run(_change, here.session, request.path_params["action"], body)
    if state is None:
        return bad_request(request, "out_of_date")
    return state_answer(here.session, state)


async def thumbnail(request: Request) -> Response:
    session = visit(request, missing=not_found).session
    ident = request.path_params["ident"]
    if not KEY.match(ident):
        return not_found(request)
    try:
        data = (session.thumbs_dir / f"{ident}.png").read_bytes()
    except OSError:
        return not_found(request)
    return Response(data, media_type="image/png", headers={"cache-control": "private, max-age=3600"})
