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
    """daphne's arguments exactly as scripts/run.sh's `exec .venv/bin/daphne ...` line has them
    (continuation lines joined), without the binding: the servers here bind a free port."""
    text = (ROOT / "scripts" / "run.sh").read_text()
    command = re.search(r"^exec \.venv/bin/daphne ((?:.*\\\n)*.*)$", text, re.M)
    assert command, "scripts/run.sh no longer execs .venv/bin/daphne"
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
            [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), *args],
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
