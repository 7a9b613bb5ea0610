"""Move counts from the start position (perft) against committed figures.

Each `tests/games/perft/<slug>.json` holds `counts`: `counts[d]` is the number of move
sequences of length d from the start, a finished game not being extended. The files say
where their figures come from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import registry

PERFT_DIR = Path(__file__).parent / "perft"
FILES = sorted(PERFT_DIR.glob("*.json"))


def count_sequences(game, depth: int) -> list[int]:
    """counts[d] for d = 0..depth, in one walk of the game tree."""
    counts = [0] * (depth + 1)

    def walk(state, ply):
        counts[ply] += 1
        if ply == depth or game.outcome(state) is not None:
            return
        moves = game.legal_moves(state)
        if ply + 1 == depth:
            counts[depth] += len(moves)
            return
        for move in moves:
            walk(game.play(state, move), ply + 1)

    walk(game.initial_state(), 0)
    return counts


def test_every_registered_game_has_perft_figures():
    assert {path.stem for path in FILES} == set(registry.SLUGS)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_move_counts_match(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == path.stem
    expected = data["counts"]
    assert expected[0] == 1
    game = registry.get(path.stem)
    assert count_sequences(game, len(expected) - 1) == expected
