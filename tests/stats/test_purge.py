"""Retention: events are deleted once their hour is 30 days old; the site purges by itself."""

from __future__ import annotations

import threading
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from stats import purge_task
from stats.models import Event
from stats.purge import purge
from stats.validation import to_rows

from .conftest import event

pytestmark = pytest.mark.django_db


def _stored_at(when):
    row = to_rows([event()], when)[0]
    row.hour = when  # exactly this instant, to test the boundary to the minute
    row.save()
    return row


@pytest.fixture
def aged():
    now = timezone.now()
    return now, {
        "29d23h": _stored_at(now - timedelta(days=29, hours=23)),
        "29d23h59m": _stored_at(now - timedelta(days=30) + timedelta(minutes=1)),
        "30d": _stored_at(now - timedelta(days=30)),
        "30d1h": _stored_at(now - timedelta(days=30, hours=1)),
        "90d": _stored_at(now - timedelta(days=90)),
    }


def test_the_30_day_boundary(aged):
    now, rows = aged
    assert purge(now=now) == 3
    left = set(Event.objects.values_list("id", flat=True))
    assert left == {rows["29d23h"].id, rows["29d23h59m"].id}


def test_dry_run_deletes_nothing(aged):
    now, _rows = aged
    assert purge(now=now, dry_run=True) == 3
    assert Event.objects.count() == 5


def test_the_command_and_its_dry_run(aged):
    out = StringIO()
    call_command("purge_stats", "--dry-run", stdout=out)
    assert out.getvalue().startswith("would delete 3 statistics events from before ")
    assert Event.objects.count() == 5
    out = StringIO()
    call_command("purge_stats", stdout=out)
    assert out.getvalue().startswith("deleted 3 statistics events")
    assert Event.objects.count() == 2


def test_the_site_starts_one_purge_thread_per_process(monkeypatch, settings):
    settings.STATS_PURGE_SECONDS = 3600
    ran = threading.Event()
    release = threading.Event()

    def fake_run():
        ran.set()
        release.wait(5)

    monkeypatch.setattr(purge_task.PURGE, "run", fake_run)
    monkeypatch.setattr(purge_task.PURGE, "_thread", None)
    try:
        purge_task.ensure_started()
        first = purge_task.PURGE._thread
        purge_task.ensure_started()
        assert purge_task.PURGE._thread is first
        assert ran.wait(5)
        assert first.daemon and first.name == "stats-purge"
    finally:
        release.set()
        first.join(5)


def test_a_first_request_starts_the_purge(monkeypatch, settings, client):
    settings.STATS_PURGE_SECONDS = 3600
    runs = []
    release = threading.Event()

    def fake_run():
        runs.append(threading.current_thread().name)
        release.wait(5)

    monkeypatch.setattr(purge_task.PURGE, "run", fake_run)
    monkeypatch.setattr(purge_task.PURGE, "_thread", None)
    try:
        client.get("/healthz")
        thread = purge_task.PURGE._thread
        assert thread is not None and thread.is_alive()
        client.get("/healthz")
        assert purge_task.PURGE._thread is thread
    finally:
        release.set()
        thread.join(5)
    assert runs == ["stats-purge"]


def test_zero_turns_the_purge_thread_off(monkeypatch, settings):
    settings.STATS_PURGE_SECONDS = 0
    monkeypatch.setattr(purge_task.PURGE, "_thread", None)
    purge_task.ensure_started()
    assert purge_task.PURGE._thread is None


@pytest.mark.django_db(transaction=True)
def test_the_loop_purges_in_its_own_thread(monkeypatch, settings, aged):
    # One real pass of the loop in a thread of its own, stopped after its first wait.
    settings.STATS_PURGE_SECONDS = 3600
    monkeypatch.setattr(purge_task.PURGE._stop, "wait", lambda seconds: True)
    thread = threading.Thread(target=purge_task.PURGE.run)
    thread.start()
    thread.join(10)
    assert not thread.is_alive()
    assert Event.objects.count() == 2
