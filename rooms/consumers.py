"""The room socket: limits what a client sends, reads it as a typed request (rooms.protocol),
finds its seat from the cookie (rooms.wire), calls rooms.services with the request's values and
forwards results to the room's group. No game rule and no field check lives here.

Every message, size and error code is in docs/PROTOCOL.md. What the server sends is a typed
value of rooms.outgoing, turned into text in one place (`send_message`, `outgoing.encode`) and
small whatever the game's length: events carry one move, and the full state goes out as a
header followed by the move list in slices of MOVES_PER_MESSAGE.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import Any

from autobahn.exception import Disconnected  # what daphne raises for a send after a close
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import InterfaceError, OperationalError

from rooms import endings, load, outgoing, protocol, purge_task, recent, services, wire
from rooms.database_thread import in_thread
from rooms.outgoing import Presence, RoomEvent
from rooms.seats import side_of
from rooms.services import RoomError
from site_config.channel_layer import PublishFailed
from throttle import limiter, limits

logger = logging.getLogger(__name__)

MOVES_PER_MESSAGE = outgoing.MOVES_PER_MESSAGE
MAX_SEND_BYTES = outgoing.MAX_SEND_BYTES  # what the protocol promises of every server message
CLOSE_GONE = 4404  # the room does not exist (any more)
CLOSE_IDLE = 4408  # nothing heard for limits.SOCKET_IDLE_SECONDS
CLOSE_LIMIT = 4429  # too many messages, sockets or watchers
LIMIT_CODES = ("too-many-sockets", "room-full", "too-many-connects", "server-busy", "unavailable")
# The database unreachable (PostgreSQL restarting, a failover): a request that needed it is
# refused with "unavailable" and changed nothing; the socket stays open and the client asks
# again. The one retry on a new connection (rooms/database_thread.py) has been made already.
DATABASE_DOWN = (OperationalError, InterfaceError)
UNAVAILABLE = "the database is unreachable; nothing was changed: try again in a moment"
# A change in the number of watchers alone reaches a socket at most once in this many seconds
# (the latest count): people coming and going cannot flood the players.
WATCHERS_EVERY_SECONDS = 1.0
# Two processes publish their events in the order their own commits finish, so a socket can
# be handed version V+2 before V+1 (both seats acting at once, on two processes, one of them
# lagging). An event past the next version waits here up to HOLD_SECONDS for the ones before
# it, then goes anyway (the client's own gap rule, a `sync`, repairs what is still missing).
# At most MAX_HELD wait; one more sends them all.
HOLD_SECONDS = 0.5
MAX_HELD = 16


def seat_cookie_name(room_id: str) -> str:
    return f"seat_{room_id}"


def group_name(room_id: str) -> str:
    return f"room.{room_id}"


class Consumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        # Channels runs close_old_connections in a thread before every message, group events
        # included: a thread hop each. Every database call here goes through
        # rooms.database_thread, which keeps the connections in its own thread.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for {message['type'][:40]!r}")
        await handler(message)


class RoomConsumer(Consumer):
    room_id: str = ""
    seat: str = ""
    host_side: int = 0
    secret: str | None = None
    client: str = "unknown"
    budget: str = ""  # this client's key in the per-message budget (throttle.limiter.hot_key)
    registered = False  # a Connection row exists for this socket
    in_group = False
    version = 0  # the highest room version this socket has sent on
    stored_version = 0  # the room's version the last heartbeat read: sent on by the next one
    presence = Presence()  # the presence last learnt
    written_at = 0.0  # when this socket's Connection row was last refreshed (monotonic)
    presence_at = 0.0  # when `presence` was learnt (monotonic)
    closed = False  # the client is gone: its `websocket.disconnect` is on its way
    heard_at = 0.0  # when the client last sent anything (monotonic)
    idle_watch: asyncio.Task | None = None
    shown: Presence | None = None  # the presence this socket's client was last sent
    shown_at = 0.0  # ... and when (monotonic)
    watchers_due: asyncio.Task | None = None  # a watcher count waiting for its turn
    held: dict[int, RoomEvent]  # events that came before the versions preceding them
    release_due: asyncio.Task | None = None  # ... sent anyway when it fires

    async def __call__(self, scope, receive, send):
        self.held = {}
        try:
            await super().__call__(scope, receive, send)
        finally:  # every exit: a clean close, a crash, a cancelled task
            for task in (self.idle_watch, self.watchers_due, self.release_due):
                if task is not None:
                    task.cancel()
            await self.leave()

    async def connect(self) -> None:
        purge_task.ensure_started()
        self.room_id = self.scope["url_route"]["kwargs"]["room_id"]
        self.secret = wire.cookie(self.scope, seat_cookie_name(self.room_id))
        self.client = limiter.client_key(wire.client_address(self.scope))
        self.budget = limiter.hot_key(limits.SOCKET_MESSAGES, self.client)
        self.window_start, self.window_count = time.monotonic(), 0
        await self.accept()
        self.heard_at = time.monotonic()
        self.idle_watch = asyncio.ensure_future(self.close_when_idle(limits.SOCKET_IDLE_SECONDS))
        load.ensure_watching(self.channel_layer)
        try:
            try:
                _room, self.seat = await _in_thread(_connect)(
                    self.room_id, self.channel_name, self.secret, self.client, load.busy()
                )
            except DATABASE_DOWN:
                logger.warning("room socket: the database is unreachable; connect refused")
                raise RoomError("unavailable", UNAVAILABLE) from None
        except RoomError as error:
            await self.send_error(error.code, error.message, "connect")
            await self.close(code=CLOSE_LIMIT if error.code in LIMIT_CODES else CLOSE_GONE)
            return
        self.registered = True
        self.written_at = time.monotonic()
        await self.channel_layer.group_add(group_name(self.room_id), self.channel_name)
        self.in_group = True
        # Read after joining the group: a move made meanwhile is in this state or in an event
        # that follows it, never lost between the two.
        await self.send_full_state("welcome")
        presence = await _in_thread(_presence)(self.room_id)
        if presence is not None:  # None: the room went in between (send_full_state said so)
            # Known here already: a ping answered before the broadcast comes back tells it.
            self.learn_presence(presence)
            await self.broadcast(presence)

    async def close_when_idle(self, idle: float) -> None:
        """Close a socket that has sent nothing for `idle` seconds, and forget it at once: the
        caps count sockets by their rows, and a silent socket must not hold a place (or keep
        receiving every event) once its row is too old to be counted."""
        while (left := self.heard_at + idle - time.monotonic()) > 0:
            await asyncio.sleep(left)
        if not self.closed:
            self.closed = True
            try:
                await self.close(code=CLOSE_IDLE)
            except Disconnected:  # the client left at the same moment
                pass
        await self.leave()

    async def leave(self) -> None:
        try:
            if self.in_group:
                self.in_group = False
                await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)
            if self.registered:
                self.registered = False
                presence = await _in_thread(_forget)(self.room_id, self.channel_name)
                if presence is not None:
                    await self.broadcast(presence)
        except Exception:
            logger.exception("room socket: cleanup after close failed")

    # --- from the client ----------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        self.heard_at = time.monotonic()
        if not await self.within_rate():
            return
        try:
            request = protocol.parse(text_data, bytes_data)
        except RoomError as error:
            await self.send_error(error.code, error.message, error.request)
            return
        try:
            handler = self.HANDLERS[type(request)](self, request)
            if type(request) in self.CHANGES:
                # Shielded: a socket closed (or a consumer cancelled) while the change waited
                # for the database still tells the room about a change that was made.
                await asyncio.shield(handler)
            else:
                await handler
        except DATABASE_DOWN:
            # A fault outside this process, not a defect: one line, no traceback.
            logger.warning("room socket: the database is unreachable; a %s refused", request.TYPE)
            await self.send_error("unavailable", UNAVAILABLE, request.TYPE)
        except Exception:
            # Logged without the message, the room or the client; the socket stays open.
            logger.exception("room socket: a %s request failed", request.TYPE)
            refusal = "the server failed; resync and retry"
            await self.send_error("server-error", refusal, request.TYPE)

    async def within_rate(self) -> bool:
        now = time.monotonic()
        if now - self.window_start >= 1:
            self.window_start, self.window_count = now, 0
        self.window_count += 1
        if self.window_count > limits.SOCKET_CLOSE_PER_SECOND:
            await self.close(code=CLOSE_LIMIT)
            return False
        if self.window_count > limits.SOCKET_MESSAGES_PER_SECOND or not await limiter.allow_hot(
            limits.SOCKET_MESSAGES, self.budget
        ):
            await self.send_error("too-many-messages", "slow down", None)
            return False
        return True

    async def on_move(self, request: protocol.Move) -> None:
        try:
            header, move = await _in_thread(_move)(self.room_id, self.secret, request)
        except RoomError as error:
            await self.send_error(error.code, error.message, request.TYPE)
            return
        await self.broadcast(RoomEvent("moved", header, move))

    async def on_rematch(self, request: protocol.Rematch) -> None:
        try:
            header, presence = await _in_thread(_rematch)(self.room_id, self.secret, request)
        except RoomError as error:
            await self.send_error(error.code, error.message, request.TYPE)
            return
        started = header.round != request.round
        await self.broadcast(
            RoomEvent("rematch-started" if started else "rematch-requested", header)
        )
        if started:  # colours changed, so did who is present as which colour
            await self.broadcast(presence)

    async def on_ending(self, request: protocol.Ending) -> None:
        """resign, offer-draw, answer-draw, claim: each ends the game or changes the offer."""
        try:
            event, header = await _in_thread(_ending)(request, self.room_id, self.secret)
        except RoomError as error:
            await self.send_error(error.code, error.message, request.TYPE)
            return
        await self.broadcast(RoomEvent(event, header))

    async def on_sync(self, request: protocol.Sync) -> None:
        await self.send_full_state("state")

    async def on_ping(self, request: protocol.Ping) -> None:
        # Most pings cost nothing: the pong tells what this socket last sent on. Every
        # HEARTBEAT_WRITE_SECONDS one refreshes the socket's row and reads the room's version
        # and presence. An event of a version that read showed may still be on its way (queued
        # behind the read): only if it has not come by the next heartbeat was it lost, and the
        # socket is sent the full state then (the layers never drop one; this is the backstop).
        if time.monotonic() - self.written_at >= services.HEARTBEAT_WRITE_SECONDS:
            try:
                stored, seat, presence = await _in_thread(_heartbeat)(
                    self.room_id, self.channel_name, self.secret, self.client
                )
            except RoomError as error:
                await self.gone(error)
                return
            self.learn_presence(presence)
            self.written_at = self.presence_at
            if seat != self.seat:  # the seat moved and its `seat.moved` never came
                self.seat = seat
                await self.send_message(outgoing.SeatMessage(self.you()))
            if self.version < self.stored_version:
                await self.send_full_state("state")
            self.stored_version = stored
        self.shown, self.shown_at = self.aged_presence(), time.monotonic()
        await self.send_message(outgoing.Pong(self.version, self.shown))

    HANDLERS: dict[type, Any] = {
        protocol.Move: on_move,
        protocol.Rematch: on_rematch,
        protocol.Resign: on_ending,
        protocol.OfferDraw: on_ending,
        protocol.AnswerDraw: on_ending,
        protocol.Claim: on_ending,
        protocol.Sync: on_sync,
        protocol.Ping: on_ping,
    }
    CHANGES: frozenset[type] = frozenset(HANDLERS) - {protocol.Sync, protocol.Ping}

    # --- from the group -----------------------------------------------------------------

    async def room_event(self, message: dict) -> None:
        event = RoomEvent.of(message)
        if self.version and event.room.version > self.version + 1 and len(self.held) < MAX_HELD:
            self.held[event.room.version] = event  # an earlier version is still on its way
            if self.release_due is None:
                self.release_due = asyncio.ensure_future(self.release_in_turn(HOLD_SECONDS))
            return
        await self.deliver(event)
        await self.deliver_held()

    async def deliver(self, event: RoomEvent) -> None:
        if event.move is not None:
            recent.follow(event.room, event.move)
        elif event.event in ("rematch-requested", "rematch-started"):
            recent.follow_rematch(event.room, services.initial_state)
        self.host_side = event.room.host_side
        self.version = max(self.version, event.room.version)
        await self.send_message(outgoing.RoomMessage(event, self.you()))
        if event.room.status == "cancelled":
            await self.close(code=CLOSE_GONE)

    async def deliver_held(self, all_of_them: bool = False) -> None:
        """The held events that follow on from this socket's version now (or all of them, in
        version order); those it has moved past are dropped, as the client would."""
        for version in sorted(self.held):
            if version <= self.version:
                del self.held[version]
            elif version == self.version + 1 or all_of_them:
                await self.deliver(self.held.pop(version))
        if not self.held and self.release_due is not None:
            self.release_due.cancel()
            self.release_due = None
        elif self.held and self.release_due is None:  # its release came as a resync instead
            self.release_due = asyncio.ensure_future(self.release_in_turn(HOLD_SECONDS))

    async def release_in_turn(self, seconds: float) -> None:
        """After `seconds`, the held events go in the consumer's turn (through its own
        channel, as any message: never in the middle of another handler's sends)."""
        await asyncio.sleep(seconds)
        self.release_due = None
        await self.channel_layer.send(self.channel_name, {"type": "room.release"})

    async def room_release(self, message: dict) -> None:
        await self.deliver_held(all_of_them=True)

    async def room_presence(self, message: dict) -> None:
        """Told to the client only when what it shows changes: who is present (or away), at
        once; how many watch, at most once every WATCHERS_EVERY_SECONDS."""
        self.learn_presence(Presence.of(message))
        shown = self.shown
        if shown is None or shown.who_is_away() != self.presence.who_is_away():
            await self.send_presence()
        elif shown.spectators != self.presence.spectators and self.watchers_due is None:
            self.watchers_due = asyncio.ensure_future(self.send_watchers_in_turn())

    async def send_watchers_in_turn(self) -> None:
        await asyncio.sleep(max(0.0, self.shown_at + WATCHERS_EVERY_SECONDS - time.monotonic()))
        self.watchers_due = None
        await self.send_presence()

    async def send_presence(self) -> None:
        self.shown, self.shown_at = self.aged_presence(), time.monotonic()
        await self.send_message(outgoing.PresenceMessage(self.shown))

    async def room_resync(self, event: dict) -> None:
        """What was meant for this socket may be lost: its queue overflowed (a resync took the
        last place, site_config/channel_layer.py) or this process's Redis connection came
        back. Whatever it was (an event, presence, a seat moved), the room read now covers it:
        the full state, the seat and the presence, at once."""
        try:
            seat, presence = await _in_thread(_seat_and_presence)(self.room_id, self.secret)
        except RoomError as error:
            await self.gone(error)
            return
        if seat != self.seat:
            self.seat = seat
            await self.send_message(outgoing.SeatMessage(self.you()))
        header = await self.send_full_state("state")
        if header is not None and header.status == "cancelled":  # as its event would
            await self.close(code=CLOSE_GONE)
            return
        self.learn_presence(presence)
        await self.send_presence()

    async def seat_moved(self, event: dict) -> None:
        """A seat went to another device (rooms/transfers.py): the old device watches now."""
        if self.seat != event["seat"]:
            return
        try:
            room = await _in_thread(services.live_room)(self.room_id)
        except RoomError as error:
            await self.gone(error)
            return
        if services.seat_of(room, self.secret) != self.seat:
            self.seat = ""
            await self.send_message(outgoing.SeatMessage(self.you()))

    # --- helpers ------------------------------------------------------------------------

    async def send_full_state(self, kind: str) -> outgoing.Header | None:
        """`welcome` or `state` (the room's header), then its moves in `moves` slices. Returns
        the header (None: the room is gone, and the socket told so)."""
        try:
            header, moves = await _in_thread(_full_state)(self.room_id)
        except RoomError as error:
            await self.gone(error)
            return None
        self.host_side = header.host_side
        self.version = max(self.version, header.version)
        await self.send_message(outgoing.FullState(kind, self.you(), header))  # type: ignore[arg-type]
        for start in range(0, len(moves), MOVES_PER_MESSAGE):
            chunk = tuple(moves[start : start + MOVES_PER_MESSAGE])
            await self.send_message(outgoing.Moves(header.round, start, chunk))
        await self.deliver_held()  # the state may cover some, and lead on to others
        return header

    def learn_presence(self, presence: Presence) -> None:
        self.presence = presence
        self.presence_at = time.monotonic()

    def aged_presence(self) -> Presence:
        """The presence last learnt, its absences grown by the time since (a pong between
        database reads must not tell a client that an absent friend left just now)."""
        return self.presence.aged(int(time.monotonic() - self.presence_at))

    def you(self) -> outgoing.You:
        return outgoing.you(self.seat or None, side_of(self.seat, self.host_side))

    async def broadcast(self, value: RoomEvent | Presence) -> None:
        """To every socket of the room, through the channel layer (as a plain dict there).
        When Redis cannot take it (down, restarting, out of this process's reach), the change
        is made all the same: this socket is sent the room afresh at once, and every other
        socket, on every process, is resynced once this process reaches Redis again (the layer
        publishes the room a resync: site_config/channel_layer.py)."""
        try:
            await self.channel_layer.group_send(group_name(self.room_id), value.group())
        except PublishFailed:
            logger.warning("room socket: an event was not published (Redis unreachable)")
            await self.send_full_state("state")

    async def send_message(self, message: outgoing.Message) -> None:
        if self.closed:
            return
        try:
            await self.send(text_data=outgoing.encode(message))
        except Disconnected:  # the client left before this event reached it: nothing to do
            self.closed = True

    async def send_error(self, code: str, message: str, request: str | None) -> None:
        await self.send_message(outgoing.Error(code, message, request))

    async def gone(self, error: RoomError) -> None:
        await self.send_error(error.code, error.message, None)
        await self.close(code=CLOSE_GONE)


