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
import logging
import math
import time
from collections import deque

from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import (  # type: ignore[import-untyped]
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
)
from channels_redis.utils import (  # type: ignore[import-untyped]
    _wrap_close,
    create_pool,
    decode_hosts,
)
from redis import asyncio as aioredis

from site_config.redis_wire import Link, PushReader, command

logger = logging.getLogger(__name__)

CLEAN_EVERY_SECONDS = 1.0
RESYNC = {"type": "room.resync"}


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
        self.readers = 0  # receive() calls waiting on it now (the embedded layer keeps it)

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
            # As Channels' layer, a channel nobody reads leaves no queue; but a socket's queue
            # is kept while it is read, not made again for every message.
            for channel, queue in list(self.channels.items()):
                if not queue.readers and queue.empty():
                    del self.channels[channel]

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        self._new_queue(channel).put_nowait((math.inf, dict(message)))

    async def receive(self, channel):
        self.require_valid_channel_name(channel)
        queue = self._new_queue(channel)
        queue.readers += 1  # before the clean, which keeps a queue being read
        self._clean_expired()
        try:
            _, message = await queue.get()
        finally:
            queue.readers -= 1
        return message

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            await self.send(channel, message)


# --- Redis: channels-redis's pub/sub layer, with bounded socket queues and a resync on reconnect
# redis-py reconnects a pub/sub connection by itself and subscribes again, but what was
# published meanwhile never reaches this process. Redis itself drops a subscriber that falls
# too far behind (`client-output-buffer-limit pubsub`, 32 MB at once or 8 MB for a minute by
# default): that is a reconnect too. So on every reconnect each socket of the process that is
# in a group (in this site: a room socket) is told to resync (`room.resync`), and the lost
# events are repaired at once. The other side, a PUBLISH that failed, is repaired by a resync
# published to its channel once this process reaches Redis again (`_Shard.publish`): every
# process's sockets there hear of it. channels-redis has no hook for either, so the connection
# to each Redis host is ours (`_Shard`): the one thing the layer below is given is its list of
# shards.


class PublishFailed(Exception):
    """A group message could not be published (Redis unreachable from this process). Nothing
    of it reached any process. The layer repairs it: once this process reaches Redis again it
    publishes a `room.resync` to the channel (see `_Shard.publish`), so the caller only has to
    tell its own socket, at once."""


# What a publish or a subscriber meets when Redis is down, restarting, or closed the
# connection (OSError covers the builtin ConnectionError and TimeoutError).
_REDIS_DOWN = (aioredis.ConnectionError, aioredis.TimeoutError, OSError)

# How long a subscription waits for Redis to confirm it before going on regardless (a lost
# connection is repaired by the resync on reconnect).
SUBSCRIBE_WAIT_SECONDS = 5.0
# How often a process that could not publish tries again to publish the resyncs that repair it.
REPAIR_EVERY_SECONDS = 0.5
# A subscriber's connection silent this long is asked for a PING; silent twice as long, it is
# taken for dead and made again (a connection cut without a word, as a network fault leaves
# it, would otherwise read nothing forever). A batch of PUBLISH unanswered this long, likewise.
QUIET_SECONDS = 5.0
# Between attempts to reach a Redis that refused the subscriber's connection.
RECONNECT_EVERY_SECONDS = 1.0


