"""The room socket through the whole ASGI application (origin check, routing, consumer)."""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from rooms import consumers, protocol, services
from rooms.outgoing import RoomEvent
from site_config.asgi import application
from throttle import limits

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
ORIGIN = (b"origin", b"http://127.0.0.1")
SCORE_FOUR_WIN = ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]


HOST = (b"host", b"127.0.0.1")


def headers(room_id=None, secret=None, origin=ORIGIN):
    result = [HOST, origin] if origin else [HOST]
    if secret:
        result.append((b"cookie", f"seat_{room_id}={secret}; other=1".encode()))
    return result


@asynccontextmanager
async def socket(room_id, secret=None, origin=ORIGIN):
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{room_id}/", headers=headers(room_id, secret, origin)
    )
    try:
        connected, _code = await communicator.connect()
        assert connected
        yield communicator
    finally:
        await communicator.disconnect()


async def receive(communicator, wanted, limit=20):
    """The next message of type `wanted`, skipping others (presence comes and goes)."""
    for _ in range(limit):
        message = await communicator.receive_json_from(timeout=3)
        if message["type"] == wanted:
            return message
    raise AssertionError(f"no {wanted} message")


async def full_state(communicator, wanted="welcome"):
    """A `welcome` or `state` message and the move texts of the `moves` slices after it."""
    message = await receive(communicator, wanted)
    texts = []
    while len(texts) < message["room"]["ply"]:
        chunk = await receive(communicator, "moves")
        assert (chunk["round"], chunk["from"]) == (message["room"]["round"], len(texts))
        texts += chunk["moves"]
    return message, texts


async def new_room(game="score-four", joined=True):
    room, host = await database_sync_to_async(services.create_room)(game)
    guest = None
    if joined:
        guest = (await database_sync_to_async(services.join)(room.id, None)).secret
    return room.id, host, guest


async def test_a_full_game_between_two_sockets():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white, socket(room_id, guest) as black:
        welcome = await receive(white, "welcome")
        assert welcome["you"] == {"seat": "host", "side": 0}
        assert welcome["room"]["status"] == "playing"
        assert (await receive(black, "welcome"))["you"] == {"seat": "guest", "side": 1}
        presence = await receive(white, "presence")
        while presence["players"] != [True, True]:
            presence = await receive(white, "presence")
        players = [white, black]
        for ply, text in enumerate(SCORE_FOUR_WIN):
            await players[ply % 2].send_json_to({"type": "move", "ply": ply, "move": text})
            for communicator in players:
                event = await receive(communicator, "room")
                assert event["event"] == "moved"
                assert event["move"] == {"text": text, "player": ply % 2, "ply": ply}
                assert event["room"]["ply"] == ply + 1
        assert event["room"]["status"] == "finished"
        assert event["room"]["outcome"]["winner"] == 0
        # Rematch: both ask, colours swap.
        await white.send_json_to({"type": "rematch", "round": 1})
        requested = await receive(black, "room")
        assert requested["event"] == "rematch-requested"
        assert requested["room"]["rematch"] == [True, False]
        await black.send_json_to({"type": "rematch", "round": 1})
        started = await receive(white, "room")
        while started["event"] != "rematch-started":
            started = await receive(white, "room")
        assert started["you"] == {"seat": "host", "side": 1}
        assert started["room"]["round"] == 2 and started["room"]["ply"] == 0
        await white.send_json_to({"type": "rematch", "round": 1})
        assert (await receive(white, "error"))["code"] == "stale-round"


async def test_refused_moves_answer_the_sender_only_with_a_code():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white, socket(room_id, guest) as black:
        await receive(white, "welcome")
        await receive(black, "welcome")
        await black.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        error = await receive(black, "error")
        assert (error["code"], error["for"]) == ("not-your-turn", "move")
        await white.send_json_to({"type": "move", "ply": 0, "move": "E9"})
        assert (await receive(white, "error"))["code"] == "bad-notation"
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        await receive(white, "room")
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(white, "error"))["code"] == "duplicate-move"
        await black.send_json_to({"type": "move", "ply": 5, "move": "B1"})
        assert (await receive(black, "error"))["code"] == "future-ply"
        await black.send_json_to({"type": "move", "ply": 1})
        assert (await receive(black, "error"))["code"] == "missing-field"
        await black.send_json_to({"type": "sync"})
        state, texts = await full_state(black, "state")
        assert state["room"]["ply"] == 1 and state["room"]["version"] == 3 and texts == ["A1"]


