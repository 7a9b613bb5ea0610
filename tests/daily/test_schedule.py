"""Every scheduled puzzle, proven again from scratch with the Python engines.

For each date and game of daily/data/schedule.json: the moves are legal from the start, the
side to move is the one named, the goal holds within N against every defence, not within
N - 1, exactly one first move achieves it and it is the one shipped; the defence tree the
page plays is sound. The whole file (380 dates, 760 puzzles) took 16 s on the shared,
busy two-core machine, so it runs with the other fast tests (docs/DAILY.md, "Figures").
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from daily import schedule
from daily.proof import Prover, check, replay
from games.engine import registry
from tools import gen_daily

DAYS = schedule.load()["days"]


def test_the_schedule_covers_a_year_ahead_of_its_first_week():
    start = dt.date.fromisoformat(schedule.load()["start"])
    dates = [dt.date.fromisoformat(day["date"]) for day in DAYS]
    assert dates == [start + dt.timedelta(days=i) for i in range(len(DAYS))]
    assert len(DAYS) >= 372  # a week of archive, then at least 365 days
    assert [day["number"] for day in DAYS] == list(range(1, len(DAYS) + 1))


def test_each_date_has_its_planned_games_and_goals():
    for day in DAYS:
        planned = schedule.plan(dt.date.fromisoformat(day["date"]))
        assert [(p["game"], p["win_in"]) for p in day["puzzles"]] == planned


def test_no_position_comes_twice():
    seen = set()
    for day in DAYS:
        for puzzle in day["puzzles"]:
            key = (puzzle["game"], tuple(puzzle["moves"]))
            assert key not in seen, day["date"]
            seen.add(key)


def _proven(puzzle):
    game = registry.get(puzzle["game"])
    state = replay(game, puzzle["moves"])
    assert game.outcome(state) is None
    assert game.to_move(state) == puzzle["to_move"]
    verdict = check(game, state, puzzle["win_in"])
    assert verdict.wins_within, "the goal is not reachable against every defence"
    assert not verdict.wins_before, "the goal is reachable in fewer moves"
    assert verdict.winning_first_moves == (puzzle["answer"],)
    return game, state


def _tree_is_sound(game, prover, state, node, n):
    assert node["n"] == n
    legal = {game.format_move(state, m) for m in game.legal_moves(state)}
    assert set(node["good"]) | set(node["bad"]) == legal
    assert not set(node["good"]) & set(node["bad"])
    for move, follow in node["good"].items():
        child, winner, over = prover.after(state, game.parse_move(state, move))
        if follow is None:
            assert over and winner == prover.attacker
            continue
        assert prover.holds(child, n - 1)
        reply, after = follow["reply"], None
        after, _winner, _over = prover.after(child, game.parse_move(child, reply))
        if follow["next"] is not None:
            _tree_is_sound(game, prover, after, follow["next"], n - 1)
    for move, refutation in node["bad"].items():
        child, winner, over = prover.after(state, game.parse_move(state, move))
        assert not (over and winner == prover.attacker)
        if refutation["reply"] is not None:
            after, winner, over = prover.after(child, game.parse_move(child, refutation["reply"]))
            assert not prover.wins(after, n - 1) or (over and winner != prover.attacker)


@pytest.mark.parametrize("day", DAYS, ids=[day["date"] for day in DAYS])
def test_every_puzzle_is_proven_and_its_defence_sound(day):
    for puzzle in day["puzzles"]:
        game, state = _proven(puzzle)
        prover = Prover(game, game.to_move(state))
        _tree_is_sound(game, prover, state, puzzle["defence"], puzzle["win_in"])


def test_the_public_shape_hides_the_answer():
    puzzle = DAYS[0]["puzzles"][0]
    assert set(schedule.public(puzzle)) == {"game", "moves", "to_move", "win_in"}


def test_the_first_week_is_what_the_seed_gives():
    data = schedule.load()
    fresh = gen_daily.generate(dt.date.fromisoformat(data["start"]), 7, data["seed"])
    assert json.loads(gen_daily.dumps(fresh))["days"] == DAYS[:7]


@pytest.mark.parametrize("tamper", ["answer", "longer", "shorter", "side"])
def test_the_proof_catches_a_wrong_puzzle(tamper):
    # The checks above can fail: a puzzle changed in any of its facts is refused.
    puzzle = dict(next(p for d in DAYS for p in d["puzzles"]
                       if p["game"] == "score-four" and p["win_in"] == 3))
    if tamper == "answer":
        puzzle["answer"] = next(iter(puzzle["defence"]["bad"]))
    elif tamper == "longer":
        puzzle["win_in"] = 4  # a win in 3 is also "within 4", but then not "not within 3"
    elif tamper == "shorter":
        puzzle["win_in"] = 2
    else:
        puzzle["to_move"] = 1 - puzzle["to_move"]
    with pytest.raises(AssertionError):
        _proven(puzzle)
