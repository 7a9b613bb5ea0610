"""Best-move puzzles (daily/best.py): the exact solver's verdict, and what the finder keeps."""

from __future__ import annotations

import random

from daily import best, finder
from daily.proof import replay
from games import registry as games
from games.engine import registry

GAME = registry.get("reversi")


def endgame():
    """The rules page's endgame (games/registry.py, example reversi-endgame): black to move,
    6 empty squares; a6 wins 52-12, the only best move, and h5 turns the most discs."""
    example = next(e for e in games.get("reversi").examples if e.id == "reversi-endgame")
    return replay(GAME, example.opening)


def test_one_best_move_that_wins_is_a_puzzle():
    state = endgame()
    verdict = best.check(GAME, state)
    assert verdict == best.Verdict(40, ("a6",), 5, False)
    assert verdict.is_puzzle
    assert best.scores(GAME, state) == {"a6": 40, "h8": 28, "g8": 12, "h5": 8, "g6": 4}
    assert best.counts(GAME, 40) == (52, 12)


def test_two_best_moves_are_not_a_puzzle():
    # The solver's own example: black wins by 12 with c1 or with c7.
    state = GAME.load({"game": "reversi", "to_move": 0, "board":
                       "bw.bbbb.bbbbbbbwbbbbwwwwbbwwwbwbbbwwbwbbbbwwwwwbbb.wbwwb.bbbbbwb"})
    verdict = best.check(GAME, state)
    assert verdict.score == 12 and verdict.best == ("c1", "c7")
    assert not verdict.is_puzzle


def test_a_best_move_that_loses_or_a_forced_pass_is_not_a_puzzle():
    assert not best.Verdict(-4, ("a1",), 3, False).is_puzzle  # the least bad loss
    assert not best.Verdict(0, ("a1",), 3, False).is_puzzle  # a draw
    assert not best.Verdict(6, ("pass",), 1, True).is_puzzle
    assert not best.Verdict(6, ("a1",), 1, False).is_puzzle  # no choice


def test_the_finder_refuses_a_best_move_that_turns_the_most():
    # a6 is best and turns 3 of the 6 h5 turns: kept on that count; a rout (+40) is not kept.
    state = endgame()
    turns = {GAME.format_move(state, m): best.turned(GAME, state, m)
             for m in GAME.legal_moves(state)}
    assert turns["h5"] == 6 and turns["a6"] == 3 and max(turns.values()) == 6
    assert finder.best_puzzle_at(GAME, state) is None  # +40 > CLOSE


def test_best_line_and_outcomes_agree_with_the_solver():
    state = endgame()
    line = ["a6", *best.best_line(GAME, GAME.play(state, GAME.parse_move(state, "a6")))]
    for text in line:
        state = GAME.play(state, GAME.parse_move(state, text))
    assert GAME.outcome(state).winner == 0 and GAME.discs(state) == (52, 12)
    outcomes = best.outcomes(GAME, endgame(), best.scores(GAME, endgame()))
    assert outcomes["a6"] == {"score": 40, "discs": [52, 12], "reply": "h5"}


def test_the_finder_gives_a_proven_puzzle_from_a_seed():
    found = finder.find_best("reversi", 10, random.Random("test"), set())
    assert found is not None
    state = replay(GAME, found.moves)
    verdict = best.check(GAME, state)
    assert verdict.is_puzzle and verdict.best == (found.answer,) and 0 < found.score <= 30
    assert best.empties(GAME, state) == 10
    assert found.line[0] == found.answer
    again = finder.find_best("reversi", 10, random.Random("test"), set())
    assert again == found
