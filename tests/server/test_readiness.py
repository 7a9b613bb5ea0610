"""/healthz and /readyz under a real daphne on real Redis and PostgreSQL
(scripts/services.sh), stopped one after the other while the server keeps running."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from tests.rooms.scale_out import ROOT, migrate, request, services
from tests.server.live import LiveServer, run_sh_daphne_args

pytestmark = pytest.mark.services


def _get(port, path):
    status, body, _cookies = request(port, "GET", path)
    return status, body


def _wait_for(port, path, status, timeout=15.0, database=None):
    deadline = time.monotonic() + timeout
    while True:
        answer = _get(port, path)
        if answer[0] == status and (database is None or answer[1]["database"] == database):
            return answer
        if time.monotonic() > deadline:
            return answer
        time.sleep(0.3)


def test_readiness_follows_the_database_and_the_channel_layer(tmp_path):
    directory = tmp_path / "services"
    with services(directory) as env:
        migrate(env)
        server = LiveServer(run_sh_daphne_args(), env, tmp_path / "daphne.log")
        try:
            assert _get(server.port, "/readyz") == (
                200,
                {"status": "ready", "database": "ok", "channel_layer": "ok"},
            )
            # Redis goes away: the channel layer is unreachable, the database still fine.
            os.kill(int((directory / "redis.pid").read_text()), signal.SIGTERM)
            assert _wait_for(server.port, "/readyz", 503) == (
                503,
                {"status": "unavailable", "database": "ok", "channel_layer": "unreachable"},
            )
            assert _get(server.port, "/healthz") == (200, {"status": "ok"})
            # PostgreSQL goes too.
            subprocess.run(
                [str(ROOT / "scripts" / "services.sh"), "stop", str(directory)],
                check=True,
                timeout=60,
            )
            started = time.monotonic()  # the answer is kept up to 2 s: wait past that
            assert _wait_for(server.port, "/readyz", 503, database="unreachable") == (
                503,
                {
                    "status": "unavailable",
                    "database": "unreachable",
                    "channel_layer": "unreachable",
                },
            )
            assert time.monotonic() - started < 12  # answered, not hung
            # Liveness stays cheap and true: the process itself is fine.
            assert _get(server.port, "/healthz") == (200, {"status": "ok"})
        finally:
            output = server.stop()
    assert "readiness: channel_layer unreachable" in output
    assert "readiness: database unreachable" in output
    assert "Traceback" not in output, output[-3000:]
