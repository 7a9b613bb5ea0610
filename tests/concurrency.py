"""Run calls at the same instant in threads (each with its own database connection) and
collect what each returned or the RoomError code it raised."""

from __future__ import annotations

import threading

from django.db import connections


def race(calls: dict) -> dict:
    """{name: callable} -> {name: its result (a text or a bool as returned, else "ok"), or
    the code of the error it raised}."""
    barrier, results = threading.Barrier(len(calls)), {}

    def run(name, call):
        barrier.wait()
        try:
            value = call()
            results[name] = value if isinstance(value, (str, bool)) else "ok"
        except Exception as error:  # RoomError and friends carry a code
            results[name] = getattr(error, "code", type(error).__name__)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
