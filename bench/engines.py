"""Speed of the Python engines through their public protocol (states as values).

    .venv/bin/python bench/engines.py [--game SLUG] [--seconds S]

For each game: complete random games per second (initial_state, legal_moves, play and
outcome, choosing with random.choice) and legal-move generations per second (legal_moves
over positions sampled from random games). Each figure is the best of three runs of about
S/3 seconds, so a busy neighbour on the machine weighs less. The 3D board's game must reach
TARGET_3D random games per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry as games  # noqa: E402
from games.engine import registry  # noqa: E402

# The 3D board's game must reach this many random games per second (its AI searches deep).
TARGET_3D = 5_000


def random_games_per_second(game, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(games per second, mean plies per game) over random play for about `seconds`."""
    choice = random.Random(seed).choice
    initial_state, legal_moves, play, outcome = (
        game.initial_state,
        game.legal_moves,
        game.play,
        game.outcome,
    )
    games = plies = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = initial_state()
        while outcome(state) is None:
            state = play(state, choice(legal_moves(state)))
            plies += 1
        games += 1
        if games % 16 == 0 and time.perf_counter() >= deadline:
            break
    return games / (time.perf_counter() - start), plies / games


def sample_positions(game, count: int, seed: int = 2) -> list:
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.initial_state()
        while game.outcome(state) is None:
            positions.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return positions[:count]


def legal_generations_per_second(game, positions: list, seconds: float) -> float:
    legal_moves = game.legal_moves
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in positions:
            legal_moves(state)
        calls += len(positions)
    return calls / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Python engine speed")
    parser.add_argument("--game", choices=registry.SLUGS)
    parser.add_argument("--seconds", type=float, default=3.0, help="per figure (default 3)")
    args = parser.parse_args(argv)
    slugs = [args.game] if args.game else list(registry.SLUGS)
    share = args.seconds / 3
    print(f"Python {sys.version.split()[0]}; best of 3 runs of {share:.1f} s per figure")
    print(f"{'game':<20}{'random games/s':>16}{'plies/game':>12}{'legal_moves/s':>16}")
    verdict = 0
    for slug in slugs:
        try:
            game = registry.get(slug)
        except ModuleNotFoundError:
            print(f"{slug:<20}{'(no engine yet)':>16}")
            continue
        runs = [random_games_per_second(game, share, seed) for seed in (1, 2, 3)]
        games_rate, plies = max(runs)
        positions = sample_positions(game, 2_000)
        legal_rate = max(legal_generations_per_second(game, positions, share) for _ in range(3))
        print(f"{slug:<20}{games_rate:>16,.0f}{plies:>12.1f}{legal_rate:>16,.0f}")
        if games.get(slug).board is None and games_rate < TARGET_3D:
            print(f"  below the target of {TARGET_3D:,} random games/s")
            verdict = 1
    return verdict


if __name__ == "__main__":
    sys.exit(main())
