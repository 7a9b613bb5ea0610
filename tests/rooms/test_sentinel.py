"""A Redis failover under Sentinel mid-game (#42): two daphne processes on REDIS_URL
`sentinel://…` (site_config/redis_hosts.py), a master, its replica and one sentinel, all real
redis-server processes. The master is killed mid-game: a move made during the failover is
played (it lives in PostgreSQL) and its player is sent the room; once Sentinel has promoted
the replica, both processes' layers find it, every socket resyncs, and the game goes on to
its end with every move on both sides."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time

import pytest
import redis

from tests.rooms.scale_out import (
    Client,
    Daphne,
    create_room,
    free_port,
    join_room,
    migrate,
    random_game,
    services,
)

pytestmark = pytest.mark.services
MASTER = "little-table"


def redis_server(directory, port, *args):
    directory.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(directory), *args],
        stdout=subprocess.DEVNULL,
    )


def wait_for(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except redis.ConnectionError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


@pytest.fixture(scope="module")
def watched_redis(tmp_path_factory):
    """A master, its replica and a sentinel on loopback ports: (sentinel URL, the master's
    process, the replica's port, the sentinel's port)."""
    base = tmp_path_factory.mktemp("sentinel")
    master_port, replica_port, sentinel_port = free_port(), free_port(), free_port()
    config = base / "sentinel.conf"  # Sentinel rewrites its own configuration file
    config.write_text(
        f"port {sentinel_port}\nbind 127.0.0.1\ndir {base}\n"
        f"sentinel monitor {MASTER} 127.0.0.1 {master_port} 1\n"
        f"sentinel down-after-milliseconds {MASTER} 1000\n"
        f"sentinel failover-timeout {MASTER} 10000\n"
    )
    master = redis_server(base / "master", master_port)
    replica = redis_server(base / "replica", replica_port, "--replicaof", "127.0.0.1",
                           str(master_port))
    sentinel = subprocess.Popen(["redis-server", str(config), "--sentinel"],
                                stdout=subprocess.DEVNULL)
    try:
        replica_client = redis.Redis(port=replica_port)
        wait_for(lambda: replica_client.info("replication")["master_link_status"] == "up",
                 15, "the replica in sync")
        watcher = redis.Redis(port=sentinel_port)
        wait_for(lambda: watcher.sentinel_master(MASTER)["num-slaves"] >= 1, 15,
                 "the sentinel knowing the replica")
        yield f"sentinel://127.0.0.1:{sentinel_port}/{MASTER}", master, replica_port, watcher
    finally:
        for process in (sentinel, replica, master):
            process.kill()
            process.wait()


def test_a_redis_failover_mid_game_loses_no_move(watched_redis, tmp_path):
    url, master, replica_port, watcher = watched_redis
    moves = random_game("score-four", seed=23)
    half = 6
    with services(tmp_path / "services") as env:
        env = {**env, "REDIS_URL": url}
        migrate(env)
        servers = [Daphne(env, tmp_path / f"daphne-{n}.log") for n in range(2)]
        try:

            async def scenario():
                room_id, host = create_room(servers[0].port)
                _status, guest = join_room(servers[1].port, room_id)
                players = {
                    0: await Client.open(servers[0].origin, room_id, host),
                    1: await Client.open(servers[1].origin, room_id, guest),
                }
                try:
                    for ply in range(half):
                        text, side = moves[ply]
                        await players[side].play(ply, text, others=[players[1 - side]])
                    master.send_signal(signal.SIGKILL)
                    text, side = moves[half]
                    mover, friend = players[side], players[1 - side]
                    await mover.send({"type": "move", "ply": half, "move": text})
                    await mover.expect("ready", timeout=15)  # the room afresh, with the move
                    assert mover.moves == [t for t, _ in moves[: half + 1]]

                    def promoted():
                        return watcher.sentinel_get_master_addr_by_name(MASTER)[1] == replica_port

                    await asyncio.to_thread(wait_for, promoted, 30, "the replica promoted")
                    await friend.expect("ready", timeout=20)  # resynced on the new master
                    assert friend.moves == mover.moves
                    for ply in range(half + 1, len(moves)):
                        text, side = moves[ply]
                        await players[side].play(ply, text, others=[players[1 - side]])
                    for client in players.values():
                        assert client.moves == [t for t, _ in moves]
                        assert client.room["status"] == "finished"
                        assert not [m for m in client.inbox if m["type"] == "error"]
                finally:
                    for client in players.values():
                        await client.close()

            asyncio.run(scenario())
        finally:
            for server in servers:
                server.stop()
        text = "".join(server.log_path.read_text() for server in servers)
        assert "Traceback" not in text