class _Shard:
    """This event loop's two connections to one Redis host (site_config/redis_wire.py): one
    publishes, one is subscribed and read by a task that hands each message to
    `deliver(name, data)`. The interface channels-redis's loop layer asks of a shard: publish,
    subscribe, unsubscribe, flush.

    `subscribe` returns once Redis has confirmed the subscription (its `subscribe` reply,
    read by the same task). Sending SUBSCRIBE is not enough: a room socket reads the room
    right after joining its group, and a PUBLISH that Redis took before that SUBSCRIBE (the
    command still in this process's buffers, or behind others on a loaded machine) would
    reach no one here while the room read came too early to hold it: an event applied and
    never delivered. Every socket of the group waits for the same confirmation.

    When the subscriber's connection is lost, what was published meanwhile never reaches this
    process: once it is made again (and every channel subscribed again), `reconnected` tells
    every socket here to resync."""

    def __init__(self, host, deliver, reconnected, resync: bytes) -> None:
        self.host = host
        self.deliver = deliver
        self.reconnected = reconnected
        self.resync = resync
        self.subscribed: set[str] = set()
        self.confirmations: dict[str, asyncio.Future] = {}  # SUBSCRIBE sent, not yet confirmed
        # SUBSCRIBEs written on this connection and not yet answered, by channel: a channel left
        # and joined again before Redis answered is confirmed by the last answer, not the first.
        self.unanswered: dict[str, int] = {}
        self.late: set[str] = set()  # channels whose sockets stopped waiting for Redis's answer
        self.resync_at_pong = False  # the PING after a reconnection's SUBSCRIBE: resync then
        self.lock = asyncio.Lock()
        self.pool = None
        self.publisher: Link | None = None
        self.subscriber: Link | None = None
        self.lost_subscriber = False  # since the last connection: its sockets owe a resync
        self.heard_at = 0.0  # when the subscriber's connection last read anything
        self.pinged = False
        self.reader: asyncio.Future | None = None
        self.outbox: list[tuple[str, bytes, asyncio.Future]] = []  # to publish next, in order
        self.sender: asyncio.Future | None = None
        self.unsent: set[str] = set()  # channels a message failed to reach: owed a resync
        self.repairer: asyncio.Future | None = None

    def _pool(self):
        if self.pool is None:
            self.pool = create_pool(self.host)
        return self.pool

    async def publish(self, channel: str, message: bytes) -> None:
        """PUBLISH, with whatever else this process publishes meanwhile. One PUBLISH at a time,
        each waiting for Redis's answer before the next, made every publish wait its turn
        behind the round trips of all the others: at 900 rooms on two processes most moves
        waited more than 50 ms there, while their database call took 15. Now while one batch
        is on its way the next one gathers, and goes as one write when the first is answered.
        One sender, so the order of publishing stays the order of the calls, as a room's
        events need.

        PublishFailed if Redis is unreachable from here. What failed is then repaired: once a
        publish goes through again, each channel it was for is sent a `room.resync`, and every
        socket listening there, on every process, reads the room afresh. A process's own pub/sub
        reconnect resyncs only that process's sockets; the others may never have lost Redis
        (a failover seen a moment later here, a network fault between this process and
        Redis), and without this they would never hear of the event: applied, never
        delivered."""
        published = asyncio.get_running_loop().create_future()
        self.outbox.append((channel, message, published))
        if self.sender is None or self.sender.done():
            self.sender = asyncio.ensure_future(self._send_outbox())
        await published

    async def _send_outbox(self) -> None:
        while self.outbox:
            batch, self.outbox = self.outbox, []
            failure: BaseException | None = None
            try:
                await self._publish_batch(batch)
            except BaseException as error:  # PublishFailed, or the task cancelled at the end
                failure = error
            if isinstance(failure, Exception):
                self._owe_resync(channel for channel, _, _ in batch)
            for _, _, published in batch:
                if published.done():
                    continue
                if failure is None:
                    published.set_result(None)
                elif isinstance(failure, Exception):
                    published.set_exception(failure)
                else:
                    published.set_exception(PublishFailed("the layer is closing"))
            if isinstance(failure, asyncio.CancelledError):
                raise failure

    def _owe_resync(self, channels) -> None:
        self.unsent.update(channels)
        if self.repairer is None or self.repairer.done():
            self.repairer = asyncio.ensure_future(self._repair())

    async def _repair(self) -> None:
        """Publish a resync to every channel owed one, until all have gone (one per channel,
        however many of its messages failed: the room read covers them all)."""
        while self.unsent:
            await asyncio.sleep(REPAIR_EVERY_SECONDS)
            owed, self.unsent = self.unsent, set()
            # A resync that fails again is owed again (_send_outbox), and this loop goes on.
            await asyncio.gather(
                *(self.publish(channel, self.resync) for channel in sorted(owed)),
                return_exceptions=True,
            )

    async def _publish_batch(self, batch: list[tuple[str, bytes, asyncio.Future]]) -> None:
        """Once more on a new connection if the one kept was dead (a Redis that restarted
        closed it; the first command on it fails). A batch sent again may reach a process
        twice: a room event seen twice is old news the second time (docs/PROTOCOL.md)."""
        async with self.lock:
            for attempt in (1, 2):
                try:
                    if self.publisher is None:
                        self.publisher = await Link.open(self._pool())
                    async with asyncio.timeout(QUIET_SECONDS):
                        await self.publisher.publish([(name, data) for name, data, _ in batch])
                    return
                except _REDIS_DOWN as error:
                    _abort(self.publisher)
                    self.publisher = None
                    if attempt == 2:
                        raise PublishFailed("Redis unreachable") from error

    async def subscribe(self, channel: str) -> None:
        if channel not in self.subscribed:
            self.subscribed.add(channel)
            self.confirmations[channel] = asyncio.get_running_loop().create_future()
            if self.subscriber is not None:  # else the connection, once made, subscribes it
                self.unanswered[channel] = self.unanswered.get(channel, 0) + 1
                self._send(self.subscriber, command(b"SUBSCRIBE", channel))
            if self.reader is None:
                self.reader = asyncio.ensure_future(self._read())
        pending = self.confirmations.get(channel)
        if pending is not None:
            try:
                await asyncio.wait_for(asyncio.shield(pending), SUBSCRIBE_WAIT_SECONDS)
            except TimeoutError:
                logger.warning("channel layer: a subscription was not confirmed in time")
                self.late.add(channel)  # its socket may miss what comes before: resync then

    def _confirmed(self, channel: str) -> None:
        confirmed = self.confirmations.pop(channel, None)
        if confirmed is not None and not confirmed.done():
            confirmed.set_result(None)

    def _answered(self, channel: str) -> None:
        """Redis's answer to a SUBSCRIBE: confirmed when no later one is still unanswered."""
        left = self.unanswered.get(channel, 1) - 1
        if left > 0:
            self.unanswered[channel] = left
            return
        self.unanswered.pop(channel, None)
        self._confirmed(channel)
        if channel in self.late:  # a socket read the room without waiting for this: resync
            self.late.discard(channel)
            self.reconnected()

    async def unsubscribe(self, channel: str) -> None:
        if channel in self.subscribed:
            self.subscribed.remove(channel)
            self._confirmed(channel)
            if self.subscriber is not None:
                self._send(self.subscriber, command(b"UNSUBSCRIBE", channel))

    async def flush(self) -> None:
        async with self.lock:
            for task in (self.reader, self.repairer, self.sender):
                if task is not None:
                    task.cancel()
                    try:
                        await task
                    except asyncio.CancelledError:
                        pass
            self.reader = self.repairer = self.sender = None
            self.unsent = set()
            _abort(self.publisher)
            self.publisher = None
            if self.pool is not None:
                await self.pool.disconnect()
                self.pool = None
            self.subscribed = set()
            for channel in list(self.confirmations):
                self._confirmed(channel)

    async def _read(self) -> None:
        """Make the subscriber's connection, subscribe every channel, read it until it is
        lost; again and again."""
        while True:
            try:
                link = await Link.open(self._pool())
            except Exception:  # down, failing over, refusing: never the end of this task
                logger.warning("channel layer: Redis unreachable for pub/sub; retrying")
                self.lost_subscriber = True
                await asyncio.sleep(RECONNECT_EVERY_SECONDS)
                continue
            await self._subscribed_read(link)
            logger.warning("channel layer: Redis pub/sub connection lost; reconnecting")
            self.lost_subscriber = True

    async def _subscribed_read(self, link: Link) -> None:
        self.unanswered = dict.fromkeys(self.subscribed, 1)
        if self.subscribed:
            self._send(link, command(b"SUBSCRIBE", *sorted(self.subscribed)))
        if self.lost_subscriber:
            # Redis answers in order: at the PING's answer every SUBSCRIBE before it holds, so a
            # resync read then misses nothing published afterwards.
            self.lost_subscriber, self.late = False, set()
            self.resync_at_pong = True
            self._send(link, command(b"PING"))
        self.subscriber, self.heard_at, self.pinged = link, time.monotonic(), False
        watchdog = asyncio.ensure_future(self._watch(link))
        pushes = PushReader()
        try:
            while data := await link.reader.read(65536):
                self.heard_at, self.pinged = time.monotonic(), False
                for reply in pushes.feed(data):
                    self._take(reply)
        except Exception:  # lost, or bytes that are not Redis's: the connection is made again
            pass
        finally:
            watchdog.cancel()
            self.subscriber = None
            self.resync_at_pong = False
            link.abort()

    def _send(self, link: Link, data: bytes) -> None:
        link.writer.write(data)

    def _take(self, reply: list) -> None:
        kind = reply[0] if reply else None
        if kind == b"message":
            self.deliver(reply[1].decode(), reply[2])
        elif kind == b"subscribe":
            self._answered(reply[1].decode())
        elif kind in (b"pong", b"+PONG") and self.resync_at_pong:
            self.resync_at_pong = False
            self.reconnected()
        elif isinstance(kind, bytes) and kind.startswith(b"-"):
            logger.warning("channel layer: Redis refused a subscriber's command")

    async def _watch(self, link: Link) -> None:
        while True:
            await asyncio.sleep(QUIET_SECONDS)
            quiet = time.monotonic() - self.heard_at
            if quiet < QUIET_SECONDS:
                continue
            if not self.pinged:
                self.pinged = True
                self._send(link, command(b"PING"))
            elif quiet >= 2 * QUIET_SECONDS:
                logger.warning("channel layer: Redis pub/sub connection silent; made again")
                link.abort()
                return