async def test_reconnecting_keeps_the_seat_and_gets_the_full_state():
    room_id, host, guest = await new_room("tic-tac-toe")
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        await white.send_json_to({"type": "move", "ply": 0, "move": "b2"})
        await receive(white, "room")
    async with socket(room_id, host) as white_again, socket(room_id, guest) as black:
        welcome, texts = await full_state(white_again)
        assert welcome["you"]["side"] == 0
        assert texts == ["b2"]
        await receive(black, "welcome")
        await black.send_json_to({"type": "move", "ply": 1, "move": "a1"})
        assert (await receive(white_again, "room"))["move"]["text"] == "a1"


async def test_a_third_visitor_watches_read_only():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white, socket(room_id) as watcher:
        await receive(white, "welcome")
        welcome = await receive(watcher, "welcome")
        assert welcome["you"] == {"seat": None, "side": None}
        await watcher.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(watcher, "error"))["code"] == "not-a-player"
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(watcher, "room"))["move"]["text"] == "A1"
        await watcher.send_json_to({"type": "ping"})
        pong = await receive(watcher, "pong")
        assert pong["spectators"] == 1 and pong["players"] == [True, False]


async def test_presence_tells_when_the_friend_drops_and_returns():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        async with socket(room_id, guest) as black:
            await receive(black, "welcome")
            presence = await receive(white, "presence")
            while presence["players"] != [True, True]:
                presence = await receive(white, "presence")
        assert (await receive(white, "presence"))["players"] == [True, False]


async def test_joining_from_the_page_reaches_the_waiting_host():
    room_id, host, _ = await new_room(joined=False)
    async with socket(room_id, host) as white:
        assert (await receive(white, "welcome"))["room"]["status"] == "waiting"
        from channels.layers import get_channel_layer

        joined = await database_sync_to_async(services.join)(room_id, None)
        header = await database_sync_to_async(services.header)(joined.room)
        await get_channel_layer().group_send(
            consumers.group_name(room_id),
            RoomEvent("joined", header).group(),
        )
        event = await receive(white, "room")
        assert (event["event"], event["room"]["status"]) == ("joined", "playing")


async def test_malformed_messages_get_errors_and_the_room_carries_on():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        cases = [
            ("{not json", "not-json"),
            ("[1, 2]", "missing-field"),
            ('{"kind": "move"}', "missing-field"),
            ('{"type": "teleport"}', "unknown-type"),
            ('{"type": "move", "ply": "zero", "move": "A1"}', "bad-field"),
            ("x" * (protocol.MAX_MESSAGE_BYTES + 1), "too-large"),
        ]
        for text, code in cases:
            await white.send_to(text_data=text)
            assert (await receive(white, "error"))["code"] == code
        await white.send_to(bytes_data=b"\x00\x01")
        assert (await receive(white, "error"))["code"] == "not-json"
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(white, "room"))["room"]["ply"] == 1


async def test_flooding_is_refused_then_closed():
    room_id, host, guest = await new_room()
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{room_id}/", headers=headers(room_id, host)
    )
    try:
        assert (await communicator.connect())[0]
        await receive(communicator, "welcome")
        for _ in range(limits.SOCKET_CLOSE_PER_SECOND + 1):
            await communicator.send_to(text_data=json.dumps({"type": "ping"}))
        codes = []
        while True:
            output = await communicator.receive_output(timeout=3)
            if output["type"] == "websocket.close":
                assert output["code"] == consumers.CLOSE_LIMIT
                break
            codes.append(json.loads(output["text"]).get("code"))
        assert "too-many-messages" in codes
    finally:
        await communicator.disconnect()
    async with socket(room_id, guest) as black:  # the room carries on
        assert (await receive(black, "welcome"))["room"]["status"] == "playing"


