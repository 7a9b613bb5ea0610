"""One row per statistics event, exactly the fields of stats/schema.py and nothing else.

Deliberately absent: any address, user agent, cookie, header, room id, move or board, and
any exact time: `hour` is the receiving time truncated to the hour. tests/stats checks the
field list against an allow-list, so a new field has to be argued for there.
"""

from __future__ import annotations

from django.db import models

from stats import schema


def _choices(values):
    return [(value, value) for value in values]


class Event(models.Model):
    hour = models.DateTimeField(db_index=True, help_text="Received, truncated to the hour (UTC)")
    kind = models.CharField(max_length=16, choices=_choices(schema.KINDS))
    game = models.CharField(max_length=24, choices=_choices(schema.GAME_SLUGS))
    mode = models.CharField(max_length=8, blank=True, choices=_choices(schema.MODES))
    level = models.CharField(max_length=12, blank=True, choices=_choices(schema.LEVELS))
    result = models.CharField(max_length=8, blank=True, choices=_choices(schema.VALUES["result"]))
    moves = models.PositiveSmallIntegerField(null=True, blank=True)
    duration = models.CharField(max_length=10, blank=True, choices=_choices(schema.DURATIONS))
    outcome = models.CharField(max_length=8, blank=True, choices=_choices(schema.OUTCOMES))
    reconnects = models.CharField(max_length=4, blank=True, choices=_choices(schema.RECONNECTS))
    render = models.CharField(max_length=12, blank=True, choices=_choices(schema.RENDER_SPEEDS))
    phone = models.BooleanField()
    memory = models.CharField(max_length=10, choices=_choices(schema.MEMORY))
    cores = models.CharField(max_length=8, choices=_choices(schema.CORES))
    browser = models.CharField(max_length=10, choices=_choices(schema.BROWSERS))
    os = models.CharField(max_length=10, choices=_choices(schema.OSES))

    class Meta:
        indexes = [models.Index(fields=["game", "hour"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.game} {self.hour:%Y-%m-%d %H:00}"


class Review(Event):
    """No data of its own: gives the staff review page its entry in the admin index."""

    class Meta:
        proxy = True
        verbose_name = "review"
        verbose_name_plural = "review"
