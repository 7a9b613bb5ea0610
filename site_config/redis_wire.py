"""The channel layer's two Redis conversations, PUBLISH and a subscriber's stream, written and
read here as RESP bytes; redis-py still makes each connection.

Why not redis-py's commands: the layer publishes every room event and each process reads
every event, so their per-message cost is most of what a second process adds (py-spy, #42).
Measured on this machine, a message read through `PubSub.get_message` cost 24 µs of CPU and a
PUBLISH in a pipeline of four 57 µs; the bytes parsed here, 3.4 µs. redis-py still finds the
address (a URL's host or Unix socket, or the master Sentinel names), speaks TLS, AUTH and
its handshake: a `Link` is such a connection once made, its asyncio streams used from then on.
"""

from __future__ import annotations

import asyncio
from typing import Any

Item = bytes | int | None


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
    """What Redis sends a subscribed connection, parsed as the bytes come: each whole reply a
    list (`[b"message", channel, data]`, `[b"subscribe", channel, 1]`, `[b"pong", b""]`; a
    lone simple string or error, as `+OK` or `-ERR …`, a list of that one item with its sign).
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

    @classmethod
    async def open(cls, pool: Any) -> Link:
        connection = pool.make_connection()
        await connection.connect()
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

    async def close(self) -> None:
        await self.connection.disconnect()