async def test_a_foreign_origin_is_refused():
    room_id, host, _ = await new_room()
    communicator = WebsocketCommunicator(
        application,
        f"/ws/rooms/{room_id}/",
        headers=headers(room_id, host, (b"origin", b"https://evil.example")),
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


async def test_an_unknown_room_says_gone_and_closes():
    communicator = WebsocketCommunicator(
        application, "/ws/rooms/AAAAAAAAAAAAAAAAAAAAAA/", headers=headers()
    )
    try:
        assert (await communicator.connect())[0]
        error = await communicator.receive_json_from(timeout=3)
        assert (error["type"], error["code"]) == ("error", "room-gone")
        closed = await communicator.receive_output(timeout=3)
        assert (closed["type"], closed["code"]) == ("websocket.close", consumers.CLOSE_GONE)
    finally:
        await communicator.disconnect()


# --- hostile frames, odd cookies, odd paths (issue: friend rooms that never break) -----------


async def test_hostile_frames_get_short_errors_and_keep_the_socket():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        cases = [
            ("[" * 2000 + "]" * 2000, "not-json"),  # RecursionError, not ValueError
            ('{"a":' * 600 + "1" + "}" * 600, "missing-field"),
            (json.dumps({"type": "x" * 4070}), "unknown-type"),
            (json.dumps({"type": "가" * 700}, ensure_ascii=False), "unknown-type"),
            (json.dumps({"type": ["move"]}), "unknown-type"),
            ('{"type": "move", "ply": ' + "9" * 4000 + ', "move": "A1"}', "bad-field"),
            (json.dumps({"type": "move", "ply": True, "move": "A1"}), "bad-field"),
            (
                json.dumps({"type": "move", "ply": 0, "move": "가" * 1000}, ensure_ascii=False),
                "bad-field",
            ),
            (json.dumps({"type": "rematch", "round": 1.0}), "bad-field"),
            ("가" * 2012, "too-large"),  # 2,012 characters but 6,036 bytes of UTF-8
        ]
        for text, code in cases:
            await white.send_to(text_data=text)
            output = await white.receive_output(timeout=3)
            while '"presence"' in output.get("text", ""):
                output = await white.receive_output(timeout=3)
            assert output["type"] == "websocket.send", (code, output)
            assert len(output["text"].encode()) < 300  # nothing of the input comes back
            error = json.loads(output["text"])
            assert (error["type"], error["code"]) == ("error", code)
        await asyncio.sleep(1.1)  # past this socket's 10 messages a second
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(white, "room"))["room"]["ply"] == 1


async def test_a_failing_handler_answers_server_error_and_keeps_the_socket(monkeypatch):
    room_id, host, guest = await new_room()

    def broken(*args):
        raise RuntimeError("a bug")

    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        monkeypatch.setattr(consumers, "_move", broken)
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        error = await receive(white, "error")
        assert (error["code"], error["for"]) == ("server-error", "move")
        monkeypatch.undo()
        await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(white, "room"))["room"]["ply"] == 1


async def test_a_crashed_socket_leaves_no_ghost_watcher(monkeypatch):
    room_id, host, guest = await new_room()
    original = consumers.RoomConsumer.room_presence

    async def crash_the_watcher(self, event):
        if not self.seat:
            raise RuntimeError("a crash while sending")
        await original(self, event)

    monkeypatch.setattr(consumers.RoomConsumer, "room_presence", crash_the_watcher)
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        watcher = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers())
        await watcher.connect()  # its own presence broadcast comes back to it and crashes it
        with pytest.raises(RuntimeError):
            await watcher.wait(timeout=3)
        presence = await receive(white, "presence")
        while presence["spectators"]:
            presence = await receive(white, "presence")
        count = await database_sync_to_async(
            lambda: services.presence(services.live_room(room_id))
        )()
        assert count.spectators == 0  # gone at once, not after 30 s


async def test_a_seat_cookie_after_odd_cookies_still_seats_the_player():
    room_id, host, guest = await new_room()
    odd = (
        'consent={"ads":false,"v":[1,2]}; spaced=a b c; name=\xed\x95\x9c; '
        f"seat_{room_id}={host}; after=1"
    ).encode("latin-1")
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{room_id}/", headers=[HOST, ORIGIN, (b"cookie", odd)]
    )
    assert (await communicator.connect())[0]
    try:
        welcome = await receive(communicator, "welcome")
        assert welcome["you"] == {"seat": "host", "side": 0}
    finally:
        await communicator.disconnect()


