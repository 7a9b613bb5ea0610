"""Write the shared test vectors the Python engines and their JavaScript twins must agree on.

    python -m tools.gen_vectors                      # every game
    python -m tools.gen_vectors --game <slug>        # one game
    python -m tools.gen_vectors --check              # compare, write nothing; exit 1 if stale

Each `tests/vectors/<slug>.json` holds, one game per line:

- `RANDOM_GAMES` seeded random complete games (game `i` uses `random.Random(i)` and picks
  among the legal moves sorted by their canonical text, so the output never depends on the
  order an engine lists its moves in);
- then the hand-made edge cases: the `EDGE_CASES` list of the engine module
  (`games/engine/<module>.py`). Each edge case is a list of move texts played from the
  start; it need not reach the end of the game.

A game is `{"kind", "moves", "steps", "final"}`: `moves` are canonical texts; `steps` has
one entry per position (the start and after each move) with `legal`, the sorted legal moves
joined by spaces, and `outcome`, null or `{"winner", "reason", "cells"}`; `final` is the
last position's `dump()`, which the twins must read and write identically.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from games import registry as games
from games.engine import registry
from games.engine.base import AnyGame, play_text

RANDOM_GAMES = 200
# The games whose vectors this module writes (registry `vectors` "shared"); a game with
# vectors of its own keeps them in tests/vectors/<slug>/ with its own generator and tests.
SLUGS: tuple[str, ...] = tuple(entry.slug for entry in games.GAMES if entry.vectors == "shared")
VECTORS_DIR = Path(__file__).resolve().parent.parent / "tests" / "vectors"


def edge_cases(slug: str) -> list[list[str]]:
    """The engine module's hand-made games (`EDGE_CASES`)."""
    return list(import_module(games.get(slug).engine_module).EDGE_CASES)


def sorted_legal(game: AnyGame, state: Any) -> list[str]:
    return sorted(game.format_move(state, move) for move in game.legal_moves(state))


def record(game: AnyGame, kind: str, texts: list[str]) -> dict[str, Any]:
    """Replay `texts` from the start, noting the legal moves and outcome at every step."""
    state = game.initial_state()
    steps = [_step(game, state)]
    moves = []
    for text in texts:
        move = game.parse_move(state, text)
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
        steps.append(_step(game, state))
    return {"kind": kind, "moves": moves, "steps": steps, "final": game.dump(state)}


def _step(game: AnyGame, state: Any) -> dict[str, Any]:
    outcome = game.outcome(state)
    return {
        "legal": " ".join(sorted_legal(game, state)),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def random_game(game: AnyGame, seed: int) -> list[str]:
    rng = random.Random(seed)
    state = game.initial_state()
    texts = []
    while game.outcome(state) is None:
        text = rng.choice(sorted_legal(game, state))
        texts.append(text)
        state = play_text(game, state, text)
    return texts


def build(slug: str) -> str:
    """The full text of the vectors file for `slug`."""
    game = registry.get(slug)
    games = [record(game, "random", random_game(game, seed)) for seed in range(RANDOM_GAMES)]
    games += [record(game, "edge", list(texts)) for texts in edge_cases(slug)]
    header = json.dumps({"game": slug, "generator": "python -m tools.gen_vectors"})[:-1]
    lines = [json.dumps(entry, separators=(",", ":")) for entry in games]
    return header + ', "games": [\n' + ",\n".join(lines) + "\n]}\n"


def vectors_path(slug: str) -> Path:
    return VECTORS_DIR / f"{slug}.json"


def write_or_check(files: dict[Path, str], check: bool, what: str) -> int:
    """Writes each file's text, or with `check` writes nothing and names (on stderr) the files
    whose committed text differs or is missing; the exit status (1 when any is stale). Every
    vector generator ends here: this one and the games' own generators in tests/games/."""
    stale = []
    for path, text in files.items():
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    if stale:
        print(f"stale or missing {what}: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=SLUGS, help="only this game")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    slugs = [args.game] if args.game else list(SLUGS)
    files = {vectors_path(slug): build(slug) for slug in slugs}
    return write_or_check(files, args.check, "vectors")


if __name__ == "__main__":
    sys.exit(main())
