"""The staff review's daily puzzle table: per puzzle date and game, how many attempts were
reported, the share solved and the median tries of the solved ones.

`load_puzzle_counts` is the only database access (one GROUP BY over the events received in
the review's range); `puzzle_days` is plain Python over its rows, so tests feed it rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from statistics import median

from django.db.models import Count

from stats.models import Event
from stats.reports import Bar, day_range


@dataclass(frozen=True)
class PuzzleDay:
    puzzle: date
    game: str
    attempts: int
    solved: int
    median_tries: float | None  # of the solved attempts; None when none was solved

    @property
    def rate(self) -> Bar:
        return Bar(self.game, self.solved, self.attempts)


def load_puzzle_counts(start: date, end: date, game: str | None = None) -> list[dict]:
    low, high = day_range(start, end)
    rows = Event.objects.filter(kind="puzzle-attempt", hour__gte=low, hour__lt=high)
    if game:
        rows = rows.filter(game=game)
    return list(rows.values("puzzle", "game", "result", "tries").annotate(n=Count("id")).order_by())


def puzzle_days(rows: list[dict]) -> list[PuzzleDay]:
    """Newest puzzle date first, then by game."""
    groups: dict[tuple[date, str], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["puzzle"], row["game"]), []).append(row)
    days = []
    for (puzzle, game), group in groups.items():
        attempts = sum(row["n"] for row in group)
        solved_tries = [
            row["tries"] for row in group if row["result"] == "win" for _ in range(row["n"])
        ]
        days.append(PuzzleDay(
            puzzle, game, attempts, len(solved_tries),
            median(solved_tries) if solved_tries else None,
        ))
    days.sort(key=lambda day: (-day.puzzle.toordinal(), day.game))
    return days
