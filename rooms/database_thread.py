"""How a room socket runs its database calls: in the one database thread, as Channels'
database_sync_to_async does, but with its connection upkeep done at most every TIDY_SECONDS
instead of around every call.

Why: `close_old_connections`, which Channels runs before and after each call, also re-arms
Django's health check (CONN_HEALTH_CHECKS, site_config/settings.py), so on PostgreSQL every
move began with a `SELECT 1` round trip in the single database thread (py-spy: a tenth of a
scaled process at 300 rooms, bench/results/rooms_profile.txt).

What the per-call check protected stays covered. A connection PostgreSQL dropped (a restart)
fails the call's first statement, so nothing of the call happened in the database: it is run
once more on a new connection (`_again_if_dropped`). A connection that had an error, or
whose upkeep is due (CONN_MAX_AGE, the health check), is tidied before the next call.

On PostgreSQL the calls run in a pool of ROOMS_DATABASE_THREADS threads instead, each with
its own connection kept open (closed only after an error): one thread spent most of its time
waiting for the server's answers, so under load every move queued behind the others' round
trips (bench/rooms_load.py, scaled, 900 rooms: the median trip through the one thread 4.8 ms,
the worst 240 ms, the loop itself never more than 10 ms late). Concurrent calls are safe there
as they are between processes: every change is a guarded UPDATE (rooms/services.py). SQLite
takes one writer at a time, so the embedded setup keeps its one thread.
"""

from __future__ import annotations

import functools
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync
from channels import db as channels_db
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections

TIDY_SECONDS = 1.0
_tidied = threading.local()  # when this thread last ran close_old_connections (monotonic)


def tidy_if_due() -> bool:
    """close_old_connections when TIDY_SECONDS have passed in this thread or a connection had
    an error since; True when it ran."""
    now = time.monotonic()
    due = now - getattr(_tidied, "at", -TIDY_SECONDS) >= TIDY_SECONDS
    if not due and not any(c.errors_occurred for c in connections.all(initialized_only=True)):
        return False
    # Looked up in Channels' module, as its own wrapper does: its test communicator turns it
    # off there (it would close a test's transaction).
    channels_db.close_old_connections()
    _tidied.at = now
    return True


class _Statements:
    """An execute wrapper that counts the statements a call sent (django.db execute_wrapper)."""

    def __init__(self) -> None:
        self.sent = 0

    def __call__(self, execute, sql, params, many, context):
        self.sent += 1
        return execute(sql, params, many, context)


def _again_if_dropped(function):
    @functools.wraps(function)
    def call(*args, **kwargs):
        connection = connections[DEFAULT_DB_ALIAS]
        if connection.vendor != "postgresql":  # SQLite's health check never replaced one
            return function(*args, **kwargs)
        statements = _Statements()
        try:
            with connection.execute_wrapper(statements):
                return function(*args, **kwargs)
        except (InterfaceError, OperationalError):
            # Only when the first statement failed (nothing of the call happened): the case
            # the per-call health check covered. Any other failure is the caller's to see.
            if statements.sent != 1:
                raise
        connection.close()
        return function(*args, **kwargs)

    return call


class _DatabaseCall(SyncToAsync):
    def thread_handler(self, loop, *args, **kwargs):
        tidy_if_due()
        return super().thread_handler(loop, *args, **kwargs)


def close_if_broken() -> bool:
    """A pooled thread's upkeep: its connection stays open for the process's life (one per
    thread, so at most ROOMS_DATABASE_THREADS a process), unless it had an error; True when
    it was closed."""
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.connection is None or not connection.errors_occurred:
        return False
    connection.close()
    return True


class _PooledCall(SyncToAsync):
    def thread_handler(self, loop, *args, **kwargs):
        close_if_broken()
        return super().thread_handler(loop, *args, **kwargs)


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def pool() -> ThreadPoolExecutor | None:
    """The threads of the room sockets' database calls on PostgreSQL (None: the one thread)."""
    global _pool
    threads = getattr(settings, "ROOMS_DATABASE_THREADS", 1)
    if threads <= 1 or connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        return None
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="rooms-db")
    return _pool


def in_thread(function):
    """`function` as a coroutine function run in the database thread (thread-sensitive, as
    Channels' database_sync_to_async), or in the pool on PostgreSQL."""
    threads = pool()
    if threads is None:
        return _DatabaseCall(_again_if_dropped(function), thread_sensitive=True)
    return _PooledCall(_again_if_dropped(function), thread_sensitive=False, executor=threads)