@pytest.mark.parametrize("path", ["/ws/rooms/a/b/", "/ws/nothing/", "/ws/rooms/"])
async def test_a_path_that_is_no_room_says_gone(path):
    communicator = WebsocketCommunicator(application, path, headers=headers())
    assert (await communicator.connect())[0]
    try:
        error = await communicator.receive_json_from(timeout=3)
        assert (error["code"], error["for"]) == ("room-gone", "connect")
        closed = await communicator.receive_output(timeout=3)
        assert closed == {"type": "websocket.close", "code": consumers.CLOSE_GONE}
    finally:
        await communicator.disconnect()


@pytest.mark.parametrize(
    "origin",
    [b"https://127.0.0.1", b"http://127.0.0.1:8080", b"http://127.0.0.1.evil.example", b"null"],
)
async def test_the_origin_must_match_scheme_host_and_port(origin):
    room_id, host, _ = await new_room()
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{room_id}/", headers=headers(room_id, host, (b"origin", origin))
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


async def test_a_repeated_rematch_request_is_refused_and_not_broadcast():
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white, socket(room_id, guest) as black:
        await receive(white, "welcome")
        await receive(black, "welcome")
        players = [white, black]
        for ply, text in enumerate(SCORE_FOUR_WIN):
            await players[ply % 2].send_json_to({"type": "move", "ply": ply, "move": text})
            await receive(white, "room")
            await receive(black, "room")
        await white.send_json_to({"type": "rematch", "round": 1})
        first = await receive(black, "room")
        await white.send_json_to({"type": "rematch", "round": 1})
        assert (await receive(white, "error"))["code"] == "duplicate-rematch"
        await black.send_json_to({"type": "ping"})
        pong = await receive(black, "pong")  # no second rematch event came before it
        assert pong["version"] == first["room"]["version"]


async def test_the_message_budget_follows_the_client_across_reconnects(monkeypatch):
    from throttle import limiter

    monkeypatch.setattr(limits, "SOCKET_MESSAGES", limiter.Limit("socket-messages", 5, 600))
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        for _ in range(5):
            await white.send_json_to({"type": "ping"})
            await receive(white, "pong")
        await white.send_json_to({"type": "ping"})
        assert (await receive(white, "error"))["code"] == "too-many-messages"
    async with socket(room_id, host) as again:  # a new socket does not get a new budget
        await receive(again, "welcome")
        await again.send_json_to({"type": "ping"})
        assert (await receive(again, "error"))["code"] == "too-many-messages"


async def test_the_message_budget_is_per_client_address(monkeypatch):
    from throttle import limiter

    monkeypatch.setattr(limits, "SOCKET_MESSAGES", limiter.Limit("socket-messages", 2, 600))
    room_id, host, guest = await new_room()
    here = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers())
    here.scope["client"] = ["2001:db8:5:6::1", 5000]
    there = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers())
    there.scope["client"] = ["2001:db8:5:7::1", 5000]
    try:
        for communicator in (here, there):
            assert (await communicator.connect())[0]
            await receive(communicator, "welcome")
        for _ in range(2):
            await here.send_json_to({"type": "ping"})
            await receive(here, "pong")
        await here.send_json_to({"type": "ping"})
        assert (await receive(here, "error"))["code"] == "too-many-messages"
        await there.send_json_to({"type": "ping"})  # another /64: its own budget
        await receive(there, "pong")
    finally:
        await here.disconnect()
        await there.disconnect()


async def test_most_pings_write_nothing_and_a_late_one_refreshes_the_row(monkeypatch):
    from rooms.models import Connection

    room_id, host, guest = await new_room()

    def seen_at():
        return Connection.objects.get(room_id=room_id).seen_at

    async with socket(room_id, host) as white:
        await receive(white, "welcome")
        first = await database_sync_to_async(seen_at)()
        await white.send_json_to({"type": "ping"})
        pong = await receive(white, "pong")
        assert pong["players"] == [True, False] and pong["version"] == 2
        assert await database_sync_to_async(seen_at)() == first  # no write
        monkeypatch.setattr(services, "HEARTBEAT_WRITE_SECONDS", 0)
        await white.send_json_to({"type": "ping"})
        await receive(white, "pong")
        assert await database_sync_to_async(seen_at)() > first


