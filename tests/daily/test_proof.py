"""The prover: its prunings change no result, and it sees what a puzzle is."""

from __future__ import annotations

import random

import pytest

from daily import proof
from games.engine import registry
from games.engine.base import play_text


def random_positions(slug: str, count: int, seed: int, plies: range) -> list:
    game = registry.get(slug)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(rng.choice(plies)):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if game.outcome(state):
                break
        else:
            positions.append(state)
    return positions


def test_a_block_first_is_a_win_in_two_not_in_one():
    game = registry.get("tic-tac-toe")
    state = game.initial_state()
    for text in ["a1", "b2", "c3", "a3"]:
        state = play_text(game, state, text)
    # No line to finish: X must first block at c1, which also makes its own fork.
    assert proof.check(game, state, 1) == proof.Verdict(False, False, ())
    assert proof.check(game, state, 2).winning_first_moves == ("c1",)


def test_the_threat_prunings_change_no_score_four_result():
    # The same search with the prunings switched off must agree on every position and depth.
    game = registry.get("score-four")
    for state in random_positions("score-four", 40, seed=7, plies=range(8, 30)):
        fast = proof.Prover(game, game.to_move(state))
        plain = proof.Prover(game, game.to_move(state))
        plain.threats = None
        for n in (1, 2, 3):
            assert fast.wins(state, n) == plain.wins(state, n)
            assert sorted(fast.winning_moves(state, n)) == sorted(plain.winning_moves(state, n))


def test_score_four_threats_are_the_moves_that_win_at_once():
    game = registry.get("score-four")
    for state in random_positions("score-four", 60, seed=3, plies=range(6, 40)):
        side = game.to_move(state)
        winning = sorted(
            move
            for move in game.legal_moves(state)
            if (outcome := game.outcome(game.play(state, move))) and outcome.winner == side
        )
        assert sorted(game.threats(state, side)) == winning


def test_a_fork_is_a_win_in_two_and_not_in_one():
    game = registry.get("tic-tac-toe")
    state = proof.replay(game, ["a1", "b2", "c3", "a3"])
    verdict = proof.check(game, state, 2)
    assert verdict.is_puzzle and verdict.winning_first_moves == ("c1",)
    assert not proof.check(game, state, 1).wins_within


def test_two_first_moves_are_not_a_puzzle():
    # White has two separate immediate wins: the goal holds, but the answer is not unique.
    game = registry.get("score-four")
    state = game.initial_state()
    for text in "A1 B1 A1 B1 A1 B1 C1 D1 C1 D1 C1 D1".split():
        state = play_text(game, state, text)
    verdict = proof.check(game, state, 1)
    assert verdict.wins_within and verdict.winning_first_moves == ("A1", "C1")
    assert not verdict.is_puzzle


@pytest.mark.parametrize("slug", ["three-mens-morris", "nine-mens-morris", "dara"])
def test_the_placement_games_are_searched_through_the_protocol(slug):
    # An immediate win found by the prover is one the engine itself declares.
    game = registry.get(slug)
    for state in random_positions(slug, 5, seed=11, plies=range(10, 40)):
        prover = proof.Prover(game, game.to_move(state))
        for move in prover.winning_moves(state, 1):
            outcome = game.outcome(game.play(state, move))
            assert outcome is not None and outcome.winner == game.to_move(state)
