"""Gomoku's rules through the Python engine: the three settings, Renju's forbidden points,
notation, dump and load, and the committed vectors (tests/vectors/gomoku/)."""

from __future__ import annotations

import doctest
import json

import pytest

from games.engine import gomoku, gomoku_lines
from games.engine.base import EngineError, Outcome
from games.engine.gomoku import GAME
from tests.games import gomoku_vectors as vectors

from .checks import GameChecks

CHECKS = GameChecks(GAME)
assert_refused = CHECKS.assert_refused


def play_all(texts, rule="freestyle"):
    return CHECKS.play_all(texts, GAME.initial_state(rule))


def test_module_examples_run():
    for module in (gomoku, gomoku_lines):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed


def test_notation_columns_a_to_o_with_i_rows_from_the_bottom():
    state = GAME.initial_state()
    assert GAME.parse_move(state, "a1") == 0
    assert GAME.parse_move(state, "I1") == 8
    assert GAME.parse_move(state, "H8") == 7 * 15 + 7
    assert GAME.format_move(state, 224) == "O15"
    for bad in ["P1", "A0", "A16", "H 8", "", "8H"]:
        with pytest.raises(EngineError) as caught:
            GAME.parse_move(state, bad)
        assert caught.value.code == "bad-notation"
        assert bad not in caught.value.message or not bad


def test_black_first_occupied_and_game_over_refused_without_change():
    state = play_all(["H8"])
    assert GAME.to_move(state) == 1
    assert_refused(state, "H8", "occupied")
    won = play_all(vectors.EDGE_GAMES["freestyle"][2][1])
    assert GAME.outcome(won).winner == 0
    assert GAME.legal_moves(won) == []
    assert_refused(won, "H8", "game-over")


def test_unknown_rule_is_refused():
    with pytest.raises(EngineError) as caught:
        GAME.initial_state("pro")
    assert caught.value.code == "bad-rule"


@pytest.mark.parametrize(("rule", "winner"), [("freestyle", 0), ("exact-five", None)])
def test_black_six_wins_only_in_freestyle(rule, winner):
    state = play_all(vectors._ROW8, rule)
    outcome = GAME.outcome(state)
    if winner is None:
        assert outcome is None
    else:
        assert outcome == Outcome(0, "line", ("E8", "F8", "G8", "H8", "I8", "J8"))


@pytest.mark.parametrize(("rule", "wins"), [("freestyle", True), ("exact-five", False),
                                             ("renju", True)])
def test_white_six_wins_except_in_exact_five(rule, wins):
    outcome = GAME.outcome(play_all(vectors._WHITE_ROW8, rule))
    assert (outcome == Outcome(1, "line", ("E8", "F8", "G8", "H8", "I8", "J8"))) == wins
    assert wins or outcome is None


def test_renju_refuses_black_six_with_a_clear_code():
    state = play_all(vectors._ROW8[:-1], "renju")
    assert GAME.forbidden_points(state) == {"H8": "overline"}
    assert "H8" not in CHECKS.legal_texts(state)
    assert_refused(state, "H8", "renju-overline")


@pytest.mark.parametrize("title", list(vectors.POSITIONS))
def test_hand_worked_renju_positions(title):
    black, white, expect, _move = vectors.POSITIONS[title]
    state = vectors.position(black, white)
    forbidden = GAME.forbidden_points(state)
    legal = set(CHECKS.legal_texts(state))
    for text, kind in expect.items():
        assert forbidden.get(text) == kind
        assert (text in legal) == (kind is None)
    # The same stones under the other rules forbid nothing.
    for rule in ("freestyle", "exact-five"):
        other = GAME.load({**GAME.dump(state), "rule": rule})
        assert GAME.forbidden_points(other) == {}
        assert set(CHECKS.legal_texts(other)) == legal | set(forbidden)


def test_forbidden_moves_are_refused_with_their_kind():
    for black, white, expect, _move in vectors.POSITIONS.values():
        state = vectors.position(black, white)
        for text, kind in expect.items():
            if kind is not None:
                assert_refused(state, text, f"renju-{kind}")


def test_five_wins_over_a_double_four_and_an_overline_made_with_it():
    for title in ("five with a double-four wins", "five with an overline wins"):
        black, white, _expect, move = vectors.POSITIONS[title]
        after = CHECKS.play_all([move], vectors.position(black, white))
        assert GAME.outcome(after) == Outcome(0, "line", ("D8", "E8", "F8", "G8", "H8"))


def test_white_is_never_restricted():
    black, white, _expect, _move = vectors.POSITIONS["double-three"]
    # Swap the colours' roles: white to move on black's double-three shape is free.
    state = vectors.position(black, white)
    state = CHECKS.play_all(["O8"], state)
    assert GAME.to_move(state) == 1
    assert GAME.forbidden_points(state) == {}
    assert "H8" in CHECKS.legal_texts(state)


@pytest.mark.parametrize("rule", gomoku.RULES)
def test_full_board_is_a_draw(rule):
    state = play_all(vectors.full_board_draw(rule), rule)
    assert GAME.outcome(state) == Outcome(None, "full", ())
    assert GAME.load(GAME.dump(state)) == state


def test_load_refuses_positions_play_cannot_reach():
    base = GAME.dump(GAME.initial_state("renju"))
    six = list(base["board"])
    for text in ["E8", "F8", "G8", "H8", "I8", "J8"]:
        six[gomoku_lines.point(text)] = "b"
    for text in ["A1", "C1", "E1", "G1", "I1", "K1"]:
        six[gomoku_lines.point(text)] = "w"
    bad = [
        {**base, "rule": "pro"},
        {**base, "board": "b" * 225},
        {**base, "to_move": 1},
        {**base, "board": "".join(six)},  # black's six under Renju, and white moved last
        {key: value for key, value in base.items() if key != "rule"},
    ]
    for data in bad:
        with pytest.raises(EngineError) as caught:
            GAME.load(data)
        assert caught.value.code == "bad-state"


def test_load_finds_the_outcome_play_found():
    for rule in gomoku.RULES:
        for _what, texts in vectors.EDGE_GAMES[rule]:
            state = play_all(texts, rule)
            assert GAME.load(GAME.dump(state)) == state


def test_committed_vectors_match_the_engine():
    for file_name, text in vectors.build_all().items():
        path = vectors.VECTORS_DIR / file_name
        assert path.exists(), "run: python -m tests.games.gomoku_vectors"
        assert path.read_text(encoding="utf-8") == text, (
            f"{file_name} is stale: run python -m tests.games.gomoku_vectors"
        )


def test_vectors_hold_complete_games_and_forbidden_points():
    forbidden_seen = 0
    for rule in gomoku.RULES:
        data = json.loads((vectors.VECTORS_DIR / f"{rule}.json").read_text(encoding="utf-8"))
        randoms = [e for e in data["entries"] if e["kind"] == "random"]
        assert len(randoms) == vectors.RANDOM_GAMES
        for entry in randoms:
            assert entry["steps"][-1]["outcome"] is not None
        forbidden_seen += sum(bool(s["forbidden"]) for e in data["entries"] for s in e["steps"])
    assert forbidden_seen > 500
