"""The per-message budget on Redis (throttle.limiter.HotBudget): a process takes a few tokens
at once and spends them locally, and across processes a client still gets no more than its
bucket gives. Runs against a real redis-server."""

from __future__ import annotations

import asyncio

import pytest
from django.test import override_settings

from throttle import limiter
from throttle.limiter import HotBudget, Limit

pytestmark = pytest.mark.services


def spend(processes, limit, key, count, now):
    async def run():
        return [await processes[n % len(processes)].allow(key, limit, now) for n in range(count)]

    return asyncio.run(run())


def test_two_processes_share_one_bucket(redis_url):
    limit = Limit("hot", capacity=10, refill_seconds=1)
    with override_settings(REDIS_URL=redis_url):
        a, b = HotBudget(), HotBudget()
        allowed = spend([a, b], limit, "client-1", 16, now=1000.0)
        # Ten tokens in all, whichever process asks: the first took 8, the other the last 2.
        assert limiter.LEASE == 8
        assert allowed == [True] * 5 + [False, True] * 5 + [False]
        assert allowed.count(True) == 10
        assert not any(spend([a, b], limit, "client-1", 6, now=1000.0))
        later = spend([a, b], limit, "client-1", 4, now=1002.0)  # two tokens came back
        assert later == [True, False, True, False]
        assert spend([a], limit, "client-2", 1, now=1000.0) == [True]  # another client


def test_most_messages_cost_no_round_trip(redis_url, monkeypatch):
    limit = Limit("hot-trips", capacity=100, refill_seconds=0.01)
    calls = []
    with override_settings(REDIS_URL=redis_url):
        budget = HotBudget()
        script = budget._script

        def counted():
            calls.append(1)
            return script()

        monkeypatch.setattr(budget, "_script", counted)
        assert all(spend([budget], limit, "client", 40, now=2000.0))
    assert len(calls) == 40 // limiter.LEASE


def test_a_process_never_takes_more_than_the_bucket_holds(redis_url):
    limit = Limit("hot-small", capacity=2, refill_seconds=60)
    with override_settings(REDIS_URL=redis_url):
        assert spend([HotBudget()], limit, "c", 3, now=3000.0) == [True, True, False]
        assert spend([HotBudget()], limit, "c", 1, now=3000.0) == [False]


def test_the_lease_table_is_bounded_by_time_and_size(redis_url, monkeypatch):
    """One message from each of many clients leaves each a lease of 1 to 3 tokens; they must
    not stay forever (one message from every /64 of a /48 would fill the process)."""
    limit = Limit("hot-many", capacity=100, refill_seconds=0.01)
    with override_settings(REDIS_URL=redis_url):
        budget = HotBudget()
        clients = [f"2001:db8:1:{n:x}::/64" for n in range(300)]
        assert all(spend([budget], limit, client, 1, now=4000.0)[0] for client in clients)
        assert 0 < len(budget.leases) <= 300
        later = 4000.0 + limiter.LEASE_SECONDS + 1
        assert spend([budget], limit, "one-more", 1, now=later) == [True]
        assert list(budget.leases) == ["one-more"]  # the old leases went, unspent
        monkeypatch.setattr(limiter, "LEASES_MAX", 50)
        assert all(spend([budget], limit, client, 1, now=later)[0] for client in clients)
        assert len(budget.leases) == 50
        assert list(budget.leases) == clients[-50:]  # the newest kept

