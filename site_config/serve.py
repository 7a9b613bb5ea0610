"""daphne on uvloop: `python -m site_config.serve <daphne's arguments>`, the one way this site
starts its server (scripts/run.sh, the systemd unit in deploy/, the test and bench servers).

Why: daphne runs Twisted's asyncio reactor on a loop it makes when `daphne.server` is
imported, from the event-loop policy in force then; an ASGI module is loaded too late to
change it. With uvloop's policy set first, that loop is libuv's. Measured with
bench/rooms_load.py (300 rooms, realistic clients, back to back on a quiet machine): server
CPU per move 2.58 -> 2.13 ms and 2.35 -> 2.18 ms, the loop's lag halved
(bench/results/rooms_profile.txt). Twisted supports uvloop under its asyncio reactor since
21.7. Where uvloop is not installed (it has no Windows build), daphne runs on asyncio's own
loop, as before.

Once the reactor runs (the application and all of Django imported), `settle_collector` moves
every object made so far out of the garbage collector's sight (`gc.freeze`) and makes its
young generation larger: full collections then no longer walk Django's and the app's import-
time objects, which lived as long as the process anyway. Measured with the same bench, 300
rooms, back to back, three rounds each: move p99 35.3 / 36.9 / 42.4 ms before, 16.0 / 22.4 /
20.4 ms after, CPU per move unchanged within the noise (bench/results/rooms_profile.txt).

`main` also lowers the interpreter's thread switch interval from 5 ms to 1 ms. The rooms'
database thread, back from SQLite or psycopg, waits for the event loop's thread to hand over
the GIL, up to that interval at every call: under load its trips queued behind it. Measured
with the same bench on a quiet machine, alternating, 30 s runs (bench/results/
rooms_load_realistic.txt, 3 December): one process, 900 rooms, p99 34.0 / 46.0 / 16.8 ms
against 38.4 / 52.6 / 62.5; 1,200 rooms 43.6 / 49.8 against 87.2 / 329.2 ms, the database
trip's median 0.3-0.4 ms against 10.5-14.2; two processes at 900, 146 against 187 ms.
"""

from __future__ import annotations

import asyncio
import gc
import sys

# (young generation, middle, old): allocations before a young collection, then how many of
# each before the next generation's. Python's default is (700, 10, 10).
COLLECTOR_THRESHOLDS = (10_000, 50, 100)
SWITCH_INTERVAL_S = 0.001  # Python's default is 0.005


def use_uvloop() -> bool:
    """Make uvloop's policy the event-loop policy; False when uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True


def settle_collector() -> None:
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def main() -> None:
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    use_uvloop()
    from daphne.cli import CommandLineInterface  # imports daphne.server: the loop is made here
    from twisted.internet import reactor  # daphne's, installed by that import

    reactor.callWhenRunning(settle_collector)
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
