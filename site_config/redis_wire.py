"""The Redis conversations of every room message, written and read here as RESP bytes: the
channel layer's PUBLISH and its subscriber's stream, and the per-message budget's script
(`Calls`, `Script`). redis-py still makes each connection.

Why not redis-py's commands: the layer publishes every room event, each process reads every
event, and every socket message spends a budget leased from Redis, so their per-message cost
is most of what a second process adds (py-spy, #42). Measured on this machine, a message read
through `PubSub.get_message` cost 24 µs of CPU and a PUBLISH in a pipeline of four 57 µs; the
bytes parsed here, 3.4 µs. redis-py still finds the address (a URL's host or Unix socket, or
the master Sentinel names), speaks TLS, AUTH and its handshake: a `Link` is such a
connection once made, its asyncio streams used from then on.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import deque
from typing import Any

import redis
from redis.maint_notifications import MaintNotificationsConfig

Item = bytes | int | None

RETRY_SECONDS = 1.0  # after a failed connection, calls fail at once for this long (Calls)
# Error replies that mean this Redis cannot serve now, not that the command was wrong.
UNAVAILABLE = (b"-LOADING", b"-READONLY", b"-MASTERDOWN", b"-BUSY")


def command(*parts: bytes | str) -> bytes:
    """One command as Redis reads it (an array of bulk strings)."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


class ProtocolError(ConnectionError):
    """Bytes that are not a reply Redis sends: the connection is dropped and made again."""


class PushReader:
    """What Redis sends (a subscriber's stream, or the answers `Calls` waits for), parsed as
    the bytes come: each whole reply a list (`[b"message", channel, data]`,
    `[b"subscribe", channel, 1]`, `[b"pong", b""]`; a lone simple string or error, as `+OK`
    or `-ERR …`, a list of that one item with its sign).
    RESP2 arrays (`*`) and RESP3 pushes (`>`) alike."""

    def __init__(self) -> None:
        self.rest = b""  # the start of a reply whose end has not come yet

    def feed(self, data: bytes) -> list[list[Item]]:
        buffer = self.rest + data if self.rest else data
        replies, at = [], 0
        while at < len(buffer):
            reply, after = _reply(buffer, at)
            if after is None:
                break
            replies.append(reply)
            at = after
        self.rest = buffer[at:]
        return replies


def _reply(buffer: bytes, at: int) -> tuple[list[Item], int | None]:
    """The reply starting at `at` and the position after it; ([], None) if it is not whole."""
    if buffer[at : at + 1] not in (b"*", b">"):
        item, after = _item(buffer, at)
        return [item], after
    end = buffer.find(b"\r\n", at)
    if end < 0:
        return [], None
    items: list[Item] = []
    position = end + 2
    for _ in range(int(buffer[at + 1 : end])):
        item, following = _item(buffer, position)
        if following is None:
            return [], None
        items.append(item)
        position = following
    return items, position


def _item(buffer: bytes, at: int) -> tuple[Item, int | None]:
    end = buffer.find(b"\r\n", at)
    if end < 0:
        return None, None
    kind = buffer[at : at + 1]
    if kind == b"$":
        length = int(buffer[at + 1 : end])
        if length < 0:  # a null bulk string
            return None, end + 2
        stop = end + 2 + length
        if len(buffer) < stop + 2:
            return None, None
        return buffer[end + 2 : stop], stop + 2
    if kind == b":":
        return int(buffer[at + 1 : end]), end + 2
    if kind in (b"+", b"-"):
        return buffer[at:end], end + 2
    raise ProtocolError("an unexpected reply from Redis")


class Link:
    """One connection to Redis, made by redis-py from the pool's settings and then read and
    written here. Never returned to the pool: it is the layer's alone."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.reader: asyncio.StreamReader = connection._reader
        self.writer: asyncio.StreamWriter = connection._writer
        self.waiting: deque[asyncio.Future] = deque()  # calls waiting for an answer, in order

    @classmethod
    async def open(cls, pool: Any, timeout: float = 5.0) -> Link:
        """A connection made within `timeout` seconds (redis-py bounds the TCP connect, but
        not its handshake's answers when the host has no socket timeout, as the layer's has
        not: a Redis that accepts and never answers would hold this forever). It speaks RESP2
        whatever the URL asks, so Redis never pushes anything unasked into these streams.
        redis-py's errors if not."""
        settings = {**pool.connection_kwargs, "protocol": 2}
        settings["maint_notifications_config"] = MaintNotificationsConfig(enabled=False)  # RESP3
        connection = pool.connection_class(**settings)
        try:
            async with asyncio.timeout(timeout):
                await connection.connect()
        except TimeoutError:
            await connection.disconnect(nowait=True)
            raise redis.TimeoutError("Redis did not answer the connection in time") from None
        except BaseException:
            await connection.disconnect(nowait=True)
            raise
        return cls(connection)

    async def publish(self, messages: list[tuple[str, bytes]]) -> None:
        """PUBLISH each (channel, data), in one write, then read their answers (how many
        subscribers each reached; not needed). ConnectionError if Redis did not take them."""
        self.writer.write(b"".join(command(b"PUBLISH", name, data) for name, data in messages))
        await self.writer.drain()
        for _ in messages:
            answer = await self.reader.readline()
            if not answer.startswith(b":"):  # b"" at a closed connection, or an error
                raise ConnectionError("Redis did not take a PUBLISH")

    def abort(self) -> None:
        """Drop the connection at once: a pending read returns what it has, then b""."""
        self.writer.transport.abort()


