"""The site's one rate limiter: a token bucket per (limit, client), kept where every server
process sees it: Redis when REDIS_URL is set, the database otherwise.

    ROOM_CREATION = Limit("room-creation", capacity=20, refill_seconds=30)
    if not allow(ROOM_CREATION, client_key(address)):
        ...refuse with 429...

A client may spend `capacity` tokens at once; one token comes back every `refill_seconds`.
There are no windows, so there is no double burst at a window's edge: over any span of S
seconds a client gets at most `capacity + S / refill_seconds`. The state is GCRA's single
number per bucket (the time at which the bucket is full again), updated in one atomic
statement (a conditional UPDATE, or a Lua script in Redis), so concurrent requests in several
processes can never both take the last token.

Clients are keyed by their IPv4 address or their IPv6 /64 (one household or phone gets a
whole /64), and only an HMAC of that key (with SECRET_KEY) is stored, for as long as the
bucket is not full: a full bucket is deleted (`purge`) or expires (Redis).

Redis unreachable (a restart, a failover): a limit kept there lets the request through, with a
warning at most every WARN_SECONDS, for as long as it lasts. A game in play must not stop
because its abuse guard is away; the database and the per-socket caps still bound the load.
A limit that must hold even then (`open_when_down=False`: the admin's login) refuses instead.

Why not a library: django-ratelimit counts fixed windows in Django's cache (a double burst at
window edges, and the default cache is per process); `limits` has no database storage.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest

from site_config import redis_hosts
from throttle.models import Bucket

logger = logging.getLogger(__name__)
WARN_SECONDS = 10.0
_warned_at = -WARN_SECONDS


def _store_down(limit: Limit) -> bool:
    """What a limit whose Redis is unreachable answers (see above), after a warning at most
    every WARN_SECONDS."""
    global _warned_at
    if time.monotonic() - _warned_at >= WARN_SECONDS:
        _warned_at = time.monotonic()
        logger.warning("rate limiter: Redis unreachable; limits pass or refuse as they say")
    return limit.open_when_down


@dataclass(frozen=True)
class Limit:
    name: str
    capacity: int  # tokens a client may spend at once
    refill_seconds: float  # one token comes back this often
    # With its Redis unreachable: True lets requests through (see above), False refuses them
    # (a guard that must hold even then: the admin's login).
    open_when_down: bool = True

    @property
    def tolerance(self) -> float:
        return (self.capacity - 1) * self.refill_seconds


def client_key(address: str | None) -> str:
    """What a client is counted by: its IPv4 address, or the /64 network of an IPv6 address
    (an IPv4-mapped IPv6 address counts as the IPv4 one)."""
    try:
        ip = ipaddress.ip_address((address or "").strip().split("%", 1)[0])
    except ValueError:
        return "unknown"
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip.version == 4:
        return str(ip)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def hashed(*parts: str) -> str:
    """An HMAC (with SECRET_KEY) of the parts: what the stores keep instead of an address."""
    message = "\x1f".join(parts).encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()


def allow(limit: Limit, client: str, now: float | None = None) -> bool:
    """Take one token from the client's bucket for `limit`; False when it is empty."""
    now = time.time() if now is None else now
    key = hashed(limit.name, client)
    if getattr(settings, "REDIS_URL", ""):
        import redis

        try:
            return _allow_redis(key, limit, now)
        except (redis.ConnectionError, redis.TimeoutError):
            return _store_down(limit)
    return _allow_database(key, limit, now)


def _allow_database(key: str, limit: Limit, now: float) -> bool:
    for _attempt in range(2):
        taken = Bucket.objects.filter(key=key, tat__lte=now + limit.tolerance).update(
            tat=Greatest(F("tat"), Value(now)) + limit.refill_seconds
        )
        if taken:
            return True
        if Bucket.objects.filter(key=key).exists():
            return False
        try:
            with transaction.atomic():
                Bucket.objects.create(key=key, tat=now + limit.refill_seconds)
            return True
        except IntegrityError:  # another process created it first: take from that one
            continue
    return False


# KEYS[1] bucket; ARGV: now, refill seconds, tolerance. Returns 1 if a token was taken.
_GCRA = """
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if tat < now then tat = now end
if tat - now > tonumber(ARGV[3]) then return 0 end
local new = tat + tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.6f', new), 'PX', math.ceil((new - now) * 1000))
return 1
"""


@cache
def _redis_script():

    client = redis_hosts.client(settings.REDIS_URL, asynchronous=False, socket_timeout=5)
    return client.register_script(_GCRA)


def _allow_redis(key: str, limit: Limit, now: float) -> bool:
    script = _redis_script()
    args = [repr(now), repr(limit.refill_seconds), repr(limit.tolerance)]
    return bool(script(keys=[f"throttle:{key}"], args=args))


# --- the per-message budget of room sockets -------------------------------------------------
# Checked on every socket message, so it must not cost a database write: in Redis when there
# is one (from the event loop, no thread), else in this process's memory. Without Redis one
# process serves every socket (the in-memory channel layer cannot span processes), so its
# memory is exactly where every socket of a client is counted.

