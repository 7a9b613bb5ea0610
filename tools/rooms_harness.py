"""Drives real room servers from outside, for the scale-out tests (tests/rooms/scale_out.py
builds on it) and the load benchmark (bench/rooms_load.py): throwaway Redis and PostgreSQL
(scripts/services.sh), daphne processes on loopback, HTTP calls to the room API."""

from __future__ import annotations

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

ROOT = Path(__file__).resolve().parents[1]
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