async def test_resign_and_draw_offers_reach_both_players_and_the_watcher():
    room_id, host, guest = await new_room()
    async with (
        socket(room_id, host) as white,
        socket(room_id, guest) as black,
        socket(room_id) as watcher,
    ):
        for communicator in (white, black, watcher):
            await receive(communicator, "welcome")
        await watcher.send_json_to({"type": "resign", "round": 1})
        assert (await receive(watcher, "error"))["code"] == "not-a-player"
        await white.send_json_to({"type": "offer-draw", "round": 1})
        for communicator in (white, black, watcher):
            event = await receive(communicator, "room")
            assert (event["event"], event["room"]["draw_offer"]) == ("draw-offered", 0)
        await white.send_json_to({"type": "offer-draw", "round": 1})
        assert (await receive(white, "error"))["code"] == "duplicate-offer"
        await black.send_json_to({"type": "answer-draw", "round": 1})
        assert (await receive(black, "error"))["code"] == "missing-field"
        await black.send_json_to({"type": "answer-draw", "round": 1, "accept": False})
        for communicator in (white, black, watcher):
            event = await receive(communicator, "room")
            assert (event["event"], event["room"]["draw_offer"]) == ("draw-declined", None)
        await black.send_json_to({"type": "resign", "round": 1})
        for communicator in (white, black, watcher):
            event = await receive(communicator, "room")
            assert event["event"] == "resigned"
            assert event["room"]["outcome"] == {"winner": 0, "reason": "resigned", "cells": []}
        await white.send_json_to({"type": "resign", "round": 1})
        assert (await receive(white, "error"))["code"] == "game-over"


async def test_a_seat_moved_to_another_device_leaves_the_old_socket_watching():
    from rooms import transfers

    room_id, host, guest = await new_room()
    async with socket(room_id, host) as old_phone, socket(room_id, guest) as friend:
        await receive(old_phone, "welcome")
        await receive(friend, "welcome")
        token = await database_sync_to_async(transfers.start)(room_id, host)
        joined = await database_sync_to_async(transfers.take)(room_id, token)
        from channels.layers import get_channel_layer

        await get_channel_layer().group_send(
            consumers.group_name(room_id), {"type": "seat.moved", "seat": "host"}
        )
        moved = await receive(old_phone, "seat")
        assert moved["you"] == {"seat": None, "side": None}
        await old_phone.send_json_to({"type": "move", "ply": 0, "move": "A1"})
        assert (await receive(old_phone, "error"))["code"] == "not-a-player"
        async with socket(room_id, joined.secret) as laptop:
            welcome = await receive(laptop, "welcome")
            assert welcome["you"] == {"seat": "host", "side": 0}
            await laptop.send_json_to({"type": "move", "ply": 0, "move": "A1"})
            assert (await receive(friend, "room"))["move"]["text"] == "A1"


async def test_a_lost_seat_moved_is_repaired_by_the_heartbeat(monkeypatch):
    """The `seat.moved` event never reaches the old device (the channel layer dropped it):
    its next heartbeat read finds the seat gone, tells it, and stops counting it as the
    seat's presence, so the friend can claim a game the seat's new holder has left."""
    from datetime import timedelta

    from django.utils import timezone

    from rooms import transfers
    from rooms.models import Room

    room_id, host, guest = await new_room()
    async with socket(room_id, host) as old_phone, socket(room_id, guest) as friend:
        await receive(old_phone, "welcome")
        await receive(friend, "welcome")
        token = await database_sync_to_async(transfers.start)(room_id, host)
        await database_sync_to_async(transfers.take)(room_id, token)  # no event sent
        monkeypatch.setattr(services, "HEARTBEAT_WRITE_SECONDS", 0)
        await old_phone.send_json_to({"type": "ping"})
        moved = await receive(old_phone, "seat")
        assert moved["you"] == {"seat": None, "side": None}
        assert (await receive(old_phone, "pong"))["players"] == [False, True]
        long_ago = timezone.now() - timedelta(seconds=400)
        await database_sync_to_async(
            lambda: Room.objects.filter(id=room_id).update(host_seen_at=long_ago)
        )()
        await old_phone.send_json_to({"type": "ping"})  # no longer the host's presence
        await receive(old_phone, "pong")
        await friend.send_json_to({"type": "claim", "round": 1, "result": "win"})
        event = await receive(friend, "room")
        assert (event["event"], event["room"]["outcome"]["winner"]) == ("abandoned", 1)
