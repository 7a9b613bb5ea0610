"""The site's channel layers, made lossless: no group message is ever dropped silently.

Channels' in-memory layer drops a message when a socket's queue is full (`group_send`
swallows `ChannelFull`) and, once a queued message is 60 s old, drops it and takes the socket
out of every group, so it hears nothing more. channels-redis's pub/sub layer queues without
any bound. Here every socket's queue is a `ResyncQueue`: it holds up to `capacity` messages
(settings: ROOMS_CHANNEL_CAPACITY), nothing in it expires, and when only its last place is
left it takes a `room.resync` instead, then nothing until that is read. The socket then reads
the room afresh (rooms/consumers.py `room_resync`), which includes whatever was not queued:
a message is delivered late, or replaced by the full state, never lost (docs/PROTOCOL.md).

The embedded default is also Channels' in-memory layer without the two costs that grow with
the number of sockets: Channels' own scans every queue and group on every receive and group
send, and deep-copies each message once per recipient; this scans at most once a second and
hands each recipient a shallow copy (group messages here are built fresh by the sender and
never changed by a receiver)."""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque

from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import (  # type: ignore[import-untyped]
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
)
from channels_redis.utils import _wrap_close  # type: ignore[import-untyped]

CLEAN_EVERY_SECONDS = 1.0
RESYNC = {"type": "room.resync"}
ROOM_GROUP_PREFIX = "room."


class ResyncQueue(asyncio.Queue):
    """A socket's messages. Full (its last place taken by `resync`), it drops what comes
    until `resync` is read: the socket's fresh read then covers what was dropped, since all of
    it happened before."""

    _queue: deque

    def __init__(self, capacity: int, resync) -> None:
        super().__init__()  # unbounded underneath: put_nowait never raises QueueFull
        self.capacity = max(2, capacity)
        self.resync = resync
        self.resync_queued = False
        self.overflows = 0  # how many times this queue asked for a resync

    def put_nowait(self, item) -> None:
        if self.resync_queued:
            return  # covered by the resync waiting in the queue
        if self.qsize() >= self.capacity - 1:
            self.resync_queued = True
            self.overflows += 1
            item = self.resync
        super().put_nowait(item)

    def _get(self):
        item = self._queue.popleft()
        if item is self.resync:
            self.resync_queued = False
        return item


class EmbeddedChannelLayer(InMemoryChannelLayer):
    """One process. Messages never expire (they wait, or a resync replaces them), so a socket
    is never taken out of its groups for a late read; group memberships still end after
    `group_expiry` (a day, as long as a room lives)."""

    _cleaned_at = 0.0

    def __init__(self, capacity: int = 100, **kwargs) -> None:
        super().__init__(capacity=capacity, **kwargs)
        self._resync = (math.inf, RESYNC)

    def _new_queue(self, channel: str) -> ResyncQueue:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = ResyncQueue(self.capacity, self._resync)
        return queue

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()  # only group memberships: no message carries an expiry

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        self._new_queue(channel).put_nowait((math.inf, dict(message)))

    async def receive(self, channel):
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._new_queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():  # as Channels' layer: a channel nobody reads leaves no queue
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            await self.send(channel, message)


# --- Redis: channels-redis's pub/sub layer with bounded socket queues ----------------------


class _LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, capacity: int = 100, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.capacity = capacity
        self.resync = self.channel_layer.serialize(RESYNC)

    async def _subscribe_to_channel(self, channel):
        self.channels[channel] = ResyncQueue(self.capacity, self.resync)
        await self._get_shard(channel).subscribe(channel)


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer (one PUBLISH per group message, fanned out in each
    process), its socket queues bounded by `capacity` as ResyncQueues."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return layer


# --- Redis: events lost while a process's pub/sub connection was down ----------------------
# redis-py reconnects the pub/sub connection by itself and subscribes again, but what was
# published meanwhile never reaches this process. Redis itself drops a subscriber that falls
# too far behind (`client-output-buffer-limit pubsub`, 32 MB at once or 8 MB for a minute by
# default): that is a reconnect too. So on every reconnect each of the process's room sockets
# is told to resync (`room.resync`): the lost events are repaired at once.


class _ReconnectWatch:
    """Registered on a shard's pub/sub connection (redis-py keeps connect callbacks as weak
    methods, so the shard holds this object)."""

    def __init__(self, loop_layer) -> None:
        self.loop_layer = loop_layer
        self.reconnects = 0

    async def on_connect(self, connection) -> None:
        self.reconnects += 1
        layer = self.loop_layer
        message = layer.channel_layer.serialize(RESYNC)
        rooms = layer._get_group_channel_name(ROOM_GROUP_PREFIX)
        told: set[str] = set()
        for group, channels in list(layer.groups.items()):
            if not group.startswith(rooms):
                continue
            for name in channels - told:
                queue = layer.channels.get(name)
                if queue is not None:
                    queue.put_nowait(message)
                    told.add(name)


def resync_on_reconnect(layer) -> None:
    """Watch this event loop's Redis pub/sub connections (a no-op for any other layer, and
    once a connection is watched). Called as a room socket opens: by then the socket's own
    channel is subscribed, so the connection exists."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return
    loop_layer = layer._get_layer()
    for shard in loop_layer._shards:
        pubsub = shard._pubsub
        connection = getattr(pubsub, "connection", None)
        if connection is None or getattr(shard, "_reconnect_watch", (None,))[0] is connection:
            continue
        watch = _ReconnectWatch(loop_layer)
        shard._reconnect_watch = (connection, watch)
        connection.register_connect_callback(watch.on_connect)
