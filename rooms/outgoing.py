"""What the server sends on a room socket, as typed, frozen values (docs/PROTOCOL.md, "Server →
client"), the twin of rooms.protocol's requests.

Each value checks its bounds when it is built (`ValueError` otherwise), so a message past its
bounds cannot exist; `encode()` is the one place a message becomes the JSON text a socket
sends (rooms/consumers.py), and it refuses anything past MAX_SEND_BYTES. Values that travel
between processes through the channel layer (a room event, presence) turn into plain dicts
there (`group()`) and back (`of()`), checked again on the way in.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, cached_property
from typing import ClassVar, Literal

from rooms.protocol import MAX_PLY, MAX_ROUND, MESSAGE_TYPES, MOVE_TEXT_MAX

MAX_SEND_BYTES = 8192  # every message the server sends (daphne's limits are above it)
MOVES_PER_MESSAGE = 128  # a `moves` slice: 128 texts of at most 32 characters fit in 8 KiB
MAX_VERSION = 2**31 - 1  # the column's range; a day of the fastest play stays far below
MAX_SPECTATORS = 10_000  # what a count can show (the cap is 20; rows racing for it may pass)
MAX_AWAY_SECONDS = 10**7  # a room lives a day: any absence is far shorter
MAX_CELLS = 16  # an outcome's winning line: a handful of cells on any board
CELL_MAX = 8  # a cell's name: "A1/4"
MESSAGE_MAX = 120  # an error's own sentence (never quoting the request)
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22,43}")
SLUG = re.compile(r"[a-z0-9-]{1,32}")  # a game, a reason, an error code
STATUSES = ("waiting", "playing", "finished", "cancelled")
EVENTS = (
    "joined",
    "moved",
    "rematch-requested",
    "rematch-started",
    "resigned",
    "draw-offered",
    "draw-declined",
    "draw-agreed",
    "abandoned",
    "cancelled",
)
SEATS = ("host", "guest")
REQUESTS = (*MESSAGE_TYPES, "connect")  # an error's `for` (or None)
COMPACT = (",", ":")  # json.dumps separators: no spaces


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"outgoing message out of bounds: {what}")


def _int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _side(value: object) -> bool:
    return value is None or _int(value, 0, 1)


def _text(value: object, longest: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= longest


def _slug(value: object) -> bool:
    return isinstance(value, str) and SLUG.fullmatch(value) is not None


# --- the parts of messages --------------------------------------------------------------------


@dataclass(frozen=True)
class You:
    """Who this socket is: a seat and the colour it plays this round, or a spectator."""

    seat: Literal["host", "guest"] | None = None
    side: int | None = None

    def __post_init__(self) -> None:
        _check(self.seat in (*SEATS, None), "you.seat")
        _check(_side(self.side) and (self.seat is None) == (self.side is None), "you.side")

    def wire(self) -> dict:
        return {"seat": self.seat, "side": self.side}

    @cached_property
    def text(self) -> str:
        return json.dumps(self.wire(), separators=COMPACT)


@cache
def you(seat: Literal["host", "guest"] | None, side: int | None) -> You:
    """One of the five `You` values (each socket asks for one with every message it sends)."""
    return You(None if seat is None else str(seat), side)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # the winning colour, None for a draw
    reason: str
    cells: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check(_side(self.winner) and _slug(self.reason), "outcome")
        _check(len(self.cells) <= MAX_CELLS, "outcome.cells")
        _check(all(_text(cell, CELL_MAX) for cell in self.cells), "outcome.cells")

    @classmethod
    def of(cls, fields: dict | None) -> Outcome | None:
        """From the room's stored outcome (the engine's `Outcome.to_json`, or an ending's)."""
        if fields is None:
            return None
        return cls(fields["winner"], fields["reason"], tuple(fields["cells"]))

    def wire(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "cells": list(self.cells)}


