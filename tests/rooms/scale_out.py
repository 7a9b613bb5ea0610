"""Helpers for the scale-out tests: the servers and HTTP calls of tools/rooms_harness.py
(imported from here by the tests), rooms created and joined, seeded games, a socket client."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import contextmanager

from tools.rooms_harness import (  # noqa: F401 - the tests import these from here
    ROOT,
    Daphne,
    RoomFollower,
    free_port,
    migrate,
    request,
    run_sh_daphne_args,
    server_env,
    services,
)

# Every test client shares one address: the per-client limits are raised for the clusters
# (test_scale_out.py tests them on a pair of its own).
ROOMY = {
    "LIMIT_ROOM_CREATION_CAPACITY": "1000",
    "LIMIT_SOCKET_MESSAGES_CAPACITY": "100000",
    "LIMIT_SOCKETS_PER_CLIENT": "1000",
    "LIMIT_SOCKET_CONNECTS_CAPACITY": "100000",
}


@contextmanager
def two_processes(base):
    """Redis and PostgreSQL (scripts/services.sh, in base/services), migrated, and two daphne
    processes on them with ROOMY limits: yields (the services' env, the two servers)."""
    with services(base / "services") as env:
        migrate(env)
        servers = []
        try:
            servers = [Daphne({**env, **ROOMY}, base / f"daphne-{n}.log") for n in range(2)]
            yield env, servers
        finally:
            for server in servers:
                server.stop()


def create_room(port, game="score-four", variant=""):
    fields = {"game": game, **({"variant": variant} if variant else {})}
    status, data, cookies = request(port, "POST", "/api/rooms/", fields)
    assert status == 201, (status, data)
    return data["id"], cookies[f"seat_{data['id']}"]


def join_room(port, room_id):
    status, data, cookies = request(port, "POST", f"/api/rooms/{room_id}/join")
    return status, cookies.get(f"seat_{room_id}")


def random_game(slug, seed):
    """The move texts and sides of a seeded random complete game, from the Python engine."""
    import random

    from games.engine import registry

    game = registry.get(slug)
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while game.outcome(state) is None:
        move = rng.choice(game.legal_moves(state))
        moves.append((game.format_move(state, move), game.to_move(state)))
        state = game.play(state, move)
    return moves


class Client:
    """A room socket (the `websockets` library) that follows the room as RoomSession does,
    with the one follower of tools/rooms_harness.py (`room`, `moves`, `you`): a gap is
    answered with `sync`, and counted in `resyncs`. It keeps the largest message received."""

    def __init__(self, connection):
        self.connection = connection
        self.follower = RoomFollower()
        self.inbox: list[dict] = []
        self.largest = 0
        self.resyncs = 0

    room = property(lambda self: self.follower.room)
    moves = property(lambda self: self.follower.moves)
    you = property(lambda self: self.follower.you)

    @classmethod
    async def open(cls, server_origin, room_id, secret=None):
        client = cls(await cls.open_raw(server_origin, room_id, secret))
        await client.expect("ready")
        return client

    @staticmethod
    async def open_raw(server_origin, room_id, secret=None):
        """The bare `websockets` connection, before any message is read."""
        from websockets.asyncio.client import connect

        url = server_origin.replace("http", "ws", 1) + f"/ws/rooms/{room_id}/"
        headers = {"Cookie": f"seat_{room_id}={secret}"} if secret else {}
        return await connect(url, origin=server_origin, additional_headers=headers, max_size=2**20)

    async def expect(self, wanted, timeout=10.0, where=None, until=None):
        """The next message of type `wanted` (and matching `where`), keeping the room. The
        pseudo-type `ready` is the end of a full state: its header and every move slice.
        With `until` (a test of this client), the first message after which it holds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {wanted} message; last seen: {self.inbox[-3:]}")
            try:
                raw = await asyncio.wait_for(self.connection.recv(), left)
            except TimeoutError:
                raise TimeoutError(f"no {wanted} message; last: {self.inbox[-3:]}") from None
            self.largest = max(self.largest, len(raw.encode() if isinstance(raw, str) else raw))
            message = json.loads(raw)
            self.inbox = [*self.inbox[-9:], message]
            outcome = self.follower.take(message)
            if outcome == "sync":
                self.resyncs += 1
                await self.send({"type": "sync"})
            if until is not None:
                if until(self):
                    return message
                continue
            if outcome == "ready" and wanted == "ready":
                return message
            if message["type"] == wanted and (where is None or where(message)):
                return message

    async def send(self, message):
        await self.connection.send(json.dumps(message))

    async def play(self, ply, text, others=(), pace=0.1):
        """Send a move and wait until this client and `others` have seen it applied. Paced
        so as not to trip the server's limit of 10 messages per second per socket."""
        await asyncio.sleep(pace)
        await self.send({"type": "move", "ply": ply, "move": text})
        for client in (self, *others):
            await client.past(ply)

    async def past(self, ply, timeout=10.0):
        """Until this client follows the room past `ply`: by the move's event, or by a full
        state that covers it (a resync replaces the events before it: after Redis's pub/sub
        connection came back, the sentinel test saw the move arrive so)."""

        def beyond(client):
            return client.follower.following and client.room["ply"] > ply

        if not beyond(self):
            await self.expect(f"room past ply {ply}", timeout, until=beyond)

    async def close(self):
        await self.connection.close()
