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
"""

from __future__ import annotations

import asyncio


def use_uvloop() -> bool:
    """Make uvloop's policy the event-loop policy; False when uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True


def main() -> None:
    use_uvloop()
    from daphne.cli import CommandLineInterface  # imports daphne.server: the loop is made here

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
