"""Scale-out with real services: Redis (channels-redis) and PostgreSQL started by
scripts/services.sh, two daphne processes, one player on each. These run in the normal
`pytest -m "not e2e"`; missing redis-server or PostgreSQL binaries fail the test."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.rooms.scale_out import (
    Client,
    Daphne,
    create_room,
    join_room,
    random_game,
    request,
    two_processes,
)

pytestmark = pytest.mark.services


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    base = tmp_path_factory.mktemp("scale-out")
    with two_processes(base) as (env, servers):
        yield env, servers, base


def test_concurrent_joins_across_processes_seat_exactly_one(cluster):
    _env, (a, b), _base = cluster
    room_id, _host = create_room(a.port)
    ports = [a.port, b.port] * 6
    with ThreadPoolExecutor(len(ports)) as pool:
        results = list(pool.map(lambda port: join_room(port, room_id), ports))
    statuses = sorted(status for status, _secret in results)
    assert statuses == [200] + [409] * (len(ports) - 1)
    assert sum(1 for _status, secret in results if secret) == 1


async def one_player_on_each(a, b):
    """A room made on process `a` and joined on `b`: the host's socket (white) on `a`, the
    guest's (black) on `b`."""
    room_id, host = create_room(a.port)
    _status, guest = join_room(b.port, room_id)
    white = await Client.open(a.origin, room_id, host)
    black = await Client.open(b.origin, room_id, guest)
    return white, black


def test_a_full_game_with_one_player_on_each_process(cluster):
    _env, (a, b), _base = cluster
    moves = random_game("score-four", seed=8)

    async def scenario():
        white, black = await one_player_on_each(a, b)
        players = {0: white, 1: black}
        try:
            for ply, (text, side) in enumerate(moves):
                await players[side].play(ply, text, others=[players[1 - side]])
            for client in (white, black):
                assert client.room["status"] == "finished"
                assert client.moves == [t for t, _ in moves]
            # Two moves racing for the same ply from two processes: exactly one applies.
            await white.send({"type": "rematch", "round": 1})
            await black.send({"type": "rematch", "round": 1})
            await white.expect("room", where=lambda m: m["room"]["round"] == 2)
            assert white.you["side"] == 1  # colours swapped
            await black.expect("room", where=lambda m: m["room"]["round"] == 2)
            await black.send({"type": "move", "ply": 0, "move": "A1"})
            await black.send({"type": "move", "ply": 0, "move": "B1"})
            error = await black.expect("error")
            assert error["code"] in {"stale-ply", "duplicate-move"}
            await white.expect("room", where=lambda m: m["room"]["ply"] == 1)
            await black.send({"type": "sync"})
            await black.expect("ready")
            assert black.moves == ["A1"]
        finally:
            await white.close()
            await black.close()

    asyncio.run(scenario())


def test_a_process_dies_mid_game_and_the_game_finishes_on_the_other(cluster):
    env, (_a, b), base = cluster
    doomed = Daphne(env, base / "daphne-doomed.log")
    moves = random_game("nine-mens-morris", seed=3)
    half = len(moves) // 2

    async def scenario():
        room_id, host = create_room(doomed.port, "nine-mens-morris")
        _status, guest = join_room(b.port, room_id)
        white = await Client.open(doomed.origin, room_id, host)
        black = await Client.open(b.origin, room_id, guest)
        players = {0: white, 1: black}
        try:
            for ply, (text, side) in enumerate(moves[:half]):
                await players[side].play(ply, text, others=[players[1 - side]])
            doomed.kill()
            await white.close()
            white = await Client.open(b.origin, room_id, host)  # the client reconnects
            assert white.you == {"seat": "host", "side": 0}
            assert white.moves == [t for t, _ in moves[:half]]
            players[0] = white
            for ply, (text, side) in enumerate(moves[half:], start=half):
                await players[side].play(ply, text, others=[players[1 - side]])
            assert white.room["status"] == "finished"
            assert black.moves == [t for t, _ in moves]
        finally:
            await white.close()
            await black.close()

    try:
        asyncio.run(scenario())
    finally:
        doomed.stop()


def database_rows(env, sql, *params):
    import psycopg

    with psycopg.connect(env["DATABASE_URL"]) as connection:
        return connection.execute(sql, params).fetchall()


