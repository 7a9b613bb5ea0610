"""Where Redis is, from REDIS_URL: one server (`redis://…`, `rediss://…`, `unix://…`), or a
Redis watched by Sentinel, which follows a failover by itself:

    REDIS_URL=sentinel://10.0.0.5:26379,10.0.0.6:26379,10.0.0.7:26379/little-table?db=0

(the sentinels, comma-separated, then the name they monitor the master by). The channel layer
and the rate limiter take their connections from here, so both follow the master Sentinel
names; what a failover loses on the way is repaired as any lost Redis connection is (every
socket resyncs when the layer's pub/sub connection comes back: site_config/channel_layer.py).
redis-py and channels-redis both take Sentinel natively; only the URL form is ours (redis-py
reads no such URL).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

SCHEME = "sentinel"


@dataclass(frozen=True)
class SentinelSetting:
    sentinels: tuple[tuple[str, int], ...]
    master: str
    db: int


def sentinel_of(url: str) -> SentinelSetting | None:
    """The Sentinel setting of a `sentinel://` URL; None for a plain Redis URL. ValueError
    names what is missing (never the URL: it may hold a password)."""
    parts = urlsplit(url)
    if parts.scheme != SCHEME:
        return None
    hosts = []
    for item in parts.netloc.rsplit("@", 1)[-1].split(","):
        host, _, port = item.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError("REDIS_URL: each sentinel is host:port")
        hosts.append((host, int(port)))
    master = parts.path.strip("/")
    if not master:
        raise ValueError("REDIS_URL: the master's name follows the sentinels (/name)")
    db = int(parse_qs(parts.query).get("db", ["0"])[0])
    return SentinelSetting(tuple(hosts), master, db)


def layer_host(url: str) -> dict[str, Any]:
    """channels-redis's description of the host. No client timeout: redis-py 8's default of
    5 s breaks the layer's long-lived connections (channels_redis issue 422)."""
    sentinel = sentinel_of(url)
    if sentinel is None:
        return {"address": url, "socket_timeout": None}
    return {
        "master_name": sentinel.master,
        "sentinels": list(sentinel.sentinels),
        "db": sentinel.db,
        "socket_timeout": None,
    }


def client(url: str, *, asynchronous: bool, socket_timeout: float) -> Any:
    """A redis-py client (`redis.Redis` or `redis.asyncio.Redis`) for the URL's Redis: for a
    Sentinel URL, the current master's (found again after a failover)."""
    import redis
    import redis.asyncio

    module: Any = redis.asyncio if asynchronous else redis
    sentinel = sentinel_of(url)
    if sentinel is None:
        return module.Redis.from_url(url, socket_timeout=socket_timeout)
    watchers = module.Sentinel(list(sentinel.sentinels), socket_timeout=socket_timeout)
    return watchers.master_for(sentinel.master, db=sentinel.db, socket_timeout=socket_timeout)
