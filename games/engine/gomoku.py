"""Gomoku: 15x15 intersections, black first, a line of five wins; three rule settings.

A move is a point, `A1`-`O15`: column letter A-O from the left (I included), row 1-15 from
the bottom (as Renju books print the board; `H8` is the centre). Side 0 is black (moves
first), side 1 white. A full board with no five is a draw.

- `freestyle`: five or more in a row wins, for either side.
- `exact-five`: exactly five wins; an overline (six or more) wins for neither side.
- `renju`: black's five must be exact and black may not make a double-three, a double-four
  or an overline (`games.engine.gomoku_lines` has the exact terms); such a move is refused
  with `renju-double-three`, `renju-double-four` or `renju-overline`, not scored as a loss.
  A five wins even when the same stone makes a forbidden shape. White's five or overline wins.

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state("freestyle")
    >>> for text in "H8 A1 I8 A2 J8 A3 K8 A4 L8".split():
    ...     state = play_text(GAME, state, text)
    >>> GAME.outcome(state)
    Outcome(winner=0, reason='line', cells=('H8', 'I8', 'J8', 'K8', 'L8'))
    >>> renju = GAME.initial_state("renju")
    >>> for text in "G8 A1 I8 A3 H7 A5 H6 A7".split():
    ...     renju = play_text(GAME, renju, text)
    >>> GAME.forbidden_points(renju)
    {'H8': 'double-three'}
    >>> play_text(GAME, renju, "H8")
    Traceback (most recent call last):
    ...
    games.engine.base.EngineError: H8 would make a double-three, forbidden for black under Renju

The state is a tuple `(board, ply, rule, outcome)`: `board` is 225 characters in point order
(A1 B1 ... O1 A2 ... O15), `b`, `w` or `.` for empty.

No side may pass: in the rare position where black is to move under Renju and every empty
point is forbidden, the game ends drawn (reason `full`: no point left to play), where the
RIF rules would let black pass and white play on.
"""

from __future__ import annotations

from typing import Any

from games.engine.base import EngineError, Game, Outcome
from games.engine.gomoku_lines import (
    BLACK,
    EMPTY,
    FOULS,
    POINTS,
    WHITE,
    foul,
    name,
    point_or_none,
    row_cells,
    run,
)

SLUG = "gomoku"
RULES = ("freestyle", "exact-five", "renju")
DEFAULT_RULE = "freestyle"
STONES = ".bw"  # indexed by EMPTY, BLACK, WHITE
_DRAW = Outcome(None, "full", ())
_CELL = {".": EMPTY, "b": BLACK, "w": WHITE}

# A move: the index 0-224 of the point a stone is placed on.
GomokuMove = int


class GomokuState(tuple[str, int, str, Outcome | None]):
    """Immutable `(board, ply, rule, outcome)`; build it only through the engine."""

    __slots__ = ()

    @property
    def board(self) -> str:
        return self[0]

    @property
    def rule(self) -> str:
        return self[2]


_new_tuple = tuple.__new__


def _cells(board: str) -> list[int]:
    return [_CELL[c] for c in board]


def _wins(rule: str, color: int, length: int) -> bool:
    """Whether an unbroken row of `length` stones of `color` wins under `rule`."""
    if rule == "freestyle" or (rule == "renju" and color == WHITE):
        return length >= 5
    return length == 5


def _renju_black_stuck(cells: list[int]) -> bool:
    """Whether black, to move under Renju, has no point that is not forbidden."""
    return all(cells[p] != EMPTY or foul(cells, p) in FOULS for p in range(POINTS))


