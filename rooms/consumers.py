"""The room socket: parses and limits what a client sends, finds its seat from the cookie,
calls rooms.services and forwards results to the room's group. No game rule lives here.

Every message and error code is in docs/PROTOCOL.md.
"""

from __future__ import annotations

import json
import time
from http.cookies import CookieError, SimpleCookie

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from rooms import purge_task, services
from rooms.services import RoomError

MAX_MESSAGE_CHARS = 4096
MESSAGES_PER_SECOND = 10  # past this in one second a message is refused ...
CLOSE_AFTER_PER_SECOND = 30  # ... and past this the socket is closed
CLOSE_GONE = 4404  # the room does not exist (any more)
CLOSE_FLOOD = 4429  # too many messages


def seat_cookie_name(room_id: str) -> str:
    return f"seat_{room_id}"


def _cookie(scope: dict, name: str) -> str | None:
    for header, value in scope.get("headers", []):
        if header == b"cookie":
            try:
                jar = SimpleCookie(value.decode("latin-1"))
            except CookieError:
                return None
            if name in jar:
                return jar[name].value
    return None


def group_name(room_id: str) -> str:
    return f"room.{room_id}"


class RoomConsumer(AsyncWebsocketConsumer):
    room_id: str
    seat: str = ""
    host_side: int = 0
    secret: str | None = None

    async def connect(self) -> None:
        purge_task.ensure_started()
        self.room_id = self.scope["url_route"]["kwargs"]["room_id"]
        self.secret = _cookie(self.scope, seat_cookie_name(self.room_id))
        self.window_start, self.window_count = time.monotonic(), 0
        await self.accept()
        try:
            room, self.seat = await database_sync_to_async(services.connect)(
                self.room_id, self.channel_name, self.secret
            )
        except RoomError as error:
            await self.send_error(error.code, error.message, "connect")
            await self.close(code=CLOSE_GONE)
            return
        self.joined_group = True
        await self.channel_layer.group_add(group_name(self.room_id), self.channel_name)
        snapshot, presence = await database_sync_to_async(_snapshot_and_presence)(room)
        self.host_side = room.host_side
        await self.send_json({"type": "welcome", "you": self.you(), "room": snapshot})
        await self.broadcast({"type": "room.presence", **presence})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined_group", False):
            await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)
            presence = await database_sync_to_async(_forget)(self.room_id, self.channel_name)
            if presence is not None:
                await self.broadcast({"type": "room.presence", **presence})

    # --- from the client ----------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not await self.within_rate():
            return
        if text_data is None:
            await self.send_error("not-json", "send JSON text frames", None)
            return
        if len(text_data) > MAX_MESSAGE_CHARS:
            await self.send_error("too-large", f"messages are at most {MAX_MESSAGE_CHARS}", None)
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self.send_error("not-json", "the message is not JSON", None)
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await self.send_error("missing-field", "a message is an object with a type", None)
            return
        handler = self.HANDLERS.get(message["type"])
        if handler is None:
            await self.send_error("unknown-type", f"unknown type {message['type']!r}", None)
            return
        await handler(self, message)

    async def within_rate(self) -> bool:
        now = time.monotonic()
        if now - self.window_start >= 1:
            self.window_start, self.window_count = now, 0
        self.window_count += 1
        if self.window_count > CLOSE_AFTER_PER_SECOND:
            await self.close(code=CLOSE_FLOOD)
            return False
        if self.window_count > MESSAGES_PER_SECOND:
            await self.send_error("too-many-messages", "slow down", None)
            return False
        return True

    async def on_move(self, message: dict) -> None:
        if "ply" not in message or "move" not in message:
            await self.send_error("missing-field", "a move needs ply and move", "move")
            return
        try:
            room, snapshot = await database_sync_to_async(_move)(
                self.room_id, self.secret, message["ply"], message["move"]
            )
        except RoomError as error:
            await self.send_error(error.code, error.message, "move")
            return
        last = snapshot["moves"][-1]
        await self.broadcast(
            {
                "type": "room.event",
                "event": "moved",
                "room": snapshot,
                "move": {**last, "ply": len(snapshot["moves"]) - 1},
            }
        )

    async def on_rematch(self, message: dict) -> None:
        if "round" not in message:
            await self.send_error("missing-field", "a rematch needs the round", "rematch")
            return
        try:
            room, snapshot = await database_sync_to_async(_rematch)(
                self.room_id, self.secret, message["round"]
            )
        except RoomError as error:
            await self.send_error(error.code, error.message, "rematch")
            return
        started = snapshot["round"] != message["round"]
        event = "rematch-started" if started else "rematch-requested"
        await self.broadcast({"type": "room.event", "event": event, "room": snapshot})
        if started:  # colours changed, so did who is present as which colour
            presence = await database_sync_to_async(_presence)(self.room_id)
            await self.broadcast({"type": "room.presence", **presence})

    async def on_sync(self, message: dict) -> None:
        try:
            snapshot = await database_sync_to_async(_sync)(self.room_id)
        except RoomError as error:
            await self.gone(error)
            return
        self.host_side = snapshot["host_side"]
        await self.send_json({"type": "state", "you": self.you(), "room": snapshot})

    async def on_ping(self, message: dict) -> None:
        try:
            version, presence = await database_sync_to_async(_heartbeat)(
                self.room_id, self.channel_name, self.seat
            )
        except RoomError as error:
            await self.gone(error)
            return
        await self.send_json({"type": "pong", "version": version, **presence})

    HANDLERS = {"move": on_move, "rematch": on_rematch, "sync": on_sync, "ping": on_ping}

    # --- from the group -----------------------------------------------------------------

    async def room_event(self, event: dict) -> None:
        self.host_side = event["room"]["host_side"]
        message = {"type": "room", "event": event["event"], "you": self.you()}
        message["room"] = event["room"]
        if "move" in event:
            message["move"] = event["move"]
        await self.send_json(message)
        if event["room"]["status"] == "cancelled":
            await self.close(code=CLOSE_GONE)

    async def room_presence(self, event: dict) -> None:
        await self.send_json(
            {"type": "presence", "players": event["players"], "spectators": event["spectators"]}
        )

    # --- helpers ------------------------------------------------------------------------

    def you(self) -> dict:
        side = None
        if self.seat == "host":
            side = self.host_side
        elif self.seat == "guest":
            side = 1 - self.host_side
        return {"seat": self.seat or None, "side": side}

    async def broadcast(self, message: dict) -> None:
        await self.channel_layer.group_send(group_name(self.room_id), message)

    async def send_json(self, message: dict) -> None:
        await self.send(text_data=json.dumps(message, separators=(",", ":")))

    async def send_error(self, code: str, message: str, request: str | None) -> None:
        await self.send_json({"type": "error", "code": code, "message": message, "for": request})

    async def gone(self, error: RoomError) -> None:
        await self.send_error(error.code, error.message, None)
        await self.close(code=CLOSE_GONE)


# Each runs in one worker thread: a database round trip per client request.


def _snapshot_and_presence(room):
    return services.snapshot(room), services.presence(room)


def _move(room_id, secret, ply, text):
    room = services.play_move(room_id, secret, ply, text)
    return room, services.snapshot(room)


def _rematch(room_id, secret, round_number):
    room = services.request_rematch(room_id, secret, round_number)
    return room, services.snapshot(room)


def _sync(room_id):
    return services.snapshot(services.live_room(room_id))


def _heartbeat(room_id, channel_name, seat):
    room = services.heartbeat(room_id, channel_name, seat)
    return room.version, services.presence(room)


def _presence(room_id):
    return services.presence(services.live_room(room_id))


def _forget(room_id, channel_name):
    services.disconnect(channel_name)
    try:
        return services.presence(services.live_room(room_id))
    except RoomError:
        return None
