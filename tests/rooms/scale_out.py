"""Helpers for the scale-out tests and the load benchmark: throwaway services
(scripts/services.sh), daphne processes, HTTP calls to the room API, a socket client."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
# As scripts/run.sh and the README's production line start daphne (a test checks they agree).
TRANSPORT_FLAGS = ("--websocket-max-message-size", "65536", "--websocket-max-frame-size", "65536")


@contextmanager
def services(directory: Path):
    """Start Redis and PostgreSQL; yields {"REDIS_URL": ..., "DATABASE_URL": ...}."""
    script = ROOT / "scripts" / "services.sh"
    result = subprocess.run(
        [str(script), "start", str(directory)], capture_output=True, text=True, timeout=120
    )
    try:
        if result.returncode != 0:
            raise RuntimeError(f"scripts/services.sh start failed:\n{result.stderr}")
        env = dict(line.split("=", 1) for line in result.stdout.split() if "=" in line)
        yield env
    finally:
        subprocess.run([str(script), "stop", str(directory)], timeout=60, check=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_env(extra: dict[str, str]) -> dict[str, str]:
    env = {**os.environ, **extra, "DJANGO_SETTINGS_MODULE": "site_config.settings"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


def migrate(extra_env: dict[str, str]) -> None:
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=server_env(extra_env),
        check=True,
        timeout=180,
    )


class Daphne:
    """One daphne server process on a free loopback port."""

    def __init__(self, extra_env: dict[str, str], log_path: Path):
        self.port = free_port()
        self.log_path = log_path
        self.log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [
                PYTHON,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                *TRANSPORT_FLAGS,
                "site_config.asgi:application",
            ],
            cwd=ROOT,
            env=server_env(extra_env),
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.wait_ready()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.log_path.read_text()[-2000:]}")
            try:
                if request(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"daphne not ready: {self.log_path.read_text()[-2000:]}")

    def kill(self) -> None:
        """As a crash would: no clean shutdown, no disconnect handlers."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


CSRF = secrets.token_hex(16)  # Django accepts a client-chosen 32-character token


def request(port, method, path, fields=None, cookies=None):
    """(status, JSON or None, Set-Cookie values) for one HTTP call to the room API."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    headers = {"Accept": "application/json", "Cookie": f"csrftoken={CSRF}"}
    if cookies:
        headers["Cookie"] += "; " + "; ".join(f"{k}={v}" for k, v in cookies.items())
    body = None
    if method == "POST":
        headers["X-CSRFToken"] = CSRF
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        body = "&".join(f"{k}={v}" for k, v in (fields or {}).items())
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    set_cookies = {}
    for header, value in response.getheaders():
        if header.lower() == "set-cookie":
            name, _, rest = value.partition("=")
            set_cookies[name] = rest.split(";", 1)[0]
    connection.close()
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        data = None
    return response.status, data, set_cookies


def create_room(port, game="score-four"):
    status, data, cookies = request(port, "POST", "/api/rooms/", {"game": game})
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
    """A room socket (the `websockets` library) that follows the room as RoomSession does:
    the full state (a header, then `moves` slices), then one event per change. It keeps the
    header (`room`), the move texts (`moves`) and the largest message it received."""

    def __init__(self, connection):
        self.connection = connection
        self.room: dict | None = None
        self.moves: list[str] = []
        self.you: dict | None = None
        self.inbox: list[dict] = []
        self.largest = 0
        self._incoming: tuple[dict, list[str]] | None = None

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

    async def expect(self, wanted, timeout=10.0, where=None):
        """The next message of type `wanted` (and matching `where`), keeping the room. The
        pseudo-type `ready` is the end of a full state: its header and every move slice."""
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
            ready = self._follow(message)
            if ready and wanted == "ready":
                return message
            if message["type"] == wanted and (where is None or where(message)):
                return message

    def _follow(self, message) -> bool:
        """Apply a message to the kept room; True when a full state is complete."""
        kind = message["type"]
        if kind in ("welcome", "state"):
            self.you = message["you"]
            self._incoming = (message["room"], [])
        elif kind == "moves" and self._incoming:
            room, texts = self._incoming
            assert (message["round"], message["from"]) == (room["round"], len(texts))
            texts += message["moves"]
        elif kind == "room" and self.room and message["room"]["version"] > self.room["version"]:
            self.you = message["you"]
            if message["event"] == "moved":
                assert message["move"]["ply"] == len(self.moves), "an event was missed"
                self.moves.append(message["move"]["text"])
            elif message["room"]["round"] != self.room["round"]:
                self.moves = []
            self.room = message["room"]
        if self._incoming and len(self._incoming[1]) >= self._incoming[0]["ply"]:
            self.room, self.moves = self._incoming
            self._incoming = None
            return True
        return False

    async def send(self, message):
        await self.connection.send(json.dumps(message))

    async def play(self, ply, text, others=(), pace=0.1):
        """Send a move and wait until this client and `others` have seen it applied. Paced
        so as not to trip the server's limit of 10 messages per second per socket."""
        await asyncio.sleep(pace)
        await self.send({"type": "move", "ply": ply, "move": text})
        for client in (self, *others):
            await client.expect("room", where=lambda m: m["room"]["ply"] > ply)

    async def close(self):
        await self.connection.close()
