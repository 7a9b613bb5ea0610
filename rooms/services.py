"""The rules of a friend room, without sockets: create, join, cancel, move, rematch, presence,
expiry and purge. Every function is synchronous ORM code; the consumer and the views call it
and only forward what it returns. Errors are `RoomError(code)`; docs/PROTOCOL.md lists them.

Concurrency: a seat is claimed with a conditional UPDATE (`... WHERE guest_secret IS NULL`),
a move with a ply- and version-checked UPDATE plus a unique (room, round, ply) move row, so
two requests racing for the same seat or ply can never both succeed, on SQLite or PostgreSQL.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q
from django.utils import timezone

from games import registry as games
from games.engine import registry
from games.engine.base import EngineError
from rooms import move_sql, outgoing, protocol, recent, seats
from rooms.models import Connection, Move, Room, SeatTransfer
from rooms.seats import Seat
from throttle import limiter, limits

LIFETIME = timedelta(hours=24)  # a room is deleted this long after creation, in any case
IDLE_LIMIT = timedelta(minutes=30)  # ... or once nobody has been connected for this long
# Clients ping every 10 s (docs/PROTOCOL.md); a socket's row is refreshed at the first ping after
# this long. Only a process that dies leaves rows behind (a closed socket's row goes at once),
# so presence may be coarse: such a row stops counting after PRESENCE_STALE.
HEARTBEAT_WRITE_SECONDS = 50
PRESENCE_STALE = timedelta(seconds=120)  # a connection not refreshed for this long is gone
ROOM_ID_BYTES = 16  # 128 bits from secrets.token_urlsafe: 22 characters
ROOM_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{22,43}$")
MESSAGE_MAX = outgoing.MESSAGE_MAX  # an engine's refusal is cut to an error's length


# A refused request; `code` is the machine-readable reason (docs/PROTOCOL.md). One type for
# the whole room: what the protocol refuses at the edge and what the rules refuse here.
RoomError = protocol.Refusal


@dataclass(frozen=True)
class Joined:
    room: Room
    seat: str
    secret: str | None  # a new seat secret to put in the cookie, None if already seated


# --- secrets and seats ------------------------------------------------------------------------


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def seat_of(room: Room, secret: str | None) -> Seat | str:
    """The seat whose secret this is, or "" for a visitor without a seat (a spectator)."""
    if not secret:
        return ""
    digest = _digest(secret)
    for seat in Seat:
        stored = getattr(room, seat.secret_field)
        if stored and hmac.compare_digest(digest, stored):
            return seat
    return ""


def side_of(room: Room, seat: str) -> int | None:
    """The colour a seat plays in the current round (rooms/seats.py): None for a spectator."""
    return seats.side_of(seat, room.host_side)


# --- lifetime ---------------------------------------------------------------------------------


def expires_at(room: Room) -> datetime:
    return room.created_at + LIFETIME


def _is_expired(room: Room, now: datetime) -> bool:
    if now >= expires_at(room):
        return True
    if room.last_active_at >= now - IDLE_LIMIT:
        return False
    latest = room.connections.aggregate(latest=Max("seen_at"))["latest"]
    return latest is None or latest < now - IDLE_LIMIT


def changed_then_read(room: Room, change: Callable[[], int]) -> bool:
    """`change` (a guarded UPDATE spending one version; the rows it changed) and, when it
    changed the room, `room` read back in the same transaction. The UPDATE's row lock
    (PostgreSQL) or the write lock (SQLite) keeps every other change out until the commit, so
    `room` is exactly the version this change made, the one its event carries. Read after
    the commit it could be a later change's: with both seats acting at once, two events of
    one version and none of the version before it, a gap for every client."""
    with transaction.atomic():
        if not change():
            return False
        room.refresh_from_db()
    return True


def live_room(room_id: str) -> Room:
    """The room if it exists and has not expired; an expired room is deleted on the spot.
    Raises `room-gone` for unknown, malformed, expired or purged ids."""
    if not isinstance(room_id, str) or not ROOM_ID_PATTERN.match(room_id):
        raise RoomError("room-gone", "no such room")
    room = Room.objects.filter(id=room_id).first()
    if room is None:
        raise RoomError("room-gone", "no such room")
    if _is_expired(room, timezone.now()):
        room.delete()
        raise RoomError("room-gone", "the room has expired")
    return room


def purge(now: datetime | None = None) -> dict[str, int]:
    """Delete expired rooms (with their moves and connections), stale connection rows left by
    processes that died, rate-limiter buckets that are full again and expired seat links.
    Safe to run anywhere, any time."""
    now = now or timezone.now()
    idle_cutoff = now - IDLE_LIMIT
    expired = Room.objects.filter(
        Q(created_at__lt=now - LIFETIME)
        | (Q(last_active_at__lt=idle_cutoff) & ~Q(connections__seen_at__gte=idle_cutoff))
    )
    rooms = expired.delete()[1].get("rooms.Room", 0)
    stale = Connection.objects.filter(seen_at__lt=now - 4 * PRESENCE_STALE).delete()[0]
    buckets = limiter.purge(now.timestamp())
    links = SeatTransfer.objects.filter(expires_at__lte=now).delete()[0]
    return {"rooms": rooms, "connections": stale, "limiter_buckets": buckets, "transfers": links}


# --- creation, joining, cancelling ------------------------------------------------------------


def allow_creation(client_address: str | None) -> None:
    """Take one room creation from this client's allowance (throttle.limits.ROOM_CREATION);
    `rate-limited` when it is spent."""
    if not limiter.allow(limits.ROOM_CREATION, limiter.client_key(client_address)):
        raise RoomError("rate-limited", "too many rooms created from here; try again later")


def checked_variant(game_slug: str, variant: str) -> str:
    """The rule setting a new room of `game_slug` is played under: `variant` if the game
    declares it (games/registry.py), the game's default when it is "" (also "" for a game with
    one rule); `unknown-game` or `unknown-variant` otherwise (never quoting the request)."""
    entry = games.BY_SLUG.get(game_slug)
    if entry is None:
        raise RoomError("unknown-game", "no such game")
    if not variant:
        return entry.default_variant
    if variant not in {choice.key for choice in entry.variants}:
        raise RoomError("unknown-variant", "this game has no such rule setting")
    return variant


def initial_state(game, variant: str):
    """The first position under the room's rule setting ("" for a game with one rule)."""
    return game.initial_state(variant) if variant else game.initial_state()


