"""What a room costs its players when others open sockets on it: silent sockets are closed
after the idle time (so the caps count open sockets), connecting has a budget per client, and
players are told of presence only when what they see changes."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator

from rooms import consumers, services
from site_config.asgi import application
from tests.rooms.test_consumers import headers, new_room, receive
from throttle import limiter, limits

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def communicator(room_id, secret=None, address="192.0.2.1"):
    opened = WebsocketCommunicator(
        application, f"/ws/rooms/{room_id}/", headers=headers(room_id, secret)
    )
    opened.scope["client"] = [address, 40000]
    return opened


async def close_code(opened, timeout=10.0):
    """The code of the close the server sends, skipping the messages before it."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        output = await opened.receive_output(timeout=left)
        if output["type"] == "websocket.close":
            return output.get("code")
    raise AssertionError("the server did not close the socket")


async def refusal(opened):
    """(error code, close code) of a socket the server refuses."""
    assert (await opened.connect())[0]
    error = await receive(opened, "error")
    return error["code"], await close_code(opened)


async def test_silent_sockets_are_closed_after_the_idle_time_and_the_cap_holds(monkeypatch):
    # The idle time is a setting (LIMIT_SOCKET_IDLE_SECONDS): a short one here. Rows of live
    # sockets are counted for PRESENCE_STALE: made shorter than the wait below, so that on a
    # server that leaves silent sockets open their rows stop counting and more get in.
    monkeypatch.setattr(limits, "SOCKET_IDLE_SECONDS", 2.0)
    monkeypatch.setattr(services, "PRESENCE_STALE", timedelta(seconds=3))
    room_id, host, _guest = await new_room()
    player = communicator(room_id, host, "198.51.100.7")
    watchers = [communicator(room_id, address=f"192.0.2.{n}") for n in range(1, 21)]
    late = []

    async def ping_as_pages_do():
        while True:
            await player.send_json_to({"type": "ping"})
            await asyncio.sleep(0.3)

    pinging = None
    try:
        assert (await player.connect())[0]
        await receive(player, "welcome")
        pinging = asyncio.ensure_future(ping_as_pages_do())
        for watcher in watchers:
            assert (await watcher.connect())[0]
            await receive(watcher, "welcome")
        for watcher in watchers:  # all 20 are in and alive (however slowly they came) ...
            await watcher.send_json_to({"type": "ping"})
            await receive(watcher, "pong", limit=100)
        extra = communicator(room_id, address="192.0.2.99")
        late.append(extra)
        assert await refusal(extra) == ("room-full", consumers.CLOSE_LIMIT)
        # ... and from now on silent: held past the idle time and past PRESENCE_STALE, while
        # the player pings as every page does.
        await asyncio.sleep(3.5)
        for watcher in watchers:
            assert await close_code(watcher) == consumers.CLOSE_IDLE
        # Their places are free again, and the cap holds for those who come now.
        newcomers = [communicator(room_id, address=f"203.0.113.{n}") for n in range(1, 22)]
        late += newcomers
        for watcher in newcomers[:20]:
            assert (await watcher.connect())[0]
            await receive(watcher, "welcome")
        assert await refusal(newcomers[20]) == ("room-full", consumers.CLOSE_LIMIT)
        pinging.cancel()
        await player.send_json_to({"type": "ping"})  # the player who pinged is still in
        assert (await receive(player, "pong", limit=500))["type"] == "pong"
    finally:
        if pinging is not None:
            pinging.cancel()
        for opened in [player, *watchers, *late]:
            await opened.disconnect()


async def test_a_connect_flood_from_one_client_is_refused_while_the_players_play(monkeypatch):
    # The default budget (40, then one every 2 s) with no refill during the test, however
    # slowly the machine runs it: exactly the connects past 40 are refused.
    connects = limits.SOCKET_CONNECTS
    monkeypatch.setattr(limits, "SOCKET_CONNECTS", limiter.Limit(connects.name, 40, 600))
    room_id, host, guest = await new_room()
    white = communicator(room_id, host, "198.51.100.1")
    black = communicator(room_id, guest, "198.51.100.2")
    presences = {white: 0, black: 0}  # presence messages each player got during the flood

    async def next_room_event(player):
        while (message := await player.receive_json_from(timeout=5))["type"] != "room":
            presences[player] += message["type"] == "presence"
        return message

    opened_by_flood = []
    try:
        for player in (white, black):
            assert (await player.connect())[0]
            await receive(player, "welcome")
        presence = await receive(white, "presence")
        while presence["players"] != [True, True]:
            presence = await receive(white, "presence")
        await asyncio.sleep(0.3)
        for player in (white, black):
            while not await player.receive_nothing(timeout=0.2):
                await player.receive_output()
        capacity = limits.SOCKET_CONNECTS.capacity
        refused, ply, started = [], 0, time.monotonic()
        for attempt in range(capacity + 10):  # one address opening and closing in a loop
            flood = communicator(room_id, address="203.0.113.66")
            opened_by_flood.append(flood)
            assert (await flood.connect())[0]
            first = await flood.receive_json_from(timeout=5)
            if first["type"] == "error":
                refused.append((first["code"], first["for"], await close_code(flood)))
            await flood.disconnect()
            if attempt % 10 == 9:  # the players keep playing through it
                mover = (white, black)[ply % 2]
                text = "ABCD"[ply % 4] + "1"
                await mover.send_json_to({"type": "move", "ply": ply, "move": text})
                for player in (white, black):
                    assert (await next_room_event(player))["move"]["ply"] == ply
                ply += 1
        assert len(refused) == 10
        assert set(refused) == {("too-many-connects", "connect", consumers.CLOSE_LIMIT)}
        mover = (white, black)[ply % 2]
        await mover.send_json_to({"type": "move", "ply": ply, "move": "D2"})
        for player in (white, black):
            assert (await next_room_event(player))["move"]["text"] == "D2"
        # Watchers came and went 80 times: the players were told at most once a second.
        await asyncio.sleep(consumers.WATCHERS_EVERY_SECONDS + 0.2)
        for player in (white, black):
            while not await player.receive_nothing(timeout=0.3):
                presences[player] += (await player.receive_json_from())["type"] == "presence"
        flood_seconds = time.monotonic() - started
        assert max(presences.values()) <= flood_seconds / consumers.WATCHERS_EVERY_SECONDS + 1
    finally:
        for opened in [white, black, *opened_by_flood]:
            await opened.disconnect()
