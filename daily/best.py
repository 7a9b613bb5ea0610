"""Exact "best move" puzzles: the one move that ends the game with the best disc difference.

For a game whose registry `Puzzles` has the goal "best" (games/registry.py): its engine's
exact solver (the `solver` module named there, with `move_scores(state)`: each legal move's
final score for the side to move, with best play on both sides) proves every fact the page
shows. A score is the solver's: the mover's discs minus the opponent's at the end, empty
squares going to the side with more (the solver's docstring). Pure Python, no Django.

A puzzle (`check(...).is_puzzle`): the side to move has at least two moves and no pass,
exactly one move reaches the best score, and that score is a win. The finder
(daily/finder.py) also asks that the best move is not one that turns the most discs, and
that its best line fills the board (so the count the page shows is the board's own).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol, cast

from games import registry as games
from games.engine.base import PASS_TEXT, AnyGame


class Counted(Protocol):
    """An engine that counts discs: its points (the dump's order) and each side's discs."""

    points: tuple[str, ...]

    def discs(self, state: Any) -> tuple[int, int]: ...


def counted(game: AnyGame) -> Counted:
    """`game` as an engine that counts discs (a game with a "best" goal is one)."""
    return cast(Counted, game)


def empties(game: AnyGame, state: Any) -> int:
    """The empty points of the board."""
    return len(counted(game).points) - sum(counted(game).discs(state))


def solver(slug: str) -> Any:
    """The exact solver module the game's registry entry names."""
    puzzles = games.get(slug).puzzles
    assert puzzles is not None and puzzles.goal == "best" and puzzles.solver, slug
    return importlib.import_module(puzzles.solver)


def sorted_moves(game: AnyGame, state: Any) -> list[Any]:
    return sorted(game.legal_moves(state), key=lambda move: game.format_move(state, move))


def scores(game: AnyGame, state: Any) -> dict[str, int]:
    """Each legal move (canonical text) with its exact score for the side to move."""
    found = solver(game.slug).move_scores(state)
    return {game.format_move(state, move): score for move, score in found.items()}


def value(game: AnyGame, state: Any, side: int) -> int:
    """The exact score of `state` for `side`, whoever is to move (the end's count if over)."""
    module = solver(game.slug)
    score = int(module.solve(state))
    return score if game.to_move(state) == side else -score


def turned(game: AnyGame, state: Any, move: Any) -> int:
    """How many of the opponent's discs `move` turns (the mover's count grows by them + 1)."""
    side, discs = game.to_move(state), counted(game).discs
    return discs(game.play(state, move))[side] - discs(state)[side] - 1


def counts(game: AnyGame, score: int) -> tuple[int, int]:
    """The final count (mover's discs, opponent's) a score stands for on a full board."""
    size = len(counted(game).points)
    return (size + score) // 2, (size - score) // 2


def best_reply(game: AnyGame, state: Any) -> str | None:
    """The first (in notation order) of the moves that keep the best score for the side to
    move in `state`; None when the game is over."""
    if game.outcome(state) is not None:
        return None
    found = scores(game, state)
    top = max(found.values())
    return min(text for text, score in found.items() if score == top)


def best_line(game: AnyGame, state: Any) -> list[str]:
    """One line of best play to the end (each side's first best move in notation order)."""
    line = []
    while (text := best_reply(game, state)) is not None:
        line.append(text)
        state = game.play(state, game.parse_move(state, text))
    return line


@dataclass(frozen=True)
class Verdict:
    score: int  # the best final score for the side to move
    best: tuple[str, ...]  # every move that reaches it, canonical notation, sorted
    moves: int  # legal moves of the side to move
    passes: bool  # its one move is a pass

    @property
    def is_puzzle(self) -> bool:
        return self.moves >= 2 and not self.passes and len(self.best) == 1 and self.score > 0


def check(game: AnyGame, state: Any) -> Verdict:
    """The facts of a best-move puzzle, proven by the game's exact solver."""
    return judge(scores(game, state))


def judge(found: dict[str, int]) -> Verdict:
    """The verdict on the exact scores of every legal move (`scores`)."""
    top = max(found.values())
    best = tuple(sorted(text for text, score in found.items() if score == top))
    return Verdict(top, best, len(found), PASS_TEXT in found)


def outcomes(game: AnyGame, state: Any, found: dict[str, int]) -> dict[str, Any]:
    """What the page says for each move: its score, the final count it stands for, and the
    opponent's best reply (None when the move ends the game)."""
    out: dict[str, Any] = {}
    for text in sorted(found):
        child = game.play(state, game.parse_move(state, text))
        out[text] = {
            "score": found[text],
            "discs": list(counts(game, found[text])),
            "reply": best_reply(game, child),
        }
    return out
