"""The rules pages' worked examples, replayed through the engines as the pages draw them."""

import json
import re

import pytest
from django.utils import translation

from games import examples, play_words
from games.engine.base import play_text


def outcome_after(slug):
    game, _before, after = examples.positions(slug)
    return game, game.outcome(after)


def test_tic_tac_toe_example_wins_with_the_top_row():
    _game, outcome = outcome_after("tic-tac-toe")
    assert (outcome.winner, outcome.reason, outcome.cells) == (0, "line", ("a1", "b1", "c1"))


def test_three_mens_morris_example_completes_the_top_row():
    _game, outcome = outcome_after("three-mens-morris")
    assert (outcome.winner, outcome.reason) == (0, "line")
    assert set(outcome.cells) == {"a1", "b1", "c1"}


def test_nine_mens_morris_example_removes_the_only_piece_outside_a_mill_and_passes_the_turn():
    game, before, after = examples.positions("nine-mens-morris")
    assert examples.occupancy(game, before)["g7"] == 1
    assert "g7" not in examples.occupancy(game, after)
    assert game.outcome(after) is None and game.to_move(after) == 1
    # Each of the mill's pieces was protected, so g7 was the only choice.
    captures = [game.format_move(before, m) for m in game.legal_moves(before)]
    assert sorted(m for m in captures if m.startswith("g1")) == ["g1xg7"]


def test_dara_example_leaves_the_enemy_on_two_stones_and_wins():
    game, _before, after = examples.positions("dara")
    outcome = game.outcome(after)
    assert (outcome.winner, outcome.reason) == (0, "pieces")
    assert sorted(p for p, who in examples.occupancy(game, after).items() if who == 1) == [
        "c4",
        "e4",
    ]


def test_every_example_renders_two_labelled_boards_in_each_language():
    for language in ("ko", "ja", "zh-hans"):
        with translation.override(language):
            for slug in examples.EXAMPLES:
                html = examples.render(slug)
                assert html.count("<svg") == 2 and html.count('role="img"') == 2
                assert "Board" not in html and "Before" not in html


def test_the_other_answers_an_example_accepts_reach_the_same_outcome():
    for slug, example in examples.EXAMPLES.items():
        game, before, after = examples.positions(slug)
        expected = game.outcome(after)
        for move in example.also:
            outcome = game.outcome(play_text(game, before, move))
            assert expected is not None and outcome is not None, (slug, move)
            assert (outcome.winner, outcome.reason) == (expected.winner, expected.reason)
    assert examples.EXAMPLES["dara"].also  # the Dara text says any of the three captures wins


def test_the_puzzle_gets_the_position_before_and_the_answers_in_each_language():
    for language in ("ko", "ja", "zh-hans"):
        with translation.override(language):
            for slug, example in examples.EXAMPLES.items():
                game, before, _after = examples.positions(slug)
                html = examples.render(slug)
                position = re.search(
                    rf'<script id="example-position-{slug}" type="application/json">(.*?)</script>',
                    html,
                )
                assert game.dump(game.load(json.loads(position.group(1)))) == game.dump(before)
                answers = " ".join((example.key_move, *example.also))
                assert f'data-answers="{answers}"' in html
                strings = re.search(
                    rf'<script id="example-strings-{slug}" type="application/json">(.*?)</script>',
                    html,
                    re.S,
                )
                assert json.loads(strings.group(1)) == play_words.for_example(
                    examples.GAME_OF[slug]
                )


# Gomoku's three examples (docs/content/gomoku-facts.md, "The puzzles"): id -> (rule, the
# answer's winner and winning cells). Each has exactly one winning move, the answer.
GOMOKU = {
    "gomoku-free-style": ("freestyle", 0, "E8 F8 G8 H8 I8 J8"),
    "gomoku-exact-five": ("exact-five", 0, "L4 L5 L6 L7 L8"),
    "gomoku-renju": ("renju", 1, "H4 H5 H6 H7 H8 H9"),
}


def test_gomoku_examples_have_one_winning_answer_under_their_rule():
    for example_id, (rule, winner, cells) in GOMOKU.items():
        game, before, after = examples.positions(example_id)
        assert game.dump(before)["rule"] == rule
        wins = []
        for move in game.legal_moves(before):
            outcome = game.outcome(game.play(before, move))
            if outcome is not None and outcome.winner is not None:
                wins.append(game.format_move(before, move))
        assert wins == [examples.EXAMPLES[example_id].key_move], example_id
        outcome = game.outcome(after)
        assert (outcome.winner, outcome.cells) == (winner, tuple(cells.split())), example_id


