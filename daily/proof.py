"""Exact proofs of "win within N of your own moves against any defence", on the engines.

A pure module (no Django): it plays the Python engines of `games/engine/` through their
protocol, so a proof is only as good as the rules the site enforces everywhere else.

The search is an AND/OR tree: at the attacker's turn one move must work (OR), at the
defender's every reply must fail (AND). A transposition table keeps each (position, moves
left) result. Two prunings keep a 3D win-in-5 fast without changing any result:

- the attacker tries its immediate wins first, and a defender reply that ends the game
  (a defender win or a draw) refutes at once;
- with a *threat* function (the engine's `threats`, where it has one), a
  defender facing two attacker threats has lost, facing one must block it; an attacker
  facing two defender threats cannot win later than now, facing one must block it. Every
  other move then loses (or wins) on the spot, so only the forced move is searched.

tests/daily/test_proof.py shows it on small positions (a fork is a win in two, not in one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from games.engine.base import AnyGame

# threats(state, side) -> moves that would win at once for `side` if it were its turn. An
# engine that can tell this cheaply offers it as `game.threats`.
Threats = Callable[[Any, int], list[Any]]




class Prover:
    """One search over one game, with its transposition table (reuse it for one puzzle)."""

    def __init__(self, game: AnyGame, attacker: int) -> None:
        self.game = game
        self.attacker = attacker
        self.threats: Threats | None = getattr(game, "threats", None)
        self.table: dict[tuple[Any, int, bool], bool] = {}
        self.nodes = 0
        self.killers: dict[int, Any] = {}

    def wins(self, state: Any, n: int) -> bool:
        """The attacker, to move in `state`, wins within `n` of its moves whatever happens."""
        if n <= 0:
            return False
        key = (state, n, True)
        found = self.table.get(key)
        if found is not None:
            return found
        self.nodes += 1
        result = self._attack(state, n)
        self.table[key] = result
        return result

    def holds(self, state: Any, n: int) -> bool:
        """The defender, to move in `state`, cannot stop a win within `n` attacker moves."""
        key = (state, n, False)
        found = self.table.get(key)
        if found is not None:
            return found
        self.nodes += 1
        result = self._defend(state, n)
        self.table[key] = result
        return result

    def after(self, state: Any, move: Any) -> tuple[Any, int | None, bool]:
        """The position after `move`, its winner, and whether the game ended."""
        child = self.game.play(state, move)
        outcome = self.game.outcome(child)
        return child, (outcome.winner if outcome else None), outcome is not None

    def _attack(self, state: Any, n: int) -> bool:
        game, me = self.game, self.attacker
        if self.threats is not None and self.threats(state, me):
            return True
        children = []
        moves = game.legal_moves(state)
        for move in moves:
            child, winner, over = self.after(state, move)
            if over:
                if winner == me:
                    return True
                continue
            children.append((move, child))
        if n == 1:
            return False
        if self.threats is not None:
            theirs = set(self.threats(state, 1 - me))
            if len(theirs) >= 2:
                return False  # no immediate win, and two of theirs cannot both be blocked
            if theirs:
                children = [(m, c) for m, c in children if m in theirs]
            # Moves that make a threat force the reply: try them first, most threats first.
            ranked = [(len(self.threats(c, me)), i, c) for i, (_m, c) in enumerate(children)]
            ranked.sort(key=lambda item: (-item[0], item[1]))
            return any(self.holds(child, n - 1) for _count, _i, child in ranked)
        return any(self.holds(child, n - 1) for _move, child in children)

    def _defend(self, state: Any, n: int) -> bool:
        game, me = self.game, self.attacker
        moves = game.legal_moves(state)
        forced: set[Any] | None = None
        if self.threats is not None:
            ours = set(self.threats(state, me))
            if len(ours) >= 2 and not self.threats(state, 1 - me):
                return True  # the defender cannot win now and cannot block both
            if ours:
                forced = ours
        children = []
        for move in moves:
            child, winner, over = self.after(state, move)
            if over:
                if winner != me:
                    return False  # the defender wins or draws: no attacker win follows
                continue
            if forced is None or move in forced:
                children.append((move, child))
        # An unforced reply leaves an attacker win in one, so n >= 1 covers it. The reply
        # that refuted a sibling is tried first (a killer move), as it often refutes again.
        killer = self.killers.get(n)
        if killer is not None:
            children.sort(key=lambda item: item[0] != killer)
        for move, child in children:
            if not self.wins(child, n):
                self.killers[n] = move
                return False
        return True

    def winning_moves(self, state: Any, n: int) -> list[Any]:
        """Every attacker move after which the win within `n` (this move included) holds."""
        out = []
        for move in self.game.legal_moves(state):
            child, winner, over = self.after(state, move)
            if (over and winner == self.attacker) or (
                not over and n > 1 and self.holds(child, n - 1)
            ):
                out.append(move)
        return out


@dataclass(frozen=True)
class Verdict:
    wins_within: bool  # the goal is reachable within N against every defence
    wins_before: bool  # ... already within N - 1 (then it is not an N-move puzzle)
    winning_first_moves: tuple[str, ...]  # canonical notation, sorted

    @property
    def is_puzzle(self) -> bool:
        return self.wins_within and not self.wins_before and len(self.winning_first_moves) == 1


def check(game: AnyGame, state: Any, n: int) -> Verdict:
    """The three facts a puzzle must have, proven by exhaustive search."""
    prover = Prover(game, game.to_move(state))
    within = prover.wins(state, n)
    before = prover.wins(state, n - 1) if within else False
    firsts = (
        tuple(sorted(game.format_move(state, m) for m in prover.winning_moves(state, n)))
        if within
        else ()
    )
    return Verdict(within, before, firsts)


def replay(game: AnyGame, texts: Iterable[str]) -> Any:
    """The position after the moves `texts` from the start (raises EngineError if illegal)."""
    state = game.initial_state()
    for text in texts:
        state = game.play(state, game.parse_move(state, text))
    return state
