"""Ending a friend game by agreement rather than by the rules: resigning; offering,
accepting or declining a draw; and claiming a game the friend has left (a draw after
AWAY_DRAW_SECONDS away, the win after AWAY_WIN_SECONDS; reason `abandoned`).

Server-authoritative like a move: only a seat, only while the game is played, each change one
guarded UPDATE that bumps the version, so of two racing requests (two resignations, a
resignation against a move, an accept against the offerer's move, a claim against the
friend's return) exactly one applies. The outcome carries the reason (`resigned`, `agreed`,
`abandoned`).
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from rooms.models import Connection, Room
from rooms.protocol import AnswerDraw, Claim, Ending, OfferDraw, Resign
from rooms.seats import Seat
from rooms.services import (
    PRESENCE_STALE,
    RoomError,
    away_seconds,
    changed_then_read,
    seat_in_round,
    side_of,
)

AWAY_DRAW_SECONDS = 120  # the friend away this long: the player present may call a draw ...
AWAY_WIN_SECONDS = 300  # ... and this long: claim the win


def _seated_in_play(room_id: str, secret: str | None, round_number: int) -> tuple[Room, int]:
    room, seat = _seat_in_play(room_id, secret, round_number)
    return room, side_of(room, seat)  # type: ignore[return-value]  # a seat in play has a side


def _seat_in_play(room_id: str, secret: str | None, round_number: int) -> tuple[Room, str]:
    room, seat = seat_in_round(room_id, secret, round_number, "only the two players can do that")
    if room.status == Room.WAITING:
        raise RoomError("not-started", "waiting for your friend to join")
    if room.status != Room.PLAYING:
        raise RoomError("game-over", "the game has ended")
    return room, seat


def _playing(room: Room, **conditions):
    return Room.objects.filter(id=room.id, round=room.round, status=Room.PLAYING, **conditions)


def _finish(room: Room, outcome: dict, **conditions) -> bool:
    """End the round (when `conditions` still hold), `room` read back as it made it."""
    return changed_then_read(
        room,
        lambda: _playing(room, **conditions).update(
            status=Room.FINISHED,
            outcome=outcome,
            draw_offer=None,
            version=F("version") + 1,
            last_active_at=timezone.now(),
        ),
    )


def resign(room_id: str, secret: str | None, request: Resign) -> Room:
    """The seat gives up this round: the other colour wins (`resigned`)."""
    room, side = _seated_in_play(room_id, secret, request.round)
    if not _finish(room, {"winner": 1 - side, "reason": "resigned", "cells": []}):
        raise RoomError("game-over", "the game has ended")
    return room


def offer_draw(room_id: str, secret: str | None, request: OfferDraw) -> Room:
    """Offer a draw. If the friend's offer already stands, this agrees to it."""
    room, side = _seated_in_play(room_id, secret, request.round)
    if room.draw_offer == side:
        raise RoomError("duplicate-offer", "your draw offer already stands")
    if room.draw_offer == 1 - side:
        return _agree(room, side)
    offered = changed_then_read(
        room,
        lambda: _playing(room, draw_offer__isnull=True).update(
            draw_offer=side, version=F("version") + 1
        ),
    )
    if not offered:  # the friend offered, or the game ended, at the same moment
        raise RoomError("stale-round", "the room changed; resync")
    return room


def answer_draw(room_id: str, secret: str | None, request: AnswerDraw) -> Room:
    """Accept or decline the friend's standing draw offer."""
    room, side = _seated_in_play(room_id, secret, request.round)
    if room.draw_offer != 1 - side:
        raise RoomError("no-offer", "there is no draw offer from your friend to answer")
    if request.accept:
        return _agree(room, side)
    declined = changed_then_read(
        room,
        lambda: _playing(room, draw_offer=1 - side).update(
            draw_offer=None, version=F("version") + 1
        ),
    )
    if not declined:
        raise RoomError("no-offer", "the offer has lapsed")
    return room


def _agree(room: Room, side: int) -> Room:
    if not _finish(room, {"winner": None, "reason": "agreed", "cells": []}, draw_offer=1 - side):
        raise RoomError("no-offer", "the offer has lapsed")
    return room


def claim(room_id: str, secret: str | None, request: Claim) -> Room:
    """The player present ends a game whose friend has gone: the result "draw" after
    AWAY_DRAW_SECONDS, "win" after AWAY_WIN_SECONDS, both counted by the server."""
    result = request.result
    room, seat = _seat_in_play(room_id, secret, request.round)
    friend = Seat(seat).other
    now = timezone.now()
    live = Connection.objects.filter(
        room_id=room.id, seat=friend, seen_at__gte=now - PRESENCE_STALE
    )
    if live.exists():
        raise RoomError("friend-present", "your friend is here")
    needed = AWAY_DRAW_SECONDS if result == "draw" else AWAY_WIN_SECONDS
    away = away_seconds(room, friend, now) or 0  # a seat in play is always taken
    if away < needed:
        raise RoomError("too-early", f"your friend has been away {away} s of the {needed} s needed")
    side = side_of(room, seat)
    outcome: dict[str, object] = {
        "winner": None if result == "draw" else side,
        "reason": "abandoned",
        "cells": [],
    }
    # Guarded by the friend's last-seen time as read: a friend who comes back in between
    # (their connect writes it) makes the claim apply nothing.
    seen = getattr(room, friend.seen_field)
    unchanged = {friend.seen_field: seen} if seen else {f"{friend.seen_field}__isnull": True}
    if not _finish(room, outcome, **unchanged):
        raise RoomError("friend-present", "your friend is back, or the game has changed")
    return room


def end(request: Ending, room_id: str, secret: str | None) -> tuple[str, Room]:
    """A typed request from the socket (rooms.protocol): the room event it makes (the
    `event` of the `room` message) and the room after it."""
    if isinstance(request, Resign):
        return "resigned", resign(room_id, secret, request)
    if isinstance(request, Claim):
        return "abandoned", claim(room_id, secret, request)
    if isinstance(request, OfferDraw):
        room = offer_draw(room_id, secret, request)
    else:
        assert isinstance(request, AnswerDraw)
        room = answer_draw(room_id, secret, request)
    if room.status == Room.FINISHED:
        return "draw-agreed", room
    return ("draw-offered" if room.draw_offer is not None else "draw-declined"), room
