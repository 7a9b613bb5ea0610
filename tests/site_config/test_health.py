"""/readyz keeps its answer for a moment: a burst of requests costs one database connection
(the whole server, Redis and PostgreSQL stopped under it, is tested in
tests/server/test_readiness.py)."""

from __future__ import annotations

import json

import pytest
from django.test import RequestFactory

from site_config import health

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_a_burst_of_readiness_requests_probes_the_database_once(monkeypatch):
    opened = []
    probe = health._database

    def counted():
        opened.append(1)
        probe()

    monkeypatch.setattr(health, "_database", counted)
    monkeypatch.setattr(health, "_last", {})
    request = RequestFactory().get("/readyz")
    answers = [await health.ready(request) for _ in range(50)]
    assert {answer.status_code for answer in answers} == {200}
    assert json.loads(answers[-1].content) == {
        "status": "ready",
        "database": "ok",
        "channel_layer": "ok",
    }
    assert len(opened) == 1
    monkeypatch.setattr(health, "READY_CACHE_SECONDS", 0)  # the moment has passed
    await health.ready(request)
    assert len(opened) == 2