def create_room(game_slug: str, variant: str = "") -> tuple[Room, str]:
    """A new waiting room under `variant` (checked_variant); returns it and the host's seat
    secret (for the cookie)."""
    variant = checked_variant(game_slug, variant)
    game = registry.get(game_slug)
    secret = secrets.token_urlsafe(32)
    now = timezone.now()
    room = Room.objects.create(
        id=secrets.token_urlsafe(ROOM_ID_BYTES),
        game=game.slug,
        variant=variant,
        host_secret=_digest(secret),
        state=game.dump(initial_state(game, variant)),
        created_at=now,
        last_active_at=now,
        host_seen_at=now,  # a seat's absence counts from when it was taken
    )
    return room, secret


def join(room_id: str, secret: str | None) -> Joined:
    """Take the guest seat. Exactly one of many simultaneous joins wins (`seat-taken` for the
    rest). Someone already seated gets their seat back and no new secret."""
    room = live_room(room_id)
    seat = seat_of(room, secret)
    if seat:
        return Joined(room, seat, None)
    if room.status == Room.CANCELLED:
        raise RoomError("room-cancelled", "the room was cancelled")
    new_secret = secrets.token_urlsafe(32)
    now = timezone.now()
    claimed = changed_then_read(
        room,
        lambda: Room.objects.filter(
            id=room.id, guest_secret__isnull=True, status=Room.WAITING
        ).update(
            guest_secret=_digest(new_secret),
            status=Room.PLAYING,
            version=F("version") + 1,
            last_active_at=now,
            # The friend's absence counts from the join, not from the room's creation: a
            # friend whose page has not opened its socket yet has not left.
            guest_seen_at=now,
        ),
    )
    if not claimed:
        raise RoomError("seat-taken", "both seats are taken; you can watch")
    return Joined(room, Seat.GUEST, new_secret)


def cancel(room_id: str, secret: str | None) -> Room:
    """The host withdraws a room nobody has joined yet."""
    room = live_room(room_id)
    if seat_of(room, secret) != Seat.HOST:
        raise RoomError("not-host", "only the person who made the room can cancel it")
    cancelled = changed_then_read(
        room,
        lambda: Room.objects.filter(id=room.id, status=Room.WAITING).update(
            status=Room.CANCELLED, version=F("version") + 1
        ),
    )
    if not cancelled:
        raise RoomError("not-waiting", "the game has already started")
    return room


