"""The server's own ASGI receive/send of each websocket, handed to the table socket's hot path.

Starlette wraps every websocket message in several layers (state checks, exception wrappers); on a
table where every move is one message in and one out per tab, those layers cost more than the
game's rules did under load (bench/README.md). This middleware, installed outermost among the app's
own, passes a websocket's channel through its scope so the table socket can use it directly.
"""

from starlette.types import ASGIApp, Receive, Scope, Send

CHANNEL = "zashiki.channel"


class ChannelMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[CHANNEL] = (receive, send)
        await self.app(scope, receive, send)
