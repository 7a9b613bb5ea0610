"""A process whose Redis pub/sub connection drops misses what was published meanwhile: when
redis-py reconnects, every room socket of the process is sent the full state at once (on a
real redis-server, the connection killed by Redis itself)."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

import pytest
import redis
from django.test import override_settings

from tests.rooms.test_consumers import full_state, new_room, receive, socket

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.services]


async def test_every_socket_resyncs_when_the_redis_connection_comes_back(redis_url):
    layers = {
        "default": {
            "BACKEND": "site_config.channel_layer.PubSubChannelLayer",  # as in settings.py
            "CONFIG": {"hosts": [{"address": redis_url, "socket_timeout": None}], "capacity": 100},
        }
    }
    with override_settings(CHANNEL_LAYERS=layers):
        room_id, host, guest = await new_room()
        other_room, other_host, _ = await new_room()
        async with (
            socket(room_id, host) as white,
            socket(room_id, guest) as black,
            socket(other_room, other_host) as elsewhere,
        ):
            for communicator in (white, black, elsewhere):
                await full_state(communicator)
            await white.send_json_to({"type": "move", "ply": 0, "move": "A1"})
            assert (await receive(black, "room"))["move"]["text"] == "A1"
            # Redis drops this process's pub/sub connection (a restart, a network blip).
            killed = redis.Redis.from_url(redis_url).client_kill_filter(_type="pubsub")
            assert killed >= 1
            for communicator in (white, black, elsewhere):
                state, moves = await full_state(communicator, "state")
                assert len(moves) == state["room"]["ply"]
                assert moves == (["A1"] if communicator is not elsewhere else [])


async def test_a_publish_on_a_connection_redis_closed_goes_through_on_a_new_one(redis_url):
    """Redis closed the pooled connection a PUBLISH would use (a restart, a timeout): the
    first command on it fails, and the layer publishes once more on a new connection instead
    of losing the event."""
    from site_config.channel_layer import PubSubChannelLayer

    layer = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}])
    channel = await layer.new_channel()
    await layer.group_add("room", channel)
    await layer.group_send("room", {"type": "room.event", "n": 1})
    assert (await layer.receive(channel))["n"] == 1
    killed = redis.Redis.from_url(redis_url).client_kill_filter(_type="normal", skipme=True)
    assert killed >= 1  # the layer's publishing connection
    await layer.group_send("room", {"type": "room.event", "n": 2})
    assert (await layer.receive(channel))["n"] == 2
    await layer.flush()


async def test_joining_a_group_returns_once_redis_has_the_subscription(redis_url, monkeypatch):
    """A room socket reads the room right after joining its group: if that returned as soon as
    SUBSCRIBE was sent, a PUBLISH Redis took before the SUBSCRIBE (still in this process's
    buffers, or behind others on a loaded machine) would reach no socket here, while the read
    came too early to hold it. Here the SUBSCRIBE leaves 0.3 s late; another process publishes
    the moment the join returns; the event still arrives."""
    from site_config import channel_layer

    original = channel_layer._Shard._send

    def late_subscribe(self, link, data):
        if data.startswith(b"*2\r\n$9\r\nSUBSCRIBE"):
            asyncio.get_running_loop().call_later(0.3, original, self, link, data)
        else:
            original(self, link, data)

    monkeypatch.setattr(channel_layer._Shard, "_send", late_subscribe)
    hosts = [{"address": redis_url, "socket_timeout": None}]
    here, elsewhere = (channel_layer.PubSubChannelLayer(hosts=hosts) for _ in range(2))
    channel = await here.new_channel()
    await here.group_add("room", channel)
    await elsewhere.group_send("room", {"type": "room.event", "n": 1})
    assert (await asyncio.wait_for(here.receive(channel), 3))["n"] == 1
    await here.flush()
    await elsewhere.flush()


class Cuttable:
    """A loopback TCP proxy to Redis that the test can cut and mend: the network between one
    process and Redis, while another process still reaches Redis directly."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.cut = False
        self.links: list = []
        self.silent: set = set()  # links whose bytes go nowhere from now on

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer) -> None:
        if self.cut:
            writer.close()
            return
        upstream_reader, upstream_writer = await asyncio.open_connection(
            "127.0.0.1", self.target_port
        )
        self.links += [writer, upstream_writer]

        async def pipe(source, sink):
            try:
                while data := await source.read(65536):
                    if sink not in self.silent:
                        sink.write(data)
                        await sink.drain()
            except ConnectionError:
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    def sever(self) -> None:
        self.cut = True
        for writer in self.links:
            writer.close()
        self.links = []

    def silence(self) -> None:
        """The links made so far carry nothing more, and none is closed: what a network fault
        leaves a connection (no reset, no end). Links made afterwards work."""
        self.silent.update(self.links)

    def mend(self) -> None:
        self.cut = False

    async def close(self) -> None:
        self.sever()
        self.server.close()
        await self.server.wait_closed()


