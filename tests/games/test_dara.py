"""Dara rules, played through the engine (facts from seed 003's rules page)."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.base import EngineError, Outcome, play_text
from games.engine.dara import CELLS, EDGE_CASES, GAME
from tests.games.placement_checks import PlacementChecks

# EDGE_CASES by what they show (the module lists them in this order).
DOUBLE_LINE, COLUMN_LINE, TAKE_FROM_LINE, FOUR_REFUSED, DIAGONAL = EDGE_CASES[:5]
PIECES_LOSS, NO_PLACEMENT, REPETITION, MOVE_LIMIT = EDGE_CASES[5:]


CHECKS = PlacementChecks(GAME)
play_all, legal_texts, assert_refused = CHECKS.play_all, CHECKS.legal_texts, CHECKS.assert_refused
position, stones, assert_final = CHECKS.position, CHECKS.owned, CHECKS.assert_final


def example_position():
    """Seed 003: own (1,1) (1,2) (2,3), enemy (4,1) (4,3) (4,5), all stones placed."""
    board = {"a1": "w", "b1": "w", "c2": "w", "a4": "b", "c4": "b", "e4": "b"}
    return position(board)


# --- the board and placement -------------------------------------------------------------


def test_five_rows_of_six_named_from_the_top_left():
    assert len(CELLS) == 30 and CELLS[0] == "a1" and CELLS[5] == "f1" and CELLS[-1] == "f5"
    assert CELLS.index("c2") == 1 * 6 + 2  # the rules page's (row 2, column 3)


def test_twelve_stones_each_are_placed_alternately():
    state = GAME.initial_state()
    assert GAME.dump(state)["reserve"] == [12, 12] and len(GAME.legal_moves(state)) == 30
    state = play_all(["c3"], state)
    assert GAME.to_move(state) == 1 and GAME.dump(state)["reserve"] == [11, 12]
    assert_refused(state, "c3", "occupied")
    assert_refused(state, "c3-c4", "wrong-phase")


def test_common_mistake_three_in_a_row_is_refused_during_placement():
    state = play_all(["a1", "f5", "b1", "f4"])
    assert_refused(state, "c1", "dara-three-in-placement")
    assert "c1" not in legal_texts(state)
    state = play_all(["a1", "f5", "a2", "e5"])
    assert_refused(state, "a3", "dara-three-in-placement")  # a column counts too
    assert_refused(state, "c3xf5", "capture-not-allowed")  # placements never capture


def test_placement_that_joins_two_stones_into_four_is_refused_too():
    state = play_all(["a1", "f5", "b1", "f3", "d1", "e5"])
    assert_refused(state, "c1", "dara-three-in-placement")


def test_a_diagonal_three_may_be_placed():
    state = play_all(["a1", "f5", "b2", "f3"])
    assert "c3" in legal_texts(state)
    assert GAME.to_move(play_text(GAME, state, "c3")) == 1


def test_moving_starts_after_all_24_stones_are_placed():
    state = play_all(DOUBLE_LINE[:23])
    assert GAME.dump(state)["reserve"] == [0, 1]
    assert all(m.src is None for m in GAME.legal_moves(state))
    state = play_all(DOUBLE_LINE[23:24], state)
    assert GAME.dump(state)["reserve"] == [0, 0]
    assert all(m.src is not None for m in GAME.legal_moves(state))
    assert_refused(state, "c1", "wrong-phase")


# --- moving and capturing ----------------------------------------------------------------


def test_worked_example_the_new_line_takes_a_stone_and_wins():
    state = example_position()
    assert [t for t in legal_texts(state) if t.startswith("c2-c1")] == [
        "c2-c1xa4",
        "c2-c1xc4",
        "c2-c1xe4",
    ]
    after = play_text(GAME, state, "c2-c1xa4")
    assert stones(after, 0) == ["a1", "b1", "c1"] and stones(after, 1) == ["c4", "e4"]
    assert GAME.outcome(after) == Outcome(0, "pieces", ())
    assert GAME.legal_moves(after) == []


def test_a_line_must_name_one_enemy_stone():
    state = example_position()
    assert_refused(state, "c2-c1", "capture-required")
    assert_refused(state, "c2-c1xa1", "capture-invalid")  # own stone
    assert_refused(state, "c2-c1xc1", "capture-invalid")  # the moved stone itself
    assert_refused(state, "c2-c1xf5", "capture-invalid")  # empty cell
    assert_refused(state, "c2-d2xa4", "capture-not-allowed")


def test_stones_move_one_step_orthogonally_to_an_empty_cell():
    state = example_position()
    assert [t for t in legal_texts(state) if t.startswith("c2")] == [
        "c2-b2", "c2-c1xa4", "c2-c1xc4", "c2-c1xe4", "c2-c3", "c2-d2",
    ]  # fmt: skip
    assert_refused(state, "c2-d3", "not-adjacent")  # diagonal step
    assert_refused(state, "c2-c5", "not-adjacent")  # three cells away
    assert_refused(state, "a4-a3", "not-your-piece")
    assert_refused(state, "d3-d2", "not-your-piece")
    assert_refused(state, "b1-a1", "occupied")


def test_a_line_made_by_moving_along_a_column_captures():
    before = play_all(COLUMN_LINE[:-1])
    after = play_text(GAME, before, COLUMN_LINE[-1])
    assert {"c3", "c4", "c5"} <= set(stones(after, 0)) and "c2" not in stones(after, 0)
    assert len(stones(after, 1)) == len(stones(before, 1)) - 1


def test_faq_two_lines_at_once_remove_one_stone():
    before = play_all(DOUBLE_LINE[:-1])
    enemy = stones(before, 1)
    assert [t for t in legal_texts(before) if t.startswith("d1-d2")] == [
        f"d1-d2x{c}" for c in enemy
    ]
    after = play_text(GAME, before, "d1-d2xa5")
    assert {"b2", "c2", "d2", "d3", "d4"} <= set(stones(after, 0))
    assert stones(after, 1) == sorted(set(enemy) - {"a5"})
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(before, "d1-d2xa5xb5")
    assert caught.value.code == "bad-notation"


def test_faq_a_stone_in_the_enemys_line_can_be_removed():
    before = play_all(TAKE_FROM_LINE[:-1])
    assert {"c3", "c4", "c5"} <= set(stones(before, 0))  # white's own line of three
    assert "d2-d3xc3" in legal_texts(before)
    assert "c3" not in stones(play_text(GAME, before, "d2-d3xc3"), 0)


def test_a_move_making_four_in_a_line_is_refused():
    before = play_all(FOUR_REFUSED[:-1])
    assert {"e1", "e2", "e4"} <= set(stones(before, 0)) and "d3" in stones(before, 0)
    assert_refused(before, "d3-e3", "dara-four-line")
    assert not [t for t in legal_texts(before) if t.startswith("d3-e3")]
    after = play_text(GAME, before, FOUR_REFUSED[-1])
    assert len(stones(after, 1)) == 11


def test_a_diagonal_three_made_by_moving_takes_nothing():
    before = play_all(DIAGONAL[:-1])
    after = play_text(GAME, before, "b4-c4")
    assert {"b3", "c4", "d5"} <= set(stones(after, 0))
    assert [t for t in legal_texts(before) if t.startswith("b4-c4")] == ["b4-c4"]
    assert_refused(before, "b4-c4xa1", "capture-not-allowed")


# --- how it ends -------------------------------------------------------------------------


def test_fewer_than_three_stones_loses():
    state = play_all(PIECES_LOSS)
    assert len(stones(state, 1)) == 2
    assert_final(state, 0, "pieces")


def test_no_legal_placement_loses():
    state = play_all(NO_PLACEMENT)
    assert GAME.dump(state)["reserve"][1] > 0
    assert GAME.to_move(state) == 0 and GAME.dump(state)["reserve"] == [1, 1]
    white = set(stones(state, 0))
    empty = [c for c in CELLS if c not in GAME.dump(state)["board"]]
    assert empty and all(makes_three(white | {cell}, cell) for cell in empty)
    assert_final(state, 1, "no-moves")


def makes_three(own, cell):
    """Whether `own` holds three in a row or column through `cell` (checked by hand)."""
    column, row = "abcdef".index(cell[0]), int(cell[1])
    for d_column, d_row in ((1, 0), (0, 1)):
        run = 1
        for sign in (1, -1):
            c, r = column + sign * d_column, row + sign * d_row
            while 0 <= c < 6 and 1 <= r <= 5 and f"{'abcdef'[c]}{r}" in own:
                run += 1
                c, r = c + sign * d_column, r + sign * d_row
        if run >= 3:
            return True
    return False


def test_a_move_that_leaves_the_enemy_no_move_wins():
    board = {"a1": "b", "b1": "b", "a2": "b", "c1": "w", "b2": "w", "d5": "w", "e4": "w"}
    board |= {"a4": "w", "f1": "b"}
    state = position(board, to_move=0)  # white a4-a3 walls in a1, b1, a2; f1 can still step
    after = play_text(GAME, state, "a4-a3")
    assert GAME.outcome(after) is None
    state = position(board | {"f2": "w", "e1": "w"}, to_move=0)
    assert GAME.outcome(play_text(GAME, state, "a4-a3")) == Outcome(0, "no-moves", ())


def test_third_occurrence_of_a_position_is_a_draw():
    assert GAME.outcome(play_all(REPETITION[:-4])) is None  # second occurrence
    assert GAME.outcome(play_all(REPETITION[:-1])) is None
    assert_final(play_all(REPETITION), None, "repetition")


def test_120_actions_without_progress_draw():
    state = play_all(MOVE_LIMIT[:-1])
    assert GAME.dump(state)["quiet"] == 119 and GAME.outcome(state) is None
    state = play_all(MOVE_LIMIT[-1:], state)
    assert_final(state, None, "move-limit")


def test_placements_and_captures_are_progress_and_reset_the_counter():
    assert all(GAME.dump(play_all(MOVE_LIMIT[:n]))["quiet"] == 0 for n in range(25))
    assert GAME.dump(play_all(MOVE_LIMIT[:26]))["quiet"] == 2
    state = play_all(PIECES_LOSS[:34])
    assert "x" not in PIECES_LOSS[33] and GAME.dump(state)["quiet"] == 1
    assert "x" in PIECES_LOSS[34] and GAME.dump(play_all(PIECES_LOSS[:35]))["quiet"] == 0


# --- notation ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "a", "g1", "a6", "a0", "a1-", "a1-b", "a1x", "a1 ", 3])
def test_bad_notation(text):
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(GAME.initial_state(), text)
    assert caught.value.code == "bad-notation"


def test_notation_is_case_insensitive_and_canonically_lower_case():
    state = example_position()
    assert GAME.format_move(state, GAME.parse_move(state, "C2-C1XA4")) == "c2-c1xa4"


def test_malformed_move_values_are_bad_notation():
    for move in [(None, 30, None), (None, None, None), ("a1", 0, None), (0, 1), "a1"]:
        with pytest.raises(EngineError) as caught:
            GAME.play(GAME.initial_state(), move)
        assert caught.value.code == "bad-notation"


# --- states ------------------------------------------------------------------------------


def test_states_are_immutable_and_play_returns_a_new_one():
    state = example_position()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.quiet = 3
    dumped = GAME.dump(state)
    play_text(GAME, state, "c2-c3")
    assert GAME.dump(state) == dumped


@pytest.mark.parametrize("case", range(len(EDGE_CASES)))
def test_dump_and_load_round_trip_along_every_edge_case(case):
    CHECKS.assert_round_trips_along(EDGE_CASES[case])


BAD_STATES = {
    "not a dict": lambda d: None,
    "missing key": lambda d: {k: v for k, v in d.items() if k != "history"},
    "extra key": lambda d: d | {"ply": 30},
    "other game": lambda d: d | {"game": "nine-mens-morris"},
    "unknown cell": lambda d: d | {"board": d["board"] | {"a6": "w"}},
    "bad owner": lambda d: d | {"board": d["board"] | {"a5": "x"}},
    "reserve too big": lambda d: d | {"reserve": [13, 13]},
    "reserves out of turn": lambda d: d | {"reserve": [2, 2], "to_move": 1},
    "to_move bool": lambda d: d | {"to_move": False},
    "quiet over limit": lambda d: d | {"quiet": 121},
    "history too long": lambda d: d | {"history": d["history"] * 2},
    "history entry long": lambda d: d | {"history": [d["history"][0] + "0"] + d["history"][1:]},
    "history wrong side": lambda d: d | {"history": d["history"][1:] + d["history"][:1]},
    "history with other counts": lambda d: d | {"history": ["." * 30 + "0"] + d["history"][1:]},
}


@pytest.mark.parametrize("name", sorted(BAD_STATES))
def test_load_refuses_invalid_states(name):
    data = GAME.dump(play_all(REPETITION[:-5]))
    assert len(data["history"]) == 3
    with pytest.raises(EngineError) as caught:
        GAME.load(BAD_STATES[name](data))
    assert caught.value.code == "bad-state"


def test_load_refuses_positions_no_game_reaches():
    with pytest.raises(EngineError, match="still to place"):
        position({"a1": "w"}, reserve=(10, 10))  # placement never loses stones
    with pytest.raises(EngineError, match="in a line"):
        position({"a1": "w", "b1": "w", "c1": "w", "f5": "b", "f3": "b", "d5": "b"}, reserve=(9, 9))
    four = {"a1": "w", "a2": "w", "a3": "w", "a4": "w", "f1": "b", "f3": "b", "f5": "b"}
    with pytest.raises(EngineError, match="in a line"):
        position(four)
    with pytest.raises(EngineError, match="quiet"):
        GAME.load(GAME.dump(play_all(["a1"])) | {"quiet": 1, "history": ["." * 30 + "0"]})


# --- legal_moves and play agree ----------------------------------------------------------


def test_play_accepts_exactly_the_legal_moves_in_sampled_positions():
    CHECKS.assert_play_accepts_exactly_the_legal_moves(seed=11, share=0.05)
