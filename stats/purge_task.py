"""The purge the running site does by itself: one daemon thread per server process, started
by the first request the process serves (stats/apps.py connects `request_started`; the
endpoint and the review page also call ensure_started), then one pass every
STATS_PURGE_SECONDS (setting or environment variable; default 3600; 0 turns it off, e.g.
when cron runs `manage.py purge_stats` instead). Several processes purging at once is
harmless: each pass deletes only what has expired.
"""

from __future__ import annotations

import logging
import os
import threading

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()


def interval_seconds() -> float:
    configured = getattr(settings, "STATS_PURGE_SECONDS", None)
    if configured is None:
        configured = os.environ.get("STATS_PURGE_SECONDS", "3600")
    return float(configured)


def ensure_started(**_signal_kwargs) -> None:
    global _thread
    if interval_seconds() <= 0 or (_thread is not None and _thread.is_alive()):
        return
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="stats-purge", daemon=True)
            _thread.start()


def is_running() -> bool:
    return _thread is not None and _thread.is_alive()


def _run() -> None:
    from stats.purge import purge

    while True:
        try:
            deleted = purge()
            if deleted:
                logger.info("purged %d statistics events older than the retention", deleted)
        except Exception:  # a database hiccup must not end the loop
            logger.exception("statistics purge failed")
        finally:
            close_old_connections()
        if _stop.wait(interval_seconds()):
            return
