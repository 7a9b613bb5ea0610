"""Exact Reversi endgames: the final disc difference with best play on both sides.

A score is the side to move's discs minus the opponent's when the game ends, the empty
squares going to the side with more discs (the usual convention: a score is even, from -64
to 64). The search
is a negamax with alpha-beta over the engine's own bitboard functions
(games.engine.reversi: `moves_of`, `flips_of`, `final_score`), its moves ordered fastest
first (the fewest replies for the opponent) while more than a few squares are empty, the last
empty square played out directly, and the bounds of positions with 7 or more empty squares
remembered across solves. It is
slow next to the browser's solver (static/js/ai/reversi-solve.js) but short and plain: it
proves positions of up to a dozen or so empty squares (daily puzzles, the tests that hold the
two solvers to the same scores).

    >>> from games.engine.reversi import GAME
    >>> state = GAME.load({"game": "reversi", "to_move": 0, "board":
    ...     "bw.bbbb.bbbbbbbwbbbbwwwwbbwwwbwbbbwwbwbbbbwwwwwbbb.wbwwb.bbbbbwb"})
    >>> [GAME.format_move(state, move) for move in GAME.legal_moves(state)]
    ['c1', 'h1', 'c7']
    >>> best_moves(state)  # black wins by 12 with c1 or c7, by 6 with h1
    (12, [2, 50])
    >>> move_scores(state)[7]
    6
"""

from __future__ import annotations

from games.engine.placement import bits
from games.engine.reversi import (
    FULL,
    GAME,
    PASS,
    SQUARES,
    ReversiMove,
    ReversiState,
    final_score,
    flips_of,
    moves_of,
)

WORST = -SQUARES - 1  # below every score
_ORDER_EMPTIES = 6  # order moves by the opponent's mobility above this many empty squares


_TABLE_EMPTIES = 7  # positions with this many empty squares or more are remembered
# (player, opponent) -> (lower, upper) bounds of the exact score, for one solve: the same
# position is reached by several move orders, and each child of move_scores is a solve of its
# own with many grandchildren in common. Cleared by `solve` at its own size limit.
_table: dict[tuple[int, int], tuple[int, int]] = {}
_TABLE_MAX = 1_000_000


def negamax(player: int, opponent: int, alpha: int = -SQUARES, beta: int = SQUARES) -> int:
    """The score of `player` to move against `opponent` (bitboards) if it lies strictly
    between `alpha` and `beta`; otherwise a bound on the same side of the window (fail-soft)."""
    empty = FULL & ~(player | opponent)
    if empty & (empty - 1) == 0:  # one square left, or none: most of a search's nodes
        return _last(player, opponent, empty)
    moves = moves_of(player, opponent)
    if not moves:
        if not moves_of(opponent, player):
            return final_score(player, opponent)
        return -negamax(opponent, player, -beta, -alpha)
    empties = empty.bit_count()
    key = (player, opponent)
    remembered = empties >= _TABLE_EMPTIES
    if remembered and key in _table:
        lower, upper = _table[key]
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
    window = (alpha, beta)
    best = _search(player, opponent, moves, empties, alpha, beta)
    if remembered:
        lower, upper = _table.get(key, (-SQUARES, SQUARES))
        if best <= window[0]:
            upper = min(upper, best)
        elif best >= window[1]:
            lower = max(lower, best)
        else:
            lower = upper = best
        _table[key] = (lower, upper)
    return best


def _last(player: int, opponent: int, empty: int) -> int:
    """The score with at most one empty square: played out directly, without move lists
    (the full board's leaves were two move generations each before)."""
    if empty:
        square = empty.bit_length() - 1
        flips = flips_of(player, opponent, square)
        if flips:
            return (player | flips).bit_count() + 1 - (opponent ^ flips).bit_count()
        flips = flips_of(opponent, player, square)
        if flips:
            return (player ^ flips).bit_count() - (opponent | flips).bit_count() - 1
    return final_score(player, opponent)


def _search(player: int, opponent: int, moves: int, empties: int, alpha: int, beta: int) -> int:
    squares = bits(moves)
    if empties > _ORDER_EMPTIES and len(squares) > 1:
        squares.sort(key=lambda square: _replies(player, opponent, square))
    best = WORST
    for square in squares:
        flips = flips_of(player, opponent, square)
        score = -negamax(opponent ^ flips, player | flips | (1 << square), -beta, -alpha)
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


def _replies(player: int, opponent: int, square: int) -> int:
    """How many moves the opponent has after `player` puts a disc on `square`."""
    flips = flips_of(player, opponent, square)
    return moves_of(opponent ^ flips, player | flips | (1 << square)).bit_count()


def _sides(state: ReversiState) -> tuple[int, int]:
    black, white, to_move = state[0], state[1], state[2]
    return (white, black) if to_move else (black, white)


def solve(state: ReversiState) -> int:
    """The exact score of the position for the side to move (the final one if it is over)."""
    if len(_table) > _TABLE_MAX:
        _table.clear()
    return negamax(*_sides(state))


def move_scores(state: ReversiState) -> dict[ReversiMove, int]:
    """Each legal move's exact score for the side to move (a forced pass under PASS)."""
    scores = {}
    for move in GAME.legal_moves(state):
        scores[move] = -solve(GAME.play(state, move))  # the opponent is to move (or passes)
    return scores


def best_moves(state: ReversiState) -> tuple[int, list[ReversiMove]]:
    """The exact score for the side to move and every move that keeps it, ascending (a move
    that ends the game counts like any other; `[]` once the game is over)."""
    if GAME.outcome(state) is not None:
        return solve(state), []
    scores = move_scores(state)
    top = max(scores.values())
    return top, sorted(move for move, score in scores.items() if score == top)


__all__ = ["PASS", "WORST", "best_moves", "move_scores", "negamax", "solve"]
