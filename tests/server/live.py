"""A real daphne process started the way `make run` (scripts/run.sh) or the documented
production command starts it, for the server-level tests: its whole output is kept."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from tests.rooms.scale_out import ROOT, free_port, request, server_env


def run_sh_daphne_args() -> list[str]:
    """daphne's arguments exactly as scripts/run.sh's `exec .venv/bin/daphne ...` line has them
    (continuation lines joined), without the binding: the tests bind a free port."""
    text = (ROOT / "scripts" / "run.sh").read_text()
    command = re.search(r"^exec \.venv/bin/daphne ((?:.*\\\n)*.*)$", text, re.M)
    assert command, "scripts/run.sh no longer execs .venv/bin/daphne"
    args = shlex.split(command.group(1).replace("\\\n", " "))
    for flag in ("-b", "-p"):
        index = args.index(flag)
        del args[index : index + 2]
    return args


class LiveServer:
    """daphne on a free loopback port with `args` (which end with the application). Settings:
    site_config.settings_test, the production settings reading static files from the source
    folders, so pages render without a collectstatic step."""

    def __init__(self, args: list[str], extra_env: dict[str, str], log_path: Path):
        self.port = free_port()
        self.log_path = log_path
        self.log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), *args],
            cwd=ROOT,
            env={**server_env(extra_env), "DJANGO_SETTINGS_MODULE": "site_config.settings_test"},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited: {log_path.read_text()[-2000:]}")
            try:
                if request(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"daphne not ready: {log_path.read_text()[-2000:]}")

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> str:
        """Stops the server; its whole output (stdout and stderr)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()
        return self.log_path.read_text(errors="replace")
