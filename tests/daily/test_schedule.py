"""Every scheduled puzzle, proven again from scratch with the Python engines.

For each date and game of daily/data/schedule.json: the moves are legal from the start, the
side to move is the one named, the goal holds within N against every defence, not within
N - 1, exactly one first move achieves it and it is the one shipped; the defence tree the
page plays is sound. A best-move puzzle (goal "best") is solved again by the game's exact
solver: every move's score, the one best move, each reply and the best line. The whole file
runs with the other fast tests (docs/DAILY.md, "Figures").
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from daily import best, schedule
from daily.proof import Prover, check, replay
from games import registry as games
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
        assert [(p["game"], p.get("win_in", p.get("empties"))) for p in day["puzzles"]] == planned
        for puzzle in day["puzzles"]:
            assert puzzle.get("goal", "win") == schedule.goal(puzzle["game"])


def test_a_game_joins_from_its_first_date_on():
    # The dates already published keep their puzzles: a game that joins names its first date.
    for entry in games.GAMES:
        if entry.puzzles is None or not entry.puzzles.since:
            continue
        since = entry.puzzles.since
        before = [d for d in DAYS if d["date"] < since]
        after = [d for d in DAYS if d["date"] >= since]
        assert not any(p["game"] == entry.slug for d in before for p in d["puzzles"])
        assert sum(p["game"] == entry.slug for d in after[:7] for p in d["puzzles"]) == len(
            entry.puzzles.days
        )


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
        if puzzle.get("goal") == "best":
            _best_proven(puzzle)
            continue
        game, state = _proven(puzzle)
        prover = Prover(game, game.to_move(state))
        _tree_is_sound(game, prover, state, puzzle["defence"], puzzle["win_in"])


def _best_proven(puzzle):
    """A best-move puzzle, solved again: the one best move is the answer, each move's score,
    count and reply are the solver's, and the best line keeps the best score to the end."""
    game = registry.get(puzzle["game"])
    state = replay(game, puzzle["moves"])
    assert game.outcome(state) is None
    assert game.to_move(state) == puzzle["to_move"]
    assert len(game.points) - sum(game.discs(state)) == puzzle["empties"]
    found = best.scores(game, state)
    verdict = best.judge(found)
    assert verdict.is_puzzle, f"not a puzzle: best moves {verdict.best}, score {verdict.score}"
    assert verdict.best == (puzzle["answer"],)
    assert verdict.score == puzzle["score"]
    assert set(puzzle["outcomes"]) == set(found)
    me = puzzle["to_move"]
    for move, outcome in puzzle["outcomes"].items():
        assert outcome["score"] == found[move], move
        assert outcome["discs"] == list(best.counts(game, found[move]))
        child = game.play(state, game.parse_move(state, move))
        if outcome["reply"] is None:
            assert game.outcome(child) is not None
            continue
        after = game.play(child, game.parse_move(child, outcome["reply"]))
        assert best.value(game, after, me) == found[move], f"{move}: not a best reply"
    line = puzzle["line"]
    assert line[0] == puzzle["answer"] and line[1] == puzzle["outcomes"][line[0]]["reply"]
    for text in line:
        state = game.play(state, game.parse_move(state, text))
        assert best.value(game, state, me) == puzzle["score"], f"{text}: not best play"
    assert game.outcome(state) is not None
    assert len(game.points) == sum(game.discs(state)), "the best line leaves empty squares"
    assert list(game.discs(state))[:: 1 if me == 0 else -1] == puzzle["outcomes"][line[0]]["discs"]


def test_the_public_shape_hides_the_answer():
    puzzle = DAYS[0]["puzzles"][0]
    assert set(schedule.public(puzzle)) == {"game", "moves", "to_move", "win_in"}
    chosen = next(p for d in DAYS for p in d["puzzles"] if p.get("goal") == "best")
    assert set(schedule.public(chosen)) == {"game", "moves", "to_move", "goal", "empties"}


def test_the_first_week_is_what_the_seed_gives():
    data = schedule.load()
    fresh = gen_daily.generate(dt.date.fromisoformat(data["start"]), 7, data["seed"])
    assert json.loads(gen_daily.dumps(fresh))["days"] == DAYS[:7]


def test_the_first_week_of_a_best_move_game_is_what_the_seed_gives():
    data = schedule.load()
    for entry in games.GAMES:
        if entry.puzzles is None or entry.puzzles.goal != "best":
            continue
        start = dt.date.fromisoformat(entry.puzzles.since or data["start"])
        first = (start - dt.date.fromisoformat(data["start"])).days
        fresh = gen_daily.generate(start, 7, data["seed"], only=(entry.slug,), keep=data)
        assert json.loads(gen_daily.dumps(fresh))["days"] == [
            {**day, "number": day["number"] - first} for day in DAYS[first : first + 7]
        ]


@pytest.mark.parametrize("tamper", ["answer", "score", "reply", "count", "line"])
def test_the_proof_catches_a_wrong_best_move_puzzle(tamper):
    puzzle = json.loads(json.dumps(next(p for d in DAYS for p in d["puzzles"]
                                        if p.get("goal") == "best" and p["empties"] == 10)))
    other = next(move for move in puzzle["outcomes"] if move != puzzle["answer"])
    if tamper == "answer":
        puzzle["answer"] = other
    elif tamper == "score":
        puzzle["score"] += 2
    elif tamper == "reply":
        # A reply that is not the best one (or none where there was one).
        node = puzzle["outcomes"][puzzle["answer"]]
        game = registry.get(puzzle["game"])
        child = game.play(replay(game, puzzle["moves"]), game.parse_move(
            replay(game, puzzle["moves"]), puzzle["answer"]))
        scores = best.scores(game, child)
        worse = [m for m, s in scores.items() if s < max(scores.values())]
        node["reply"] = worse[0] if worse else None
    elif tamper == "count":
        puzzle["outcomes"][other]["discs"] = puzzle["outcomes"][puzzle["answer"]]["discs"]
    else:
        puzzle["line"] = puzzle["line"][:-1]
    with pytest.raises(AssertionError):
        _best_proven(puzzle)


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
