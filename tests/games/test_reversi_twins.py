"""Random Reversi games played by the JavaScript twin, replayed by the Python engine: at every
step the same legal moves and the same outcome, the same final dump; and along each game's
last empty squares the JavaScript solver's score and move (static/js/ai/reversi-solve.js)
checked by the Python solver (games/engine/reversi_solve.py). The other way round, Python's
games and scores read by JavaScript, is tests/js/reversi.engine.test.mjs and
tests/js/reversi.solve.test.mjs."""

from __future__ import annotations

import pytest

from games.engine.base import play_text
from games.engine.reversi import GAME
from games.engine.reversi_solve import move_scores, solve
from tests.node_json import node_json

GAMES = 30


@pytest.fixture(scope="module")
def js_games():
    script = ["tests/js/reversi-random-games.mjs", "--games", str(GAMES), "--seed", "41"]
    return node_json([*script, "--solve-from", "8"])["games"]


def _step(state):
    outcome = GAME.outcome(state)
    legal = sorted(GAME.format_move(state, move) for move in GAME.legal_moves(state))
    return {"legal": " ".join(legal), "outcome": None if outcome is None else outcome.to_json()}


def test_python_agrees_with_every_step_of_the_twins_games(js_games):
    assert len(js_games) == GAMES
    passes = 0
    for index, game in enumerate(js_games):
        state = GAME.initial_state()
        assert _step(state) == game["steps"][0]
        for ply, text in enumerate(game["moves"]):
            state = play_text(GAME, state, text)
            assert _step(state) == game["steps"][ply + 1], f"game {index} after {ply + 1}"
            passes += text == "pass"
        assert GAME.outcome(state) is not None
        assert GAME.dump(state) == game["final"]
    assert passes > 0


def test_the_two_solvers_agree_along_the_twins_games(js_games):
    checked = 0
    for index, game in enumerate(js_games):
        state = GAME.initial_state()
        solved = game["solved"]
        for ply in range(len(game["moves"]) + 1):
            if str(ply) in solved:
                entry = solved[str(ply)]
                assert solve(state) == entry["score"], f"game {index} at ply {ply}"
                if entry["move"] is None:
                    assert GAME.outcome(state) is not None
                elif ply % 3 == 0:  # the move's own score: a full search per move, so a third
                    move = GAME.parse_move(state, entry["move"])
                    assert move_scores(state)[move] == entry["score"], f"game {index} at {ply}"
                checked += 1
            if ply < len(game["moves"]):
                state = play_text(GAME, state, game["moves"][ply])
    assert checked > 200
