"""rooms.outgoing: what the server sends is typed, frozen and bounded. A value out of bounds
cannot be built; what can be built encodes to the documented wire form, at most 8 KiB."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rooms import outgoing, protocol
from rooms.outgoing import (
    Error,
    FullState,
    Header,
    Moves,
    Outcome,
    PlayedMove,
    Pong,
    Presence,
    PresenceMessage,
    RoomEvent,
    RoomMessage,
    SeatMessage,
    You,
)

HEADER = {
    "id": "A" * 22,
    "game": "score-four",
    "variant": "",
    "status": "playing",
    "version": 12,
    "round": 1,
    "ply": 9,
    "host_side": 0,
    "outcome": None,
    "rematch": [False, False],
    "draw_offer": None,
    "expires_at": "2026-12-01T05:55:53+00:00",
}
YOU = You("host", 0)


def header(**changes) -> Header:
    return Header.of({**HEADER, **changes})


def test_each_message_encodes_to_its_documented_form():
    room = header()
    moved = RoomEvent("moved", room, PlayedMove("A1", 0, 8))
    presence = Presence((True, False), 2, (None, 30))
    expected = [
        (FullState("welcome", YOU, room), {"type": "welcome", "you": YOU.wire(), "room": HEADER}),
        (
            Moves(1, 0, ("A1", "B1")),
            {"type": "moves", "round": 1, "from": 0, "moves": ["A1", "B1"]},
        ),
        (
            RoomMessage(moved, You()),
            {
                "type": "room",
                "event": "moved",
                "you": {"seat": None, "side": None},
                "room": HEADER,
                "move": {"text": "A1", "player": 0, "ply": 8},
            },
        ),
        (
            PresenceMessage(presence),
            {"type": "presence", "players": [True, False], "spectators": 2, "away": [None, 30]},
        ),
        (SeatMessage(You()), {"type": "seat", "you": {"seat": None, "side": None}}),
        (
            Pong(12, presence),
            {
                "type": "pong",
                "version": 12,
                "players": [True, False],
                "spectators": 2,
                "away": [None, 30],
            },
        ),
        (
            Error("stale-ply", "resync", "move"),
            {"type": "error", "code": "stale-ply", "message": "resync", "for": "move"},
        ),
    ]
    for message, wire in expected:
        text = outgoing.encode(message)
        # Byte for byte what the consumer sent before the values were typed: compact, in order.
        assert text == json.dumps(wire, separators=(",", ":"))
    assert {json.loads(outgoing.encode(m))["type"] for m, _ in expected} | {"state"} == set(
        outgoing.TYPES
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        room.version = 13  # type: ignore[misc]


def test_group_messages_come_back_as_the_same_values():
    event = RoomEvent(
        "moved",
        header(outcome={"winner": 0, "reason": "line", "cells": ["a1"]}),
        PlayedMove("b2", 1, 8),
    )
    assert RoomEvent.of(event.group()) == event
    # Through msgpack (the Redis layer) tuples come back as lists: the same values still.
    as_lists = json.loads(json.dumps(event.group()))
    assert RoomEvent.of(as_lists) == event
    presence = Presence((False, True), 0, (7, None))
    assert Presence.of(presence.group()) == presence


@pytest.mark.parametrize(
    "build",
    [
        lambda: header(id="short"),
        lambda: header(id="A" * 21 + "!"),
        lambda: header(game="<b>x</b>"),
        lambda: header(variant="<b>x</b>"),
        lambda: header(variant="v" * 33),
        lambda: header(status="lost"),
        lambda: header(version=-1),
        lambda: header(version=outgoing.MAX_VERSION + 1),
        lambda: header(version=True),
        lambda: header(round=0),
        lambda: header(ply=protocol.MAX_PLY + 1),
        lambda: header(ply=1.0),
        lambda: header(host_side=2),
        lambda: header(draw_offer=-1),
        lambda: header(rematch=[1, 0]),
        lambda: header(expires_at="x" * 33),
        lambda: header(outcome={"winner": 2, "reason": "line", "cells": []}),
        lambda: header(outcome={"winner": 0, "reason": "line", "cells": ["a1"] * 17}),
        lambda: header(outcome={"winner": 0, "reason": "line", "cells": ["a" * 9]}),
        lambda: You("host", None),
        lambda: You(None, 0),
        lambda: You("owner", 0),  # type: ignore[arg-type]
        lambda: PlayedMove("", 0, 0),
        lambda: PlayedMove("A" * 33, 0, 0),
        lambda: PlayedMove("A1", 2, 0),
        lambda: Outcome(None, "Line Win"),
        lambda: Presence((True,), 0, (None, None)),  # type: ignore[arg-type]
        lambda: Presence((True, False), -1, (None, None)),
        lambda: Presence((True, False), outgoing.MAX_SPECTATORS + 1, (None, None)),
        lambda: Presence((True, False), 0, (-5, None)),
        lambda: RoomEvent("moved", header()),  # a move event without its move
        lambda: RoomEvent("joined", header(), PlayedMove("A1", 0, 0)),
        lambda: RoomEvent("exploded", header()),
        lambda: FullState("hello", YOU, header()),  # type: ignore[arg-type]
        lambda: Moves(1, 0, ()),
        lambda: Moves(1, 0, ("A1",) * (outgoing.MOVES_PER_MESSAGE + 1)),
        lambda: Moves(1, -1, ("A1",)),
        lambda: Moves(1, 0, ("A" * 33,)),
        lambda: Pong(-1, Presence()),
        lambda: Error("Bad Code", "x", None),
        lambda: Error("bad-field", "", None),
        lambda: Error("bad-field", "x" * (outgoing.MESSAGE_MAX + 1), None),
        lambda: Error("bad-field", "x", "fly"),
    ],
)
def test_a_value_out_of_bounds_cannot_be_built(build):
    with pytest.raises(ValueError):
        build()


def test_the_largest_messages_fit_in_8_kib(monkeypatch):
    # The longest a `moves` slice and a header can be are both within the promise ...
    longest = Moves(protocol.MAX_ROUND, protocol.MAX_PLY, ("m" * 32,) * outgoing.MOVES_PER_MESSAGE)
    assert len(outgoing.encode(longest)) <= outgoing.MAX_SEND_BYTES
    room = header(
        id="A" * 43,
        game="g" * 32,
        variant="v" * 32,
        version=outgoing.MAX_VERSION,
        outcome={"winner": None, "reason": "r" * 32, "cells": ["c" * 8] * outgoing.MAX_CELLS},
        expires_at="x" * 32,
    )
    event = RoomEvent("moved", room, PlayedMove("m" * 32, 1, protocol.MAX_PLY))
    assert len(outgoing.encode(RoomMessage(event, YOU))) <= 1024
    # ... and encode() is the guard for anything that would not be.
    monkeypatch.setattr(outgoing, "MAX_SEND_BYTES", 100)
    with pytest.raises(ValueError):
        outgoing.encode(Error("bad-field", "x" * outgoing.MESSAGE_MAX, None))


def test_an_absence_grows_up_to_its_bound():
    presence = Presence((True, False), 0, (None, outgoing.MAX_AWAY_SECONDS - 1))
    assert presence.aged(10).away == (None, outgoing.MAX_AWAY_SECONDS)


@pytest.mark.parametrize(
    "build, kind",
    [
        (lambda: protocol.Move(-1, "A1"), "move"),
        (lambda: protocol.Move(0, " A1"), "move"),  # built unstripped: parse strips first
        (lambda: protocol.Move(0, "A" * 33), "move"),
        (lambda: protocol.Rematch(0), "rematch"),
        (lambda: protocol.Resign(True), "resign"),  # type: ignore[arg-type]
        (lambda: protocol.OfferDraw(protocol.MAX_ROUND + 1), "offer-draw"),
        (lambda: protocol.AnswerDraw(1, "yes"), "answer-draw"),  # type: ignore[arg-type]
        (lambda: protocol.Claim(1, "forfeit"), "claim"),  # type: ignore[arg-type]
    ],
)
def test_a_request_out_of_bounds_cannot_be_built_either(build, kind):
    # What services and endings take: nobody, socket or not, can hand them a bad value.
    with pytest.raises(protocol.Refusal) as refused:
        build()
    assert (refused.value.code, refused.value.request) == ("bad-field", kind)


def test_one_event_read_once_for_every_socket_and_written_around_each_you():
    # The embedded layer hands each socket a copy of the group message holding the same
    # header and move dicts: read once; another event (or the same fields in other dicts, as
    # from Redis) is read afresh.
    group = RoomEvent("moved", header(), PlayedMove("A1", 0, 9)).group()
    first, second = RoomEvent.of(dict(group)), RoomEvent.of(dict(group))
    assert first is second
    other = RoomEvent.of({**group, "event": "moved", "room": dict(group["room"])})
    assert other == first and other is not first
    declined = RoomEvent("draw-declined", header(version=13)).group()
    assert RoomEvent.of(declined).event == "draw-declined"
    for seat, side in [("host", 0), ("guest", 1), (None, None)]:
        text = outgoing.encode(RoomMessage(first, outgoing.you(seat, side)))
        expected = {"type": "room", "event": "moved", "you": {"seat": seat, "side": side}}
        expected |= {"room": group["room"], "move": group["move"]}
        assert text == json.dumps(expected, separators=(",", ":"))