def test_moves_racing_for_one_ply_from_two_processes_apply_exactly_once(cluster):
    """The host has a socket on each process and sends a different first move on both at
    the same instant, in 24 rooms: PostgreSQL sees the two transactions truly concurrently,
    and the ply-checked UPDATE plus the unique move row let exactly one through."""
    env, (a, b), _base = cluster

    async def race():
        room_id, host = create_room(a.port)
        _status, _guest = join_room(b.port, room_id)
        on_a = await Client.open(a.origin, room_id, host)
        on_b = await Client.open(b.origin, room_id, host)
        try:
            await asyncio.gather(
                on_a.send({"type": "move", "ply": 0, "move": "A1"}),
                on_b.send({"type": "move", "ply": 0, "move": "D4"}),
            )
            return room_id, [await _first_answer(on_a), await _first_answer(on_b)]
        finally:
            await on_a.close()
            await on_b.close()

    async def all_races():
        return [await race() for _ in range(24)]

    for room_id, answers in asyncio.run(all_races()):
        rows = database_rows(
            env, "SELECT ply, text FROM rooms_move WHERE room_id = %s AND round = 1", room_id
        )
        assert len(rows) == 1 and rows[0][0] == 0, rows
        (ply,) = database_rows(env, "SELECT ply FROM rooms_room WHERE id = %s", room_id)[0]
        assert ply == 1
        assert sorted(answers) == ["applied", "stale-ply"], answers


async def _first_answer(client):
    """The code of the error this socket's move got, or `applied` if none came: read up to
    the room's `moved` event, then ping: the answer to the move comes before the pong."""
    error, moved, pinged = None, False, False
    while True:
        message = json.loads(await asyncio.wait_for(client.connection.recv(), 10))
        if message["type"] == "error":
            error = message["code"]
        moved = moved or (message["type"] == "room" and message.get("event") == "moved")
        if moved and not pinged:
            await client.send({"type": "ping"})
            pinged = True
        if message["type"] == "pong" and pinged:
            return error or "applied"


def test_the_limiter_is_shared_by_two_processes(cluster, tmp_path):
    """Room creation, live sockets and socket opening per client, counted across two
    processes on Redis."""
    env, _servers, _base = cluster
    limited = {
        **env,
        "REDIS_URL": env["REDIS_URL"].replace("?db=0", "?db=1"),  # buckets of their own
        "LIMIT_ROOM_CREATION_CAPACITY": "5",
        "LIMIT_SOCKETS_PER_CLIENT": "4",
        "LIMIT_SOCKET_CONNECTS_CAPACITY": "6",
        # No token comes back during the test: at the default (one every 2 s) a loaded machine
        # took long enough over the seven connects for the seventh to be let in.
        "LIMIT_SOCKET_CONNECTS_REFILL_SECONDS": "600",
        "LIMIT_ROOM_CREATION_REFILL_SECONDS": "600",
        # Keys are HMACs with the secret key: another key counts apart from the sockets that
        # the other tests (and the process they killed) left in the shared database.
        "SECRET_KEY": "a-key-of-the-limited-pair-only",
    }
    pair = [Daphne(limited, tmp_path / f"limited-{n}.log") for n in range(2)]
    try:
        statuses = []
        for n in range(8):
            port = pair[n % 2].port
            statuses.append(request(port, "POST", "/api/rooms/", {"game": "dara"})[0])
        assert statuses == [201] * 5 + [429] * 3

        async def sockets():
            room_id, _host = create_room(_servers[0].port)  # the same database
            opened = [await Client.open(pair[n % 2].origin, room_id) for n in range(4)]
            fifth = await Client.open_raw(pair[1].origin, room_id)
            error = json.loads(await fifth.recv())
            await fifth.wait_closed()
            for client in opened:
                await client.close()
            # Six connects in all, whichever process takes them: the seventh is refused.
            sixth = await Client.open(pair[0].origin, room_id)
            await sixth.close()
            seventh = await Client.open_raw(pair[1].origin, room_id)
            refused = json.loads(await seventh.recv())
            await seventh.wait_closed()
            return error["code"], fifth.close_code, refused["code"], seventh.close_code

        assert asyncio.run(sockets()) == ("too-many-sockets", 4429, "too-many-connects", 4429)
    finally:
        for server in pair:
            server.stop()


def test_a_move_right_after_postgresql_dropped_the_connection_still_applies(cluster):
    """The socket's database calls re-arm the health check only once a second
    (rooms/database_thread.py): a move sent at once after PostgreSQL dropped every connection
    meets a dead one, and is run again on a new connection instead of failing."""
    import psycopg

    env, (a, b), _base = cluster
    moves = random_game("score-four", seed=11)[:6]

    def drop_every_connection():
        with psycopg.connect(env["DATABASE_URL"], autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )

    async def scenario():
        white, black = await one_player_on_each(a, b)
        players = {0: white, 1: black}
        try:
            for ply, (text, side) in enumerate(moves):
                if ply >= 2:  # the previous move's call has just kept the connection
                    drop_every_connection()
                await players[side].play(ply, text, others=[players[1 - side]], pace=0)
            for client in (white, black):
                assert client.moves == [t for t, _ in moves]
                assert not [m for m in client.inbox if m["type"] == "error"]
        finally:
            await white.close()
            await black.close()

    asyncio.run(scenario())
