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
    >>> GAME.key_text(GAME.key((0b11, 0b100), 1))
    'wwb...........................1'

``dump`` gives ``{"game": "dara", "board": {"c2": "w", ...}, "reserve": [r0, r1],
"to_move": t, "quiet": q, "history": [...]}``: ``board`` maps occupied cells to their
owner (``w`` moves first, ``b``); ``history`` holds the earlier positions since the last
placement or capture (the only ones that can recur), oldest first, each a 31-character
key: one character per cell row by row from ``a1`` (``.``, ``w`` or ``b``), then the side
to move (``0`` or ``1``). Reserves are zero in every such position.
"""

from __future__ import annotations

from games.engine.base import EngineError, Game
from games.engine.placement import Move, PlacementGame, State, bad_state, bits

ROWS, COLUMNS = 5, 6
CELLS = tuple(f"{'abcdef'[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(ROWS * COLUMNS))
ALL = (1 << len(CELLS)) - 1


def _neighbours(i: int) -> int:
    row, column = divmod(i, COLUMNS)
    mask = 0
    for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            mask |= 1 << (r * COLUMNS + c)
    return mask


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(CELLS)))


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


class Dara(PlacementGame):
    slug = "dara"
    title = "Dara"
    points = CELLS
    pieces_each = 12
    move_limit = 120
    point_word, man_word, men_word, count_word = "cell", "stone", "stones", "twelve"

    def _steps(self, state: State) -> list[tuple[int | None, int, bool]]:
        me = state.turn
        own = state.men[me]
        empty = ALL & ~(own | state.men[1 - me])
        if state.reserve[me]:
            return [(None, dst, False) for dst in bits(empty) if _placeable(own, dst)]
        steps: list[tuple[int | None, int, bool]] = []
        for src in bits(own):
            for dst in bits(NEIGHBOURS[src] & empty):
                runs = _move_runs(own, src, dst)
                if max(runs) < 4:
                    steps.append((src, dst, 3 in runs))
        return steps

    def _has_step(self, state: State) -> bool:
        me = state.turn
        own = state.men[me]
        empty = ALL & ~(own | state.men[1 - me])
        if state.reserve[me]:
            return any(_placeable(own, dst) for dst in bits(empty))
        return any(
            max(_move_runs(own, src, dst)) < 4
            for src in bits(own)
            for dst in bits(NEIGHBOURS[src] & empty)
        )

    def _check_step(self, state: State, src: int | None, dst: int) -> bool:
        own = state.men[state.turn]
        if src is None:
            if not _placeable(own, dst):
                raise EngineError(
                    "dara-three-in-placement", f"placing at {CELLS[dst]} makes three in a line"
                )
            return False
        if not NEIGHBOURS[src] >> dst & 1:
            raise EngineError(
                "not-adjacent", f"{CELLS[dst]} is not orthogonally next to {CELLS[src]}"
            )
        runs = _move_runs(own, src, dst)
        if max(runs) >= 4:
            raise EngineError("dara-four-line", f"{CELLS[dst]} would make four in a line")
        return 3 in runs

    def _check_removal(self, line: bool, enemy: int, own: int, cap: int | None, dst: int) -> None:
        if cap is None:
            if line and enemy:
                raise EngineError(
                    "capture-required", "this move makes a line: name a stone to remove"
                )
            return
        if not line:
            raise EngineError("capture-not-allowed", "this move makes no line: nothing is removed")
        if not enemy >> cap & 1:
            whose = "your own stone" if (own >> cap & 1 or cap == dst) else "empty"
            raise EngineError("capture-invalid", f"{CELLS[cap]} is {whose}, not an enemy stone")

    def _check_reachable(self, men: tuple[int, int], reserve: tuple[int, int]) -> None:
        # Placement never captures and never makes three, and moving never makes four.
        placing = any(reserve)
        for player, left in enumerate(reserve):
            count = men[player].bit_count()
            if count > self.pieces_each - left or (placing and count != self.pieces_each - left):
                raise bad_state(f"player {player} has {count} stones with {left} still to place")
            longest = max((max(_runs(men[player], i)) for i in bits(men[player])), default=0)
            if longest >= (3 if placing else 4):
                raise bad_state(
                    f"player {player} has {longest} in a line, which no legal game reaches"
                )


GAME: Game[State, Move] = Dara()


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