class Gomoku:
    """The engine object (one instance, `GAME`). Moves are point indices 0-224."""

    slug = SLUG
    points = tuple(name(p) for p in range(POINTS))  # in the order of the dump's board

    def initial_state(self, rule: str = DEFAULT_RULE) -> GomokuState:
        if rule not in RULES:
            raise EngineError("bad-rule", "the rule is freestyle, exact-five or renju")
        return _new_tuple(GomokuState, ("." * POINTS, 0, rule, None))

    def to_move(self, state: GomokuState) -> int:
        return state[1] & 1

    def outcome(self, state: GomokuState) -> Outcome | None:
        return state[3]

    def legal_moves(self, state: GomokuState) -> list[GomokuMove]:
        board, ply, rule, result = state
        if result is not None:
            return []
        empty = [p for p in range(POINTS) if board[p] == "."]
        if rule != "renju" or ply & 1:
            return empty
        cells = _cells(board)
        return [p for p in empty if foul(cells, p) not in FOULS]

    def forbidden_points(self, state: GomokuState) -> dict[str, str]:
        """Black's forbidden points and why (`double-three`, ...), in point order.

        Empty unless the rule is Renju, black is to move and the game goes on.
        """
        board, ply, rule, result = state
        if rule != "renju" or ply & 1 or result is not None:
            return {}
        cells = _cells(board)
        found = {}
        for p in range(POINTS):
            if cells[p] == EMPTY:
                kind = foul(cells, p)
                if kind in FOULS:
                    found[name(p)] = str(kind)
        return found

    def play(self, state: GomokuState, move: GomokuMove) -> GomokuState:
        board, ply, rule, result = state
        if result is not None:
            raise EngineError("game-over", "the game is over")
        if move.__class__ is not int or not 0 <= move < POINTS:
            raise EngineError("bad-notation", "not a point index 0-224")
        if board[move] != ".":
            raise EngineError("occupied", f"{name(move)} already holds a stone")
        color = BLACK if ply & 1 == 0 else WHITE
        cells = _cells(board)
        if rule == "renju" and color == BLACK:
            kind = foul(cells, move)
            if kind in FOULS:
                raise EngineError(
                    f"renju-{kind}",
                    f"{name(move)} would make a {kind}, forbidden for black under Renju",
                )
        cells[move] = color
        board = board[:move] + STONES[color] + board[move + 1 :]
        for d in range(4):
            behind, ahead = run(cells, move, d, color)
            if _wins(rule, color, behind + ahead + 1):
                cells_won = tuple(name(p) for p in row_cells(move, d, behind, ahead))
                result = Outcome(ply & 1, "line", cells_won)
                break
        else:
            if ply + 1 == POINTS or (rule == "renju" and color == WHITE
                                     and _renju_black_stuck(cells)):
                result = _DRAW
        return _new_tuple(GomokuState, (board, ply + 1, rule, result))

    def parse_move(self, state: GomokuState, text: str) -> GomokuMove:
        p = point_or_none(text) if isinstance(text, str) else None
        if p is None:
            raise EngineError("bad-notation", "a Gomoku move is a point A1 to O15")
        return p

    def format_move(self, state: GomokuState, move: GomokuMove) -> str:
        if move.__class__ is not int or not 0 <= move < POINTS:
            raise EngineError("bad-notation", "not a point index 0-224")
        return name(move)

    def dump(self, state: GomokuState) -> dict[str, Any]:
        return {"game": SLUG, "rule": state[2], "board": state[0], "to_move": state[1] & 1}

    def load(self, data: Any) -> GomokuState:
        if not isinstance(data, dict) or set(data) != {"game", "rule", "board", "to_move"}:
            raise EngineError("bad-state", "expected keys game, rule, board, to_move")
        board, rule, to_move = data["board"], data["rule"], data["to_move"]
        if data["game"] != SLUG:
            raise EngineError("bad-state", f"game must be {SLUG}")
        if rule not in RULES:
            raise EngineError("bad-state", "rule must be freestyle, exact-five or renju")
        if not isinstance(board, str) or len(board) != POINTS or board.strip(".bw"):
            raise EngineError("bad-state", "board must be 225 of b, w, '.'")
        if type(to_move) is not int or to_move not in (0, 1):
            raise EngineError("bad-state", "to_move must be 0 or 1")
        blacks, whites = board.count("b"), board.count("w")
        if blacks - whites not in (0, 1):
            raise EngineError("bad-state", "black moves first and the sides alternate")
        ply = blacks + whites
        if to_move != ply & 1:
            raise EngineError("bad-state", f"{ply} stones played, so to_move must be {ply & 1}")
        return _new_tuple(GomokuState, (board, ply, rule, _judge(board, ply, rule)))


def rows_of(cells: list[int], color: int) -> list[tuple[int, ...]]:
    """Every maximal unbroken row of `color` of five or more stones, in scan order."""
    found = []
    for d in range(4):
        for p in range(POINTS):
            if cells[p] != color:
                continue
            behind, ahead = run(cells, p, d, color)
            if behind == 0 and ahead >= 4:
                found.append(tuple(row_cells(p, d, 0, ahead)))
    return found


def _judge(board: str, ply: int, rule: str) -> Outcome | None:
    """The outcome of a loaded board; refuses boards play could not have reached."""
    cells = _cells(board)
    last = BLACK if ply & 1 else WHITE
    other = WHITE if last == BLACK else BLACK
    if any(_wins(rule, other, len(row)) for row in rows_of(cells, other)):
        raise EngineError("bad-state", "the side that did not move last has a five")
    winning = [row for row in rows_of(cells, last) if _wins(rule, last, len(row))]
    if rule == "renju" and not (last == BLACK and winning):
        if any(len(row) >= 6 for row in rows_of(cells, BLACK)):
            raise EngineError("bad-state", "black cannot have made an overline under Renju")
    if not winning:
        if ply == POINTS or (rule == "renju" and last == WHITE and _renju_black_stuck(cells)):
            return _DRAW
        return None
    common = set(winning[0]).intersection(*winning[1:])
    if not common:
        raise EngineError("bad-state", "the fives cannot all have been made by the last stone")
    # play() reports the first winning row through the last stone, in direction order.
    stone = min(common)
    for d in range(4):
        behind, ahead = run(cells, stone, d, last)
        if _wins(rule, last, behind + ahead + 1):
            names = tuple(name(p) for p in row_cells(stone, d, behind, ahead))
            return Outcome(0 if last == BLACK else 1, "line", names)
    raise AssertionError("a winning row passes through its common stone")


GAME: Game[GomokuState, GomokuMove] = Gomoku()
