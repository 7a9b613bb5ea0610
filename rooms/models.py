"""A friend room: two seats, one game at a time, its moves, who is connected.

The host (creator) and the guest (first to press Join) keep their seats for the life of the
room; which colour each seat plays flips on every rematch (`host_side`). Seats are bound to a
per-room secret held only in an HttpOnly cookie; the database keeps its SHA-256 digest.
"""

from __future__ import annotations

from django.db import models


class Room(models.Model):
    WAITING, PLAYING, FINISHED, CANCELLED = "waiting", "playing", "finished", "cancelled"
    STATUSES = [(s, s) for s in (WAITING, PLAYING, FINISHED, CANCELLED)]

    id = models.CharField(primary_key=True, max_length=43)
    game = models.CharField(max_length=32)
    # The rule setting the host chose, for a game that has several (games/registry.py's
    # variants); "" for a game with one rule. Every round of the room is played under it.
    variant = models.CharField(max_length=16, blank=True, default="")
    status = models.CharField(max_length=12, choices=STATUSES, default=WAITING)
    host_secret = models.CharField(max_length=64)  # sha256 hex of the seat secret
    # NULL until someone joins: the join is `UPDATE ... WHERE guest_secret IS NULL`.
    guest_secret = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    host_side = models.PositiveSmallIntegerField(default=0)  # 0 white (moves first), 1 black
    round = models.PositiveIntegerField(default=1)  # 1 for the first game, +1 per rematch
    ply = models.PositiveIntegerField(default=0)  # moves played in this round
    state = models.JSONField()  # the engine's dump() of the current position
    outcome = models.JSONField(null=True, blank=True)
    # The side (0 or 1) whose draw offer stands, or NULL; it lapses when that side moves.
    draw_offer = models.PositiveSmallIntegerField(null=True, blank=True)
    host_rematch = models.BooleanField(default=False)
    guest_rematch = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)  # +1 on every change a client must see
    # When each seat last had a live socket (connect, heartbeat write, close): how long a
    # player has been away, for claiming a game the friend has left (rooms/endings.py).
    host_seen_at = models.DateTimeField(null=True, blank=True)
    guest_seen_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()
    last_active_at = models.DateTimeField()  # last connect, disconnect or move

    class Meta:
        indexes = [models.Index(fields=["created_at"]), models.Index(fields=["last_active_at"])]

    def __str__(self) -> str:
        return f"{self.game} room {self.id[:6]}… ({self.status})"


class Move(models.Model):
    """One applied move. The unique (room, round, ply) row makes a second apply impossible."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="moves")
    round = models.PositiveIntegerField()
    ply = models.PositiveIntegerField()  # the ply before the move: 0 for the first move
    side = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=32)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "round", "ply"], name="one_move_per_ply")
        ]
        ordering = ["round", "ply"]

    def __str__(self) -> str:
        return f"{self.round}.{self.ply} {self.text}"


class Connection(models.Model):
    """An open socket, refreshed by heartbeats. A process that dies leaves rows that go stale,
    so presence is always `seen_at` recent, never merely "a row exists"."""

    channel_name = models.CharField(primary_key=True, max_length=200)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="connections")
    seat = models.CharField(max_length=5, blank=True)  # "host", "guest" or "" (spectator)
    seen_at = models.DateTimeField(db_index=True)
    # An HMAC of the client's limiter key and the day (rooms.services.connect), for the
    # sockets-per-client limit; never the address.
    client = models.CharField(max_length=64, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.seat or 'spectator'} at {self.seen_at:%H:%M:%S}"


class SeatTransfer(models.Model):
    """A one-time link that moves a seat to another device (rooms/transfers.py). `token` is
    the SHA-256 of the secret in the link's fragment; the row is deleted when used or
    expired."""

    token = models.CharField(primary_key=True, max_length=64)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="transfers")
    seat = models.CharField(max_length=5)  # "host" or "guest"
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.seat} seat until {self.expires_at:%H:%M}"
