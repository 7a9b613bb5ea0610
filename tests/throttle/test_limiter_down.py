"""The limiter with its Redis unreachable (a restart, a failover): a limit lets requests
through, except one that must hold even then (the admin's login), which refuses; one warning
line, not one per request. A real redis-py client against a socket nobody listens on."""

from __future__ import annotations

import asyncio
import logging

import pytest
from django.test import override_settings

from throttle import limiter, limits

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_away(tmp_path, monkeypatch):
    monkeypatch.setattr(limiter, "_warned_at", -limiter.WARN_SECONDS)
    limiter._redis_script.cache_clear()
    limiter._hot.scripts.clear()
    with override_settings(REDIS_URL=f"unix://{tmp_path}/nobody.sock"):
        yield
    limiter._redis_script.cache_clear()
    limiter._hot.scripts.clear()


def test_limits_pass_and_the_admin_login_refuses_while_redis_is_away(redis_away, caplog):
    client = limiter.client_key("203.0.113.9")
    with caplog.at_level(logging.WARNING, logger="throttle.limiter"):
        for _ in range(limits.ROOM_CREATION.capacity + 5):
            assert limiter.allow(limits.ROOM_CREATION, client)
        assert not limiter.allow(limits.ADMIN_LOGIN, client)
        key = limiter.hot_key(limits.SOCKET_MESSAGES, client)

        async def messages():
            return [await limiter.allow_hot(limits.SOCKET_MESSAGES, key) for _ in range(100)]

        assert all(asyncio.run(messages()))
    warnings = [r for r in caplog.records if "Redis unreachable" in r.getMessage()]
    assert len(warnings) == 1