class NoRoomConsumer(Consumer):
    """Any socket path that is not /ws/rooms/<id>/: answered as an unknown room would be."""

    async def connect(self) -> None:
        await self.accept()
        await self.send(
            text_data=outgoing.encode(outgoing.Error("room-gone", "no such room", "connect"))
        )
        await self.close(code=CLOSE_GONE)


@functools.cache
def _in_thread(function):
    """`function` run in the thread of the database calls (rooms/database_thread.py), made
    once per function: making the wrapper (asgiref's SyncToAsync) costs about as much CPU as
    a small query."""
    return in_thread(function)


# Each runs in one worker thread: one database round trip per client request.


def _connect(room_id, channel_name, secret, client, busy):
    services.allow_connect(client)
    return services.connect(room_id, channel_name, secret, client, spectators_welcome=not busy)


def _full_state(room_id):
    room = services.live_room(room_id)
    return services.header(room), services.move_texts(room)


def _move(room_id, secret, request):
    room, move = services.apply_move(room_id, secret, request)
    return services.header(room), move


def _rematch(room_id, secret, request):
    room = services.request_rematch(room_id, secret, request)
    return services.header(room), services.presence(room)


def _ending(request, room_id, secret):
    event, room = endings.end(request, room_id, secret)
    return event, services.header(room)


def _heartbeat(room_id, channel_name, secret, client):
    room, seat = services.heartbeat(room_id, channel_name, secret, client)
    return room.version, seat, services.presence(room)


def _seat_and_presence(room_id, secret):
    room = services.live_room(room_id)
    return services.seat_of(room, secret), services.presence(room)


def _presence(room_id):
    """The room's presence, or None when it is gone."""
    try:
        return services.presence(services.live_room(room_id))
    except RoomError:
        return None


def _forget(room_id, channel_name):
    services.disconnect(channel_name)
    return _presence(room_id)
