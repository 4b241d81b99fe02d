"""The studio's guard (ASGI middleware): a request whose Host or Origin is not this server's is
refused, in the page's language (``?lang=``, else the browser's ``Accept-Language``, as every
route reads it, ``visit.lang_of``: ``studio.error.foreign_host``, ``foreign_origin``,
``no_origin``), and every answer carries the security headers (a Content-Security-Policy without
inline script, ``nosniff``, no referrer, no framing)."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import PlainTextResponse

from domino_print.studio.routes.visit import lang_of
from domino_print.studio.words import word

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
            words = word(lang_of(Request(scope)), f"error.{problem}")
            response = PlainTextResponse(f"{words}\n", status_code=403)
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def problem(self, method: str, headers: dict[str, str]) -> str:
        """Why the request is refused (``studio.error.<problem>``), or nothing."""
        host = headers.get("host", "")
        if _host_name(host) not in self.hosts:
            return "foreign_host"
        origin = headers.get("origin")
        if origin is not None:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
                return "foreign_origin"
        elif method not in ("GET", "HEAD", "OPTIONS"):
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return "foreign_origin"
            if "sec-fetch-site" not in headers:
                return "no_origin"
        return ""
