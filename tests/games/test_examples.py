"""The rules pages' worked examples, replayed through the engines as the pages draw them."""

import json
import re

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
                assert json.loads(strings.group(1)) == play_words.for_example(slug)
