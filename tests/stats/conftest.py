"""Helpers for the statistics tests: well-formed events and a same-origin POST."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

ENDPOINT = "/api/stats/events"
ORIGIN = "http://testserver"

DEVICE = {"phone": False, "memory": "8gb+", "cores": "5-8", "browser": "firefox", "os": "linux"}


def event(kind: str = "game-start", **fields) -> dict:
    """A valid event of `kind`; keyword fields replace or (with None) remove defaults."""
    defaults = {
        "game-start": {"game": "tic-tac-toe", "mode": "ai", "level": "beginner"},
        "game-end": {
            "game": "tic-tac-toe",
            "mode": "local",
            "result": "first",
            "moves": 7,
            "duration": "1-3m",
        },
        "room-connection": {"game": "dara", "outcome": "ok", "reconnects": "0"},
        "board-3d": {"game": "score-four", "outcome": "ok", "render": "50fps+"},
        "puzzle-attempt": {
            "game": "score-four", "puzzle": "2026-11-20", "result": "win", "tries": 1,
        },
    }[kind]
    merged = {"event": kind, **defaults, **DEVICE, **fields}
    return {name: value for name, value in merged.items() if value is not None}


@pytest.fixture(autouse=True)
def _quiet(settings):
    # No purge thread in tests (stats/purge_task.py) and a fresh rate-limit window each test.
    settings.STATS_PURGE_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def post(client):
    def send(body, content_type="text/plain;charset=UTF-8", **headers):
        if not isinstance(body, bytes | str):
            body = json.dumps(body)
        headers.setdefault("HTTP_ORIGIN", ORIGIN)
        return client.post(ENDPOINT, data=body, content_type=content_type, **headers)

    return send
