"""One row per statistics event, exactly the fields of stats/schema.py and nothing else.

Deliberately absent: any address, user agent, cookie, header, room id, move or board, and
any exact time: `hour` is the receiving time truncated to the hour. tests/stats checks the
field list against an allow-list, so a new field has to be argued for there. Choices carry
the words staff read (stats/labels.py); the stored values are the schema's codes.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from stats import schema
from stats.labels import FIELDS, choices, game_choices, rule_choices


def _field(name: str, values, max_length: int, blank: bool = True) -> models.CharField:
    return models.CharField(
        FIELDS[name], max_length=max_length, blank=blank, choices=choices(name, values)
    )


class Event(models.Model):
    hour = models.DateTimeField(
        _("Hour received (UTC)"), db_index=True, help_text="Received, truncated to the hour (UTC)"
    )
    kind = _field("kind", schema.KINDS, 16, blank=False)
    # Choices by a callable (read from games/registry.py): a new game needs no migration.
    game = models.CharField(FIELDS["game"], max_length=24, choices=game_choices)
    lang = _field("lang", schema.LANGS, 8)
    mode = _field("mode", schema.MODES, 8)
    level = _field("level", schema.LEVELS, 12)
    # The rule setting of a game that has several (read from the registry, as `game`).
    rule = models.CharField(FIELDS["rule"], max_length=16, blank=True, choices=rule_choices)
    result = _field("result", schema.VALUES["result"], 8)
    ending = _field("ending", schema.ENDINGS, 12)
    moves = models.PositiveSmallIntegerField(FIELDS["moves"], null=True, blank=True)
    puzzle = models.DateField(FIELDS["puzzle"], null=True, blank=True)
    tries = models.PositiveSmallIntegerField(FIELDS["tries"], null=True, blank=True)
    duration = _field("duration", schema.DURATIONS, 10)
    outcome = _field("outcome", schema.OUTCOMES, 8)
    reconnects = _field("reconnects", schema.RECONNECTS, 4)
    render = _field("render", schema.RENDER_SPEEDS, 12)
    phone = models.BooleanField(FIELDS["phone"])
    memory = _field("memory", schema.MEMORY, 10, blank=False)
    cores = _field("cores", schema.CORES, 8, blank=False)
    browser = _field("browser", schema.BROWSERS, 10, blank=False)
    os = _field("os", schema.OSES, 10, blank=False)

    class Meta:
        indexes = [models.Index(fields=["game", "hour"])]
        verbose_name = _("play statistics event")
        verbose_name_plural = _("play statistics events")

    def __str__(self) -> str:
        return f"{self.kind} {self.game} {self.hour:%Y-%m-%d %H:00}"


class Review(Event):
    """No data of its own: gives the staff review page its entry in the admin index."""

    class Meta:
        proxy = True
        verbose_name = _("Review")
        verbose_name_plural = _("Review")