# --- moves and rematches ----------------------------------------------------------------------


def play_move(room_id: str, secret: str | None, request: protocol.Move) -> Room:
    """Apply the request's move at its ply (the number of moves already played in this
    round). Validated by the engine against the stored state; applied exactly once."""
    return apply_move(room_id, secret, request)[0]


def apply_move(
    room_id: str, secret: str | None, request: protocol.Move
) -> tuple[Room, outgoing.PlayedMove]:
    """`play_move`, also returning the move as the `moved` event carries it. Usually two
    queries in one transaction, the guarded UPDATE and the move row (one statement on
    PostgreSQL, rooms/move_sql.py): the room is read only
    when this process has no recent copy of it (`rooms/recent.py`) or the copy fails."""
    ply, text = request.ply, request.text
    # A fresh read happens outside the transaction: an expired room is deleted there for
    # good (inside, the refusal would roll the delete back). The UPDATE is guarded by the
    # version and the mover's seat as read, so any change in between (a move, a draw offer,
    # a resignation, a seat link used) makes it apply nothing; then the room is read again
    # and the move checked again against what is there now.
    checked = _checked_recent(room_id, secret, ply, text)
    for _attempt in range(3):
        if checked is None:
            room = live_room(room_id)
            checked = room, *_checked_move(room, secret, ply, text)
        room, side, game, canonical, after = checked
        checked = None
        outcome = game.outcome(after)
        changes = {
            "state": game.dump(after),
            "ply": ply + 1,
            "outcome": outcome.to_json() if outcome else None,
            "status": Room.FINISHED if outcome else Room.PLAYING,
            "version": room.version + 1,
            "last_active_at": timezone.now(),
            # A draw offer lapses when the player who made it moves.
            "draw_offer": None if room.draw_offer == side else room.draw_offer,
        }
        seat = Seat.playing(side, room.host_side)
        try:
            row = {"room": room.id, "round": room.round, "ply": ply, "side": side}
            row["text"] = canonical
            applied = move_sql.apply(room, seat.secret_field, changes, row)  # atomic
        except IntegrityError:  # a move row for this ply exists: another move won the ply
            recent.forget(room_id)
            raise RoomError("stale-ply", "another move was played first; resync") from None
        if applied:
            break
        recent.forget(room_id)
    else:
        raise RoomError("stale-ply", "the room kept changing; resync")
    for field, value in changes.items():
        setattr(room, field, value)
    recent.remember(room, after)
    return room, outgoing.PlayedMove(canonical, side, ply)


def _checked_recent(room_id: str, secret: str | None, ply: int, text: str):
    """`_checked_move` against this process's recent copy of the room, or None when there is
    none, it may have expired, or it refuses the move (the copy may be what is wrong, so a
    refusal is only ever given from a fresh read)."""
    room, state = recent.recall_with_state(room_id)
    if room is None:
        return None
    now = timezone.now()
    if now >= expires_at(room) or room.last_active_at < now - IDLE_LIMIT:
        return None
    try:
        return room, *_checked_move(room, secret, ply, text, state)
    except RoomError:
        return None


def _checked_move(room: Room, secret: str | None, ply: int, text: str, state: Any = None):
    """(side, game, canonical text, state after) for a move the seat may play now; `state` is
    the room's position as the engine's state when the caller has it (else read from the
    room's dump)."""
    seat = seat_of(room, secret)
    if not seat:
        raise RoomError("not-a-player", "spectators cannot move")
    side = side_of(room, seat)
    if room.status == Room.CANCELLED:
        raise RoomError("room-cancelled", "the room was cancelled")
    if room.status == Room.WAITING:
        raise RoomError("not-started", "waiting for your friend to join")
    if ply < room.ply:
        earlier = Move.objects.filter(room=room, round=room.round, ply=ply).first()
        if earlier and earlier.side == side and earlier.text.lower() == text.lower():
            raise RoomError("duplicate-move", "that move was already applied")
        raise RoomError("stale-ply", f"that ply is past; the game is at ply {room.ply}")
    if ply > room.ply:
        raise RoomError("future-ply", f"that ply is ahead; the game is at ply {room.ply}")
    if room.status == Room.FINISHED:
        raise RoomError("game-over", "the game has ended")
    game = registry.get(room.game)
    if state is None:
        state = game.load(room.state)
    if game.to_move(state) != side:
        raise RoomError("not-your-turn", "it is your friend's turn")
    try:
        move = game.parse_move(state, text)
        canonical = game.format_move(state, move)
        after = game.play(state, move)
    except EngineError as error:
        raise RoomError(error.code, _own_words(error.message, text)) from None
    return side, game, canonical, after


