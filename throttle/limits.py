"""Every limit of the site, in one place (docs/PROTOCOL.md and docs/OPERATIONS.md list them).
Each can be changed by an environment variable of the same name, for operators and for the
load benchmark; tests use the defaults."""

from __future__ import annotations

import os

from throttle.limiter import Limit


def _number(name: str, default: float) -> float:
    value = os.environ.get(name, "")
    return float(value) if value.strip() else default


def _limit(
    name: str, env: str, capacity: int, refill_seconds: float, open_when_down: bool = True
) -> Limit:
    return Limit(
        name,
        int(_number(f"{env}_CAPACITY", capacity)),
        _number(f"{env}_REFILL_SECONDS", refill_seconds),
        open_when_down,
    )


# Friend rooms one client may create: 20 at once, then one every 30 s.
ROOM_CREATION = _limit("room-creation", "LIMIT_ROOM_CREATION", 20, 30)
# Statistics batches: 30 at once, then one every 2 s.
STATS_BATCHES = _limit("stats-batches", "LIMIT_STATS_BATCHES", 30, 2)
# Admin login attempts: 10 at once, then one every 60 s; none while the limiter's Redis is
# unreachable (every other limit lets requests through then: throttle/limiter.py).
ADMIN_LOGIN = _limit("admin-login", "LIMIT_ADMIN_LOGIN", 10, 60, open_when_down=False)
# Room socket messages per client across all its sockets and reconnects: 60 at once, then 20
# a second. Each socket also has its own limit, below.
SOCKET_MESSAGES = _limit("socket-messages", "LIMIT_SOCKET_MESSAGES", 60, 0.05)
# Room sockets a client may open (each costs a few writes and tells the room): 40 at once,
# then one every 2 s. Pages reconnect with backoff, so only a loop of connects reaches it.
SOCKET_CONNECTS = _limit("socket-connects", "LIMIT_SOCKET_CONNECTS", 40, 2)

# Each socket on its own: past this many messages in one second they are refused, and past
# the second number the socket is closed.
SOCKET_MESSAGES_PER_SECOND = int(_number("LIMIT_SOCKET_MESSAGES_PER_SECOND", 10))
SOCKET_CLOSE_PER_SECOND = int(_number("LIMIT_SOCKET_CLOSE_PER_SECOND", 30))

# A room socket that sends nothing for this many seconds (clients ping every 10 s) is closed by
# the server with 4408, so that every socket counted below is one that is open and alive. Below
# rooms.services.PRESENCE_STALE (120 s), and above a minute: a hidden tab's timers may be
# throttled to one a minute.
SOCKET_IDLE_SECONDS = _number("LIMIT_SOCKET_IDLE_SECONDS", 90)

# Concurrent room sockets from one client (IPv4 address or IPv6 /64), and watchers per room.
SOCKETS_PER_CLIENT = int(_number("LIMIT_SOCKETS_PER_CLIENT", 32))
SPECTATORS_PER_ROOM = int(_number("LIMIT_SPECTATORS_PER_ROOM", 20))
