"""The site's channel layers never drop a message silently: the embedded one keeps the
in-memory layer's groups (bench/channel_layer.py measures what it saves) but nothing in it
expires, and a socket's full queue, in either layer, takes a resync and then nothing until the
resync is read (the room socket then sends the full state: tests/rooms/test_lossless.py)."""

import asyncio
import time

import pytest

from site_config import channel_layer
from site_config.channel_layer import EmbeddedChannelLayer, PubSubChannelLayer

pytestmark = pytest.mark.asyncio


async def test_group_sends_reach_every_member_once_as_separate_dicts():
    layer = EmbeddedChannelLayer()
    a, b, c = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("room.1", a)
    await layer.group_add("room.1", b)
    await layer.group_add("room.2", c)
    message = {"type": "room.event", "n": 1}
    await layer.group_send("room.1", message)
    got_a = await asyncio.wait_for(layer.receive(a), 1)
    got_b = await asyncio.wait_for(layer.receive(b), 1)
    assert got_a == got_b == message and got_a is not got_b
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(c), 0.05)
    await layer.group_discard("room.1", a)
    await layer.group_send("room.1", {"type": "x"})
    assert (await asyncio.wait_for(layer.receive(b), 1))["type"] == "x"


async def test_a_full_queue_takes_a_resync_and_then_nothing_until_it_is_read():
    layer = EmbeddedChannelLayer(capacity=3)
    await layer.group_add("room.x", "socket.a")
    for n in range(10):
        await layer.group_send("room.x", {"type": "room.event", "n": n})
    received = [await layer.receive("socket.a") for _ in range(3)]
    assert received == [
        {"type": "room.event", "n": 0},
        {"type": "room.event", "n": 1},
        {"type": "room.resync"},
    ]
    await layer.group_send("room.x", {"type": "room.event", "n": 10})  # read: room again
    assert await layer.receive("socket.a") == {"type": "room.event", "n": 10}


@pytest.mark.services
async def test_the_redis_layer_bounds_a_socket_queue_the_same_way(redis_url):
    layer = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}], capacity=3)
    channel = await layer.new_channel()
    await layer.group_add("room.y", channel)
    marker = await layer.new_channel()
    await layer.group_add("room.marker", marker)
    try:
        for n in range(10):
            await layer.group_send("room.y", {"type": "room.event", "n": n})
        # All ten are in this process once a later message is: Redis hands one subscriber its
        # messages in order. Without this wait a loaded machine's reader could still be
        # delivering them after the resync below is read (it saw n 9 come after it).
        await layer.group_send("room.marker", {"type": "marker"})
        assert await asyncio.wait_for(layer.receive(marker), 5) == {"type": "marker"}
        received = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(3)]
        assert received == [
            {"type": "room.event", "n": 0},
            {"type": "room.event", "n": 1},
            {"type": "room.resync"},
        ]
        await layer.group_send("room.y", {"type": "room.event", "n": 10})
        assert await asyncio.wait_for(layer.receive(channel), 5) == {"type": "room.event", "n": 10}
    finally:
        await layer.flush()


async def test_nothing_expires_and_a_late_reader_stays_in_its_groups(monkeypatch):
    # Channels' layer drops a message 60 s old and takes its channel out of every group.
    layer = EmbeddedChannelLayer(expiry=0)
    monkeypatch.setattr(channel_layer, "CLEAN_EVERY_SECONDS", 0)
    clock = iter(range(4_000_000_000, 5_000_000_000, 100))  # 100 s pass at each look
    monkeypatch.setattr(time, "time", lambda: next(clock))
    await layer.group_add("g", "socket.b")
    await layer.group_send("g", {"type": "old"})
    await layer.group_send("g", {"type": "new"})
    assert "socket.b" in layer.groups["g"]
    assert [(await layer.receive("socket.b"))["type"] for _ in range(2)] == ["old", "new"]


async def test_a_socket_keeps_its_queue_while_it_reads_and_a_channel_nobody_reads_goes(
    monkeypatch,
):
    # Channels' layer dropped a socket's queue each time it emptied and made it again for the
    # next message; here it stays while the socket reads, and goes once nobody reads it.
    layer = EmbeddedChannelLayer()
    monkeypatch.setattr(channel_layer, "CLEAN_EVERY_SECONDS", 0)
    await layer.group_add("room.k", "socket.k")
    reader = asyncio.ensure_future(layer.receive("socket.k"))
    await asyncio.sleep(0)
    queue = layer.channels["socket.k"]
    for n in range(3):
        await layer.group_send("room.k", {"type": "room.event", "n": n})
        assert (await reader)["n"] == n
        reader = asyncio.ensure_future(layer.receive("socket.k"))
        await asyncio.sleep(0)
        assert layer.channels["socket.k"] is queue  # the same queue, empty and read
    await layer.send("socket.gone", {"type": "x"})  # a channel nobody reads ...
    await layer.group_send("room.k", {"type": "room.event", "n": 3})
    assert "socket.gone" in layer.channels  # ... keeps its message until it is read
    assert (await layer.receive("socket.gone"))["type"] == "x"
    reader.cancel()  # the socket closed: its receive is cancelled
    await asyncio.gather(reader, return_exceptions=True)
    await layer.group_discard("room.k", "socket.k")
    while not layer.channels["socket.k"].empty():  # what it had not read yet
        await layer.receive("socket.k")
    await layer.group_send("room.k", {"type": "room.event", "n": 4})  # a clean runs here
    assert "socket.k" not in layer.channels and "socket.gone" not in layer.channels
