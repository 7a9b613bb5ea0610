"""Retention: an event is deleted once its hour is RETENTION_DAYS (30) days old."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from stats.models import Event
from stats.schema import RETENTION_DAYS


def cutoff(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - timedelta(days=RETENTION_DAYS)


def expired(now: datetime | None = None):
    return Event.objects.filter(hour__lte=cutoff(now))


def purge(now: datetime | None = None, dry_run: bool = False) -> int:
    """How many events are (or, with dry_run, would be) deleted."""
    rows = expired(now)
    if dry_run:
        return rows.count()
    deleted, _ = rows.delete()
    return deleted