# Buckets in insertion order of their last update: the oldest are looked at first, so neither
# dropping full ones nor keeping the size bounded ever walks the whole table.
_memory: OrderedDict[str, float] = OrderedDict()
MEMORY_MAX = 50_000  # buckets kept; past it the least recently used is forgotten (forgiven)


def _allow_memory(key: str, limit: Limit, now: float) -> bool:
    tat = max(_memory.get(key, now), now)
    if tat - now > limit.tolerance:
        return False
    _memory[key] = tat + limit.refill_seconds
    _memory.move_to_end(key)
    while _memory and (len(_memory) > MEMORY_MAX or next(iter(_memory.values())) <= now):
        _memory.popitem(last=False)
    return True


# KEYS[1] bucket; ARGV: now, refill seconds, tolerance, wanted. Takes up to `wanted` tokens
# (as many as the bucket holds) and returns how many it took.
_GCRA_SOME = """
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
if tat < now then tat = now end
local room = math.floor((tonumber(ARGV[3]) - (tat - now)) / refill + 1e-9) + 1
local taken = math.min(tonumber(ARGV[4]), room)
if taken <= 0 then return 0 end
local new = tat + taken * refill
redis.call('SET', KEYS[1], string.format('%.6f', new), 'PX', math.ceil((new - now) * 1000))
return taken
"""

# Tokens a process takes from Redis at once for one client's messages. Eight of the socket
# budget's 60 (refilled at 20 a second): a browser's socket (a move every few seconds, a ping
# every 10) makes one round trip in eight messages; with four and a 10 s lease it made one in
# about three and a half, the largest Redis cost a move had left (#42).
LEASE = 8
# An unspent lease is dropped this long after it was taken, and at most LEASES_MAX are kept
# (the oldest go first): memory does not grow with every client ever seen. A dropped lease's
# tokens are simply not spent (the client may be refused up to LEASE - 1 messages early; at
# the socket budget's refill, under half a second's worth).
LEASE_SECONDS = 60.0
LEASES_MAX = 10_000


class HotBudget:
    """One process's view of the per-message budgets kept in Redis. A process takes up to
    LEASE tokens of a client's bucket at once and spends them locally, so most messages cost
    no round trip. Tokens taken are gone from the shared bucket, so across processes a client
    still gets at most what its bucket gives; a process holds at most LEASE - 1 unspent (so
    with several processes a client may be refused up to that many messages early)."""

    def __init__(self) -> None:
        # key -> (tokens left, when taken), oldest lease first
        self.leases: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self.scripts: dict[Any, Any] = {}  # event loop -> its Script

    async def allow(self, key: str, limit: Limit, now: float) -> bool:
        self._drop_old(now)
        lease = self.leases.get(key)
        if lease is not None:
            if lease[0] > 1:
                self.leases[key] = (lease[0] - 1, lease[1])
            else:
                del self.leases[key]
            return True
        taken = int(await self._script()(keys=[f"throttle:{key}"], args=self._args(limit, now)))
        if taken <= 0:
            return False
        if taken > 1:
            self.leases[key] = (taken - 1, now)
            while len(self.leases) > LEASES_MAX:
                self.leases.popitem(last=False)
        return True

    def _drop_old(self, now: float) -> None:
        while self.leases and next(iter(self.leases.values()))[1] <= now - LEASE_SECONDS:
            self.leases.popitem(last=False)

    def _args(self, limit: Limit, now: float) -> list[str]:
        return [repr(now), repr(limit.refill_seconds), repr(limit.tolerance), str(LEASE)]

    def _script(self):
        """The budget script for this event loop, on a connection of its own whose bytes are
        read and written by site_config/redis_wire.py: through redis-py's script machinery it
        was the largest Redis cost a room message had left (#42)."""
        import asyncio

        from site_config.redis_wire import Calls, Script

        loop = asyncio.get_running_loop()  # keyed by the loop itself: its id could be reused
        script = self.scripts.get(loop)
        if script is None:
            client = redis_hosts.client(settings.REDIS_URL, asynchronous=True, socket_timeout=5)
            calls = Calls(client.connection_pool, timeout=5)
            script = self.scripts[loop] = Script(_GCRA_SOME, calls)
        return script


_hot = HotBudget()


def hot_key(limit: Limit, client: str) -> str:
    """The bucket's key for `allow_hot`: an HMAC, so a socket computes it once, not per message."""
    return hashed(limit.name, client)


async def allow_hot(limit: Limit, key: str, now: float | None = None) -> bool:
    """`allow` for a limit checked on every socket message (see above); `key` is `hot_key`'s."""
    now = time.time() if now is None else now
    if not getattr(settings, "REDIS_URL", ""):
        return _allow_memory(key, limit, now)
    import redis

    try:
        return await _hot.allow(key, limit, now)
    except redis.RedisError:  # away, loading, failing over, or refusing the script
        return _store_down(limit)


def purge(now: float | None = None) -> int:
    """Delete database buckets that are full again (the same as having no row)."""
    now = time.time() if now is None else now
    return Bucket.objects.filter(tat__lt=now).delete()[0]
