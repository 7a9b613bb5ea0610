"""The schedule: which game and goal each date gets, and reading the shipped data.

Pure Python (no Django). `tools/gen_daily.py` writes `daily/data/schedule.json`; the site
only reads it. A date's puzzles are the same for everyone; which dates may be served is
decided against the earliest calendar on Earth (UTC+14), since "today" is the reader's.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from games import registry

DATA = Path(__file__).resolve().parent / "data" / "schedule.json"

# The reader's calendar can be this far ahead of UTC (Kiribati's Line Islands, UTC+14).
EARLIEST_OFFSET = dt.timedelta(hours=14)


def plan(date: dt.date) -> list[tuple[str, int]]:
    """The (game, N) pairs of `date`, in the registry's order (the 3D game first): each
    game's puzzle days are in its registry entry (games/registry.py, `Puzzles`). N is
    win_in, or for a "best" goal the empty squares. A game takes part from its `since` date
    on (a date already published never gains a puzzle)."""
    weekday, parity = date.weekday(), date.isocalendar().week % 2
    return [
        (entry.slug, n)
        for entry in registry.GAMES
        if entry.puzzles is not None
        and (not entry.puzzles.since or date >= dt.date.fromisoformat(entry.puzzles.since))
        for day, n, week in entry.puzzles.days
        if day == weekday and week in (None, parity)
    ]


def goal(slug: str) -> str:
    """"win" (win within N) or "best" (the one best move; daily/best.py)."""
    puzzles = registry.get(slug).puzzles
    return puzzles.goal if puzzles is not None else "win"


def latest_servable(now: dt.datetime) -> dt.date:
    """The last date anyone's calendar shows at the aware instant `now`."""
    return (now.astimezone(dt.UTC) + EARLIEST_OFFSET).date()


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def day(date: dt.date) -> dict[str, Any] | None:
    """The scheduled day (number, puzzles with their defence), or None outside it."""
    data = load()
    start = dt.date.fromisoformat(data["start"])
    index = (date - start).days
    if not 0 <= index < len(data["days"]):
        return None
    entry: dict[str, Any] = data["days"][index]
    return entry


def public(puzzle: dict[str, Any]) -> dict[str, Any]:
    """A puzzle as the API gives it: the position and the goal, not the answer. A "best"
    puzzle has `"goal": "best"` and its `empties` instead of `win_in`."""
    if puzzle.get("goal") == "best":
        return {key: puzzle[key] for key in ("game", "moves", "to_move", "goal", "empties")}
    return {key: puzzle[key] for key in ("game", "moves", "to_move", "win_in")}
