"""The channel layer production settings choose, on a real redis-server: a burst of room events
reaches every socket of a process, however many rooms it serves and however far behind its
event loop is. channels-redis's list layer queued all of a process's messages in one Redis key
capped at 100 and dropped the rest without a word (bench/rooms_load.py saw moves that never
came back); the pub/sub layer publishes once per process and queues locally, per socket (a
socket's queue bounded as tests/site_config/test_channel_layer.py shows)."""

from __future__ import annotations

import json

import pytest

from tests.site_config.test_settings import PRODUCTION, run

pytestmark = pytest.mark.services

ROOMS = 300  # one socket each, in one process: three times the list layer's cap
EVENTS = 2  # per room, all sent before the process reads any

FAN_OUT = f"""
import asyncio, json, os, django
django.setup()
from django.conf import settings
from channels.layers import get_channel_layer

async def main():
    layer = get_channel_layer()
    channels = [await layer.new_channel() for _ in range({ROOMS})]
    for room, name in enumerate(channels):
        await layer.group_add(f"room-{{room}}", name)
    for n in range({EVENTS}):
        for room in range({ROOMS}):
            await layer.group_send(f"room-{{room}}", {{"type": "room.event", "n": n}})
    received = [0]

    async def drain(name):
        for _ in range({EVENTS}):
            await layer.receive(name)
            received[0] += 1

    await asyncio.wait([asyncio.create_task(drain(name)) for name in channels], timeout=10)
    print(json.dumps({{"backend": settings.CHANNEL_LAYERS["default"]["BACKEND"],
                      "received": received[0]}}), flush=True)
    os._exit(0)  # receives still waiting for a dropped message are not worth a clean exit

asyncio.run(main())
"""


def test_a_burst_of_room_events_reaches_every_socket_of_a_busy_process(redis_url, tmp_path):
    result = run(["-c", FAN_OUT], {**PRODUCTION, "REDIS_URL": redis_url}, tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["backend"] == "site_config.channel_layer.PubSubChannelLayer"
    assert report["received"] == ROOMS * EVENTS


SENDS = 90  # fewer than a socket queue holds (ROOMS_CHANNEL_CAPACITY)
AT_ONCE = f"""
import asyncio, json, os, django
django.setup()
from channels.layers import get_channel_layer
from site_config import channel_layer

batches = []
publish_batch = channel_layer._Shard._publish_batch

async def counted(self, batch):
    batches.append(len(batch))
    await publish_batch(self, batch)

channel_layer._Shard._publish_batch = counted

async def main():
    layer = get_channel_layer()
    name = await layer.new_channel()
    await layer.group_add("room-1", name)
    await asyncio.gather(*(layer.group_send("room-1", {{"type": "room.event", "n": n}})
                           for n in range({SENDS})))
    received = [(await layer.receive(name))["n"] for _ in range({SENDS})]
    print(json.dumps({{"received": received, "batches": batches}}), flush=True)
    os._exit(0)

asyncio.run(main())
"""


def test_events_published_at_once_go_together_in_the_order_they_were_sent(redis_url, tmp_path):
    """One PUBLISH at a time, each waiting for Redis's answer, made every event of a busy
    process wait behind all the others' round trips: those sent while a batch is on its way
    go as the next one, in one pipeline, and arrive in the order they were sent."""
    result = run(["-c", AT_ONCE], {**PRODUCTION, "REDIS_URL": redis_url}, tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["received"] == list(range(SENDS))
    assert sum(report["batches"]) == SENDS
    assert len(report["batches"]) < SENDS / 10  # they went together, not one by one


@pytest.mark.asyncio
async def test_a_room_event_is_read_once_for_all_the_sockets_of_a_process(redis_url):
    """Both seats (and any watchers) of a room on one process, as the proxy routes them: the
    event is deserialized once in the process, each socket gets a copy of its own, and the
    room's header inside is one object, so the consumers read, check and write it as text
    once (rooms/outgoing.py `RoomEvent.of`), as with the embedded layer."""
    import asyncio

    from rooms.outgoing import Header, RoomEvent
    from site_config.channel_layer import PubSubChannelLayer

    header = Header("r" * 22, "tic-tac-toe", "", "playing", 2, 1, 1, 0, None, (False, False), 0,
                    "2026-12-05T00:00:00+00:00")
    layer = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}])
    try:
        sockets = [await layer.new_channel() for _ in range(3)]
        for name in sockets:
            await layer.group_add("room", name)
        sent = RoomEvent("draw-offered", header).group()
        await layer.group_send("room", sent)
        got = [await asyncio.wait_for(layer.receive(name), 3) for name in sockets]
        assert got[0] == got[1] == got[2] == sent
        assert got[0] is not got[1] and got[1] is not got[2]  # a socket may keep its own
        assert got[0]["room"] is got[1]["room"] is got[2]["room"]
        events = [RoomEvent.of(message) for message in got]
        assert events[0] is events[1] is events[2]
    finally:
        await layer.flush()


@pytest.mark.asyncio
async def test_a_published_message_that_cannot_be_read_resyncs_its_sockets(redis_url):
    """Only this site's processes publish on its channels, but bytes that are not a message
    must not stop the process's subscriber or vanish: the sockets they were for read the room
    afresh, and the next message comes as ever."""
    import asyncio

    import redis.asyncio

    from site_config.channel_layer import RESYNC, PubSubChannelLayer

    layer = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}])
    publisher = redis.asyncio.Redis.from_url(redis_url)
    try:
        name = await layer.new_channel()
        await layer.group_add("room", name)
        group_channel = layer._get_layer()._get_group_channel_name("room")
        assert await publisher.publish(group_channel, b"\xc1 not msgpack") == 1
        assert await asyncio.wait_for(layer.receive(name), 3) == RESYNC
        await layer.group_send("room", {"type": "room.event", "n": 1})
        assert (await asyncio.wait_for(layer.receive(name), 3))["n"] == 1
        assert layer._get_layer().reconnects == 0  # the subscriber's connection read on
    finally:
        await publisher.aclose()
        await layer.flush()
