"""Maintenance jobs the running site does by itself (room and statistics purges).

One daemon thread per job per server process, started by the first request the process
serves (each app connects `request_started` to its job's `ensure_started`) or by the app's
own entry points, then one pass every N seconds. N comes from a Django setting or the
environment variable of the same name; 0 turns the thread off (for example when cron runs
the management command instead). Several processes running the same job is harmless: each
pass only deletes what has expired.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)


class PeriodicJob:
    def __init__(self, name: str, job: Callable[[], object], setting: str, default: float):
        self.name = name
        self.job = job
        self.setting = setting
        self.default = default
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def interval_seconds(self) -> float:
        configured: Any = getattr(settings, self.setting, None)
        if configured is None:
            configured = os.environ.get(self.setting, self.default)
        return float(configured)

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def ensure_started(self, **_signal_kwargs) -> None:
        if self.is_running() or self.interval_seconds() <= 0:
            return
        with self._lock:
            if not self.is_running():
                self._thread = threading.Thread(target=self.run, name=self.name, daemon=True)
                self._thread.start()

    def run_once(self) -> None:
        try:
            done = self.job()
            if done:
                logger.info("%s: %s", self.name, done)
        except Exception:  # a database hiccup must not end the loop
            logger.exception("%s failed", self.name)
        finally:
            close_old_connections()

    def run(self) -> None:
        while True:
            self.run_once()
            if self._stop.wait(self.interval_seconds()):
                return
