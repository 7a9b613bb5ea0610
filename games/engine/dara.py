"""Dara on a 5x6 board: place twelve stones each, then move; a new line of three captures.

Rules as this site plays them (seed 003):

- 5 rows x 6 columns, empty at the start. White places first; players alternate placing
  one stone on an empty cell until all 24 are down. A placement that makes three or more
  of the placer's stones in a row or column (a run through the new stone) is illegal
  (``dara-three-in-placement``).
- Then a move takes one stone to an orthogonally adjacent empty cell. If the moved stone
  ends in a line of exactly three (a maximal run of three own stones in its row or
  column), the mover removes one enemy stone of their choice, any stone at all, in the
  same move (``xCELL``). Two lines at once still remove one stone. A move that makes a
  run of four or more is illegal (``dara-four-line``). Diagonals never count.
- A player with fewer than three stones (and none left to place) loses (``pieces``); the
  player to move with no legal move loses (``no-moves``), which can also happen during
  placement when every empty cell is forbidden. When one move both blocks the opponent
  and reaches the action limit, the block wins.
- Draws: the third occurrence of a position (board, side to move, reserves) is
  ``repetition``. The no-progress counter ``quiet`` counts actions since the last
  progress, where progress is a placement or a capture: both reset it to 0, every other
  action (a move without capture) adds one; at 120 the game is a ``move-limit`` draw.

Notation (docs/ENGINES.md): columns ``a``-``f`` from the left, rows ``1``-``5`` from the
top, so the rules page's (row 2, column 3) is ``c2``. Placement ``c2``, move ``c2-c1``,
removal appended as ``xa4``. Usage, the rules page's worked example::

    >>> from games.engine.base import play_text
    >>> state = GAME.load({"game": "dara", "board": {"a1": "w", "b1": "w", "c2": "w",
    ...     "a4": "b", "c4": "b", "e4": "b"}, "reserve": [0, 0], "to_move": 0,
    ...     "quiet": 0, "history": []})
    >>> state = play_text(GAME, state, "c2-c1xa4")
    >>> GAME.outcome(state)
    Outcome(winner=0, reason='pieces', cells=())

``dump`` gives ``{"game": "dara", "board": {"c2": "w", ...}, "reserve": [r0, r1],
"to_move": t, "quiet": q, "history": [...]}``: ``board`` maps occupied cells to their
owner (``w`` moves first, ``b``); ``history`` holds the earlier positions since the last
placement or capture (the only ones that can recur), oldest first, each a 31-character
key: one character per cell row by row from ``a1`` (``.``, ``w`` or ``b``), then the side
to move (``0`` or ``1``). Reserves are zero in every such position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.engine.base import EngineError, Outcome

SLUG = "dara"
ROWS, COLUMNS = 5, 6
STONES = 12
MOVE_LIMIT = 120
CELLS = tuple(f"{'abcdef'[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(ROWS * COLUMNS))
INDEX = {name: i for i, name in enumerate(CELLS)}
ALL = (1 << len(CELLS)) - 1
_NOTATION = re.compile(r"([a-f][1-5])(?:-([a-f][1-5]))?(?:x([a-f][1-5]))?", re.IGNORECASE)


def _neighbours(i: int) -> int:
    row, column = divmod(i, COLUMNS)
    mask = 0
    for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            mask |= 1 << (r * COLUMNS + c)
    return mask


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(CELLS)))


class Move(NamedTuple):
    """`src` is None for a placement; `cap` is the removed cell or None (indices)."""

    src: int | None
    dst: int
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class State:
    stones: tuple[int, int]  # bitmask of occupied cells per player
    reserve: tuple[int, int]
    turn: int
    quiet: int  # actions since the last placement or capture
    history: tuple[int, ...]  # keys of earlier positions since the last placement or capture


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _key(stones: tuple[int, int], turn: int) -> int:
    return stones[0] | stones[1] << 30 | turn << 60


def _key_text(key: int) -> str:
    board = "".join("w" if key >> i & 1 else "b" if key >> (i + 30) & 1 else "." for i in range(30))
    return board + str(key >> 60)


def _runs(own: int, i: int) -> tuple[int, int]:
    """Lengths of the horizontal and vertical runs of `own` stones through cell `i`."""
    row, column = divmod(i, COLUMNS)
    left = right = up = down = 0
    while column - left > 0 and own >> (i - left - 1) & 1:
        left += 1
    while column + right < COLUMNS - 1 and own >> (i + right + 1) & 1:
        right += 1
    while row - up > 0 and own >> (i - (up + 1) * COLUMNS) & 1:
        up += 1
    while row + down < ROWS - 1 and own >> (i + (down + 1) * COLUMNS) & 1:
        down += 1
    return left + right + 1, up + down + 1


def _placeable(own: int, dst: int) -> bool:
    return max(_runs(own | 1 << dst, dst)) < 3


def _move_runs(own: int, src: int, dst: int) -> tuple[int, int]:
    return _runs(own & ~(1 << src) | 1 << dst, dst)


def _steps(state: State) -> list[tuple[int | None, int, bool]]:
    """Every legal (src, dst, makes_line) before choosing a removal."""
    me = state.turn
    own = state.stones[me]
    empty = ALL & ~(own | state.stones[1 - me])
    if state.reserve[me]:
        return [(None, dst, False) for dst in _bits(empty) if _placeable(own, dst)]
    steps = []
    for src in _bits(own):
        for dst in _bits(NEIGHBOURS[src] & empty):
            runs = _move_runs(own, src, dst)
            if max(runs) < 4:
                steps.append((src, dst, 3 in runs))
    return steps


def _has_step(state: State) -> bool:
    me = state.turn
    own = state.stones[me]
    empty = ALL & ~(own | state.stones[1 - me])
    if state.reserve[me]:
        return any(_placeable(own, dst) for dst in _bits(empty))
    return any(
        max(_move_runs(own, src, dst)) < 4
        for src in _bits(own)
        for dst in _bits(NEIGHBOURS[src] & empty)
    )


class Dara:
    slug = SLUG

    def initial_state(self) -> State:
        return State((0, 0), (STONES, STONES), 0, 0, ())

    def to_move(self, state: State) -> int:
        return state.turn

    def outcome(self, state: State) -> Outcome | None:
        for player in (0, 1):
            if state.reserve[player] == 0 and state.stones[player].bit_count() < 3:
                return Outcome(1 - player, "pieces")
        if not _has_step(state):
            return Outcome(1 - state.turn, "no-moves")
        if state.history.count(_key(state.stones, state.turn)) >= 2:
            return Outcome(None, "repetition")
        if state.quiet >= MOVE_LIMIT:
            return Outcome(None, "move-limit")
        return None

    def legal_moves(self, state: State) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        enemy = _bits(state.stones[1 - state.turn])
        moves = []
        for src, dst, line in _steps(state):
            if line and enemy:
                moves.extend(Move(src, dst, cap) for cap in enemy)
            else:
                moves.append(Move(src, dst))
        return moves

    def play(self, state: State, move: Move) -> State:
        src, dst, cap = _checked_shape(move)
        if self.outcome(state) is not None:
            raise EngineError("game-over", "the game has already ended")
        me = state.turn
        own, enemy = state.stones[me], state.stones[1 - me]
        if src is None and not state.reserve[me]:
            raise EngineError("wrong-phase", "all twelve stones are placed: move one instead")
        if src is not None and state.reserve[me]:
            raise EngineError("wrong-phase", f"{state.reserve[me]} stones are still to be placed")
        if src is not None and not own >> src & 1:
            raise EngineError("not-your-piece", f"{CELLS[src]} holds none of your stones")
        if (own | enemy) >> dst & 1:
            raise EngineError("occupied", f"{CELLS[dst]} is not empty")
        if src is None:
            if not _placeable(own, dst):
                raise EngineError(
                    "dara-three-in-placement", f"placing at {CELLS[dst]} makes three in a line"
                )
            line = False
        else:
            if not NEIGHBOURS[src] >> dst & 1:
                raise EngineError(
                    "not-adjacent", f"{CELLS[dst]} is not orthogonally next to {CELLS[src]}"
                )
            runs = _move_runs(own, src, dst)
            if max(runs) >= 4:
                raise EngineError("dara-four-line", f"{CELLS[dst]} would make four in a line")
            line = 3 in runs
        _check_removal(line, enemy, own, cap, dst)
        stones = [0, 0]
        stones[me] = own | 1 << dst if src is None else own & ~(1 << src) | 1 << dst
        stones[1 - me] = enemy if cap is None else enemy & ~(1 << cap)
        reserve = list(state.reserve)
        if src is None:
            reserve[me] -= 1
        if src is None or cap is not None:
            quiet, history = 0, ()
        else:
            quiet, history = state.quiet + 1, state.history + (_key(state.stones, me),)
        return State((stones[0], stones[1]), (reserve[0], reserve[1]), 1 - me, quiet, history)

    def parse_move(self, state: State, text: str) -> Move:
        match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
        if not match:
            raise EngineError("bad-notation", f"{text!r} is not a Dara move")
        first, second, removed = (INDEX[g.lower()] if g else None for g in match.groups())
        if second is None:
            return Move(None, first, removed)
        return Move(first, second, removed)

    def format_move(self, state: State, move: Move) -> str:
        src, dst, cap = _checked_shape(move)
        text = CELLS[dst] if src is None else f"{CELLS[src]}-{CELLS[dst]}"
        return text if cap is None else f"{text}x{CELLS[cap]}"

    def dump(self, state: State) -> dict[str, Any]:
        board = {
            CELLS[i]: c for i in range(30) for p, c in enumerate("wb") if state.stones[p] >> i & 1
        }
        return {
            "game": SLUG,
            "board": board,
            "reserve": list(state.reserve),
            "to_move": state.turn,
            "quiet": state.quiet,
            "history": [_key_text(k) for k in state.history],
        }

    def load(self, data: Any) -> State:
        return _load(data)


def _checked_shape(move: Any) -> tuple[int | None, int, int | None]:
    def cell(value: Any, optional: bool) -> bool:
        if value is None:
            return optional
        return type(value) is int and 0 <= value < len(CELLS)

    if not (isinstance(move, tuple) and len(move) == 3):
        raise EngineError("bad-notation", f"{move!r} is not a move value")
    src, dst, cap = move
    if not (cell(src, True) and cell(dst, False) and cell(cap, True)):
        raise EngineError("bad-notation", f"{move!r} is not a move value")
    return src, dst, cap


def _check_removal(line: bool, enemy: int, own: int, cap: int | None, dst: int) -> None:
    if cap is None:
        if line and enemy:
            raise EngineError("capture-required", "this move makes a line: name a stone to remove")
        return
    if not line:
        raise EngineError("capture-not-allowed", "this move makes no line: nothing is removed")
    if not enemy >> cap & 1:
        whose = "your own stone" if (own >> cap & 1 or cap == dst) else "empty"
        raise EngineError("capture-invalid", f"{CELLS[cap]} is {whose}, not an enemy stone")


def _bad(message: str) -> EngineError:
    return EngineError("bad-state", message)


def _int_in(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{what} must be an integer from {low} to {high}, got {value!r}")
    return value


def _load(data: Any) -> State:
    fields = {"game", "board", "reserve", "to_move", "quiet", "history"}
    if not isinstance(data, dict) or set(data) != fields:
        raise _bad(f"a state is an object with exactly the keys {sorted(fields)}")
    if data["game"] != SLUG:
        raise _bad(f"game must be {SLUG!r}, got {data['game']!r}")
    stones = _read_board(data["board"])
    reserve = data["reserve"]
    if not isinstance(reserve, list) or len(reserve) != 2:
        raise _bad("reserve must be a list of two counts")
    r0, r1 = (_int_in(r, 0, STONES, "a reserve") for r in reserve)
    turn = _int_in(data["to_move"], 0, 1, "to_move")
    if (r0 or r1) and r1 - r0 != turn:
        raise _bad(f"reserves {r0}/{r1} do not fit player {turn} to move (placement alternates)")
    placing = bool(r0 or r1)
    for player, left in ((0, r0), (1, r1)):
        count = stones[player].bit_count()
        if count > STONES - left or (placing and count != STONES - left):
            raise _bad(f"player {player} has {count} stones with {left} still to place")
        longest = max((max(_runs(stones[player], i)) for i in _bits(stones[player])), default=0)
        if longest >= (3 if placing else 4):
            raise _bad(f"player {player} has {longest} in a line, which no legal game reaches")
    quiet = _int_in(data["quiet"], 0, MOVE_LIMIT, "quiet")
    history = data["history"]
    if not isinstance(history, list) or len(history) != quiet:
        raise _bad("history must list exactly one earlier position per quiet action")
    if quiet and placing:
        raise _bad("a placement resets quiet to 0, so quiet must be 0 while stones remain")
    keys = tuple(_history_key(entry, stones, turn, quiet - i) for i, entry in enumerate(history))
    for k in set(keys):
        if keys.count(k) > 2:
            raise _bad("a position occurs three times in history: the game ended there")
    return State(stones, (r0, r1), turn, quiet, keys)


def _read_board(board: Any) -> tuple[int, int]:
    if not isinstance(board, dict):
        raise _bad("board must map cell names to 'w' or 'b'")
    stones = [0, 0]
    for name, owner in board.items():
        if name not in INDEX:
            raise _bad(f"{name!r} is not a cell (a1-f5, lower case)")
        if owner not in ("w", "b"):
            raise _bad(f"the stone at {name} must be 'w' or 'b', got {owner!r}")
        stones["wb".index(owner)] |= 1 << INDEX[name]
    return stones[0], stones[1]


def _history_key(entry: Any, stones: tuple[int, int], turn: int, back: int) -> int:
    """Parse one history key that lies `back` actions before the current position."""
    if not isinstance(entry, str) or not re.fullmatch(r"[.wb]{30}[01]", entry):
        raise _bad(f"history entry {entry!r} is not 30 of '.wb' and a side to move")
    key = int(entry[30]) << 60
    for i, ch in enumerate(entry[:30]):
        if ch != ".":
            key |= 1 << (i + 30 * "wb".index(ch))
    if int(entry[30]) != (turn + back) % 2:
        raise _bad(f"history entry {entry!r} has the wrong side to move")
    for player in (0, 1):
        if (key >> (30 * player) & ALL).bit_count() != stones[player].bit_count():
            raise _bad(f"history entry {entry!r} has a capture since it (captures reset history)")
    return key


GAME = Dara()


def _line(text: str) -> list[str]:
    return text.split()


_PLACED = "e5 a1 f5 f3 d1 a5 e1 c5 a4 b1 b4 a2 c2 c4 b2 b3 d3 f2 c3 e4 d4 e2 a3 d5"

# Hand-picked games and prefixes that the vector tool replays (tools/gen_vectors.py); each
# is checked in tests/games/test_dara.py. Found by seeded searches, kept as text.
EDGE_CASES: list[list[str]] = [
    # d1-d2 makes the row b2-c2-d2 and the column d2-d3-d4 at once: one stone is removed
    _line(_PLACED + " d1-d2xa5"),
    # c2-c3 makes the column c3-c4-c5 (a vertical line) and captures
    _line("c5 d1 b1 d4 a1 d2 e2 a2 f4 a3 f1 c1 f5 f3 f2 e3 b2 b4 c2 d5 c4 e4 a5 b3 c2-c3xf3"),
    # ... then black's d2-d3 line takes c3, a stone of white's own line of three
    _line(
        "c5 d1 b1 d4 a1 d2 e2 a2 f4 a3 f1 c1 f5 f3 f2 e3 b2 b4 c2 d5 c4 e4 a5 b3 c2-c3xf3 d2-d3xc3"
    ),
    # white may not play d3-e3 (e1-e4 would be four); c5-c4 makes the row c4-d4-e4
    _line("e1 b4 e2 b3 d3 f4 f1 c3 a2 d5 a3 b1 f2 d1 c5 f5 b2 a4 e4 d2 d4 a5 c1 a1 c5-c4xa4"),
    # b4-c4 completes the diagonal b3-c4-d5 only: diagonals never capture
    _line("b3 b5 a4 d2 b4 c5 e2 e3 d5 e1 d1 a1 f2 c3 f5 a3 c1 e4 c2 f3 a5 d4 f1 b2 b4-c4"),
    # a game played out to a "pieces" loss
    _line(
        "e1 b3 a2 f3 e4 b1 e3 d1 d5 d4 a4 c3 b4 f4 a1 c5 f5 f1 f2 b5 d2 e5 d3 e2 a4-a3xe2"
        " d4-c4xa2 e1-e2xc5 b5-c5xd2 e4-d4xc5 b3-b2 d3-d2xe5 b2-c2xf2 d4-e4xc2 f1-e1 e4-e5xb1"
        " c3-c2 e5-e4xe1 d1-c1 e4-e5xc4 f3-f2 e5-e4xf4 f2-f3 e4-e5xc2"
    ),
    # white, with one stone left to place, may use no empty cell: "no-moves"
    _line("e3 f2 c3 a4 c4 d3 d4 c1 d1 a1 e5 a5 e1 d2 b3 d5 f4 b5 b1 a2 f5 b4"),
    # the first position after placement occurs a third time: "repetition"
    _line(
        "d5 a3 b5 c3 b1 d2 c4 d4 e3 f2 f4 e4 b2 a4 d1 c2 f1 f5 a2 c5 e5 f3 a5 b4"
        " d1-e1 c2-c1 e1-d1 c1-c2 d1-e1 c2-c1 e1-d1 c1-c2"
    ),
    # 120 actions without a placement or a capture: "move-limit"
    _line(
        "b5 b4 f3 c4 d2 d3 c1 e5 c3 a3 f5 c2 b3 d1 f1 e1 a1 c5 a4 f4 b2 b1 a5 e2 f1-f2 e1-f1"
        " a1-a2 e5-e4 f5-e5 e2-e3 e5-f5 f1-e1 f5-e5 e3-e2 f2-f1 c5-d5 f3-e3 f4-f5 e3-f3 c4-c5"
        " f3-f2 c5-c4 a2-a1 c4-c5 c3-c4 e2-e3 c4-d4 e4-f4 f2-e2 d3-c3 a1-a2 f4-f3 e2-f2 e1-e2"
        " d4-e4 e2-e1 d2-d3 e1-e2 d3-d4 f3-f4 f1-e1 b1-a1 b2-b1 f4-f3 d4-c4 c2-d2 b1-b2 f5-f4"
        " e4-d4 a1-b1 e1-f1 b1-a1 b2-c2 a1-b1 d4-d3 b1-a1 a2-b2 d5-d4 f1-e1 a1-b1 e5-d5 b1-a1"
        " b2-b1 a1-a2 d5-e5 a2-a1 e5-e4 a3-a2 e4-e5 a2-b2 e5-f5 a1-a2 f5-e5 c5-d5 b5-c5 a2-a1"
        " e5-f5 b4-b5 e1-f1 b2-a2 b1-b2 e2-e1 a4-a3 d4-e4 a3-a4 a1-b1 f5-e5 e3-e2 d3-e3 e4-d4"
        " e3-d3 f4-f5 a4-a3 a2-a1 b3-b4 c3-b3 e5-e4 f3-f4 e4-e5 e2-e3 f2-e2 a1-a2 e5-e4 a2-a1"
        " f1-f2 b3-c3 b4-b3 f4-f3 b2-a2 d5-e5 c5-d5 f5-f4 f2-f1 b1-b2 d5-c5 b5-b4 a3-a4 d4-d5"
        " c4-d4 b4-b5 e2-f2 c3-c4 b3-b4 e1-e2"
    ),
]
