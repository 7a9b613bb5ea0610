"""Fixtures shared by several test folders."""

from __future__ import annotations

import subprocess
import time

import pytest

from tools.rooms_harness import free_port


@pytest.fixture(scope="session")
def redis_url():
    """A real redis-server of the tests' own, on a free loopback port, without persistence."""
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
        + ["--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        import redis

        client = redis.Redis(port=port)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)
