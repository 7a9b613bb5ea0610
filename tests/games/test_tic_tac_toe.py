"""Tic-tac-toe rules through the engine: the examples, mistake and FAQ of seed 003."""

from __future__ import annotations

import pytest

from games.engine.base import EngineError, Outcome
from games.engine.tic_tac_toe import EDGE_CASES, GAME

from .checks import GameChecks

CHECKS = GameChecks(GAME)
play_all, assert_refused = CHECKS.play_all, CHECKS.assert_refused


def test_worked_example_first_player_completes_the_top_row():
    # top-left, centre, top-middle, bottom-left, top-right
    state = play_all(["a1", "b2", "b1", "a3", "c1"])
    assert GAME.outcome(state) == Outcome(0, "line", ("a1", "b1", "c1"))


def test_common_mistake_nothing_is_placed_after_a_win():
    state = play_all(EDGE_CASES[0])
    assert GAME.legal_moves(state) == []
    assert_refused(state, "c3", "game-over")


def test_faq_both_long_diagonals_count():
    assert GAME.outcome(play_all(EDGE_CASES[2])) == Outcome(0, "line", ("c1", "b2", "a3"))
    state = play_all(["a1", "b1", "b2", "c1", "c3"])
    assert GAME.outcome(state) == Outcome(0, "line", ("a1", "b2", "c3"))


def test_faq_a_full_board_without_a_line_is_a_draw_and_marks_never_move():
    state = play_all(EDGE_CASES[3])
    assert GAME.outcome(state) == Outcome(None, "full", ())
    assert GAME.legal_moves(state) == []
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(state, "a1-b2")
    assert caught.value.code == "bad-notation"


def test_a_line_on_the_ninth_mark_wins_rather_than_draws():
    assert GAME.outcome(play_all(EDGE_CASES[4])) == Outcome(0, "line", ("a2", "b2", "c2"))


def test_second_player_can_win():
    assert GAME.outcome(play_all(EDGE_CASES[1])) == Outcome(1, "line", ("b1", "b2", "b3"))


def test_a_marked_point_cannot_be_overwritten():
    state = play_all(["b2"])
    assert_refused(state, "b2", "occupied")
    assert 4 not in GAME.legal_moves(state)


def test_an_unfinished_line_scores_nothing():
    state = play_all(["a1", "b2", "b1"])
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == 1


@pytest.mark.parametrize("text", ["d1", "a4", "a", "", "a1-b1", "b2xa1", "11"])
def test_malformed_points_are_bad_notation(text):
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(GAME.initial_state(), text)
    assert caught.value.code == "bad-notation"


def test_parsing_is_case_insensitive():
    assert GAME.parse_move(GAME.initial_state(), "C3") == 8
    assert GAME.format_move(GAME.initial_state(), 8) == "c3"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([], "keys"),
        ({"game": "tic-tac-toe", "board": "." * 9, "to_move": 0, "extra": 1}, "keys"),
        ({"game": "tic-tac-toe", "board": "." * 8, "to_move": 0}, "board"),
        ({"game": "tic-tac-toe", "board": "X........", "to_move": 1}, "board"),
        ({"game": "tic-tac-toe", "board": "xx.......", "to_move": 0}, "x moves first"),
        ({"game": "tic-tac-toe", "board": "x........", "to_move": 0}, "to_move"),
        ({"game": "tic-tac-toe", "board": "x........", "to_move": 2}, "to_move"),
        ({"game": "tic-tac-toe", "board": "x........", "to_move": 1.0}, "to_move"),
        ({"game": "tic-tac-toe", "board": "ooox.x.xx", "to_move": 1}, "did not move last"),
        ({"game": "tic-tac-toe", "board": "xxxo.o.o.", "to_move": 0}, "did not move last"),
        ({"game": "tic-tac-toe", "board": "xxxoooxo.", "to_move": 0}, "did not move last"),
        # Both sides have a line.
        ({"game": "tic-tac-toe", "board": "xxxooo...", "to_move": 0}, "did not move last"),
    ],
)
def test_load_refuses_impossible_boards(data, fragment):
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert caught.value.code == "bad-state"
    assert fragment in caught.value.message


def test_load_accepts_a_double_line_made_by_one_mark():
    # x's last mark at a1 can complete the top row and the left column at once.
    state = GAME.load({"game": "tic-tac-toe", "board": "xxxxooxoo", "to_move": 1})
    assert GAME.outcome(state) == Outcome(0, "line", ("a1", "b1", "c1"))