@dataclass(frozen=True)
class Header:
    """The room as every viewer sees it, without the move list: about 250 bytes."""

    id: str
    game: str
    variant: str  # the rule setting ("" for a game with one rule)
    status: str
    version: int
    round: int
    ply: int
    host_side: int
    outcome: Outcome | None
    rematch: tuple[bool, bool]  # by colour
    draw_offer: int | None  # the colour whose offer stands
    expires_at: str  # ISO 8601

    def __post_init__(self) -> None:
        _check(isinstance(self.id, str) and ROOM_ID.fullmatch(self.id) is not None, "room.id")
        _check(_slug(self.game) and self.status in STATUSES, "room.game/status")
        _check(self.variant == "" or _slug(self.variant), "room.variant")
        _check(_int(self.version, 0, MAX_VERSION), "room.version")
        _check(_int(self.round, 1, MAX_ROUND) and _int(self.ply, 0, MAX_PLY), "room.round/ply")
        _check(_int(self.host_side, 0, 1) and _side(self.draw_offer), "room.sides")
        _check(self.outcome is None or isinstance(self.outcome, Outcome), "room.outcome")
        _check(len(self.rematch) == 2 and all(type(v) is bool for v in self.rematch), "rematch")
        _check(_text(self.expires_at, 32), "room.expires_at")

    @classmethod
    def of(cls, fields: dict) -> Header:
        """From its wire form (as a group message carries it)."""
        rematch = fields["rematch"]
        return cls(
            fields["id"],
            fields["game"],
            fields["variant"],
            fields["status"],
            fields["version"],
            fields["round"],
            fields["ply"],
            fields["host_side"],
            Outcome.of(fields["outcome"]),
            (rematch[0], rematch[1]),
            fields["draw_offer"],
            fields["expires_at"],
        )

    def wire(self) -> dict:
        return {
            "id": self.id,
            "game": self.game,
            "variant": self.variant,
            "status": self.status,
            "version": self.version,
            "round": self.round,
            "ply": self.ply,
            "host_side": self.host_side,
            "outcome": None if self.outcome is None else self.outcome.wire(),
            "rematch": list(self.rematch),
            "draw_offer": self.draw_offer,
            "expires_at": self.expires_at,
        }


@dataclass(frozen=True)
class PlayedMove:
    """The one move a `moved` event carries: its canonical text, the colour and its ply."""

    text: str
    player: int
    ply: int

    def __post_init__(self) -> None:
        _check(_text(self.text, MOVE_TEXT_MAX), "move.text")
        _check(_int(self.player, 0, 1) and _int(self.ply, 0, MAX_PLY), "move.player/ply")

    def wire(self) -> dict:
        return {"text": self.text, "player": self.player, "ply": self.ply}


@dataclass(frozen=True)
class Presence:
    """Who is in a room (the `presence` message, and the same fields in a `pong`): which
    colours have a live socket, how many spectators watch, and for each colour without a
    socket the seconds since it had one (None while present, or while nobody holds that seat)."""

    players: tuple[bool, bool] = (False, False)
    spectators: int = 0
    away: tuple[int | None, int | None] = (None, None)

    def __post_init__(self) -> None:
        players, away = self.players, self.away
        _check(len(players) == 2 and all(type(v) is bool for v in players), "players")
        _check(_int(self.spectators, 0, MAX_SPECTATORS), "spectators")
        _check(len(away) == 2, "away")
        _check(all(v is None or _int(v, 0, MAX_AWAY_SECONDS) for v in away), "away")

    @classmethod
    def of(cls, fields: dict) -> Presence:
        """From its fields as a group message carries them."""
        players, away = fields["players"], fields["away"]
        return cls((players[0], players[1]), fields["spectators"], (away[0], away[1]))

    def fields(self) -> dict:
        players, away = list(self.players), list(self.away)
        return {"players": players, "spectators": self.spectators, "away": away}

    def group(self) -> dict:
        return {"type": "room.presence", **self.fields()}

    def aged(self, seconds: int) -> Presence:
        """The absences grown by `seconds` (time passed since this was read)."""
        if seconds <= 0 or self.away == (None, None):  # most pings: nothing to grow
            return self
        grown = [None if v is None else min(v + seconds, MAX_AWAY_SECONDS) for v in self.away]
        return Presence(self.players, self.spectators, (grown[0], grown[1]))

    def who_is_away(self) -> tuple:
        """What a player sees at once when it changes: who is here and who is away."""
        return self.players, tuple(value is None for value in self.away)


@dataclass(frozen=True)
class RoomEvent:
    """A versioned change, as the room's group carries it to each socket (which adds `you`)."""

    event: str
    room: Header
    move: PlayedMove | None = None  # only, and always, for `moved`

    def __post_init__(self) -> None:
        _check(self.event in EVENTS and isinstance(self.room, Header), "event")
        _check((self.event == "moved") == isinstance(self.move, PlayedMove), "event.move")

    def group(self) -> dict:
        message = {"type": "room.event", "event": self.event, "room": self.room.wire()}
        if self.move is not None:
            message["move"] = self.move.wire()
        return message

    @classmethod
    def of(cls, message: dict) -> RoomEvent:
        """From a group message. The embedded layer hands each socket of the room a copy of
        the same message whose header and move are the very same dicts: those are read and
        checked once, for the first socket, and the value is shared with the others."""
        global _last_read
        room, move = message["room"], message.get("move")
        last = _last_read
        if last is not None and last[0] is room and last[1] is move:
            if last[2].event == message["event"]:
                return last[2]
        played = None if move is None else PlayedMove(move["text"], move["player"], move["ply"])
        event = cls(message["event"], Header.of(room), played)
        _last_read = (room, move, event)  # holding the dicts: their ids cannot be reused
        return event

    @cached_property
    def text_around_you(self) -> tuple[str, str]:
        """The `room` message's text before and after its `you`: written once per event,
        however many sockets it goes to (only `you` differs between them)."""
        head = '{"type":"room","event":' + json.dumps(self.event) + ',"you":'
        rest = {"room": self.room.wire()}
        if self.move is not None:
            rest["move"] = self.move.wire()
        return head, "," + json.dumps(rest, separators=COMPACT)[1:]