def test_gomoku_examples_claims_under_the_other_rules():
    from games.engine.gomoku import GAME

    def replay(rule, example_id):
        state = GAME.initial_state(rule)
        for text in examples.EXAMPLES[example_id].opening:
            state = play_text(GAME, state, text)
        return state

    # Free-style's six at H8 wins nothing under exact five (the game goes on).
    six = play_text(GAME, replay("exact-five", "gomoku-free-style"), "H8")
    assert GAME.outcome(six) is None
    # Exact five: H8 makes six and does not win; under free-style H8 and L8 both win.
    state = replay("exact-five", "gomoku-exact-five")
    assert GAME.outcome(play_text(GAME, state, "H8")) is None
    state = replay("freestyle", "gomoku-exact-five")
    assert all(GAME.outcome(play_text(GAME, state, m)).winner == 0 for m in ("H8", "L8"))
    # Renju: before black's D8, H8 was black's only forbidden point (an overline).
    renju = examples.EXAMPLES["gomoku-renju"].opening
    state = GAME.initial_state("renju")
    for text in renju[:-1]:
        state = play_text(GAME, state, text)
    assert GAME.forbidden_points(state) == {"H8": "overline"}


# The Renju three (problem 4; docs/content/gomoku-facts.md, "The puzzles"): what the text says
# of each of black's two candidate points. A line is (a point on it, its column and row step).
RENJU_THREE = {
    "forbidden": {"H7": "double-three", "H8": "overline"},
    # point: {line: (the points that make it a straight four, those of them Renju forbids)}
    "H7": {("H7", 0, 1): ("H4 H8", "H8"), ("H7", 1, 1): ("F5 J9", "")},
    "I7": {("I7", -1, 1): ("H8", "H8"), ("I7", 1, 1): ("G5 K9", "")},
}
_PADS = ("A1", "O1", "A15", "O15")  # white stones far from every line, to keep black to move


def with_black(state, texts, rule):
    """`state` (black to move) with black stones added on `texts` and as many white ones on
    the corners, under `rule`: black to move again, as if both sides had played."""
    from games.engine.gomoku import GAME
    from games.engine.gomoku_lines import point

    dump = GAME.dump(state)
    board = list(dump["board"])
    pads = [pad for pad in _PADS if pad not in texts and board[point(pad)] == "."]
    for text, pad in zip(texts, pads, strict=False):
        board[point(text)], board[point(pad)] = "b", "w"
    return GAME.load({**dump, "board": "".join(board), "rule": rule})


def line_points(text, dc, dr):
    """Every point of the board's line through `text` with the step (dc, dr)."""
    from games.engine.gomoku_lines import COLUMNS, SIZE

    column, row = COLUMNS.index(text[0]), int(text[1:]) - 1
    while 0 <= column - dc < SIZE and 0 <= row - dr < SIZE:
        column, row = column - dc, row - dr
    found = []
    while 0 <= column < SIZE and 0 <= row < SIZE:
        found.append(f"{COLUMNS[column]}{row + 1}")
        column, row = column + dc, row + dr
    return found


def straight_four_points(state, stone, line):
    """The empty points of `line` where black's next stone, after `stone`, makes a straight
    four there: a four that two points of the line complete into exactly five (looked at
    under exact five, whose five is black's five under Renju; Renju itself would not load
    a board with black's overline on it)."""
    from games.engine.gomoku import GAME

    board = GAME.dump(state)["board"]
    found = []
    for text in line:
        if text == stone or board[GAME.parse_move(state, text)] != ".":
            continue
        probe = with_black(state, (stone, text), "exact-five")
        fives = [
            m
            for m in line
            if GAME.dump(probe)["board"][GAME.parse_move(probe, m)] == "."
            and (outcome := GAME.outcome(play_text(GAME, probe, m))) is not None
            and outcome.winner == 0
        ]
        if len(fives) == 2 and line.index(fives[1]) - line.index(fives[0]) == 5:
            found.append(text)  # the two ends of four in a row
    return found


def test_renju_three_example_has_the_forbidden_points_and_lines_the_text_names():
    """A three counts unless every point that makes it a straight four is forbidden: H7's
    column still becomes one at H4, so H7 is a double three; I7's diagonal only at H8."""
    from games.engine.base import EngineError
    from games.engine.gomoku import GAME

    game, before, after = examples.positions("gomoku-renju-three")
    assert game.dump(before)["rule"] == "renju" and game.to_move(before) == 0
    assert GAME.forbidden_points(before) == RENJU_THREE["forbidden"]
    assert game.outcome(after) is None  # I7 is played; the game goes on
    with pytest.raises(EngineError) as refused:
        play_text(GAME, before, "H7")
    assert refused.value.code == "renju-double-three"
    for stone in ("H7", "I7"):
        forbidden_after = GAME.forbidden_points(with_black(before, (stone,), "renju"))
        for (start, dc, dr), (straight, forbidden) in RENJU_THREE[stone].items():
            line = line_points(start, dc, dr)
            points = straight_four_points(before, stone, line)
            assert points == straight.split(), (stone, start, dc, dr, points)
            assert [p for p in points if p in forbidden_after] == forbidden.split(), (stone, line)
    # So H7 makes two threes (one end of the column is forbidden, the other is not) and I7
    # one: its diagonal's only straight-four point is forbidden.


def test_examples_are_found_by_their_id_and_name_their_game():
    assert examples.GAME_OF["gomoku-renju"] == "gomoku"
    assert examples.GAME_OF["dara"] == "dara"
    assert examples.first_of("gomoku") == "gomoku-free-style"
    html = examples.render("gomoku-renju")
    assert 'data-example="gomoku-renju"' in html and 'id="example-position-gomoku-renju"' in html
