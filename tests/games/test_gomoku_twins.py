"""Random Gomoku games played by the JavaScript twin, replayed by the Python engine: at every
step the same legal moves, the same forbidden points for black under Renju, the same outcome
(the other way round, Python's games replayed by the twin, is tests/js/gomoku.engine.test.mjs)."""

from __future__ import annotations

import pytest

from games.engine.base import play_text
from games.engine.gomoku import GAME
from tests.node_json import node_json


@pytest.fixture(scope="module")
def js_games():
    return node_json(["tests/js/gomoku-random-games.mjs", "--games", "45", "--seed", "7"])["games"]


def _step(state):
    outcome = GAME.outcome(state)
    forbidden = " ".join(f"{p}:{kind}" for p, kind in GAME.forbidden_points(state).items())
    return {"legal": len(GAME.legal_moves(state)), "forbidden": forbidden,
            "outcome": None if outcome is None else outcome.to_json()}


def test_python_agrees_with_every_step_of_the_twins_games(js_games):
    assert len(js_games) == 45
    seen_forbidden = 0
    for index, game in enumerate(js_games):
        state = GAME.initial_state(game["rule"])
        assert _step(state) == game["steps"][0]
        for ply, text in enumerate(game["moves"]):
            state = play_text(GAME, state, text)
            expected = game["steps"][ply + 1]
            assert _step(state) == expected, f"game {index} ({game['rule']}) after {ply + 1}"
            seen_forbidden += bool(expected["forbidden"])
        assert GAME.outcome(state) is not None
        assert GAME.dump(state) == game["final"]
    assert seen_forbidden > 100
