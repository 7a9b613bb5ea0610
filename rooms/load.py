"""Is this server process saturated? A watch on its event loop says so, and while it does the
process refuses what would add load (a new room, a new spectator: `server-busy`, see
docs/PROTOCOL.md) so that the games already played keep their pace.

Saturated means: the loop ran a tick later than asked by more than ROOMS_BUSY_LAG_MS
(the worst tick of the last second), or a trip through the database thread took longer than
that (every database call of the sockets waits its turn in that one thread: it can fall
behind while the loop still keeps time), or the sockets' queues hold more than
ROOMS_BUSY_QUEUED messages in all. The refusal lasts until all have stayed below for
ROOMS_BUSY_HOLD_SECONDS, so that a process near its limit does not flap between open and
closed. The watch starts with
the process's first room socket: a process without sockets has no game to protect.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time

from channels.db import database_sync_to_async
from django.conf import settings

logger = logging.getLogger(__name__)

TICK_SECONDS = 0.25  # how often the loop is timed; the cost is one wake-up per tick
WINDOW_TICKS = 4  # the lag is the worst of this many ticks: one second
# Diagnostics for the load benchmark: every this many seconds the watch logs the loop's lag
# and the queued messages (0, the default: never).
LOG_EVERY_SECONDS = float(os.environ.get("ROOMS_LOAD_LOG_SECONDS", "0") or 0)


class Watch:
    def __init__(self, layer) -> None:
        self.layer = layer
        self.lag_ms = 0.0  # the worst lateness of the last second
        self.hop_ms = 0.0  # the last trip through the database thread (a call doing nothing)
        self.queued = 0  # messages waiting in the sockets' queues, at the last count
        self.busy_until = 0.0  # monotonic; refusing until then
        self.refusing = False
        self.worst_ms = 0.0  # the worst lateness since the last diagnostic line
        self.logged_at = time.monotonic()

    def busy(self) -> bool:
        return time.monotonic() < self.busy_until

    def queued_messages(self) -> int:
        layer = getattr(self.layer, "_get_layer", None)
        channels = (layer() if layer else self.layer).channels
        return sum(queue.qsize() for queue in list(channels.values()))

    def judge(self, lag_ms: float, queued: int, now: float) -> None:
        if lag_ms > settings.ROOMS_BUSY_LAG_MS or queued > settings.ROOMS_BUSY_QUEUED:
            self.busy_until = now + settings.ROOMS_BUSY_HOLD_SECONDS
        refusing = now < self.busy_until
        if refusing != self.refusing:  # said once per change, for the operator
            self.refusing = refusing
            if refusing:
                logger.warning(
                    "rooms: process saturated (event loop %.0f ms late, %d messages queued): "
                    "refusing new rooms and spectators",
                    lag_ms,
                    queued,
                )
            else:
                logger.warning("rooms: process no longer saturated")

    async def time_the_database_thread(self) -> None:
        while True:
            await asyncio.sleep(WINDOW_TICKS * TICK_SECONDS)
            asked = time.monotonic()
            await database_sync_to_async(_nothing)()
            self.hop_ms = (time.monotonic() - asked) * 1000

    async def run(self) -> None:
        hops = asyncio.ensure_future(self.time_the_database_thread())
        try:
            await self.time_the_loop()
        finally:
            hops.cancel()

    async def time_the_loop(self) -> None:
        lags: list[float] = []
        while True:
            asked = time.monotonic()
            await asyncio.sleep(TICK_SECONDS)
            now = time.monotonic()
            lags = [*lags[-(WINDOW_TICKS - 1) :], (now - asked - TICK_SECONDS) * 1000]
            self.lag_ms = max(*lags, self.hop_ms)
            self.worst_ms = max(self.worst_ms, self.lag_ms)
            if len(lags) == WINDOW_TICKS or self.lag_ms > settings.ROOMS_BUSY_LAG_MS:
                self.queued = self.queued_messages()
            self.judge(self.lag_ms, self.queued, now)
            if LOG_EVERY_SECONDS and now - self.logged_at >= LOG_EVERY_SECONDS:
                logger.warning(
                    "rooms load: event loop lag max %.1f ms, %d messages queued, busy %s",
                    self.worst_ms,
                    self.queued,
                    self.busy(),
                )
                self.logged_at, self.worst_ms = now, 0.0


def _nothing() -> None:
    pass


_watch: Watch | None = None
_task: asyncio.Task | None = None


def ensure_watching(layer) -> None:
    """Start the watch on the running loop (once per loop: tests run one loop each)."""
    global _watch, _task
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and _task.get_loop() is loop:
        return
    _watch = Watch(layer)
    _task = loop.create_task(_watch.run())


def busy() -> bool:
    """Saturated now (callable from any thread: the HTTP views ask too)."""
    watch = _watch
    return watch is not None and watch.busy()
