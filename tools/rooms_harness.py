"""Drives real room servers from outside, for the scale-out tests (tests/rooms/scale_out.py
builds on it) and the load benchmark (bench/rooms_load.py): throwaway Redis and PostgreSQL
(scripts/services.sh), daphne processes on loopback, HTTP calls to the room API."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


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


def server_env(extra: dict[str, str], settings: str = "site_config.settings") -> dict[str, str]:
    env = {**os.environ, **extra, "DJANGO_SETTINGS_MODULE": settings}
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


def run_sh_daphne_args() -> list[str]:
    """daphne's arguments exactly as scripts/run.sh's `exec .venv/bin/python -m
    site_config.serve ...` line has them (continuation lines joined), without the binding:
    the servers here bind a free port."""
    text = (ROOT / "scripts" / "run.sh").read_text()
    line = r"^exec \.venv/bin/python -m site_config\.serve ((?:.*\\\n)*.*)$"
    command = re.search(line, text, re.M)
    assert command, "scripts/run.sh no longer execs daphne through site_config.serve"
    args = shlex.split(command.group(1).replace("\\\n", " "))
    for flag in ("-b", "-p"):
        index = args.index(flag)
        del args[index : index + 2]
    return args


class Daphne:
    """One daphne server process on a free loopback port, started with `args` (by default
    those of scripts/run.sh, the application included) and its output kept in `log_path`."""

    def __init__(
        self,
        extra_env: dict[str, str],
        log_path: Path,
        args: list[str] | None = None,
        settings: str = "site_config.settings",
        port: int | None = None,
    ):
        # A given port: a restart at the same origin (the offline tests' new deploy).
        self.port = port or free_port()
        self.log_path = log_path
        self.log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        args = run_sh_daphne_args() if args is None else args
        self.process = subprocess.Popen(
            [PYTHON, "-m", "site_config.serve", "-b", "127.0.0.1", "-p", str(self.port), *args],
            cwd=ROOT,
            env=server_env(extra_env, settings),
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        try:
            self.wait_ready()
        except RuntimeError:
            self.stop()
            raise

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

    def stop(self) -> str:
        """Stops the server; its whole output (stdout and stderr)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()
        return self.log_path.read_text(errors="replace")


CSRF = secrets.token_hex(16)  # Django accepts a client-chosen 32-character token


def request(port, method, path, fields=None, cookies=None, source=None):
    """(status, JSON or None, Set-Cookie values) for one HTTP call to the room API; `source`:
    the loopback address to call from (the load benchmark gives each seat its own)."""
    bind = (source, 0) if source else None
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=bind)
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


class RoomFollower:
    """A room as the server's messages tell it, followed as RoomSession does
    (docs/PROTOCOL.md, "Versions"): the full state (a header, then its moves in `moves`
    slices), then one event per change. With `game` (an engine) it also keeps the position.
    Pure: it reads messages and says what to do; the caller owns the socket. Used by the
    scale-out and live tests (tests/rooms/scale_out.py) and the load benchmark."""

    def __init__(self, game=None):
        self.game = game
        self.room: dict | None = None  # the header of the highest version taken
        self.moves: list[str] = []
        self.you: dict | None = None
        self.state = game.initial_state() if game else None
        self._incoming: tuple[dict, list[str]] | None = None  # a full state still arriving

    @property
    def following(self) -> bool:
        """Holds a state, and no full state is arriving."""
        return self.room is not None and self._incoming is None

    def take(self, message: dict) -> str | None:
        """Apply one server message. Returns "ready" when a full state is complete, "moved"
        when an event's move was appended, "changed" for another event taken, "sync" when
        something was missed (the caller sends `sync`), else None (nothing to follow)."""
        kind = message["type"]
        if kind in ("welcome", "state"):
            self.you = message["you"]
            self._incoming = (message["room"], [])
        elif kind == "moves" and self._incoming:
            room, texts = self._incoming
            if (message["round"], message["from"]) != (room["round"], len(texts)):
                self._incoming = None
                return "sync"
            texts += message["moves"]
        elif kind == "pong" and self._newer(message["version"]):
            return "sync"  # an event was lost: the heartbeat's read shows a newer version
        elif kind == "room" and self._newer(message["room"]["version"]):
            return self._event(message)
        if self._incoming and len(self._incoming[1]) >= self._incoming[0]["ply"]:
            self.room, self.moves = self._incoming
            self._incoming = None
            if self.game:
                self.state = self.game.initial_state()
                for text in self.moves:
                    self._play(text)
            return "ready"
        return None

    def _newer(self, version: int) -> bool:
        return self.following and version > self.room["version"]  # type: ignore[index]

    def _play(self, text: str) -> None:
        self.state = self.game.play(self.state, self.game.parse_move(self.state, text))

    def _event(self, message: dict) -> str:
        room, new, move = self.room, message["room"], message.get("move")
        assert room is not None  # only called while following
        same_round = new["round"] == room["round"]
        if move:  # must be the very next change, in this round, at the next ply
            next_version = new["version"] == room["version"] + 1
            if not (next_version and same_round and move["ply"] == len(self.moves)):
                return "sync"
        elif same_round and new["ply"] != len(self.moves):
            return "sync"
        self.you, self.room = message["you"], new
        if move:
            self.moves = [*self.moves, move["text"]]
            if self.game:
                self._play(move["text"])
            return "moved"
        if not same_round:
            self.moves = []
            if self.game:
                self.state = self.game.initial_state()
        return "changed"
