"""Nine Men's Morris rules, played through the engine (facts from seed 003's rules page)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from games.engine.base import EngineError, Outcome, play_text
from games.engine.nine_mens_morris import EDGE_CASES, GAME, MILLS, NEIGHBOURS, POINTS
from tests.games.placement_checks import PlacementChecks

# EDGE_CASES by what they show (the module lists them in this order).
EXAMPLE, TWO_MILLS, ALL_IN_MILLS, THREE_WITH_RESERVE, FLIGHT = EDGE_CASES[:5]
PIECES_LOSS, WALLED_IN, BLOCKING_MOVE, REPETITION, MOVE_LIMIT = EDGE_CASES[5:]


CHECKS = PlacementChecks(GAME)
play_all, legal_texts, assert_refused = CHECKS.play_all, CHECKS.legal_texts, CHECKS.assert_refused
position, men, assert_final = CHECKS.position, CHECKS.owned, CHECKS.assert_final


# --- the board -------------------------------------------------------------------------


def test_24_points_16_mills_and_two_mills_through_every_point():
    assert len(POINTS) == len(set(POINTS)) == 24
    assert len(MILLS) == len(set(MILLS)) == 16
    assert all(sum(m >> i & 1 for m in MILLS) == 2 for i in range(24))


def test_squares_are_joined_only_at_the_side_midpoints():
    degree = {POINTS[i]: mask.bit_count() for i, mask in enumerate(NEIGHBOURS)}
    assert Counter(degree.values()) == {2: 12, 3: 8, 4: 4}
    assert {p for p, d in degree.items() if d == 4} == {"d2", "f4", "d6", "b4"}
    joined = {POINTS[j] for j in range(24) if NEIGHBOURS[POINTS.index("d1")] >> j & 1}
    assert joined == {"a1", "g1", "d2"}
    assert not NEIGHBOURS[POINTS.index("a1")] >> POINTS.index("b2") & 1  # corners: no link


# --- placement and the rules page's example --------------------------------------------


def test_placement_alternates_from_a_reserve_of_nine_each():
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0 and len(GAME.legal_moves(state)) == 24
    state = play_all(["a1"], state)
    assert GAME.dump(state)["reserve"] == [8, 9] and GAME.to_move(state) == 1
    assert_refused(state, "a1", "occupied")


def test_worked_example_takes_the_only_man_outside_a_mill_then_the_turn_passes():
    before = play_all(EXAMPLE[:-1])
    assert men(before, 0) == ["a1", "d1", "e5"] and "g7" in men(before, 1)
    assert [t for t in legal_texts(before) if t.startswith("g1")] == ["g1xg7"]
    after = play_text(GAME, before, "g1xg7")
    assert men(after, 1) == ["b6", "d6", "f6"]
    assert GAME.to_move(after) == 1 and GAME.outcome(after) is None


def test_worked_example_from_the_described_position():
    board = {"a1": "w", "d1": "w", "c3": "w", "e5": "w"}
    board |= {"b6": "b", "d6": "b", "f6": "b", "g7": "b"}
    state = position(board, reserve=(5, 5))
    after = play_text(GAME, state, "g1xg7")
    assert "g7" not in GAME.dump(after)["board"] and GAME.to_move(after) == 1


def test_common_mistake_a_man_in_a_mill_is_protected_while_another_is_outside():
    before = play_all(EXAMPLE[:-1])
    for target in ("b6", "d6", "f6"):
        assert_refused(before, f"g1x{target}", "capture-invalid")
    assert_refused(before, "g1", "capture-required")
    assert_refused(before, "g1xa1", "capture-invalid")  # own man
    assert_refused(before, "g1xb2", "capture-invalid")  # empty point
    assert_refused(before, "b2xg7", "capture-not-allowed")  # b2 forms no mill


def test_when_every_enemy_man_stands_in_a_mill_one_of_them_may_be_removed():
    before = play_all(ALL_IN_MILLS[:-1])
    assert men(before, 1) == ["b6", "d6", "f6"]
    assert [t for t in legal_texts(before) if t.startswith("g1")] == [
        "g1xb6",
        "g1xd6",
        "g1xf6",
    ]
    assert men(play_text(GAME, before, "g1xd6"), 1) == ["b6", "f6"]


def test_faq_two_mills_at_once_remove_one_man():
    before = play_all(TWO_MILLS[:-1])
    enemy = men(before, 1)
    d1 = [t for t in legal_texts(before) if t.startswith("d1")]
    assert d1 == sorted(f"d1x{p}" for p in enemy)  # one complete move per single removal
    after = play_text(GAME, before, "d1xb4")
    assert men(after, 1) == sorted(set(enemy) - {"b4"})
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(before, "d1xb4xa7")
    assert caught.value.code == "bad-notation"


def test_a_mill_against_an_empty_board_removes_nothing():
    state = position({"a1": "w", "d1": "w", "c3": "w", "e5": "w"}, reserve=(5, 5))
    assert "g1" in legal_texts(state)
    assert_refused(state, "g1xg7", "capture-invalid")
    assert GAME.to_move(play_text(GAME, state, "g1")) == 1


# --- moving and flying -----------------------------------------------------------------


def test_faq_no_flying_while_men_remain_in_reserve():
    state = play_all(THREE_WITH_RESERVE)
    assert len(men(state, 0)) == 3 and GAME.dump(state)["reserve"] == [2, 2]
    assert all(m.src is None for m in GAME.legal_moves(state))
    assert_refused(state, "a1-g7", "wrong-phase")


def test_moving_starts_when_both_reserves_are_empty():
    state = play_all(WALLED_IN[:-1])  # black still holds its ninth man
    assert GAME.dump(state)["reserve"] == [0, 1]
    assert all(m.src is None for m in GAME.legal_moves(state))
    assert_refused(state, "a7-a1", "wrong-phase")
    assert_refused(state, "a7", "occupied")


def test_men_move_along_lines_to_adjacent_empty_points():
    state = position(
        {"a1": "w", "d1": "w", "f4": "w", "g7": "w"} | {"c3": "b", "e5": "b", "b6": "b"}
    )
    assert legal_texts(state) == [
        "a1-a4", "d1-d2", "d1-g1", "f4-e4", "f4-f2", "f4-f6", "f4-g4", "g7-d7", "g7-g4",
    ]  # fmt: skip
    assert_refused(state, "a1-b2", "not-adjacent")
    assert_refused(state, "a1-d7", "not-adjacent")
    assert_refused(state, "c3-c4", "not-your-piece")
    assert_refused(state, "a4-a7", "not-your-piece")
    assert_refused(state, "a1-d1", "occupied")
    assert_refused(state, "b2", "wrong-phase")


def test_three_men_fly_to_any_empty_point_while_the_opponent_still_steps():
    state = play_all(FLIGHT[:-1])
    assert len(men(state, 0)) == 3 and GAME.dump(state)["reserve"] == [0, 0]
    empty = 24 - len(GAME.dump(state)["board"])
    assert len(GAME.legal_moves(state)) == 3 * empty
    state = play_text(GAME, state, "c4-f4")
    assert len(men(state, 1)) == 4
    assert_refused(state, "c5-a1", "not-adjacent")


# --- how it ends -----------------------------------------------------------------------


def test_fewer_than_three_men_with_an_empty_reserve_loses():
    state = play_all(PIECES_LOSS)
    assert len(men(state, 0)) == 2
    assert_final(state, 1, "pieces")


def test_two_men_with_a_reserve_left_do_not_lose_yet():
    state = play_all(PIECES_LOSS[:-2])
    assert len(men(state, 0)) < 3 and GAME.dump(state)["reserve"][0] > 0
    assert GAME.outcome(state) is None


def test_a_player_walled_in_after_placement_loses():
    state = play_all(WALLED_IN)
    assert len(men(state, 0)) == 9
    assert_final(state, 1, "no-moves")


def test_a_move_that_blocks_every_enemy_man_wins():
    state = play_all(BLOCKING_MOVE)
    assert len(men(state, 1)) > 3
    assert_final(state, 0, "no-moves")


def test_third_occurrence_of_a_position_is_a_draw():
    assert GAME.outcome(play_all(REPETITION[:-4])) is None  # second occurrence
    assert GAME.outcome(play_all(REPETITION[:-1])) is None
    assert_final(play_all(REPETITION), None, "repetition")


def test_100_moving_actions_without_a_capture_draw():
    state = play_all(MOVE_LIMIT[:-1])
    assert GAME.dump(state)["quiet"] == 99 and GAME.outcome(state) is None
    state = play_all(MOVE_LIMIT[-1:], state)
    assert GAME.dump(state)["quiet"] == 100
    assert_final(state, None, "move-limit")


def test_placements_do_not_count_and_captures_reset_the_counter():
    assert GAME.dump(play_all(MOVE_LIMIT[:18]))["quiet"] == 0
    state = play_all(BLOCKING_MOVE[:-1])
    assert GAME.dump(state)["quiet"] == 2
    assert GAME.dump(play_all(BLOCKING_MOVE))["quiet"] == 0


def test_a_block_on_the_hundredth_quiet_move_wins_rather_than_draws():
    # Black's four men a1, a4, a7, d7 keep one free point, d1; white's d2-d1 fills it.
    board = {"a1": "b", "a4": "b", "a7": "b", "d7": "b", "b4": "w", "d6": "w", "g7": "w"}
    board |= {"d2": "w"}
    history = distinct_history(board, to_move=0, count=99)
    state = position(board, to_move=0, quiet=99, history=history)
    after = play_text(GAME, state, "d2-d1")
    assert GAME.dump(after)["quiet"] == 100
    assert GAME.outcome(after) == Outcome(0, "no-moves", ())


def distinct_history(board, to_move, count):
    """`count` made-up earlier positions with the same men (load checks only their shape)."""
    white = sum(1 for who in board.values() if who == "w")
    black = len(board) - white
    rng = random.Random(7)
    keys = set()
    while len(keys) < count:
        cells = ["w"] * white + ["b"] * black + ["."] * (24 - white - black)
        rng.shuffle(cells)
        keys.add("".join(cells))
    keys = sorted(keys)
    return [key + str((to_move + count - i) % 2) for i, key in enumerate(keys)]


# --- notation ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "a", "a1-", "h1", "b1", "a1-b1", "a1xx", "a1 ", "d4", 7])
def test_bad_notation(text):
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(GAME.initial_state(), text)
    assert caught.value.code == "bad-notation"


def test_notation_is_case_insensitive_and_canonically_lower_case():
    state = GAME.initial_state()
    assert GAME.format_move(state, GAME.parse_move(state, "A1-A4XG7")) == "a1-a4xg7"
    assert GAME.format_move(state, GAME.parse_move(state, "D1")) == "d1"


def test_malformed_move_values_are_bad_notation():
    for move in [(None, 24, None), (None, None, None), ("a1", 0, None), (0, 1), None]:
        with pytest.raises(EngineError) as caught:
            GAME.play(GAME.initial_state(), move)
        assert caught.value.code == "bad-notation"


# --- states -----------------------------------------------------------------------------


def test_states_are_immutable_and_play_returns_a_new_one():
    state = GAME.initial_state()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 1
    after = play_text(GAME, state, "a1")
    assert state == GAME.initial_state() and after != state


@pytest.mark.parametrize("case", range(len(EDGE_CASES)))
def test_dump_and_load_round_trip_along_every_edge_case(case):
    CHECKS.assert_round_trips_along(EDGE_CASES[case])


def dump_of(texts):
    return GAME.dump(play_all(texts))


BAD_STATES = {
    "not a dict": lambda d: ["x"],
    "missing key": lambda d: {k: v for k, v in d.items() if k != "quiet"},
    "extra key": lambda d: d | {"ply": 3},
    "other game": lambda d: d | {"game": "dara"},
    "unknown point": lambda d: d | {"board": d["board"] | {"b1": "w"}},
    "upper-case point": lambda d: d | {"board": d["board"] | {"B2": "w"}},
    "bad owner": lambda d: d | {"board": d["board"] | {"b2": 0}},
    "board list": lambda d: d | {"board": list(d["board"])},
    "reserve too big": lambda d: d | {"reserve": [10, 10]},
    "reserve bool": lambda d: d | {"reserve": [True, 1]},
    "reserve length": lambda d: d | {"reserve": [0]},
    "reserves out of turn": lambda d: d | {"reserve": [3, 5]},
    "to_move 2": lambda d: d | {"to_move": 2},
    "quiet negative": lambda d: d | {"quiet": -1},
    "quiet over limit": lambda d: d | {"quiet": 101, "history": d["history"] * 101},
    "history too short": lambda d: d | {"history": d["history"][:-1]},
    "history entry short": lambda d: d | {"history": ["." * 24] + d["history"][1:]},
    "history wrong side": lambda d: (
        d | {"history": [d["history"][0][:-1] + "1"] + d["history"][1:]}
    ),
    "history with other counts": lambda d: d | {"history": ["w" * 24 + "0"] + d["history"][1:]},
}


@pytest.mark.parametrize("name", sorted(BAD_STATES))
def test_load_refuses_invalid_states(name):
    data = dump_of(REPETITION[:-5])  # three quiet moves, three history entries
    assert len(data["history"]) == 3 and data["history"][0].endswith("0")
    with pytest.raises(EngineError) as caught:
        GAME.load(BAD_STATES[name](data))
    assert caught.value.code == "bad-state"


def test_load_refuses_too_many_men_quiet_moves_in_placement_and_a_past_third_occurrence():
    with pytest.raises(EngineError, match="more men"):
        position({p: "w" for p in POINTS[:9]}, reserve=(1, 1))
    with pytest.raises(EngineError, match="placed"):
        data = dump_of(["a1"]) | {"quiet": 1, "history": ["." * 24 + "0"]}
        GAME.load(data)
    data = dump_of(REPETITION)
    first = data["history"][0]
    data = data | {"history": [first, data["history"][1], first] + data["history"][3:]}
    data["history"][4] = first
    with pytest.raises(EngineError, match="three times"):
        GAME.load(data)


# --- legal_moves and play agree ---------------------------------------------------------


def test_play_accepts_exactly_the_legal_moves_in_sampled_positions():
    CHECKS.assert_play_accepts_exactly_the_legal_moves(seed=3, share=0.08)
