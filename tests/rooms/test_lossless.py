"""No room event is ever lost, whatever the load: a socket whose queue is full gets the full
state instead of what did not fit (site_config/channel_layer.py `ResyncQueue`), on the
embedded layer and on Redis pub/sub alike. The queues here hold 2 messages and a resync, so a
socket that reads slowly (a second tab of the guest whose heartbeat waits, as a database
write does on a saturated process) overflows within a few moves."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import override_settings

from games.engine import registry
from rooms import consumers, protocol, services
from rooms.outgoing import RoomEvent
from site_config.channel_layer import RESYNC
from tests.rooms.test_consumers import full_state, new_room, receive, socket
from tests.rooms.test_socket_limits import close_code
from tools.rooms_harness import RoomFollower

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
SCORE_FOUR = registry.get("score-four")
WIN = ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]
CAPACITY = 3  # a socket's queue: two messages, then the place for a resync


def layers(kind, redis_url, capacity=CAPACITY):
    if kind == "embedded":
        backend, config = "site_config.channel_layer.EmbeddedChannelLayer", {}
    else:
        backend = "site_config.channel_layer.PubSubChannelLayer"
        config = {"hosts": [{"address": redis_url, "socket_timeout": None}]}
    return {"default": {"BACKEND": backend, "CONFIG": {**config, "capacity": capacity}}}


@pytest.fixture(params=["embedded", pytest.param("redis", marks=pytest.mark.services)])
def layer_kind(request):
    if request.param == "redis":
        redis_url = request.getfixturevalue("redis_url")
    else:
        redis_url = None
    with override_settings(CHANNEL_LAYERS=layers(request.param, redis_url)):
        yield request.param


async def follow_until(communicator, follower, version):
    """Feed the socket's messages to a RoomFollower until it holds `version`; a gap it would
    have to repair itself (`sync`) is a lost event and fails the test. Returns what the
    follower made of each message ("moved", "ready" for a full state, ...)."""
    taken = []
    while follower.room is None or follower.room["version"] < version:
        message = await communicator.receive_json_from(timeout=10)
        taken.append(follower.take(message))
        assert taken[-1] != "sync", f"a lost event: {message['type']}"
    return taken


async def test_a_slow_socket_gets_every_move_late_or_as_a_full_state(layer_kind, monkeypatch):
    gate = asyncio.Event()
    real_ping = consumers.RoomConsumer.on_ping

    async def slow_ping(self, request):
        await gate.wait()  # a heartbeat's write that waits its turn on a saturated process
        await real_ping(self, request)

    monkeypatch.setitem(consumers.RoomConsumer.HANDLERS, protocol.Ping, slow_ping)
    room_id, host, guest = await new_room()
    async with (
        socket(room_id, host) as white,
        socket(room_id, guest) as black,
        socket(room_id, guest) as slow_tab,
    ):
        followers = {}
        for communicator in (white, black, slow_tab):
            followers[communicator] = follower = RoomFollower(SCORE_FOUR)
            follower.take(welcome := (await full_state(communicator))[0])
            assert welcome["room"]["ply"] == 0
        await slow_tab.send_json_to({"type": "ping"})  # this tab stops reading a while
        version = followers[white].room["version"]
        for ply, text in enumerate(WIN):
            mover = white if ply % 2 == 0 else black
            await mover.send_json_to({"type": "move", "ply": ply, "move": text})
            version += 1
            for communicator in (white, black):  # every move, as its event or a full state
                await follow_until(communicator, followers[communicator], version)
                assert followers[communicator].moves == WIN[: ply + 1]
        assert followers[white].room["status"] == "finished"
        assert followers[white].room == followers[black].room
        gate.set()
        follower = followers[slow_tab]
        taken = await follow_until(slow_tab, follower, version)
        assert follower.moves == WIN
        # Its queue overflowed: two events came late, the rest as the full state.
        assert taken.count("moved") < len(WIN) and "ready" in taken
        assert follower.room == followers[white].room


async def test_a_resync_that_finds_the_room_cancelled_closes_as_the_event_would(layer_kind):
    room_id, host, _ = await new_room(joined=False)
    async with socket(room_id, host) as waiting:
        await full_state(waiting)
        # The host cancels in another tab; this socket's `cancelled` event did not fit its
        # queue, so what it reads is the resync that took the last place.
        await database_sync_to_async(services.cancel)(room_id, host)
        await get_channel_layer().group_send(consumers.group_name(room_id), RESYNC)
        state = await receive(waiting, "state")
        assert state["room"]["status"] == "cancelled"
        assert await close_code(waiting) == consumers.CLOSE_GONE


async def moves_made_elsewhere(room_id, host, guest, texts):
    """Moves applied as another process would apply them (nothing broadcast here): the
    `moved` event each would publish, in version order."""
    events = []
    for ply, text in enumerate(texts):
        secret = host if ply % 2 == 0 else guest
        header, move = await database_sync_to_async(consumers._move)(
            room_id, secret, protocol.Move(ply, text)
        )
        events.append(RoomEvent("moved", header, move))
    return events


async def room_messages(communicator, count):
    """The next `count` room events (presence skipped)."""
    messages = []
    while len(messages) < count:
        message = await communicator.receive_json_from(timeout=5)
        if message["type"] == "room":
            messages.append(message)
    return messages


@pytest.fixture(params=["embedded", pytest.param("redis", marks=pytest.mark.services)])
def roomy_layer(request):
    """Either layer with its production capacity: these tests are about order, not overflow."""
    redis_url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    with override_settings(CHANNEL_LAYERS=layers(request.param, redis_url, capacity=100)):
        yield request.param


async def test_events_published_out_of_version_order_reach_the_socket_in_order(roomy_layer):
    """Two processes publish in the order their commits end: version 3 can reach Redis before
    version 2. The socket holds 3 until 2 comes, and its client sees no gap."""
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        follower = RoomFollower(SCORE_FOUR)
        follower.take((await full_state(white))[0])
        first, second, third = await moves_made_elsewhere(room_id, host, guest, WIN[:3])
        layer = get_channel_layer()
        group = consumers.group_name(room_id)
        for event in (third, second, first):
            await layer.group_send(group, event.group())
        messages = await room_messages(white, 3)
        assert [m["room"]["version"] for m in messages] == [
            e.room.version for e in (first, second, third)
        ]
        assert [follower.take(m) for m in messages] == ["moved"] * 3


async def test_a_held_event_goes_anyway_once_the_hold_is_over(roomy_layer, monkeypatch):
    """The version before it never comes (lost past every layer's guarantees): after
    HOLD_SECONDS the held event is sent, and the client's gap rule asks for the state."""
    monkeypatch.setattr(consumers, "HOLD_SECONDS", 0.2)
    room_id, host, guest = await new_room()
    async with socket(room_id, host) as white:
        follower = RoomFollower(SCORE_FOUR)
        follower.take((await full_state(white))[0])
        await receive(white, "presence")  # the socket's own arrival
        _first, second = await moves_made_elsewhere(room_id, host, guest, WIN[:2])
        await get_channel_layer().group_send(consumers.group_name(room_id), second.group())
        assert await white.receive_nothing(timeout=0.1)  # held
        (message,) = await room_messages(white, 1)
        assert message["room"]["version"] == second.room.version
        assert follower.take(message) == "sync"
