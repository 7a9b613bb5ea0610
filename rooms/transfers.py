"""Continue on another device: a seated player asks for a one-time link, and whoever opens it
within TRANSFER_LIFETIME takes the seat. The seat's secret is replaced, so the old device is a
spectator from then on; the friend sees the same player going on.

The link's secret rides in the URL fragment (`#take=…`), which browsers never send to a
server, so it cannot reach an access log; the page posts it in a request body. The database
keeps only its SHA-256, deletes it when it is used (one use: of two racing takes, one
deletes the row) and the rooms purge (rooms.services.purge) deletes it once expired.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from rooms.models import Connection, Room, SeatTransfer
from rooms.seats import Seat
from rooms.services import Joined, RoomError, _digest, live_room, seat_of

TRANSFER_LIFETIME = timedelta(minutes=5)
TOKEN_MAX = 64  # token_urlsafe(32) is 43 characters


def start(room_id: str, secret: str | None) -> str:
    """A new one-time token for the caller's seat (any earlier one of that seat is void)."""
    room = live_room(room_id)
    seat = seat_of(room, secret)
    if not seat:
        raise RoomError("not-a-player", "only a player can move their seat")
    if room.status == Room.CANCELLED:
        raise RoomError("room-cancelled", "the room was cancelled")
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        SeatTransfer.objects.filter(room=room, seat=seat).delete()
        SeatTransfer.objects.create(
            token=_digest(token),
            room=room,
            seat=seat,
            expires_at=timezone.now() + TRANSFER_LIFETIME,
        )
    return token


def take(room_id: str, token: object) -> Joined:
    """Use a token: its seat gets a new secret (returned for this device's cookie)."""
    if not isinstance(token, str) or not 0 < len(token) <= TOKEN_MAX:
        raise RoomError("transfer-invalid", "this link is not valid")
    room = live_room(room_id)
    row = SeatTransfer.objects.filter(
        token=_digest(token), room=room, expires_at__gt=timezone.now()
    ).first()
    # Deleting is the claim: of two devices opening the link at once, one deletes the row.
    if row is None or not SeatTransfer.objects.filter(pk=row.pk).delete()[0]:
        raise RoomError("transfer-invalid", "this link has been used or has expired")
    new_secret = secrets.token_urlsafe(32)
    Room.objects.filter(id=room.id).update(**{Seat(row.seat).secret_field: _digest(new_secret)})
    # The old device's sockets watch from now on (they are told: rooms.consumers.seat_moved).
    Connection.objects.filter(room=room, seat=row.seat).update(seat="")
    room.refresh_from_db()
    return Joined(room, row.seat, new_secret)
