"""Faults mid-game with real services (scripts/services.sh): two daphne processes, one player
on each, and then Redis down for three seconds, or PostgreSQL stopped for five. Each game goes
on to its end with every move on both sides; the players are told plainly what happened (no
"server failed"), and the logs hold warnings, not tracebacks. (A daphne process killed
mid-game: tests/rooms/test_scale_out.py.)"""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
import time

import pytest
from django.conf import settings

from tests.rooms.scale_out import (
    ROOT,
    Client,
    create_room,
    join_room,
    random_game,
    two_processes,
)
from tests.site_config.test_settings import PRODUCTION, run

pytestmark = pytest.mark.services

SERVICES = ROOT / "scripts" / "services.sh"
# Connections a process may hold: its room sockets' pool (rooms/database_thread.py), a
# request's and the purge's.
PER_PROCESS = settings.ROOMS_DATABASE_THREADS + 2


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    base = tmp_path_factory.mktemp("faults")
    with two_processes(base) as (_env, servers):
        yield servers, base / "services"


def service(action: str, directory, *args: str) -> None:
    subprocess.run([str(SERVICES), action, str(directory), *args], check=True, timeout=120)


async def one_player_on_each(a, b, slug):
    room_id, host = create_room(a.port, slug)
    _status, guest = join_room(b.port, room_id)
    white = await Client.open(a.origin, room_id, host)
    black = await Client.open(b.origin, room_id, guest)
    return room_id, {0: white, 1: black}


async def play(players, moves, start):
    for ply in range(start, len(moves)):
        text, side = moves[ply]
        await players[side].play(ply, text, others=[players[1 - side]])  # paced: 10 a second


def services_env(directory) -> dict[str, str]:
    """The throwaway services' REDIS_URL, DATABASE_URL and SECRET_KEY (services.sh's DIR/env)."""
    return dict(line.split("=", 1) for line in (directory / "env").read_text().split())


def errors(client):
    return [m for m in client.inbox if m["type"] == "error"]


def logs(servers):
    return "".join(server.log_path.read_text() for server in servers)


def test_redis_down_for_three_seconds_mid_game_loses_no_move(cluster):
    """A move made while Redis is down is played (it lives in PostgreSQL): its player is sent
    the room at once, the friend on the other process gets it once Redis is back (late, not
    lost), and the game goes on to its end."""
    servers, directory = cluster
    moves = random_game("score-four", seed=21)
    half = 6

    async def scenario():
        _room_id, players = await one_player_on_each(*servers, "score-four")
        try:
            await play(players, moves[:half], 0)
            outage = threading.Thread(target=service, args=("restart-redis", directory, "3"))
            outage.start()
            await asyncio.sleep(0.5)  # Redis is down now
            text, side = moves[half]
            mover, friend = players[side], players[1 - side]
            await mover.send({"type": "move", "ply": half, "move": text})
            await mover.expect("ready", timeout=10)  # the room afresh, with the move
            assert mover.moves == [t for t, _ in moves[: half + 1]]
            assert errors(mover) == []
            # Messages past the process's lease of the per-client budget (kept in Redis) are
            # let through while Redis is away: the socket is answered, not closed.
            for _ in range(8):
                await friend.send({"type": "ping"})
                await friend.expect("pong", timeout=5)
            await asyncio.to_thread(outage.join)
            # Once Redis is back, the friend's process resyncs its sockets.
            await friend.expect("ready", timeout=15)
            assert friend.moves == mover.moves
            await play(players, moves, half + 1)
            for client in players.values():
                assert client.moves == [t for t, _ in moves]
                assert client.room["status"] == "finished"
                assert errors(client) == []
        finally:
            for client in players.values():
                await client.close()

    asyncio.run(scenario())
    text = logs(servers)
    assert "Traceback" not in text
    assert "an event was not published (Redis unreachable)" in text
    assert "rate limiter: Redis unreachable" in text


def test_postgresql_stopped_for_five_seconds_mid_game_refuses_plainly_and_loses_nothing(cluster):
    """While PostgreSQL is stopped a move is refused as "unavailable" and changes nothing, and
    a new socket is refused the same way with a close that asks it to retry (4429); once the
    database is back the same move is played and the game goes on to its end."""
    servers, directory = cluster
    moves = random_game("score-four", seed=22)
    half = 6

    async def scenario():
        room_id, players = await one_player_on_each(*servers, "score-four")
        try:
            await play(players, moves[:half], 0)
            service("stop-postgres", directory)
            stopped = time.monotonic()
            text, side = moves[half]
            mover, friend = players[side], players[1 - side]
            await mover.send({"type": "move", "ply": half, "move": text})
            refusal = await mover.expect("error", timeout=15)
            assert (refusal["code"], refusal["for"]) == ("unavailable", "move")
            late = await Client.open_raw(servers[1].origin, room_id)
            refused = json.loads(await asyncio.wait_for(late.recv(), 15))
            assert (refused["code"], refused["for"]) == ("unavailable", "connect")
            await asyncio.wait_for(late.wait_closed(), 15)
            assert late.close_code == 4429
            await asyncio.sleep(max(0.0, 5 - (time.monotonic() - stopped)))
            service("start-postgres", directory)
            assert friend.moves == mover.moves == [t for t, _ in moves[:half]]
            await play(players, moves, half)  # the refused move, again, then the rest
            for client in players.values():
                assert client.moves == [t for t, _ in moves]
                assert client.room["status"] == "finished"
        finally:
            for client in players.values():
                await client.close()

    asyncio.run(scenario())
    text = logs(servers)
    assert "Traceback" not in text
    assert "the database is unreachable" in text