class Calls:
    """Commands whose answers are wanted, many at once on one connection: each is written as
    it comes and the answers are read in turn (Redis answers in order). When the connection
    fails, or an answer is `timeout` seconds late, every call waiting gets redis-py's
    ConnectionError or TimeoutError (what callers already handle) and the next call makes a
    new connection."""

    def __init__(self, pool: Any, timeout: float) -> None:
        self.pool = pool
        self.timeout = timeout
        self.link: Link | None = None
        self.connecting: asyncio.Future | None = None  # one attempt, shared by every caller
        self.failed_at = -RETRY_SECONDS

    async def call(self, data: bytes) -> list[Item]:
        link = self.link or await self._connect()
        answer = asyncio.get_running_loop().create_future()
        link.waiting.append(answer)
        link.writer.write(data)
        try:
            async with asyncio.timeout(self.timeout):
                return await answer
        except TimeoutError:
            self.drop(link, redis.TimeoutError("Redis did not answer in time"))
            raise redis.TimeoutError("Redis did not answer in time") from None

    async def _connect(self) -> Link:
        """The connection being made, or a new attempt; for a moment after an attempt failed,
        its failure at once (a Redis that drops packets would otherwise cost each waiting
        caller its own timeout, one after another)."""
        if self.connecting is None:
            if time.monotonic() - self.failed_at < RETRY_SECONDS:
                raise redis.ConnectionError("Redis was unreachable a moment ago")
            self.connecting = asyncio.ensure_future(self._open())
        return await asyncio.shield(self.connecting)

    async def _open(self) -> Link:
        try:
            link = await Link.open(self.pool, self.timeout)
        except BaseException:
            self.failed_at = time.monotonic()
            raise
        finally:
            self.connecting = None
        self.link = link
        asyncio.ensure_future(self._read(link))
        return link

    async def _read(self, link: Link) -> None:
        answers = PushReader()
        try:
            while data := await link.reader.read(65536):
                for answer in answers.feed(data):
                    asked = link.waiting.popleft()  # IndexError: an answer nobody asked for
                    if not asked.done():
                        asked.set_result(answer)
        except Exception:  # lost, or bytes that are not Redis's answers
            pass
        self.drop(link, redis.ConnectionError("the connection to Redis was lost"))

    def drop_current(self, error: Exception) -> None:
        """No more calls on the connection kept now (Redis said it cannot serve them): the
        next call makes a new one."""
        if self.link is not None:
            self.drop(self.link, error)

    def drop(self, link: Link, error: Exception) -> None:
        """No more calls on `link`; those waiting on it get `error`."""
        if self.link is link:
            self.link = None
        link.abort()
        while link.waiting:
            asked = link.waiting.popleft()
            if not asked.done():
                asked.set_exception(error)


class Script:
    """A Lua script run by its SHA1 (EVALSHA), sent whole (EVAL) when Redis does not have it
    (a new or restarted Redis): called as redis-py's registered scripts are, it returns the
    script's integer."""

    def __init__(self, body: str, calls: Calls) -> None:
        self.body = body.encode()
        self.sha = hashlib.sha1(self.body).hexdigest().encode()  # Redis's name for it
        self.calls = calls

    async def __call__(self, keys: list[str], args: list[str]) -> int:
        tail = [str(len(keys)), *keys, *args]
        answer = (await self.calls.call(command(b"EVALSHA", self.sha, *tail)))[0]
        if isinstance(answer, bytes) and answer.startswith(b"-NOSCRIPT"):
            answer = (await self.calls.call(command(b"EVAL", self.body, *tail)))[0]
        if isinstance(answer, int):
            return answer
        if isinstance(answer, bytes) and answer.split(b" ", 1)[0] in UNAVAILABLE:
            # A Redis still loading, or no longer the master: as redis-py, a connection error
            # (what callers handle as Redis being away), and a new connection next time.
            self.calls.drop_current(redis.ConnectionError("Redis is not serving"))
            raise redis.ConnectionError("Redis is not serving this script now")
        raise redis.ResponseError("Redis refused the script")
