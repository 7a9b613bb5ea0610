"""The purge that runs inside the site: one daemon thread per server process, started by the
first request the process serves (rooms/apps.py connects `request_started`) or the first
room socket, whichever comes first, then one pass every
ROOMS_PURGE_SECONDS (default 300; 0 turns it off). Running it in several processes at once
is harmless: each pass only deletes what has expired. `manage.py purge_rooms` does one pass.
"""

from __future__ import annotations

import logging
import os
import threading

from django.db import close_old_connections

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_thread: threading.Thread | None = None


def interval_seconds() -> float:
    return float(os.environ.get("ROOMS_PURGE_SECONDS", "300"))


def ensure_started(**_signal_kwargs) -> None:
    global _thread
    if interval_seconds() <= 0 or (_thread is not None and _thread.is_alive()):
        return
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="rooms-purge", daemon=True)
            _thread.start()


def _run() -> None:
    from rooms import services

    stop = threading.Event()
    while True:
        try:
            removed = services.purge()
            if removed["rooms"]:
                logger.info("purged %s", removed)
        except Exception:  # a database hiccup must not end the loop
            logger.exception("room purge failed")
        finally:
            close_old_connections()
        if stop.wait(interval_seconds()):
            return