def _own_words(message: str, text: str) -> str:
    """An engine's refusal as the server may send it: never quoting the client's text (an
    engine may name the move it could not read; then only the code says what was wrong)."""
    if text.lower() in message.lower():
        return "that move is not possible here"
    return message[:MESSAGE_MAX]


def seat_in_round(
    room_id: str, secret: str | None, round_number: int, refusal: str
) -> tuple[Room, str]:
    """The live room and the caller's seat, for a request about round `round_number`
    (rematch, resign, draw, claim: a typed request's, so in bounds); `refusal` is what a
    spectator is told."""
    room = live_room(room_id)
    seat = seat_of(room, secret)
    if not seat:
        raise RoomError("not-a-player", refusal)
    if round_number != room.round:
        raise RoomError("stale-round", f"the room is at round {room.round}")
    return room, seat


def request_rematch(room_id: str, secret: str | None, request: protocol.Rematch) -> Room:
    """Ask for another game after this one. When both seats have asked, the next round starts
    with the colours swapped. Asking twice is `duplicate-rematch` and changes nothing, so no
    version is spent and nothing is broadcast for it."""
    refusal = "spectators cannot ask for a rematch"
    room, seat = seat_in_round(room_id, secret, request.round, refusal)
    if room.status != Room.FINISHED:
        raise RoomError("not-finished", "the game is still going on")
    same_round = Room.objects.filter(id=room.id, round=room.round, status=Room.FINISHED)
    game = registry.get(room.game)
    # One transaction, one version: when this request is the second, the new round starts in
    # the same change (clients see the version go up by one, with `rematch-started`).
    with transaction.atomic():
        field = Seat(seat).rematch_field
        asked = same_round.filter(**{field: False}).update(
            **{field: True}, version=F("version") + 1
        )
        if not asked:
            raise RoomError("duplicate-rematch", "you have already asked for a rematch")
        same_round.filter(host_rematch=True, guest_rematch=True).update(
            round=F("round") + 1,
            ply=0,
            state=game.dump(initial_state(game, room.variant)),
            outcome=None,
            status=Room.PLAYING,
            host_side=1 - room.host_side,
            host_rematch=False,
            guest_rematch=False,
            draw_offer=None,
            last_active_at=timezone.now(),
        )
        room.refresh_from_db()  # in the transaction: this change's version (changed_then_read)
    return room


# --- connections and presence -----------------------------------------------------------------


def allow_connect(client: str) -> None:
    """Take one socket opening from this client's budget (throttle.limits.SOCKET_CONNECTS);
    `too-many-connects` when it is spent. `client` is throttle.limiter.client_key's."""
    if not limiter.allow(limits.SOCKET_CONNECTS, client):
        raise RoomError("too-many-connects", "too many connections from here; try again later")


def connect(
    room_id: str, channel_name: str, secret: str | None, client: str, spectators_welcome=True
) -> tuple[Room, str]:
    """Record an open socket; returns the room and the socket's seat ("" for a spectator).
    `client` is throttle.limiter.client_key of the address: at most SOCKETS_PER_CLIENT live
    sockets per client (`too-many-sockets`) and SPECTATORS_PER_ROOM watchers (`room-full`).
    A saturated process (rooms/load.py) takes no spectator (`server-busy`); players always."""
    room = live_room(room_id)
    seat = seat_of(room, secret)
    if not seat and not spectators_welcome:
        raise RoomError("server-busy", "the server is busy; try again shortly")
    now = timezone.now()
    client_hash = _client_hash(client, now)
    Connection.objects.update_or_create(
        channel_name=channel_name,
        defaults={"room": room, "seat": seat, "seen_at": now, "client": client_hash},
    )
    # Counted after our own row is in: two sockets racing for the last place both see the
    # other and both are refused, so the limit is never exceeded.
    live = Connection.objects.filter(seen_at__gte=now - PRESENCE_STALE)
    refusal = None
    if live.filter(client=client_hash).count() > limits.SOCKETS_PER_CLIENT:
        refusal = RoomError("too-many-sockets", "too many open rooms from here; close some")
    elif not seat and live.filter(room=room, seat="").count() > limits.SPECTATORS_PER_ROOM:
        refusal = RoomError("room-full", "too many people are watching this game")
    if refusal:
        Connection.objects.filter(channel_name=channel_name).delete()
        raise refusal
    seen = {Seat(seat).seen_field: now} if seat else {}
    Room.objects.filter(id=room.id).update(last_active_at=now, **seen)
    return room, seat