def test_each_process_holds_a_bounded_number_of_database_connections_whatever_its_rooms(cluster):
    """Rooms created and joined over HTTP (24 requests) and played over sockets, 12 at once
    across the two processes, after the faults above: PostgreSQL sees at most the sockets'
    pool and two more connections per process, not one per thread that ever served a request
    (with persistent connections, CONN_MAX_AGE 60, there were 14 here)."""
    import psycopg

    servers, directory = cluster
    env = services_env(directory)
    games = [random_game("tic-tac-toe", seed) for seed in range(12)]

    async def scenario():
        tables = [await one_player_on_each(*servers, "tic-tac-toe") for _ in games]
        try:
            for (_room_id, players), moves in zip(tables, games, strict=True):
                await play(players, moves, 0)
            with psycopg.connect(env["DATABASE_URL"]) as connection:
                return connection.execute(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).fetchone()[0]
        finally:
            for _room_id, players in tables:
                for client in players.values():
                    await client.close()

    assert asyncio.run(scenario()) <= PER_PROCESS * len(servers)


POOL = """
import asyncio, json, threading, django
django.setup()
from django.conf import settings
from django.db import connection
from rooms.database_thread import in_thread

THREADS = settings.ROOMS_DATABASE_THREADS
meeting = threading.Barrier(THREADS, timeout=10)

def backend():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]

def meet():
    pid = backend()
    meeting.wait()  # passes only when THREADS calls run at the same time
    return threading.current_thread().name, pid

async def main():
    met = await asyncio.gather(*(in_thread(meet)() for _ in range(THREADS)))
    later = await asyncio.gather(*(in_thread(backend)() for _ in range(10 * THREADS)))
    print(json.dumps({"threads": THREADS, "names": sorted({name for name, _ in met}),
                      "met": sorted({pid for _, pid in met}), "later": sorted(set(later))}))

asyncio.run(main())
"""


def test_room_database_calls_run_side_by_side_on_kept_connections(cluster, tmp_path):
    """On PostgreSQL a process's room calls run in a pool (rooms/database_thread.py): as many
    at once as it has threads (one thread made every move wait behind the others' round
    trips), each thread keeping its one connection, so a process never holds more."""
    _servers, directory = cluster
    env = services_env(directory)
    overrides = {**PRODUCTION, "DATABASE_URL": env["DATABASE_URL"], "REDIS_URL": env["REDIS_URL"]}
    result = run(["-c", POOL], overrides, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["threads"] == settings.ROOMS_DATABASE_THREADS > 1
    assert len(report["names"]) == report["threads"]
    assert all(name.startswith("rooms-db") for name in report["names"])
    assert len(report["met"]) == report["threads"]  # a connection each
    assert set(report["later"]) <= set(report["met"])  # kept, not opened again


PREPARED = """
import json, django
django.setup()
from django.db import connection
from rooms import services

room, _host = services.create_room("tic-tac-toe")
for _ in range(6):  # psycopg prepares a statement on its sixth run on a connection
    services.live_room(room.id)
with connection.cursor() as cursor:
    cursor.execute("SELECT statement FROM pg_prepared_statements")
    print(json.dumps([row[0] for row in cursor.fetchall()]))
"""


@pytest.mark.parametrize("prepared", ["1", "0"])
def test_a_statement_a_connection_repeats_is_prepared_unless_turned_off(
    cluster, tmp_path, prepared
):
    """On PostgreSQL a room's read, run again and again on a kept connection, is planned once
    (site_config/settings.py: a quarter less PostgreSQL CPU a move); DATABASE_PREPARED_STATEMENTS
    =0, for a PgBouncer that cannot keep prepared statements, plans every one afresh."""
    _servers, directory = cluster
    env = services_env(directory)
    overrides = {
        **PRODUCTION,
        "DATABASE_URL": env["DATABASE_URL"],
        "REDIS_URL": env["REDIS_URL"],
        "DATABASE_PREPARED_STATEMENTS": prepared,
    }
    result = run(["-c", PREPARED], overrides, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    statements = json.loads(result.stdout.splitlines()[-1])
    reads = [text for text in statements if text.startswith('SELECT "rooms_room"')]
    assert len(reads) == (1 if prepared == "1" else 0), statements
