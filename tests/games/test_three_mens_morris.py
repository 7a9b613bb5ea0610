"""Three Men's Morris rules through the engine: the example, mistake and FAQ of seed 003."""

from __future__ import annotations

from itertools import permutations

import pytest

from games.engine.base import EngineError, Outcome, play_text
from games.engine.grid3 import POINTS, line_of
from games.engine.three_mens_morris import ADJACENT, EDGE_CASES, GAME, MOVE_LIMIT

from .checks import GameChecks

CHECKS = GameChecks(GAME)
play_all, assert_refused = CHECKS.play_all, CHECKS.assert_refused

# White a2 b3 c3, black a1 c1 c2; b1, b2 and a3 are empty; white to move.
AFTER_PLACEMENT = ["a2", "a1", "c3", "c1", "b3", "c2"]


def test_worked_example_moving_the_right_middle_piece_up_completes_the_top_row():
    # White (first) a1 b1 c2; black a2 a3 b3.
    state = play_all(EDGE_CASES[0][:-1])
    assert GAME.dump(state)["board"] == "ww.b.wbb."
    assert GAME.outcome(state) is None
    state = play_text(GAME, state, "c2-c1")
    assert GAME.outcome(state) == Outcome(0, "line", ("a1", "b1", "c1"))
    assert_refused(state, "a1-b2", "game-over")


def test_a_line_while_placing_wins_at_once():
    state = play_all(EDGE_CASES[1])
    assert GAME.outcome(state) == Outcome(0, "line", ("a1", "b2", "c3"))
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(play_all(EDGE_CASES[2])) == Outcome(1, "line", ("c1", "b2", "a3"))


def test_common_mistake_outer_points_touching_at_a_corner_are_not_joined():
    state = play_all(AFTER_PLACEMENT)
    assert_refused(state, "a2-b1", "not-adjacent")
    # The same diagonal through the centre is fine in either direction.
    assert GAME.outcome(play_text(GAME, state, "c3-b2")) is None
    assert GAME.outcome(play_text(GAME, state, "a2-b2")) is None


def test_no_jumps_and_no_stepping_onto_a_piece():
    state = play_all(AFTER_PLACEMENT)
    assert_refused(state, "b3-b1", "not-adjacent")
    assert_refused(state, "c3-c2", "occupied")
    assert_refused(state, "b3-b3", "not-adjacent")


def test_only_ones_own_piece_moves():
    state = play_all(AFTER_PLACEMENT)
    assert_refused(state, "a1-b1", "not-your-piece")
    assert_refused(state, "b1-b2", "not-your-piece")


def test_faq_no_moving_while_pieces_remain_in_reserve():
    state = play_all(["a1", "c3"])
    assert_refused(state, "a1-b1", "wrong-phase")
    assert GAME.dump(state)["board"] == "w.......b"
    assert state.reserves == (2, 2)


def test_no_placing_once_every_piece_is_on_the_board():
    state = play_all(AFTER_PLACEMENT)
    assert state.reserves == (0, 0)
    assert_refused(state, "b2", "wrong-phase")


def test_faq_a_line_captures_nothing_it_simply_wins():
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(GAME.initial_state(), "c2-c1xa2")
    assert caught.value.code == "bad-notation"
    state = play_all(EDGE_CASES[0])
    assert GAME.dump(state)["board"].count("b") == 3


def test_placing_on_a_piece_is_refused():
    assert_refused(play_all(["b2"]), "b2", "occupied")


def test_adjacency_orthogonal_plus_diagonals_through_the_centre():
    named = {POINTS[a]: {POINTS[b] for b in ADJACENT[a]} for a in range(9)}
    assert named["b2"] == set(POINTS) - {"b2"}
    assert named["a1"] == {"b1", "a2", "b2"}
    assert named["b1"] == {"a1", "c1", "b2"}
    assert named["c3"] == {"c2", "b3", "b2"}
    assert sum(len(points) for points in named.values()) == 2 * 16


def test_third_occurrence_of_a_position_is_a_draw():
    moves = EDGE_CASES[3]
    assert GAME.outcome(play_all(moves[:-1])) is None
    assert GAME.outcome(play_all(moves)) == Outcome(None, "repetition", ())


def test_120_moving_actions_are_a_draw():
    moves = EDGE_CASES[4]
    assert len(moves) == 6 + MOVE_LIMIT
    before = play_all(moves[:-1])
    assert GAME.outcome(before) is None
    state = play_text(GAME, before, moves[-1])
    assert GAME.outcome(state) == Outcome(None, "move-limit", ())
    assert len(GAME.dump(state)["history"]) == MOVE_LIMIT


def test_a_player_without_moves_would_lose_but_that_position_never_arises():
    # Exhaustively: whenever a side to move is blocked, the other side already has a line,
    # so the game ended by that line first. The rule is kept for completeness.
    boards = {"".join(p) for p in permutations("wwwbbb...")}
    assert len(boards) == 1680
    for board in boards:
        for side, piece in enumerate("wb"):
            blocked = not any(
                board[target] == "."
                for origin in range(9)
                if board[origin] == piece
                for target in ADJACENT[origin]
            )
            if blocked:
                assert line_of(board, "bw"[side]) is not None, board


def test_dump_and_load_keep_the_history_for_repetition():
    moves = EDGE_CASES[3]
    state = play_all(moves[:-1])
    loaded = GAME.load(GAME.dump(state))
    assert loaded == state
    assert GAME.outcome(play_text(GAME, loaded, moves[-1])).reason == "repetition"


def dump_of(moves):
    return GAME.dump(play_all(moves))


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"board": "wwww....."}, "board"),
        ({"board": "bb......."}, "board"),
        ({"board": "w..x....."}, "board"),
        ({"to_move": 0}, "to_move"),
        ({"history": "nope"}, "history"),
        ({"history": ["www......"]}, "history entry"),
        ({"unknown": 1}, "keys"),
    ],
)
def test_load_refuses_malformed_data(change, fragment):
    data = {**dump_of(["a1"]), **change}
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert caught.value.code == "bad-state"
    assert fragment in caught.value.message


def test_load_refuses_a_history_that_no_legal_move_connects():
    data = dump_of(AFTER_PLACEMENT + ["a2-b2"])
    data["history"] = ["..bw.bbww"]
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert "does not follow" in caught.value.message


def test_load_refuses_a_history_running_past_the_end_of_the_game():
    moves = EDGE_CASES[3]
    data = dump_of(moves)
    data["history"].append(data["board"])
    data["board"] = dump_of(moves[:-1])["board"]
    data["to_move"] = 1
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert "already over" in caught.value.message


def test_load_refuses_a_line_for_the_side_to_move():
    data = {"game": "three-mens-morris", "board": "www.bb.b.", "to_move": 0, "history": []}
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert caught.value.code == "bad-state"