_last_read: tuple[dict, dict | None, RoomEvent] | None = None


# --- the messages -------------------------------------------------------------------------------


@dataclass(frozen=True)
class FullState:
    """`welcome` (as the socket opens) or `state` (asked with `sync`, or pushed): the header;
    the move list follows in `Moves` slices."""

    TYPES: ClassVar[tuple[str, ...]] = ("welcome", "state")
    kind: Literal["welcome", "state"]
    you: You
    room: Header

    def __post_init__(self) -> None:
        _check(self.kind in self.TYPES, "full state kind")

    def wire(self) -> dict:
        return {"type": self.kind, "you": self.you.wire(), "room": self.room.wire()}


@dataclass(frozen=True)
class Moves:
    TYPE: ClassVar[str] = "moves"
    round: int
    start: int  # the index of the first (`from`)
    moves: tuple[str, ...]

    def __post_init__(self) -> None:
        _check(_int(self.round, 1, MAX_ROUND) and _int(self.start, 0, MAX_PLY), "moves.from")
        _check(0 < len(self.moves) <= MOVES_PER_MESSAGE, "moves: 1 to 128")
        _check(all(_text(text, MOVE_TEXT_MAX) for text in self.moves), "moves.text")

    def wire(self) -> dict:
        return {"type": self.TYPE, "round": self.round, "from": self.start, "moves": [*self.moves]}


@dataclass(frozen=True)
class RoomMessage:
    TYPE: ClassVar[str] = "room"
    event: RoomEvent
    you: You

    def wire(self) -> dict:
        event = self.event
        message = {"type": self.TYPE, "event": event.event, "you": self.you.wire()}
        message["room"] = event.room.wire()
        if event.move is not None:
            message["move"] = event.move.wire()
        return message


@dataclass(frozen=True)
class PresenceMessage:
    TYPE: ClassVar[str] = "presence"
    presence: Presence

    def wire(self) -> dict:
        return {"type": self.TYPE, **self.presence.fields()}


@dataclass(frozen=True)
class SeatMessage:
    """This socket's seat went to another device: it watches from now on."""

    TYPE: ClassVar[str] = "seat"
    you: You

    def wire(self) -> dict:
        return {"type": self.TYPE, "you": self.you.wire()}


@dataclass(frozen=True)
class Pong:
    TYPE: ClassVar[str] = "pong"
    version: int  # the highest version this socket has been sent
    presence: Presence

    def __post_init__(self) -> None:
        _check(_int(self.version, 0, MAX_VERSION), "pong.version")

    def wire(self) -> dict:
        return {"type": self.TYPE, "version": self.version, **self.presence.fields()}


@dataclass(frozen=True)
class Error:
    """A refusal, to the sender only: the code, the server's own sentence (never the client's
    text), and the request refused (`for`: a message type, `connect`, or None)."""

    TYPE: ClassVar[str] = "error"
    code: str
    message: str
    request: str | None

    def __post_init__(self) -> None:
        _check(_slug(self.code) and _text(self.message, MESSAGE_MAX), "error")
        _check(self.request is None or self.request in REQUESTS, "error.for")

    def wire(self) -> dict:
        return {"type": self.TYPE, "code": self.code, "message": self.message, "for": self.request}


Message = FullState | Moves | RoomMessage | PresenceMessage | SeatMessage | Pong | Error
KINDS = (Moves, RoomMessage, PresenceMessage, SeatMessage, Pong, Error)
TYPES = (*FullState.TYPES, *(kind.TYPE for kind in KINDS))  # every message's `type`


def encode(message: Message) -> str:
    """The one place a message becomes text: compact JSON, at most MAX_SEND_BYTES of UTF-8
    (a `room` message is its event's text around this socket's `you`, the same bytes)."""
    if isinstance(message, RoomMessage):
        head, tail = message.event.text_around_you
        text = head + message.you.text + tail
    else:
        text = json.dumps(message.wire(), separators=COMPACT)
    # json.dumps escapes everything past ASCII: its length is its size in bytes.
    _check(len(text) <= MAX_SEND_BYTES, "larger than 8 KiB")
    return text
