"""An ASGI guard that refuses a request body once it passes its size cap, before Django.

Django's ASGI handler reads the whole body (spooling it to a temporary file) before any view
runs, so a view cannot refuse a chunked body (no Content-Length) early. This guard counts the
body as it arrives and answers 413 {"error": "too-large", ...} as soon as the count passes
the cap, or at once when Content-Length already says so; nothing more of the body is read.
The statistics endpoint's cap is its schema's (8 KB); every other path has
REQUEST_BODY_MAX_BYTES. daphne itself buffers a request before handing it on (to a temporary
file past 100 KB), so the proxy in front should cap bodies too (docs/OPERATIONS.md).
"""

from __future__ import annotations

import json
from functools import cache

from django.conf import settings


@cache
def _stats_path() -> str:
    from django.urls import reverse

    return reverse("stats-events")


def limit_for(path: str) -> int:
    if path == _stats_path():
        from stats import schema

        return schema.MAX_BODY_BYTES
    return settings.REQUEST_BODY_MAX_BYTES


def _declared_length(scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


async def _refuse(send, limit: int) -> None:
    body = json.dumps({"error": "too-large", "detail": f"the body is over {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = limit_for(scope["path"])
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            return await _refuse(send, limit)
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return await _refuse(send, limit)
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        delivered = False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return whole
            return await receive()

        return await self.app(scope, replay, send)
