"""SiteGuard: what reaches the app is for this site, from this site.

- A request must name a host this server answers to: the public origin's, an address, or a local
  network name. A domain name of anyone else's is how DNS rebinding reaches a server on a private
  network from a stranger's page, so it is refused.
- A request that changes something (any method but GET, HEAD, OPTIONS) and every websocket must come
  from a page of this site. Browsers say where a request comes from in Sec-Fetch-Site, and in Origin;
  a client that sends neither is not a browser, so no page can be borrowing its cookies.
- Every HTTP answer carries a strict content policy: scripts, styles and connections from this
  origin only, no framing, no Referer (an invite or seat link must not leak through it).
"""

import ipaddress
from urllib.parse import urlsplit

import orjson
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.rooms.connection import Close

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".home.arpa", ".internal")
CROSS_SITE = Close(1008, "cross-site")
UNKNOWN_HOST = Close(1008, "unknown host")

CONTENT_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def origin_of(url: str) -> str:
    """scheme://host[:port] of a URL, lower-cased, default ports left out."""
    parts = urlsplit(url.strip().lower())
    default = {"http": 80, "https": 443}.get(parts.scheme)
    port = "" if parts.port in (None, default) else f":{parts.port}"
    return f"{parts.scheme}://{parts.hostname}{port}"


def host_name(host: str) -> str:
    """The name in a Host header, without its port or an IPv6 literal's brackets."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_local_name(name: str) -> bool:
    """An address, or a name only a local network resolves: no stranger's DNS can point it here."""
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name == "localhost" or "." not in name or name.endswith(LOCAL_SUFFIXES)


class SiteGuard:
    def __init__(self, app: ASGIApp, public_origin: str | None) -> None:
        self.app = app
        self.public_origin = origin_of(public_origin) if public_origin else None
        self.public_host = urlsplit(self.public_origin).hostname if self.public_origin else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if scope["type"] == "websocket":
            refusal = (
                UNKNOWN_HOST
                if not self.host_allowed(host)
                else CROSS_SITE
                if not self.from_this_site(headers, host)
                else None
            )
            if refusal is not None:
                await _refuse_socket(receive, send, refusal)
                return
            await self.app(scope, receive, send)
            return
        if not self.host_allowed(host):
            await _answer(
                send,
                421,
                "unknown_host",
                "This server does not answer to that host name; its operator sets ZASHIKI_PUBLIC_ORIGIN.",
            )
            return
        if scope["method"] not in SAFE_METHODS and not self.from_this_site(headers, host):
            await _answer(send, 403, "cross_site", "A page of another site cannot do that here.")
            return
        await self.app(scope, receive, _with_security_headers(send))

    def host_allowed(self, host: str) -> bool:
        name = host_name(host)
        return name == self.public_host or is_local_name(name)

    def from_this_site(self, headers: Headers, host: str) -> bool:
        """Sec-Fetch-Site where the browser sends it, else Origin; neither means no browser page sent it."""
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site is not None:
            return fetch_site in ("same-origin", "none")
        origin = headers.get("origin")
        if origin is None:
            return True
        return urlsplit(origin).netloc.lower() == host or origin_of(origin) == self.public_origin


def _with_security_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return sending


async def _answer(send: Send, status: int, code: str, message: str) -> None:
    body = orjson.dumps({"code": code, "message": message})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _refuse_socket(receive: Receive, send: Send, close: Close) -> None:
    """Accepts, then closes with a code and reason: a refusal before accept reaches a page only as 1006."""
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": close.code, "reason": close.reason})
