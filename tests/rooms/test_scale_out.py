"""Scale-out with real services: Redis (channels-redis) and PostgreSQL started by
scripts/services.sh, two daphne processes, one player on each. These run in the normal
`pytest -m "not e2e"`; missing redis-server or PostgreSQL binaries fail the test."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.rooms.scale_out import (
    Client,
    Daphne,
    create_room,
    join_room,
    migrate,
    random_game,
    services,
)

pytestmark = pytest.mark.services


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    base = tmp_path_factory.mktemp("scale-out")
    with services(base / "services") as env:
        migrate(env)
        servers = []
        try:
            servers = [Daphne(env, base / f"daphne-{n}.log") for n in range(2)]
            yield env, servers, base
        finally:
            for server in servers:
                server.stop()


def test_concurrent_joins_across_processes_seat_exactly_one(cluster):
    _env, (a, b), _base = cluster
    room_id, _host = create_room(a.port)
    ports = [a.port, b.port] * 6
    with ThreadPoolExecutor(len(ports)) as pool:
        results = list(pool.map(lambda port: join_room(port, room_id), ports))
    statuses = sorted(status for status, _secret in results)
    assert statuses == [200] + [409] * (len(ports) - 1)
    assert sum(1 for _status, secret in results if secret) == 1


def test_a_full_game_with_one_player_on_each_process(cluster):
    _env, (a, b), _base = cluster
    moves = random_game("score-four", seed=8)

    async def scenario():
        room_id, host = create_room(a.port)
        _status, guest = join_room(b.port, room_id)
        white = await Client.open(a.origin, room_id, host)
        black = await Client.open(b.origin, room_id, guest)
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
