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


def between_change_and_read(monkeypatch, model, call):
    """The next time a `model` instance is read back (`refresh_from_db`), `call` runs first in
    another thread (its own connection) and is given a second to finish: the other seat acting
    just after this one's UPDATE. Returns a function that waits for `call` and gives what it
    returned."""
    real_refresh = model.refresh_from_db
    other: dict = {}

    def run():
        try:
            other["result"] = call()
        finally:
            connections.close_all()

    def refresh(self, *args, **kwargs):
        if "thread" not in other:  # once: `call`'s own reads are the plain ones
            other["thread"] = threading.Thread(target=run)
            other["thread"].start()
            other["thread"].join(timeout=1.0)  # done by then unless the row is kept from it
        return real_refresh(self, *args, **kwargs)

    def result():
        other["thread"].join(timeout=30)
        return other["result"]

    monkeypatch.setattr(model, "refresh_from_db", refresh)
    return result
