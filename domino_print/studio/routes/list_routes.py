"""The visitor's list of pairs (``studio/lists.py`` does the work): the list as the page shows it
(``GET /api/list``), a change typed in its table (``POST /api/list``), and a list file sent as the
raw body (``POST /api/list/file?name=liste.csv``), read at the next preview."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

import domino_print.studio.lists as lists
from domino_print.studio.routes.visit import answer, bad_request, json_body, lang_of, visit


async def list_get(request: Request) -> Response:
    here = visit(request)
    return answer(lists.list_answer(here.session.read_state(), here.lang))


async def list_change(request: Request) -> Response:
    here = visit(request)
    body = await json_body(request)
    state = await here.studio.run(lists.change, here.session, body)
    if state is None:
        return bad_request(request)
    return answer(lists.list_answer(state, lang_of(request, body)))


async def list_file(request: Request) -> Response:
    """A list file as the raw body (``?name=liste.csv``), read at the next preview."""
    here = visit(request)
    lang, name = here.lang, request.query_params.get("name", "")
    refused = lists.file_name_refused(name, lang)
    if refused:
        return answer({"errors": [refused]}, 422)
    data = await lists.body_within(request)
    if data is None:
        return answer({"errors": [lists.too_big(lang)]}, 413)
    try:
        state = await here.studio.run(lists.store_file, here.session, name, data, lang)
    except lists.FileRefused as refused_file:  # a .zip that brings no list, a .toml that is none
        return answer({"errors": [{"field": lists.LIST, "message": refused_file.message}]}, 422)
    return answer(lists.list_answer(state, lang))