def _client_hash(client: str, now: datetime) -> str:
    # Kept only while the socket lives; the day in the HMAC makes rows of different days
    # unlinkable.
    return limiter.hashed("room-socket", now.date().isoformat(), client)


def heartbeat(room_id: str, channel_name: str, secret: str | None, client: str) -> tuple[Room, str]:
    """A ping from an open socket: refresh its presence; returns the (live) room and the
    socket's seat as the database has it now. The seat is read again each time, as the version
    is: a socket whose seat went to another device (and missed the news) watches from then on,
    and its heartbeats no longer count as that seat's presence."""
    room = live_room(room_id)
    seat = seat_of(room, secret)
    now = timezone.now()
    try:
        with transaction.atomic():  # one commit for both rows
            if not Connection.objects.filter(channel_name=channel_name).update(
                seen_at=now, seat=seat
            ):
                Connection.objects.create(  # a purge took it while it was quiet
                    channel_name=channel_name,
                    room=room,
                    seat=seat,
                    seen_at=now,
                    client=_client_hash(client, now),
                )
            if seat:
                Room.objects.filter(id=room.id).update(**{Seat(seat).seen_field: now})
    except IntegrityError:  # the room was purged since it was read
        raise RoomError("room-gone", "the room has expired") from None
    if seat:
        setattr(room, Seat(seat).seen_field, now)
    return room, seat


def disconnect(channel_name: str) -> None:
    """A socket closed: forget it, and count the room as active until now."""
    row = Connection.objects.filter(channel_name=channel_name).first()
    if row is None:
        return
    now = timezone.now()
    seen = {Seat(row.seat).seen_field: now} if row.seat else {}
    with transaction.atomic():  # nobody sees the seat without a socket and not yet left
        row.delete()
        Room.objects.filter(id=row.room_id).update(last_active_at=now, **seen)


def presence(room: Room) -> outgoing.Presence:
    """Which colours have a live socket now, how many spectators are watching, and for each
    colour without a socket how many seconds it has been away (`away`, null when present).
    One query: the seats of the room's fresh sockets (spectators are capped per room)."""
    now = timezone.now()
    fresh = Connection.objects.filter(room_id=room.id, seen_at__gte=now - PRESENCE_STALE)
    held = list(fresh.values_list("seat", flat=True))
    sides = [False, False]
    away: list[int | None] = [None, None]
    for seat in Seat:
        side = seat.side(room.host_side)
        if seat in held:
            sides[side] = True
        else:
            away[side] = away_seconds(room, seat, now)
    return outgoing.Presence((sides[0], sides[1]), held.count(""), (away[0], away[1]))


def away_seconds(room: Room, seat: str, now: datetime) -> int | None:
    """Whole seconds since `seat` last had a live socket, counted from when the seat was
    taken (the room's creation for the host, the join for the guest); None for a seat nobody
    has taken yet (nobody is away from it)."""
    if not getattr(room, Seat(seat).secret_field):
        return None
    seen = getattr(room, Seat(seat).seen_field) or room.created_at  # rooms made before the rule
    return max(0, int((now - seen).total_seconds()))


def header(room: Room) -> outgoing.Header:
    """What every viewer needs to know about the room, without the move list: small and of
    bounded size whatever the game's length (docs/PROTOCOL.md, "Sizes")."""
    rematch = [False, False]
    for seat in Seat:
        rematch[seat.side(room.host_side)] = getattr(room, seat.rematch_field)
    return outgoing.Header(
        id=room.id,
        game=room.game,
        variant=room.variant,
        status=room.status,
        version=room.version,
        round=room.round,
        ply=room.ply,
        host_side=room.host_side,
        outcome=outgoing.Outcome.of(room.outcome),
        rematch=(rematch[0], rematch[1]),
        draw_offer=room.draw_offer,
        expires_at=expires_at(room).isoformat(),
    )


def move_texts(room: Room) -> list[str]:
    """This round's moves in canonical notation, exactly `room.ply` of them: rows of a move
    committed after `room` was read are left out, so header and list always agree."""
    moves = Move.objects.filter(room_id=room.id, round=room.round, ply__lt=room.ply)
    return list(moves.order_by("ply").values_list("text", flat=True))
