"""Games where men are placed from a reserve, then moved, and a line removes an enemy man.

The place-then-move games share everything here: the move and state values, the
``a1`` / ``a1-b2`` / ``b2xd7`` notation, the position keys behind the repetition rule, the
outcome order, the ``dump`` format and the checks ``load`` makes. A game subclasses
`PlacementGame`, names its points and supplies the rules that differ (`_steps`,
`_has_step`, `_check_step`, `_check_removal`, `_removable`, `_check_reachable`).

Points are numbered in the order of the game's ``points``; every set of points is a
bitmask over those numbers. A position key packs both players' masks and the side to
move into one int: ``first | second << n | turn << 2n`` for ``n`` points.

    >>> from games.engine import registry
    >>> game = next(g for g in map(registry.get, registry.SLUGS) if isinstance(g, PlacementGame))
    >>> game.format_move(None, game.parse_move(None, "C2-C1XA4"))
    'c2-c1xa4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.engine.base import EngineError, Outcome

# Keys of the dict that dump() gives and load() takes.
FIELDS = frozenset({"game", "board", "reserve", "to_move", "quiet", "history"})


class Move(NamedTuple):
    """`src` is None for a placement; `cap` is the removed point or None (indices)."""

    src: int | None
    dst: int
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class State:
    men: tuple[int, int]  # bitmask of occupied points per player
    reserve: tuple[int, int]
    turn: int
    quiet: int  # actions counted towards the move limit (each game says which)
    history: tuple[int, ...]  # keys of earlier positions since the last placement or capture


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bad_state(message: str) -> EngineError:
    return EngineError("bad-state", message)


def int_in(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise bad_state(f"{what} must be an integer from {low} to {high}, got {value!r}")
    return value


class PlacementGame:
    """The protocol of docs/ENGINES.md for a placement game; subclasses give the rules."""

    slug: str
    title: str  # the game's name in a bad-notation message
    points: tuple[str, ...]
    pieces_each: int
    move_limit: int
    # The rules page's words, so that messages read as they always have.
    point_word: str  # "cell"
    man_word: str  # "stone"
    men_word: str  # "stones"
    count_word: str  # "twelve"

    def __init__(self) -> None:
        n = len(self.points)
        self.index = {name: i for i, name in enumerate(self.points)}
        self.all = (1 << n) - 1
        self._n = n
        self._turn_shift = 2 * n
        letters = sorted({name[0] for name in self.points})
        digits = sorted({name[1] for name in self.points})
        point = f"[{letters[0]}-{letters[-1]}][{digits[0]}-{digits[-1]}]"
        self._notation = re.compile(f"({point})(?:-({point}))?(?:x({point}))?", re.IGNORECASE)
        self._history_entry = re.compile(f"[.wb]{{{n}}}[01]")

    # --- rules each game supplies ---------------------------------------------------------

    def _steps(self, state: State) -> list[tuple[int | None, int, bool]]:
        """Every legal (src, dst, makes_line) for the mover, before choosing a removal."""
        raise NotImplementedError

    def _has_step(self, state: State) -> bool:
        """Whether `_steps` is non-empty, found without listing every step."""
        raise NotImplementedError

    def _check_step(self, state: State, src: int | None, dst: int) -> bool:
        """Raise for a step the game forbids (the common checks have passed); else whether
        it makes a line."""
        raise NotImplementedError

    def _check_removal(self, line: bool, enemy: int, own: int, cap: int | None, dst: int) -> None:
        """Raise unless `cap` (a removal, or None) fits a step to `dst` that made `line`."""
        raise NotImplementedError

    def _removable(self, enemy: int) -> int:
        """The enemy men a line may remove."""
        return enemy

    def _check_reachable(self, men: tuple[int, int], reserve: tuple[int, int]) -> None:
        """Raise bad-state for men on the board that no legal game leaves with `reserve`."""
        raise NotImplementedError

    # --- the protocol ---------------------------------------------------------------------

    def initial_state(self) -> State:
        return State((0, 0), (self.pieces_each, self.pieces_each), 0, 0, ())

    def to_move(self, state: State) -> int:
        return state.turn

    def outcome(self, state: State) -> Outcome | None:
        for player in (0, 1):
            if state.reserve[player] == 0 and state.men[player].bit_count() < 3:
                return Outcome(1 - player, "pieces")
        if not self._has_step(state):
            return Outcome(1 - state.turn, "no-moves")
        if state.history.count(self.key(state.men, state.turn)) >= 2:
            return Outcome(None, "repetition")
        if state.quiet >= self.move_limit:
            return Outcome(None, "move-limit")
        return None

    def legal_moves(self, state: State) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        removable = bits(self._removable(state.men[1 - state.turn]))
        moves: list[Move] = []
        for src, dst, line in self._steps(state):
            if line and removable:
                moves.extend(Move(src, dst, cap) for cap in removable)
            else:
                moves.append(Move(src, dst))
        return moves

    def play(self, state: State, move: Move) -> State:
        src, dst, cap = self.checked_shape(move)
        if self.outcome(state) is not None:
            raise EngineError("game-over", "the game has already ended")
        me = state.turn
        own, enemy = state.men[me], state.men[1 - me]
        if src is None and not state.reserve[me]:
            raise EngineError(
                "wrong-phase", f"all {self.count_word} {self.men_word} are placed: move one instead"
            )
        if src is not None and state.reserve[me]:
            raise EngineError(
                "wrong-phase", f"{state.reserve[me]} {self.men_word} are still to be placed"
            )
        if src is not None and not own >> src & 1:
            raise EngineError(
                "not-your-piece", f"{self.points[src]} holds none of your {self.men_word}"
            )
        if (own | enemy) >> dst & 1:
            raise EngineError("occupied", f"{self.points[dst]} is not empty")
        line = self._check_step(state, src, dst)
        self._check_removal(line, enemy, own, cap, dst)
        men = [0, 0]
        men[me] = (own if src is None else own & ~(1 << src)) | 1 << dst
        men[1 - me] = enemy if cap is None else enemy & ~(1 << cap)
        reserve = list(state.reserve)
        if src is None:
            reserve[me] -= 1
        # Moving starts only once both reserves are empty, so quiet is already 0 at a
        # placement in either game's count; a placement or a capture ends repetition.
        history: tuple[int, ...]
        if src is None or cap is not None:
            quiet, history = 0, ()
        else:
            quiet, history = state.quiet + 1, state.history + (self.key(state.men, me),)
        return State((men[0], men[1]), (reserve[0], reserve[1]), 1 - me, quiet, history)

    def parse_move(self, state: State, text: str) -> Move:
        match = self._notation.fullmatch(text) if isinstance(text, str) else None
        names = [g.lower() if g else None for g in match.groups()] if match else []
        if not match or any(n is not None and n not in self.index for n in names):
            raise EngineError("bad-notation", f"not a {self.title} move in its notation")
        first = self.index[match.group(1).lower()]  # the one point the notation always has
        second, removed = (self.index[n] if n else None for n in names[1:])
        if second is None:
            return Move(None, first, removed)
        return Move(first, second, removed)

    def format_move(self, state: State, move: Move) -> str:
        src, dst, cap = self.checked_shape(move)
        names = self.points
        text = names[dst] if src is None else f"{names[src]}-{names[dst]}"
        return text if cap is None else f"{text}x{names[cap]}"

    def checked_shape(self, move: Any) -> tuple[int | None, int, int | None]:
        def point(value: Any, optional: bool) -> bool:
            if value is None:
                return optional
            return type(value) is int and 0 <= value < self._n

        if not (isinstance(move, tuple) and len(move) == 3):
            raise EngineError("bad-notation", f"{move!r} is not a move value")
        src, dst, cap = move
        if not (point(src, True) and point(dst, False) and point(cap, True)):
            raise EngineError("bad-notation", f"{move!r} is not a move value")
        return src, dst, cap

    # --- position keys, dump and load -----------------------------------------------------

    def key(self, men: tuple[int, int], turn: int) -> int:
        return men[0] | men[1] << self._n | turn << self._turn_shift

    def key_text(self, key: int) -> str:
        n = self._n
        board = "".join(
            "w" if key >> i & 1 else "b" if key >> (i + n) & 1 else "." for i in range(n)
        )
        return board + str(key >> 2 * n)

    def dump(self, state: State) -> dict[str, Any]:
        board = {
            name: c
            for i, name in enumerate(self.points)
            for p, c in enumerate("wb")
            if state.men[p] >> i & 1
        }
        return {
            "game": self.slug,
            "board": board,
            "reserve": list(state.reserve),
            "to_move": state.turn,
            "quiet": state.quiet,
            "history": [self.key_text(k) for k in state.history],
        }

    def load(self, data: Any) -> State:
        if not isinstance(data, dict) or set(data) != FIELDS:
            raise bad_state(f"a state is an object with exactly the keys {sorted(FIELDS)}")
        if data["game"] != self.slug:
            raise bad_state(f"game must be {self.slug!r}, got {data['game']!r}")
        men = self._read_board(data["board"])
        reserve = data["reserve"]
        if not isinstance(reserve, list) or len(reserve) != 2:
            raise bad_state("reserve must be a list of two counts")
        r0, r1 = (int_in(r, 0, self.pieces_each, "a reserve") for r in reserve)
        turn = int_in(data["to_move"], 0, 1, "to_move")
        if (r0 or r1) and r1 - r0 != turn:
            raise bad_state(
                f"reserves {r0}/{r1} do not fit player {turn} to move (placement alternates)"
            )
        self._check_reachable(men, (r0, r1))
        quiet = int_in(data["quiet"], 0, self.move_limit, "quiet")
        history = data["history"]
        if not isinstance(history, list) or len(history) != quiet:
            raise bad_state("history must list exactly one earlier position per quiet action")
        if quiet and (r0 or r1):
            raise bad_state(
                f"quiet must be 0 while {self.men_word} remain to be placed (nothing has moved)"
            )
        keys = tuple(
            self._history_key(entry, men, turn, quiet - i) for i, entry in enumerate(history)
        )
        for k in set(keys):
            if keys.count(k) > 2:
                raise bad_state("a position occurs three times in history: the game ended there")
        return State(men, (r0, r1), turn, quiet, keys)

    def _read_board(self, board: Any) -> tuple[int, int]:
        if not isinstance(board, dict):
            raise bad_state(f"board must map {self.point_word} names to 'w' or 'b'")
        men = [0, 0]
        for name, owner in board.items():
            if name not in self.index:
                raise bad_state(f"{name!r} is not a {self.point_word}")
            if owner not in ("w", "b"):
                raise bad_state(f"the {self.man_word} at {name} must be 'w' or 'b', got {owner!r}")
            men["wb".index(owner)] |= 1 << self.index[name]
        return men[0], men[1]

    def _history_key(self, entry: Any, men: tuple[int, int], turn: int, back: int) -> int:
        """Parse one history key that lies `back` actions before the current position."""
        n = self._n
        if not isinstance(entry, str) or not self._history_entry.fullmatch(entry):
            raise bad_state(f"history entry {entry!r} is not {n} of '.wb' and a side to move")
        key = int(entry[n]) << 2 * n
        for i, ch in enumerate(entry[:n]):
            if ch != ".":
                key |= 1 << (i + n * "wb".index(ch))
        if int(entry[n]) != (turn + back) % 2:
            raise bad_state(f"history entry {entry!r} has the wrong side to move")
        for player in (0, 1):
            if (key >> (n * player) & self.all).bit_count() != men[player].bit_count():
                raise bad_state(
                    f"history entry {entry!r} has a capture since it (captures reset history)"
                )
        return key
