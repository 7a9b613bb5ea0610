"""rooms/database_thread.py: the room socket's database calls keep their connection upkeep
(Channels' close_old_connections, which re-arms Django's health check) to once every
TIDY_SECONDS, and at once after an error. The dropped-connection retry is tested against a
real PostgreSQL in test_scale_out.py."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels import db as channels_db
from django.db import OperationalError, connection, connections

from rooms import database_thread
from rooms.models import Room


def _count():
    return Room.objects.count()


def _broken():
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM no_such_table_here")


@pytest.fixture
def tidies(monkeypatch):
    calls = []
    real = channels_db.close_old_connections

    def counted():
        calls.append(1)
        real()

    monkeypatch.setattr(channels_db, "close_old_connections", counted)
    return calls


def _run(function, times):
    call = database_thread.in_thread(function)

    async def calls():
        for _ in range(times):
            await call()

    async_to_sync(calls)()


@pytest.mark.django_db(transaction=True)
def test_the_upkeep_runs_once_per_interval_not_once_per_call(tidies, monkeypatch):
    health_checks = []
    real = type(connections["default"]).is_usable

    def is_usable(self):
        health_checks.append(1)
        return real(self)

    monkeypatch.setattr(type(connections["default"]), "is_usable", is_usable)
    monkeypatch.setattr(database_thread, "TIDY_SECONDS", 60.0)
    _run(_count, 20)
    assert len(tidies) <= 1 and len(health_checks) <= 1
    monkeypatch.setattr(database_thread, "TIDY_SECONDS", 0.0)  # always due: every call
    _run(_count, 20)
    assert len(tidies) >= 20 and len(health_checks) >= 20


@pytest.mark.django_db(transaction=True)
def test_a_call_after_a_database_error_tidies_first(tidies, monkeypatch):
    monkeypatch.setattr(database_thread, "TIDY_SECONDS", 60.0)
    _run(_count, 1)
    before = len(tidies)
    with pytest.raises(OperationalError):  # a failure that is not a dropped connection
        _run(_broken, 1)
    assert len(tidies) == before  # not due yet
    _run(_count, 1)
    assert len(tidies) == before + 1
