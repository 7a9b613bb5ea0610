"""The embedded channel layer keeps the in-memory layer's behaviour: groups, capacity and
expiry (bench/channel_layer.py measures what it saves)."""

import asyncio

import pytest
from channels.exceptions import ChannelFull

from site_config import channel_layer
from site_config.channel_layer import EmbeddedChannelLayer

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


async def test_a_full_channel_refuses_and_a_group_send_skips_it():
    layer = EmbeddedChannelLayer(capacity=2)
    name = await layer.new_channel()
    await layer.group_add("g", name)
    await layer.send(name, {"type": "1"})
    await layer.send(name, {"type": "2"})
    with pytest.raises(ChannelFull):
        await layer.send(name, {"type": "3"})
    await layer.group_send("g", {"type": "4"})  # dropped, as Channels' layer does
    assert [(await layer.receive(name))["type"] for _ in range(2)] == ["1", "2"]


async def test_expired_messages_are_still_cleaned(monkeypatch):
    layer = EmbeddedChannelLayer(expiry=0)
    monkeypatch.setattr(channel_layer, "CLEAN_EVERY_SECONDS", 0)
    name = await layer.new_channel()
    await layer.group_add("g", name)
    await layer.send(name, {"type": "old"})
    await asyncio.sleep(0.01)
    await layer.group_send("g", {"type": "new"})  # the clean drops the expired one first
    assert name not in layer.groups.get("g", {})  # and, as Channels does, the channel's groups
