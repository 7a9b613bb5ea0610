"""Health checks for the proxy and the orchestrator.

/healthz (liveness, games.views.health): the process answers; it touches nothing else, so
it stays cheap. /readyz (readiness): 200 when the database and the channel layer both
answer, else 503. The body names which part failed, never why (that goes to the log). Its
answer is kept for READY_CACHE_SECONDS: however often it is asked, a process opens at most
one database connection for it in that time (the proxy should not expose it anyway).
"""

from __future__ import annotations

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

logger = logging.getLogger(__name__)

# Each probe gets this long; a part that has not answered by then counts as down.
PROBE_TIMEOUT_SECONDS = 3.0
READY_CACHE_SECONDS = 2.0
# The last answer: (when, monotonic; its status; its body).
_last: dict[str, tuple[float, int, dict]] = {}


def _database() -> None:
    """SELECT 1 on a fresh connection (this worker thread's own), then close it."""
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()


async def _channel_layer() -> None:
    # A group send reaches the layer's store (Redis) and leaves nothing behind: the group
    # has no members.
    await get_channel_layer().group_send("readyz", {"type": "readyz.probe"})


async def _probe(name: str, check) -> tuple[str, str]:
    try:
        await asyncio.wait_for(check(), PROBE_TIMEOUT_SECONDS)
    except Exception as error:  # any failure means "not ready"; the reason goes to the log
        logger.warning("readiness: %s unreachable (%s)", name, type(error).__name__)
        return name, "unreachable"
    return name, "ok"


@never_cache
async def ready(request: HttpRequest) -> JsonResponse:
    last = _last.get("answer")
    if last is None or time.monotonic() - last[0] >= READY_CACHE_SECONDS:
        results = dict(
            await asyncio.gather(
                _probe("database", sync_to_async(_database, thread_sensitive=False)),
                _probe("channel_layer", _channel_layer),
            )
        )
        ok = all(state == "ok" for state in results.values())
        body = {"status": "ready" if ok else "unavailable", **results}
        last = _last["answer"] = (time.monotonic(), 200 if ok else 503, body)
    return JsonResponse(last[2], status=last[1])