def _abort(link: Link | None) -> None:
    if link is not None:
        link.abort()


class _LoopLayer(RedisPubSubLoopLayer):
    """Each published message is read (deserialized) once in this process, as it arrives, and
    every socket it goes to gets a shallow copy, as in the embedded layer: channels-redis
    reads it again for each socket, so a room's event was read, checked and written as text
    once per socket (rooms/outgoing.py `RoomEvent.of` shares that work between copies of one
    message)."""

    def __init__(self, hosts=None, *args, capacity: int = 100, **kwargs) -> None:
        super().__init__(hosts, *args, **kwargs)
        self.capacity = capacity
        self.resync = RESYNC
        self.reconnects = 0  # pub/sub connections that came back (tests read it)
        published_resync = self.channel_layer.serialize(RESYNC)
        self._shards = [
            _Shard(host, self.deliver, self.resync_all, published_resync)
            for host in decode_hosts(hosts)
        ]

    async def _subscribe_to_channel(self, channel):
        self.channels[channel] = ResyncQueue(self.capacity, self.resync)
        await self._get_shard(channel).subscribe(channel)

    def deliver(self, name: str, data: bytes) -> None:
        """A published message: to the socket it names, or to each of the group's here."""
        queue = self.channels.get(name)
        queues = [queue] if queue is not None else self._group_queues(name)
        if not queues:
            return
        try:
            message = self.channel_layer.deserialize(data)
        except Exception:  # not one of ours: its sockets read the room afresh instead
            logger.warning("channel layer: a published message could not be read; resyncing")
            message = self.resync
        for queue in queues:
            queue.put_nowait(message)

    def _group_queues(self, group: str) -> list[ResyncQueue]:
        queues = (self.channels.get(channel) for channel in self.groups.get(group, ()))
        return [queue for queue in queues if queue is not None]

    def resync_all(self) -> None:
        """A pub/sub connection came back: whatever was published meanwhile is lost here, so
        every socket in a group gets `room.resync` (once, whatever its number of groups)."""
        self.reconnects += 1
        told: set[str] = set()
        for channels in list(self.groups.values()):
            for name in channels - told:
                queue = self.channels.get(name)
                if queue is not None:
                    queue.put_nowait(self.resync)
                    told.add(name)


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer (one PUBLISH per group message, fanned out in each
    process), its socket queues bounded by `capacity` as ResyncQueues, and every socket in a
    group told to resync when a Redis pub/sub connection comes back (see above)."""

    def deserialize(self, message):
        """What channels-redis's `receive` does with a queued message: here the queues hold
        messages `_LoopLayer.deliver` has read already, so each socket gets a shallow copy
        (group messages are built fresh by the sender and never changed by a receiver)."""
        if isinstance(message, dict):
            return dict(message)
        return super().deserialize(message)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return layer
