"""Is this server process saturated? A watch on its event loop says so, and while it does the
process refuses what would add load (a new room, a new spectator: `server-busy`, see
docs/PROTOCOL.md) so that the games already played keep their pace.

Saturated means behind for a while, not once: most ticks of the loop's last two seconds ran
later than asked by more than ROOMS_BUSY_LAG_MS (LATE_TICKS of WINDOW_TICKS), or most recent
trips through the database thread took longer than that (SLOW_HOPS of HOP_WINDOW: every database
call of the sockets waits its turn in that one thread, or on PostgreSQL for one of its pool's,
which can fall behind while the loop still keeps time), or the sockets' queues held more than
ROOMS_BUSY_QUEUED messages in all at QUEUE_COUNTS counts in a row. One late tick (a garbage
collection, another program taking the core for a moment) or one slow query is not overload, and
refusing newcomers for it would protect nobody; a process past its capacity is late tick after
tick. The refusal lasts until none of the three has held for ROOMS_BUSY_HOLD_SECONDS, so that a
process near its limit does not flap between open and closed. The watch starts with the
process's first room socket: a process without sockets has no game to protect.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import os
import time
from collections import deque

from django.conf import settings

from rooms.database_thread import in_thread

logger = logging.getLogger(__name__)

TICK_SECONDS = 0.25  # how often the loop is timed; the cost is one wake-up per tick
WINDOW_TICKS = 8  # the ticks judged together: two seconds when on time
LATE_TICKS = 6  # ... of which this many late past the threshold is saturation
HOP_SECONDS = 1.0  # how often a trip through the database thread is timed
HOP_WINDOW, SLOW_HOPS = 3, 2  # of the last 3 trips, 2 slower than the threshold
COUNT_EVERY_TICKS = 4  # the queues are counted once a second ...
QUEUE_COUNTS = 2  # ... and over the threshold this many counts in a row is saturation
# Diagnostics for the load benchmark: every this many seconds the watch logs the loop's lag
# and the queued messages (0, the default: never).
LOG_EVERY_SECONDS = float(os.environ.get("ROOMS_LOAD_LOG_SECONDS", "0") or 0)


class Watch:
    def __init__(self, layer) -> None:
        self.layer = layer
        self.ticks: deque[bool] = deque(maxlen=WINDOW_TICKS)  # late past the threshold?
        self.hops: deque[bool] = deque(maxlen=HOP_WINDOW)  # slower than the threshold?
        self.counts: deque[bool] = deque(maxlen=QUEUE_COUNTS)  # over the threshold?
        self.lag_ms = 0.0  # the last tick's lateness
        self.hop_ms = 0.0  # the last trip through the database thread
        self.queued = 0  # messages waiting in the sockets' queues, at the last count
        self.busy_until = 0.0  # monotonic; refusing until then
        self.refusing = False
        self.worst_ms = 0.0  # the worst lateness since the last diagnostic line
        self.logged_at = time.monotonic()

    def busy(self) -> bool:
        return time.monotonic() < self.busy_until

    # --- what is measured: each call records one measurement and judges again ----------------

    def tick(self, late_ms: float, now: float) -> None:
        self.lag_ms, self.worst_ms = late_ms, max(self.worst_ms, late_ms)
        self.ticks.append(late_ms > settings.ROOMS_BUSY_LAG_MS)
        self.judge(now)

    def hop(self, took_ms: float, now: float) -> None:
        self.hops.append(took_ms > settings.ROOMS_BUSY_LAG_MS)
        self.judge(now)

    def count(self, queued: int, now: float) -> None:
        self.queued = queued
        self.counts.append(queued > settings.ROOMS_BUSY_QUEUED)
        self.judge(now)

    def saturated(self) -> bool:
        return (
            sum(self.ticks) >= LATE_TICKS
            or sum(self.hops) >= SLOW_HOPS
            or (len(self.counts) == QUEUE_COUNTS and all(self.counts))
        )

    def judge(self, now: float) -> None:
        if self.saturated():
            self.busy_until = now + settings.ROOMS_BUSY_HOLD_SECONDS
        refusing = now < self.busy_until
        if refusing != self.refusing:  # said once per change, for the operator
            self.refusing = refusing
            if refusing:
                logger.warning(
                    "rooms: process saturated (%d of the last %d event loop ticks late, "
                    "%d of the last %d database trips slow, %d messages queued): "
                    "refusing new rooms and spectators",
                    sum(self.ticks),
                    len(self.ticks),
                    sum(self.hops),
                    len(self.hops),
                    self.queued,
                )
            else:
                logger.warning("rooms: process no longer saturated")

    # --- the measuring ------------------------------------------------------------------------

    def queued_messages(self) -> int:
        layer = getattr(self.layer, "_get_layer", None)
        channels = (layer() if layer else self.layer).channels
        return sum(queue.qsize() for queue in list(channels.values()))

    async def time_the_database_thread(self) -> None:
        while True:
            await asyncio.sleep(HOP_SECONDS)
            asked = time.monotonic()
            await _nothing_in_the_database_thread()
            now = time.monotonic()
            self.hop_ms = (now - asked) * 1000
            self.hop(self.hop_ms, now)

    async def run(self) -> None:
        hops = asyncio.ensure_future(self.time_the_database_thread())
        try:
            await self.time_the_loop()
        finally:
            hops.cancel()

    async def time_the_loop(self) -> None:
        for number in itertools.count(1):
            asked = time.monotonic()
            await asyncio.sleep(TICK_SECONDS)
            now = time.monotonic()
            self.tick((now - asked - TICK_SECONDS) * 1000, now)
            if number % COUNT_EVERY_TICKS == 0:
                self.count(self.queued_messages(), now)
            if LOG_EVERY_SECONDS and now - self.logged_at >= LOG_EVERY_SECONDS:
                logger.warning(
                    "rooms load: event loop lag max %.1f ms, database trip %.1f ms, "
                    "%d messages queued, busy %s",
                    self.worst_ms,
                    self.hop_ms,
                    self.queued,
                    self.busy(),
                )
                self.logged_at, self.worst_ms = now, 0.0


def _nothing() -> None:
    pass


@functools.cache
def _trip():
    """A call of `_nothing` the sockets' way, made on first use (the database settings decide
    the thread or the pool), as rooms.consumers makes its own."""
    return in_thread(_nothing)


def _nothing_in_the_database_thread():
    return _trip()()


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
