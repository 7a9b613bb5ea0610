"""The embedded channel layer against Channels' in-memory one: N rooms of two sockets each,
every socket waiting in `receive` as a consumer does, and group sends to random rooms.
Prints microseconds of CPU per delivered message for each layer and N.

    .venv/bin/python bench/channel_layer.py [--rooms 100 500 1000] [--messages 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")


async def run(layer_class, rooms: int, messages: int) -> float:
    layer = layer_class()
    delivered = 0
    names = [[await layer.new_channel() for _ in range(2)] for _ in range(rooms)]
    for index, pair in enumerate(names):
        for name in pair:
            await layer.group_add(f"room.{index}", name)

    async def consumer(name):
        nonlocal delivered
        while True:
            await layer.receive(name)
            delivered += 1

    tasks = [asyncio.create_task(consumer(name)) for pair in names for name in pair]
    await asyncio.sleep(0)
    rng = random.Random(1)
    event = {"type": "room.event", "event": "moved", "room": {"version": 1, "ply": 3}}
    start = time.process_time()
    for _ in range(messages):
        await layer.group_send(f"room.{rng.randrange(rooms)}", event)
        await asyncio.sleep(0)  # let the receivers run, as the event loop would
    while delivered < 2 * messages:
        await asyncio.sleep(0)
    spent = time.process_time() - start
    for task in tasks:
        task.cancel()
    return 1e6 * spent / delivered


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--messages", type=int, default=20000)
    args = parser.parse_args()
    import django

    django.setup()
    from channels.layers import InMemoryChannelLayer

    from site_config.channel_layer import EmbeddedChannelLayer

    for rooms in args.rooms:
        for layer in (InMemoryChannelLayer, EmbeddedChannelLayer):
            us = asyncio.run(run(layer, rooms, args.messages))
            print(
                json.dumps(
                    {"layer": layer.__name__, "rooms": rooms, "cpu_us_per_message": round(us, 1)}
                )
            )


if __name__ == "__main__":
    main()
