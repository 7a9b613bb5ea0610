"""The defence a puzzle page plays, worked out once offline and shipped with the puzzle.

A tree over the attacker's choices, each key a move in canonical notation:

    attacker node: {"n": moves left,
                    "good": {move: defender node, or null when the move wins at once},
                    "bad": {move: refutation}}
    defender node: {"reply": move, "next": attacker node}
    refutation:    {"reply": move or null, "wins": 0 | 1 | 2}

`good` holds every move that keeps the win within the moves left (several may, after the
first); the defender answers it with the reply that holds out longest (ties: the first in
notation order). `bad` holds every other move with the reply that refutes it: a reply that
wins at once if there is one, else one after which no win within the moves left exists;
`wins` is 1 or 2 when that reply leaves the defender winning within that many of its own
moves against any play (0: not proven within 2). `reply` is null when the bad move ended
the game without a win (a full board). The page needs no search, on or offline.
"""

from __future__ import annotations

from typing import Any

from daily.finder import sorted_moves
from daily.proof import Prover
from games.engine.base import AnyGame


def build(game: AnyGame, state: Any, n: int) -> dict[str, Any]:
    attack = Prover(game, game.to_move(state))
    defend = Prover(game, 1 - game.to_move(state))
    return _attacker(game, attack, defend, state, n)


def _attacker(game: AnyGame, attack: Prover, defend: Prover, state: Any, n: int
              ) -> dict[str, Any]:
    good: dict[str, Any] = {}
    bad: dict[str, Any] = {}
    for move in sorted_moves(game, state):
        text = game.format_move(state, move)
        child, winner, over = attack.after(state, move)
        if over:
            if winner == attack.attacker:
                good[text] = None
            else:
                bad[text] = {"reply": None, "wins": 0}
        elif n > 1 and attack.holds(child, n - 1):
            good[text] = _defender(game, attack, defend, child, n - 1)
        else:
            bad[text] = _refutation(game, attack, defend, child, n - 1)
    return {"n": n, "good": good, "bad": bad}


def _distance(attack: Prover, state: Any, n: int) -> int:
    """The fewest attacker moves (at most `n`) that win from `state`, attacker to move."""
    return next(k for k in range(1, n + 1) if attack.wins(state, k))


def _defender(game: AnyGame, attack: Prover, defend: Prover, state: Any, n: int
              ) -> dict[str, Any]:
    best = None
    for move in sorted_moves(game, state):
        child, _winner, over = attack.after(state, move)
        if over:
            continue  # the game ends with the attacker's win: never the longest defence
        distance = _distance(attack, child, n)
        if best is None or distance > best[0]:
            best = (distance, move, child)
    if best is None:  # every reply ends the game: the attacker has won already
        move = sorted_moves(game, state)[0]
        return {"reply": game.format_move(state, move), "next": None}
    _distance_left, move, child = best
    return {
        "reply": game.format_move(state, move),
        "next": _attacker(game, attack, defend, child, n),
    }


def _refutation(game: AnyGame, attack: Prover, defend: Prover, state: Any, n: int
                ) -> dict[str, Any]:
    """The defender's answer to a move that lets the win slip (`n` attacker moves left)."""
    candidates = []
    for move in sorted_moves(game, state):
        child, winner, over = attack.after(state, move)
        if over:
            if winner == defend.attacker:
                return {"reply": game.format_move(state, move), "wins": 1}
            if winner is None:
                candidates.append((9, move))
            continue
        if n >= 1 and attack.wins(child, n):
            continue
        # A defender win in 2 of its own moves: it must hold after the attacker's move.
        rank = 2 if defend.holds(child, 1) else 9
        candidates.append((rank, move))
    rank, move = min(candidates, key=lambda item: item[0])
    return {"reply": game.format_move(state, move), "wins": rank if rank == 2 else 0}
