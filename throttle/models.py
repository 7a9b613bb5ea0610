"""Limiter state when no Redis is configured: one row per (limit, client) that is currently
limited. A row whose `tat` has passed means the same as no row, so the purge deletes it."""

from django.db import models


class Bucket(models.Model):
    # An HMAC of the limit's name and the client key (throttle.limiter), never an address.
    key = models.CharField(primary_key=True, max_length=64)
    # GCRA's "theoretical arrival time", in Unix seconds: when the client's allowance is full.
    tat = models.FloatField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key[:8]}… until {self.tat:.0f}"
