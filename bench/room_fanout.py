"""What one process spends to hand a room's events, published on Redis by another process, to
the room's sockets it holds: the two seats and any watchers. Each socket does what
RoomConsumer.room_event does with an event before its write: receive it from the channel
layer, read it (`RoomEvent.of`) and make its text (`outgoing.encode`, with its own `you`).
Prints microseconds of this process's CPU per event for each number of sockets. Starts its
own Redis (scripts/services.sh).

    .venv/bin/python bench/room_fanout.py [--sockets 2 10 50] [--events 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")


async def run(redis_url: str, sockets: int, events: int) -> float:
    from rooms import outgoing
    from rooms.outgoing import Header, RoomEvent
    from site_config.channel_layer import PubSubChannelLayer

    hosts = [{"address": redis_url, "socket_timeout": None}]
    here, elsewhere = PubSubChannelLayer(hosts=hosts), PubSubChannelLayer(hosts=hosts)
    names = [await here.new_channel() for _ in range(sockets)]
    for name in names:
        await here.group_add("room", name)
    yous = [outgoing.you("host", 0), outgoing.you("guest", 1)] + [outgoing.you(None, None)] * (
        sockets - 2
    )
    done = asyncio.Event()
    handled = 0

    async def socket(name, you):
        nonlocal handled
        while True:
            message = await here.receive(name)
            outgoing.encode(outgoing.RoomMessage(RoomEvent.of(message), you))
            handled += 1
            if handled == sockets * events:
                done.set()

    tasks = [asyncio.create_task(socket(n, y)) for n, y in zip(names, yous, strict=True)]
    header = Header("r" * 22, "score-four", "", "playing", 1, 1, 0, 0, None, (False, False),
                    None, "2026-12-05T00:00:00+00:00")
    started = time.process_time()
    await publish(elsewhere, "room", header, events)
    await asyncio.wait_for(done.wait(), 60)
    # Both layers share this process: the publishing side is measured alone and taken off.
    used = time.process_time() - started
    for task in tasks:
        task.cancel()
    await here.flush()
    started = time.process_time()
    await publish(elsewhere, "nobody-here", header, events)
    publishing = time.process_time() - started
    await elsewhere.flush()
    return 1e6 * (used - publishing) / events


async def publish(layer, group: str, header, events: int) -> None:
    from rooms.outgoing import PlayedMove, RoomEvent

    for ply in range(events):
        moved = RoomEvent("moved", header, PlayedMove("C3", ply % 2, ply % 64))
        await layer.group_send(group, moved.group())
        if ply % 50 == 49:
            await asyncio.sleep(0.002)  # let the sockets keep up, as a room's pace does


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, nargs="+", default=[2, 10, 50])
    parser.add_argument("--events", type=int, default=2000)
    args = parser.parse_args()
    if min(args.sockets) < 2:
        parser.error("--sockets: at least the two seats")
    import django

    django.setup()
    from site_config.serve import use_uvloop
    from tools.rooms_harness import services

    use_uvloop()
    with tempfile.TemporaryDirectory(prefix="fanout-") as tmp, services(Path(tmp)) as env:
        for sockets in args.sockets:
            per_event = asyncio.run(run(env["REDIS_URL"], sockets, args.events))
            print(f"sockets {sockets:3d}: {per_event:7.1f} us of CPU per event "
                  f"({per_event / sockets:5.1f} per socket)", flush=True)


if __name__ == "__main__":
    main()