async def test_an_event_one_process_could_not_publish_reaches_the_others_as_a_resync(redis_url):
    """A process that cannot reach Redis for a moment while another can (a failover it sees a
    moment late, a network fault): its move is applied, its publish fails, and the other
    process's sockets never lose their connection, so no reconnect would resync them. Once
    the first process reaches Redis again it publishes a resync to the room, and every socket
    there reads the room afresh: late, not lost. (Seen in a Sentinel failover test: the move
    after the failover never reached the friend on the other process.)"""
    from site_config.channel_layer import RESYNC, PublishFailed, PubSubChannelLayer

    proxy = Cuttable(urlsplit(redis_url).port)
    proxied = f"redis://127.0.0.1:{await proxy.start()}/0"
    here = PubSubChannelLayer(hosts=[{"address": proxied, "socket_timeout": None}])
    elsewhere = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}])
    try:
        mine, theirs = await here.new_channel(), await elsewhere.new_channel()
        await here.group_add("room", mine)
        await elsewhere.group_add("room", theirs)
        await here.group_send("room", {"type": "room.event", "n": 1})
        for layer, channel in ((here, mine), (elsewhere, theirs)):
            assert (await asyncio.wait_for(layer.receive(channel), 3))["n"] == 1
        proxy.sever()
        with pytest.raises(PublishFailed):
            await here.group_send("room", {"type": "room.event", "n": 2})
        proxy.mend()
        assert await asyncio.wait_for(elsewhere.receive(theirs), 5) == RESYNC
        assert await asyncio.wait_for(here.receive(mine), 5) == RESYNC
        await here.group_send("room", {"type": "room.event", "n": 3})  # and on as before
        for layer, channel in ((here, mine), (elsewhere, theirs)):
            assert (await asyncio.wait_for(layer.receive(channel), 3))["n"] == 3
    finally:
        await here.flush()
        await elsewhere.flush()
        await proxy.close()


async def test_a_subscriber_connection_gone_silent_is_made_again_and_its_sockets_resync(
    redis_url, monkeypatch
):
    """A connection cut without a word (no reset, no end) reads nothing forever: the layer asks
    a silent subscriber's connection for a PING and, without an answer, makes it again, and
    every socket of the process resyncs, since what was published meanwhile never came."""
    from site_config import channel_layer
    from site_config.channel_layer import RESYNC, PubSubChannelLayer

    monkeypatch.setattr(channel_layer, "QUIET_SECONDS", 0.3)
    proxy = Cuttable(urlsplit(redis_url).port)
    proxied = f"redis://127.0.0.1:{await proxy.start()}/0"
    here = PubSubChannelLayer(hosts=[{"address": proxied, "socket_timeout": None}])
    elsewhere = PubSubChannelLayer(hosts=[{"address": redis_url, "socket_timeout": None}])
    try:
        mine = await here.new_channel()
        await here.group_add("room", mine)
        proxy.silence()
        await elsewhere.group_send("room", {"type": "room.event", "n": 1})  # lost on the way
        assert await asyncio.wait_for(here.receive(mine), 5) == RESYNC
        await elsewhere.group_send("room", {"type": "room.event", "n": 2})  # on the new one
        assert (await asyncio.wait_for(here.receive(mine), 3))["n"] == 2
    finally:
        await here.flush()
        await elsewhere.flush()
        await proxy.close()
