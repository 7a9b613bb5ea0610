"""Score Four rules, played through the engine (facts from the product owner's page, seed 000)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.base import EngineError, Outcome, play_text
from games.engine.score_four import EDGE_CASES, GAME, LINES, LINES_THROUGH, cell_name

from .checks import GameChecks

CHECKS = GameChecks(GAME)
play_all, assert_refused = CHECKS.play_all, CHECKS.assert_refused


def test_76_lines_by_kind():
    assert Counter(line.kind for line in LINES) == {
        "vertical": 16,
        "layer-straight": 32,
        "layer-diagonal": 8,
        "cross-layer-diagonal": 16,
        "space-diagonal": 4,
    }
    assert len({line.mask for line in LINES}) == 76
    assert all(line.mask.bit_count() == 4 for line in LINES)


def test_sixteen_cells_lie_on_seven_lines_and_the_rest_on_four():
    corners, centres = {"A1", "D1", "A4", "D4"}, {"B2", "C2", "B3", "C3"}
    expected = {f"{peg}/{level}" for peg in corners for level in (1, 4)}
    expected |= {f"{peg}/{level}" for peg in centres for level in (2, 3)}
    on_seven = {cell_name(cell) for cell in range(64) if len(LINES_THROUGH[cell]) == 7}
    assert on_seven == expected
    assert Counter(len(masks) for masks in LINES_THROUGH) == {7: 16, 4: 48}


def test_white_moves_first_and_balls_drop_to_the_lowest_free_level():
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    state = play_all(["b2", "B2"])
    assert GAME.dump(state)["pegs"][5] == "wb"
    assert GAME.to_move(state) == 0


def test_a_full_peg_is_refused_and_leaves_the_state_alone():
    state = play_all(["A1"] * 4)
    assert 0 not in GAME.legal_moves(state)
    assert len(GAME.legal_moves(state)) == 15
    assert_refused(state, "A1", "peg-full")
    assert GAME.outcome(state) is None


@pytest.mark.parametrize(
    ("moves", "cells"),
    [
        (EDGE_CASES[0], ("A1/1", "A1/2", "A1/3", "A1/4")),
        (EDGE_CASES[1], ("A1/1", "B2/1", "C3/1", "D4/1")),
        (EDGE_CASES[2], ("A1/1", "B1/2", "C1/3", "D1/4")),
        (EDGE_CASES[3], ("A1/1", "B2/2", "C3/3", "D4/4")),
    ],
    ids=["vertical", "layer-diagonal", "cross-layer-diagonal", "space-diagonal"],
)
def test_four_in_a_line_wins_at_once(moves, cells):
    before = play_all(moves[:-1])
    assert GAME.outcome(before) is None
    state = play_text(GAME, before, moves[-1])
    assert GAME.outcome(state) == Outcome(0, "line", cells)
    assert GAME.legal_moves(state) == []
    assert_refused(state, "B3", "game-over")


def test_a_straight_line_in_an_upper_layer_wins_for_black():
    # Black's balls sit on white's along row 4, so black's row is at level 2.
    before = play_all("A4 A4 B4 B4 C4 C4 A1 D4 A2".split())
    assert GAME.outcome(before) is None
    state = play_text(GAME, before, "D4")
    assert GAME.outcome(state) == Outcome(1, "line", ("A4/2", "B4/2", "C4/2", "D4/2"))


def test_sixty_four_balls_without_a_line_is_a_draw():
    state = play_all(EDGE_CASES[4])
    assert GAME.outcome(state) == Outcome(None, "full", ())
    assert all(len(balls) == 4 for balls in GAME.dump(state)["pegs"])
    assert GAME.legal_moves(state) == []
    assert_refused(state, "A1", "game-over")


@pytest.mark.parametrize(
    "text", ["E1", "A5", "A0", "A", "", "A1 ", "1A", "A1-B1", "b2xd7", "\uff211", None, 5]
)
def test_malformed_pegs_are_bad_notation(text):
    with pytest.raises(EngineError) as caught:
        GAME.parse_move(GAME.initial_state(), text)
    assert caught.value.code == "bad-notation"


@pytest.mark.parametrize("move", [16, -1, "A1", None, True, 3.0])
def test_move_values_outside_the_protocol_are_refused(move):
    with pytest.raises(EngineError) as caught:
        GAME.play(GAME.initial_state(), move)
    assert caught.value.code == "bad-notation"


def test_parsing_is_case_insensitive_and_formatting_upper_case():
    state = GAME.initial_state()
    assert GAME.parse_move(state, "c4") == GAME.parse_move(state, "C4") == 14
    assert GAME.format_move(state, 14) == "C4"


def pegs(**filled):
    result = [""] * 16
    for name, balls in filled.items():
        result["ABCD".index(name[0]) + 4 * (int(name[1]) - 1)] = balls
    return result


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (None, "keys"),
        ({"game": "score-four", "pegs": [""] * 16}, "keys"),
        ({"game": "dara", "pegs": [""] * 16, "to_move": 0}, "game"),
        ({"game": "score-four", "pegs": [""] * 15, "to_move": 0}, "16"),
        ({"game": "score-four", "pegs": pegs(A1="wbwbw"), "to_move": 1}, "A1"),
        ({"game": "score-four", "pegs": pegs(B1="x"), "to_move": 1}, "B1"),
        ({"game": "score-four", "pegs": pegs(A1="ww"), "to_move": 0}, "white"),
        ({"game": "score-four", "pegs": pegs(A1="b"), "to_move": 1}, "white"),
        ({"game": "score-four", "pegs": pegs(A1="w"), "to_move": 0}, "to_move"),
        ({"game": "score-four", "pegs": pegs(A1="w"), "to_move": True}, "to_move"),
        # Black's vertical line, but white moved last: the game would have stopped.
        ({"game": "score-four", "pegs": pegs(A1="bbbb", B1="www", C1="ww"), "to_move": 1}, "line"),
        # White's two lines share no ball that could have been played last.
        (
            {
                "game": "score-four",
                "pegs": pegs(A1="wwww", B1="wbbb", C1="wbbb", D1="wb", A2="w"),
                "to_move": 1,
            },
            "last ball",
        ),
    ],
)
def test_load_refuses_impossible_positions(data, fragment):
    with pytest.raises(EngineError) as caught:
        GAME.load(data)
    assert caught.value.code == "bad-state"
    assert fragment in caught.value.message


def test_load_recomputes_the_outcome():
    state = play_all(EDGE_CASES[3])
    loaded = GAME.load(GAME.dump(state))
    assert loaded == state
    assert GAME.outcome(loaded) == Outcome(0, "line", ("A1/1", "B2/2", "C3/3", "D4/4"))
