"""Write the daily puzzle schedule, `daily/data/schedule.json`, from a seed.

    python -m tools.gen_daily                                # the shipped schedule
    python -m tools.gen_daily --start 2026-11-23 --days 380 --seed 31
    python -m tools.gen_daily --check                        # regenerate, compare; exit 1
    python -m tools.gen_daily --only GAME     # find GAME's puzzles, keep the others' as written

Each date gets the games and goals `daily.schedule.plan` names. A puzzle is found by
sensible random play to a position (`daily.finder`), then proven exactly (`daily.proof`):
a win within N of the mover's own moves against any defence, none within N - 1, and one
first move only. The defence the page plays is worked out here too (`daily.defence`).
Each date and game draws from its own `random.Random(f"{seed}:{date}:{game}")`, so one
date's puzzles do not depend on the time the others took; no position is used twice. A game
whose goal is "best" gets the one best move of an endgame instead (`daily.best`: N is the
empty squares), with every move's exact score and best reply for the page.

The dates already published never change: a game that joins names its first date
(`Puzzles.since`), and the other games' puzzles come out the same, since each date and game
has its own generator and no game's positions depend on another's (`--only` relies on it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import time
from typing import Any

from daily import defence, finder, schedule
from daily.proof import replay
from games.engine import registry

DEFAULTS = {"start": "2026-11-23", "days": 380, "seed": 31}


def _best(slug: str, n: int, rng: random.Random, seen: set[tuple[str, str]], date: dt.date
          ) -> dict[str, Any]:
    """A best-move puzzle (daily/best.py) at `n` empty squares."""
    found = finder.find_best(slug, n, rng, seen)
    if found is None:
        raise SystemExit(f"no {slug} best-move puzzle at {n} empty squares found for {date}")
    state = replay(registry.get(slug), found.moves)
    return {
        "game": slug,
        "moves": list(found.moves),
        "to_move": registry.get(slug).to_move(state),
        "goal": "best",
        "empties": n,
        "answer": found.answer,
        "score": found.score,
        "line": list(found.line),
        "outcomes": found.outcomes,
    }


def _kept(keep: dict[str, Any], date: dt.date, slug: str) -> dict[str, Any]:
    """`slug`'s puzzle of `date` as the schedule `keep` has it."""
    for day in keep["days"]:
        if day["date"] == date.isoformat():
            for puzzle in day["puzzles"]:
                if puzzle["game"] == slug:
                    return dict(puzzle)
    raise SystemExit(f"no {slug} puzzle for {date} in the schedule to keep: drop --only")


def generate(start: dt.date, days: int, seed: int, log: Any = None,
             only: tuple[str, ...] = (), keep: dict[str, Any] | None = None) -> dict[str, Any]:
    """The schedule from `seed`. With `only` and `keep` (a schedule already written), the
    other games' puzzles are copied from `keep` instead of found again: each date and game
    draws from its own generator and positions are only compared within a game, so they
    come out the same either way (`--check` regenerates everything)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for index in range(days):
        date = start + dt.timedelta(days=index)
        puzzles = []
        for slug, n in schedule.plan(date):
            began = time.monotonic()
            rng = random.Random(f"{seed}:{date.isoformat()}:{slug}")
            if keep is not None and slug not in only:
                puzzles.append(_kept(keep, date, slug))
                continue
            if schedule.goal(slug) == "best":
                puzzles.append(_best(slug, n, rng, seen, date))
                if log:
                    print(f"{date} {slug} best at {n} empty: {puzzles[-1]['answer']} "
                          f"({time.monotonic() - began:.1f} s)", file=log, flush=True)
                continue
            found = finder.find(slug, n, rng, seen)
            if found is None:
                raise SystemExit(f"no {slug} win-in-{n} puzzle found for {date}")
            game = registry.get(slug)
            state = replay(game, found.moves)
            puzzles.append({
                "game": slug,
                "moves": list(found.moves),
                "to_move": game.to_move(state),
                "win_in": n,
                "answer": found.answer,
                "defence": defence.build(game, state, n),
            })
            if log:
                print(f"{date} {slug} win in {n}: {found.answer} "
                      f"({time.monotonic() - began:.1f} s)", file=log, flush=True)
        out.append({"date": date.isoformat(), "number": index + 1, "puzzles": puzzles})
    return {"start": start.isoformat(), "seed": seed, "days": out}


def dumps(data: dict[str, Any]) -> str:
    # One day a line: diffs stay readable and the file stays compact.
    lines = [json.dumps(day, separators=(",", ":"), ensure_ascii=False) for day in data["days"]]
    head = json.dumps({"start": data["start"], "seed": data["seed"]})
    return head[:-1] + ',"days":[\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default=DEFAULTS["start"])
    parser.add_argument("--days", type=int, default=DEFAULTS["days"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--only", action="append", default=[], metavar="GAME",
                        help="find only this game's puzzles, the others kept from the file")
    args = parser.parse_args(argv)
    keep = schedule.load() if args.only and not args.check else None
    data = generate(dt.date.fromisoformat(args.start), args.days, args.seed,
                    None if args.quiet else sys.stderr, tuple(args.only), keep)
    text = dumps(data)
    if args.check:
        same = schedule.DATA.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{schedule.DATA} differs from what the seed gives")
        return 0 if same else 1
    schedule.DATA.parent.mkdir(parents=True, exist_ok=True)
    schedule.DATA.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
