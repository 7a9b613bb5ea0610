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

DATA = Path(__file__).resolve().parent / "data" / "schedule.json"

# Monday first (date.weekday()). Score Four grows from a win in 1 to a win in 5.
SCORE_FOUR_WIN_IN = (1, 2, 2, 3, 3, 4, 5)
# The three-in-a-row family, one game a day. Short wins in Nine Men's Morris and Dara are
# rarely unique in one move (two captures usually finish), so they start at 2; Sunday's
# game alternates between them by ISO week.
FAMILY = (
    ("tic-tac-toe", 1),
    ("three-mens-morris", 2),
    ("nine-mens-morris", 2),
    ("dara", 2),
    ("tic-tac-toe", 2),
    ("three-mens-morris", 3),
    (None, 2),
)
SUNDAY_GAMES = ("nine-mens-morris", "dara")
# The reader's calendar can be this far ahead of UTC (Kiribati's Line Islands, UTC+14).
EARLIEST_OFFSET = dt.timedelta(hours=14)


def plan(date: dt.date) -> list[tuple[str, int]]:
    """The (game, win_in) pairs of `date`: Score Four first, then the family's game."""
    weekday = date.weekday()
    slug, n = FAMILY[weekday]
    if slug is None:
        slug = SUNDAY_GAMES[date.isocalendar().week % 2]
    return [("score-four", SCORE_FOUR_WIN_IN[weekday]), (slug, n)]


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
    """A puzzle as the API gives it: the position and the goal, not the answer."""
    return {key: puzzle[key] for key in ("game", "moves", "to_move", "win_in")}
