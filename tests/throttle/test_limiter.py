"""The one rate limiter (throttle/): token buckets in the database (here) or Redis (the
scale-out tests), client keys, and the admin login limit."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.concurrency import race
from throttle import limiter, limits
from throttle.limiter import Limit, allow, client_key
from throttle.models import Bucket

pytestmark = pytest.mark.django_db


def test_client_keys_group_an_ipv6_64_and_keep_ipv4_apart():
    assert client_key("203.0.113.5") == "203.0.113.5"
    assert (
        client_key("2001:db8:1:2:3:4:5:6")
        == client_key("2001:db8:1:2::ffff")
        == "2001:db8:1:2::/64"
    )
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert client_key("fe80::1%eth0") == "fe80::/64"
    assert client_key(None) == client_key("not an address") == "unknown"


def test_a_bucket_gives_its_capacity_at_once_then_one_per_refill():
    limit = Limit("t", capacity=3, refill_seconds=10)
    assert [allow(limit, "c", now=1000.0) for _ in range(4)] == [True, True, True, False]
    assert not allow(limit, "c", now=1009.0)
    assert allow(limit, "c", now=1010.0)  # one token back after 10 s
    assert not allow(limit, "c", now=1010.0)
    assert allow(limit, "other", now=1010.0)


def test_no_double_burst_at_any_edge():
    """Over any span of S seconds at most capacity + S / refill are granted."""
    limit = Limit("t", capacity=5, refill_seconds=1)
    granted = [t / 10 for t in range(0, 600) if allow(limit, "c", now=t / 10)]
    for start in range(0, 60):
        inside = [t for t in granted if start <= t < start + 10]
        assert len(inside) <= 5 + 10


def test_a_full_bucket_is_deleted_by_the_purge():
    limit = Limit("t", capacity=2, refill_seconds=5)
    allow(limit, "c", now=100.0)
    assert limiter.purge(now=104.0) == 0
    assert limiter.purge(now=106.0) == 1 and not Bucket.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_concurrent_takes_never_exceed_the_capacity():
    limit = Limit("race", capacity=5, refill_seconds=3600)
    # One instant for every taker: with each reading its own clock, a thread whose time was
    # read a microsecond before the bucket's creator's is (rightly) a token short.
    take = lambda: allow(limit, "racer", now=1000.0)  # noqa: E731
    results = list(race({n: take for n in range(12)}).values())
    assert results.count(True) == 5


def test_admin_login_attempts_are_limited(monkeypatch):
    monkeypatch.setattr(limits, "ADMIN_LOGIN", Limit("admin-login", 3, 60))
    User.objects.create_superuser("staff", password="right-password")
    client = Client(REMOTE_ADDR="192.0.2.44")
    for _ in range(3):
        response = client.post("/admin/login/", {"username": "staff", "password": "wrong"})
        assert response.status_code == 200 and "_auth_user_id" not in client.session
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "staff", "password": "right-password"}
    )
    assert response.status_code == 200  # refused before the password is even checked
    assert "_auth_user_id" not in client.session
    (error,) = response.context["form"].errors.as_data()["__all__"]
    assert error.code == "rate_limited"
    other = Client(REMOTE_ADDR="192.0.2.45")
    response = other.post(
        "/admin/login/?next=/admin/", {"username": "staff", "password": "right-password"}
    )
    assert response.status_code == 302


def test_the_memory_budget_is_bounded_by_size(monkeypatch):
    """Without Redis: at most MEMORY_MAX buckets, the least recently used forgotten first."""
    limit = Limit("memory-many", capacity=100, refill_seconds=60)
    limiter._memory.clear()
    monkeypatch.setattr(limiter, "MEMORY_MAX", 50)
    for n in range(300):
        assert limiter._allow_memory(f"client-{n}", limit, now=5000.0)
    assert len(limiter._memory) == 50
    assert list(limiter._memory)[0] == "client-250"  # the newest kept
    assert limiter._allow_memory("client-299", limit, now=5060.0)
    assert list(limiter._memory) == ["client-299"]  # the others are full again: dropped
    limiter._memory.clear()
