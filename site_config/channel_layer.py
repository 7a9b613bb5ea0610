"""The embedded default's channel layer: Channels' in-memory layer (one process), without the
two costs that grow with the number of sockets. Channels' own scans every queue and group for
expired messages on every receive and every group send, and deep-copies each message once per
recipient; this scans at most once a second and hands each recipient a shallow copy (group
messages here are built fresh by the sender and never changed by a receiver)."""

from __future__ import annotations

import asyncio
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class EmbeddedChannelLayer(InMemoryChannelLayer):
    _cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        queue = self.channels.get(channel)
        if queue is None:
            return await super().send(channel, message)
        try:
            queue.put_nowait((time.time() + self.expiry, dict(message)))
        except asyncio.QueueFull as error:
            raise ChannelFull(channel) from error

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass


# --- Redis: events lost while a process's pub/sub connection was down ----------------------
# redis-py reconnects the pub/sub connection by itself and subscribes again, but what was
# published meanwhile never reaches this process. So on every reconnect each of its room
# sockets is told to resync (`room.resync`): the lost events are repaired at once, not by the
# next event or the heartbeat's read about a minute later.

RESYNC = {"type": "room.resync"}
ROOM_GROUP_PREFIX = "room."


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
    from channels_redis.pubsub import RedisPubSubChannelLayer  # type: ignore[import-untyped]

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
