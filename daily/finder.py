"""Finding puzzles: sensible random play to a position, then the prover decides.

The playout takes no immediate win and blocks an immediate threat when it can (else the
positions found are mostly "win in one" accidents); a position is offered to the prover
only from `min_ply` on. Everything is drawn from the `random.Random` passed in, and moves
are sorted by their canonical text first, so a seed gives the same puzzle on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from daily import best
from daily.proof import Prover
from games import registry as games
from games.engine import placement, registry
from games.engine.base import AnyGame


@dataclass(frozen=True)
class Found:
    game: str
    moves: tuple[str, ...]  # canonical notation from the start
    win_in: int
    answer: str  # the unique first move


def _puzzles(slug: str) -> games.Puzzles:
    """The game's puzzle facts (the fewest plies before a puzzle, the longest playout, whether
    drawn playouts are searched too) from its registry entry."""
    puzzles = games.get(slug).puzzles
    assert puzzles is not None, "a game with no daily puzzle"
    return puzzles


def sorted_moves(game: AnyGame, state: Any) -> list[Any]:
    return sorted(game.legal_moves(state), key=lambda move: game.format_move(state, move))


def _immediate_wins(game: AnyGame, state: Any, moves: list[Any]) -> list[Any]:
    side = game.to_move(state)
    out = []
    for move in moves:
        outcome = game.outcome(game.play(state, move))
        if outcome is not None and outcome.winner == side:
            out.append(move)
    return out


def playout(game: AnyGame, rng: random.Random, limit: int) -> Iterator[tuple[Any, list[str]]]:
    """Each position of one sensible random game with the moves that led to it, the final
    one included (it may end for the limit before the game does)."""
    state = game.initial_state()
    texts: list[str] = []
    for _ply in range(limit):
        yield state, list(texts)
        if game.outcome(state) is not None:
            return
        moves = sorted_moves(game, state)
        if isinstance(state, placement.State):
            # Captures hurry the game to the few-men endings where short wins live; the
            # quadratic blocking test below would cost more than it gives here.
            captures = [m for m in moves if m.cap is not None]
            move = rng.choice(captures if captures and rng.random() < 0.7 else moves)
        else:
            quiet = [m for m in moves if m not in _immediate_wins(game, state, [m])]
            choices = quiet or moves
            # Block: a move after which the opponent has no immediate win, if there is one.
            safe = [
                m
                for m in choices
                if not _immediate_wins(
                    game, after := game.play(state, m), sorted_moves(game, after)
                )
            ]
            move = rng.choice(safe or choices)
        texts.append(game.format_move(state, move))
        state = game.play(state, move)


def promising(state: Any, n: int) -> bool:
    """Whether to spend a proof on `state`. Only a choice of candidates: the proof decides.
    In the capturing games (the placement engines) a win within n mostly means taking the
    defender down to two men, so the defender must have at most n + 2 left (blockades are
    skipped)."""
    if isinstance(state, placement.State):
        other = 1 - state.turn
        return state.men[other].bit_count() + state.reserve[other] <= n + 2
    return True


def puzzle_at(game: AnyGame, state: Any, n: int) -> str | None:
    """The unique first move if `state` is an exact win-in-`n` puzzle, else None."""
    prover = Prover(game, game.to_move(state))
    # Cheapest refusals first: a proof that stops at its first success costs little.
    if not prover.wins(state, n) or prover.wins(state, n - 1):
        return None
    winning = prover.winning_moves(state, n)
    if len(winning) != 1:
        return None
    return str(game.format_move(state, winning[0]))


def _forward(
    game: AnyGame, line: list[tuple[Any, list[str]]], low: int, n: int, seen: set[tuple[str, str]]
) -> Found | None:
    """The first puzzle along a drawn playout, each position proven from scratch."""
    for state, texts in line[low:]:
        position = (game.slug, repr(sorted(game.dump(state).items())))
        if position in seen or game.outcome(state) is not None or not promising(state, n):
            continue
        answer = puzzle_at(game, state, n)
        if answer is not None:
            seen.add(position)
            return Found(game.slug, tuple(texts), n, answer)
    return None


def find(
    slug: str, n: int, rng: random.Random, seen: set[tuple[str, str]], attempts: int = 3000
) -> Found | None:
    """A new win-in-`n` puzzle of game `slug` (None after `attempts` playouts). `seen`
    holds the positions already used, so that no position comes back in a schedule.

    Each playout is played to its end; if someone won, the positions where the winner was
    to move are walked back from the end, two plies at a time, while the winner still has
    a forced win within `n`: most proofs on that walk succeed, which is cheap, and the
    distance grows towards `n` on the way, where deep puzzles are."""
    game = registry.get(slug)
    low, high = _puzzles(slug).plies
    for _attempt in range(attempts):
        line = list(playout(game, rng, high + 1))
        outcome = game.outcome(line[-1][0])
        if outcome is None or outcome.winner is None:
            if _puzzles(slug).forward:
                found = _forward(game, line, low, n, seen)
                if found is not None:
                    return found
            continue
        for index in range(len(line) - 2, -1, -2):
            state, texts = line[index]
            if len(texts) < low:
                break
            prover = Prover(game, game.to_move(state))
            distance = next((k for k in range(1, n + 1) if prover.wins(state, k)), None)
            if distance is None:
                break
            if distance < n or not promising(state, n):
                continue
            position = (slug, repr(sorted(game.dump(state).items())))
            winning = prover.winning_moves(state, n)
            if position not in seen and len(winning) == 1:
                seen.add(position)
                return Found(slug, tuple(texts), n, str(game.format_move(state, winning[0])))
    return None


def preferred(game: AnyGame, state: Any, moves: list[Any], rng: random.Random) -> Any:
    """A sensible move with a light preference (registry `Puzzles.prefer`, a digit per point):
    mostly the move of the highest preference less half the opponent's replies (fewer
    replies, a smaller choice for the opponent), else one drawn with the preferences as
    weights. A move with no point (a pass) is the only one."""
    rows = _puzzles(game.slug).prefer
    weights = [int(digit) for row in rows for digit in row]
    if len(moves) == 1:
        return moves[0]

    points = best.counted(game).points

    def weight(move: Any) -> int:
        return weights[points.index(game.format_move(state, move))]

    if rng.random() < 0.7:
        ranked = [
            (weight(m) - len(game.legal_moves(game.play(state, m))) / 2, rng.random(), i)
            for i, m in enumerate(moves)
        ]
        return moves[max(ranked)[2]]
    return rng.choices(moves, weights=[weight(m) for m in moves])[0]


def best_playout(game: AnyGame, rng: random.Random, limit: int, left: int
                 ) -> tuple[Any, list[str]] | None:
    """One sensible game from the start to the first position with `left` empty points
    (None if it ends first)."""
    state = game.initial_state()
    texts: list[str] = []
    for _ply in range(limit):
        if game.outcome(state) is not None:
            return None
        if best.empties(game, state) <= left:
            return (state, texts) if best.empties(game, state) == left else None
        move = preferred(game, state, sorted_moves(game, state), rng)
        texts.append(game.format_move(state, move))
        state = game.play(state, move)
    return None


CLOSE = 30  # the largest best score of a best-move puzzle (a game still to be won)


@dataclass(frozen=True)
class FoundBest:
    game: str
    moves: tuple[str, ...]  # canonical notation from the start
    empties: int
    answer: str  # the unique best move
    score: int  # its exact final score for the side to move
    line: tuple[str, ...]  # one line of best play from the puzzle to the end, the answer first
    outcomes: dict[str, Any]  # per legal move: score, final count, best reply (daily/best.py)


def best_puzzle_at(game: AnyGame, state: Any) -> FoundBest | None:
    """The puzzle at `state` if it is one: a unique best move that wins (daily/best.py), not
    one of the moves that turn the most discs, whose best line fills the board; and, for a
    puzzle worth solving, at least three moves to choose from and a game not yet a rout
    (a best score of at most CLOSE)."""
    found = best.scores(game, state)
    verdict = best.judge(found)
    if not verdict.is_puzzle or verdict.moves < 3 or verdict.score > CLOSE:
        return None
    answer = verdict.best[0]
    moves = sorted_moves(game, state)
    most = max(best.turned(game, state, move) for move in moves)
    if best.turned(game, state, game.parse_move(state, answer)) == most:
        return None
    after = game.play(state, game.parse_move(state, answer))
    line = [answer, *best.best_line(game, after)]
    end = state
    for text in line:
        end = game.play(end, game.parse_move(end, text))
    if best.empties(game, end) != 0:
        return None
    return FoundBest(
        game.slug, (), best.empties(game, state), answer, verdict.score, tuple(line),
        best.outcomes(game, state, found),
    )


def find_best(slug: str, left: int, rng: random.Random, seen: set[tuple[str, str]],
              attempts: int = 400) -> FoundBest | None:
    """A new best-move puzzle of game `slug` at `left` empty points (None after `attempts`
    playouts); `seen` as in find()."""
    game = registry.get(slug)
    _low, high = _puzzles(slug).plies
    for _attempt in range(attempts):
        reached = best_playout(game, rng, high, left)
        if reached is None:
            continue
        state, texts = reached
        position = (slug, repr(sorted(game.dump(state).items())))
        if position in seen or len(game.legal_moves(state)) < 2:
            continue
        found = best_puzzle_at(game, state)
        if found is not None:
            seen.add(position)
            return FoundBest(slug, tuple(texts), found.empties, found.answer, found.score,
                             found.line, found.outcomes)
    return None
