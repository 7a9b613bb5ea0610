"""The RESP the channel layer reads and writes itself (site_config/redis_wire.py): replies
parsed whole however the bytes are cut, and nothing taken from bytes Redis never sends."""

from __future__ import annotations

import pytest

from site_config.redis_wire import ProtocolError, PushReader, command

STREAM = (
    b"*3\r\n$9\r\nsubscribe\r\n$6\r\nroom-a\r\n:1\r\n"
    b"*3\r\n$7\r\nmessage\r\n$6\r\nroom-a\r\n$11\r\n{\"n\":1}\r\n\r\n\r\n"
    b">3\r\n$7\r\nmessage\r\n$6\r\nroom-b\r\n$0\r\n\r\n"
    b"*2\r\n$4\r\npong\r\n$-1\r\n"
    b"-ERR unknown command\r\n"
)
REPLIES = [
    [b"subscribe", b"room-a", 1],
    [b"message", b"room-a", b'{"n":1}\r\n\r\n'],  # a payload may hold CRLF itself
    [b"message", b"room-b", b""],
    [b"pong", None],
    [b"-ERR unknown command"],
]


def test_a_command_is_an_array_of_bulk_strings():
    assert command("PUBLISH", "room", b"\xff\r\n") == (
        b"*3\r\n$7\r\nPUBLISH\r\n$4\r\nroom\r\n$3\r\n\xff\r\n\r\n"
    )


def test_replies_come_whole_however_the_bytes_are_cut():
    for cut in range(len(STREAM) + 1):
        reader = PushReader()
        replies = reader.feed(STREAM[:cut]) + reader.feed(STREAM[cut:])
        assert replies == REPLIES, cut
        assert reader.rest == b""
    reader = PushReader()
    assert [r for byte in range(len(STREAM)) for r in reader.feed(STREAM[byte : byte + 1])] == (
        REPLIES
    )


def test_bytes_redis_never_sends_are_refused():
    with pytest.raises(ProtocolError):
        PushReader().feed(b"*1\r\n!junk\r\n")


@pytest.mark.asyncio
@pytest.mark.services
async def test_calls_at_once_get_their_own_answers_and_a_script_is_sent_once_redis_lacks_it(
    redis_url,
):
    import asyncio

    import redis.asyncio

    from site_config.redis_wire import Calls, Script

    pool = redis.asyncio.ConnectionPool.from_url(redis_url)
    calls = Calls(pool, timeout=5)
    echoed = await asyncio.gather(*(calls.call(command("ECHO", str(n))) for n in range(200)))
    assert echoed == [[str(n).encode()] for n in range(200)]
    script = Script("return tonumber(ARGV[1]) + #KEYS", calls)
    assert await script(keys=["a", "b"], args=["40"]) == 42  # EVALSHA refused, then EVAL
    assert await script(keys=[], args=["7"]) == 7  # by its SHA1 now
    await pool.disconnect()


@pytest.mark.asyncio
@pytest.mark.services
async def test_calls_waiting_when_the_connection_drops_fail_and_the_next_one_reconnects(redis_url):
    import asyncio

    import redis
    import redis.asyncio

    from site_config.redis_wire import Calls

    pool = redis.asyncio.ConnectionPool.from_url(redis_url)
    calls = Calls(pool, timeout=5)
    assert await calls.call(command("PING")) == [b"+PONG"]
    waiting = asyncio.ensure_future(calls.call(command("BLPOP", "nothing", "0")))
    await asyncio.sleep(0.2)
    assert redis.Redis.from_url(redis_url).client_kill_filter(_type="normal") >= 1
    with pytest.raises(redis.ConnectionError):  # Redis dropped the connection it waited on
        await waiting
    assert await calls.call(command("PING")) == [b"+PONG"]
    await pool.disconnect()


@pytest.mark.asyncio
async def test_a_redis_that_accepts_and_never_answers_is_given_up_on():
    """redis-py bounds the TCP connect but not its handshake's answers without a socket
    timeout (the channel layer has none): the connection is given up after its timeout."""
    import asyncio

    import redis
    import redis.asyncio

    from site_config.redis_wire import Link

    held = []

    async def accept_and_say_nothing(reader, writer):
        held.append(writer)

    server = await asyncio.start_server(accept_and_say_nothing, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    pool = redis.asyncio.ConnectionPool.from_url(f"redis://127.0.0.1:{port}/0", socket_timeout=None)
    with pytest.raises(redis.TimeoutError):
        await asyncio.wait_for(Link.open(pool, timeout=0.3), 5)
    server.close()
    for writer in held:
        writer.close()


@pytest.mark.asyncio
async def test_callers_share_one_attempt_to_reach_redis_and_then_fail_at_once(monkeypatch):
    import asyncio

    import redis
    import redis.asyncio

    from site_config import redis_wire
    from site_config.redis_wire import Calls, Link
    from tools.rooms_harness import free_port

    attempts = []
    opened = Link.open.__func__

    async def counted(cls, pool, timeout=5.0):
        attempts.append(1)
        return await opened(cls, pool, timeout)

    monkeypatch.setattr(Link, "open", classmethod(counted))
    pool = redis.asyncio.ConnectionPool.from_url(f"redis://127.0.0.1:{free_port()}/0")
    calls = Calls(pool, timeout=5)
    failures = await asyncio.gather(
        *(calls.call(command("PING")) for _ in range(50)), return_exceptions=True
    )
    assert all(isinstance(failure, redis.ConnectionError) for failure in failures)
    assert len(attempts) == 1
    with pytest.raises(redis.ConnectionError):  # a moment later: no new attempt yet
        await calls.call(command("PING"))
    assert len(attempts) == 1
    monkeypatch.setattr(redis_wire, "RETRY_SECONDS", 0.0)
    with pytest.raises(redis.ConnectionError):
        await calls.call(command("PING"))
    assert len(attempts) == 2


@pytest.mark.asyncio
@pytest.mark.services
async def test_a_redis_busy_with_a_script_is_unavailable_not_an_error_of_ours(redis_url):
    """-BUSY (as -LOADING, -READONLY): Redis cannot serve now. Callers get redis-py's
    ConnectionError, which the budget treats as Redis being away, and a new connection."""
    import asyncio

    import redis
    import redis.asyncio

    from site_config.redis_wire import Calls, Script

    admin = redis.Redis.from_url(redis_url)
    admin.config_set("busy-reply-threshold", 100)
    pool = redis.asyncio.ConnectionPool.from_url(redis_url)
    spinning = redis.asyncio.Redis.from_url(redis_url)
    spin = asyncio.ensure_future(spinning.eval("while true do end", 0))
    await asyncio.sleep(0.4)
    calls = Calls(pool, timeout=5)
    try:
        with pytest.raises(redis.ConnectionError):
            await Script("return 1", calls)(keys=[], args=[])
        assert calls.link is None
    finally:
        redis.Redis.from_url(redis_url).script_kill()
        with pytest.raises(redis.RedisError):
            await spin
        await spinning.aclose()
        admin.config_set("busy-reply-threshold", 5000)
    assert await Script("return 1", calls)(keys=[], args=[]) == 1
