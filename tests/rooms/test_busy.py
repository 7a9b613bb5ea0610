"""A saturated process (rooms/load.py: its event loop late past ROOMS_BUSY_LAG_MS tick after
tick, or its database thread slow trip after trip) refuses new rooms and new spectators with
`server-busy`, in the reader's language, while the game already played goes on; the refusal
ends once the loop has kept time for ROOMS_BUSY_HOLD_SECONDS. One late tick or one slow trip
(a garbage collection, another program taking the core for a moment) refuses nobody."""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from rooms import consumers, load
from tests.rooms.test_consumers import full_state, new_room, receive
from tests.rooms.test_socket_limits import close_code, communicator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def until(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never came"
        await asyncio.sleep(0.05)


async def first_message_and_close(opened):
    assert (await opened.connect())[0]
    first = await opened.receive_json_from(timeout=5)
    return first, await close_code(opened)


async def create(language="ko", json=True):
    accept = {"headers": {"Accept": "application/json"}} if json else {}
    fields = {"game": "score-four", "language": language}
    return await AsyncClient().post("/api/rooms/", fields, **accept)


async def hold_the_loop_until_busy(timeout=30.0):
    """What a process past its capacity does to its loop: every tick late, one after the
    other (each block outlasts the threshold; between two, the watch's tick runs late)."""
    deadline = time.monotonic() + timeout
    while not load.busy():
        assert time.monotonic() < deadline, "sustained lateness never made the process busy"
        time.sleep(0.7)
        await asyncio.sleep(0.01)


async def stays_open(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert not load.busy(), "refused newcomers for a single late moment"
        await asyncio.sleep(0.05)


async def test_a_loop_late_tick_after_tick_refuses_newcomers_while_the_game_goes_on(settings):
    settings.ROOMS_BUSY_LAG_MS = 400  # under each block of hold_the_loop_until_busy
    settings.ROOMS_BUSY_HOLD_SECONDS = 1.0
    room_id, host, guest = await new_room()
    white = communicator(room_id, host, "198.51.100.1")
    black = communicator(room_id, guest, "198.51.100.2")
    late = []
    try:
        for player in (white, black):
            assert (await player.connect())[0]
            await full_state(player)
        await until(lambda: not load.busy())
        time.sleep(2.0)  # one long pause (a garbage collection, the core taken for a moment)
        await stays_open(3.0)  # ... is not saturation: newcomers are still welcome
        await hold_the_loop_until_busy()
        watcher = communicator(room_id, address="203.0.113.7")
        late.append(watcher)
        first, code = await first_message_and_close(watcher)
        assert (first["type"], first["code"], first["for"]) == ("error", "server-busy", "connect")
        assert code == consumers.CLOSE_LIMIT  # the client retries with backoff
        response = await create(json=True)
        assert response.status_code == 503 and response.json()["error"] == "server-busy"
        assert response["Retry-After"]
        for language, words in [("ko", "서버"), ("ja", "サーバー"), ("zh-hans", "服务器")]:
            page = await create(language, json=False)
            assert page.status_code == 503
            assert 'data-room-problem="server-busy"' in page.text and words in page.text
        # Meanwhile the game goes on, and a player who reconnects gets in.
        for ply, text in enumerate(["A1", "B1", "A1"]):
            mover = (white, black)[ply % 2]
            await mover.send_json_to({"type": "move", "ply": ply, "move": text})
            for player in (white, black):
                assert (await receive(player, "room"))["move"]["text"] == text
        again = communicator(room_id, guest, "198.51.100.2")
        late.append(again)
        assert (await again.connect())[0]
        assert (await full_state(again))[1] == ["A1", "B1", "A1"]
        # The loop keeps time again: after the hold, newcomers are welcome.
        await until(lambda: not load.busy())
        watcher = communicator(room_id, address="203.0.113.8")
        late.append(watcher)
        assert (await watcher.connect())[0]
        assert (await receive(watcher, "welcome"))["you"] == {"seat": None, "side": None}
        assert (await create(json=True)).status_code == 201
    finally:
        for opened in [white, black, *late]:
            await opened.disconnect()


async def test_a_threshold_of_zero_means_always_busy(settings):
    settings.ROOMS_BUSY_LAG_MS = 0  # any lateness at all: the refusal is always on
    room_id, host, _guest = await new_room()
    player = communicator(room_id, host, "198.51.100.1")
    try:
        assert (await player.connect())[0]
        await full_state(player)
        await until(load.busy)
        assert (await create()).status_code == 503
    finally:
        await player.disconnect()


async def test_a_database_thread_that_falls_behind_makes_the_process_busy(settings):
    # The loop keeps time, but every socket's database call waits behind a backlog.
    settings.ROOMS_BUSY_LAG_MS = 1000
    room_id, host, _guest = await new_room()
    player = communicator(room_id, host, "198.51.100.1")
    try:
        assert (await player.connect())[0]
        await full_state(player)
        await until(lambda: not load.busy())
        await database_sync_to_async(time.sleep)(2.5)  # one slow call: the trip timed behind it
        await stays_open(2.0)  # ... is one slow trip, not a thread that has fallen behind
        # A backlog that lasts: four calls of half a second always queued, so trip after
        # trip waits behind two seconds of work.
        deadline, queued = time.monotonic() + 30, set()
        while not load.busy():
            assert time.monotonic() < deadline, "a lasting backlog never made the process busy"
            while len(queued) < 4:
                queued.add(asyncio.ensure_future(database_sync_to_async(time.sleep)(0.5)))
            _done, queued = await asyncio.wait(queued, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.gather(*queued)
    finally:
        await player.disconnect()
