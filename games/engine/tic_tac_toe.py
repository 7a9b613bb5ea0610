"""Tic-tac-toe: 3x3, X first, three in a row, column or long diagonal wins at once.

A move is a point `a1`-`c3` (see games.engine.grid3). A full board with no line is a draw;
nothing can be played after the game ends.

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state()
    >>> for text in ["a1", "b2", "b1", "a3", "c1"]:
    ...     state = play_text(GAME, state, text)
    >>> GAME.outcome(state)
    Outcome(winner=0, reason='line', cells=('a1', 'b1', 'c1'))
    >>> GAME.dump(state)
    {'game': 'tic-tac-toe', 'board': 'xxx.o.o..', 'to_move': 1}

The state is a tuple `(board, ply, outcome)`: `board` is nine characters in point order,
`x`, `o` or `.` for empty.
"""

from __future__ import annotations

from typing import Any

from games.engine.base import EngineError, Game, Outcome
from games.engine.grid3 import LINES, LINES_THROUGH, POINTS, is_point, line_names, parse_point

SLUG = "tic-tac-toe"
MARKS = "xo"
EMPTY_BOARD = "." * 9
_DRAW = Outcome(None, "full", ())


# A move: the index 0-8 of the point marked.
TicTacToeMove = int


class TicTacToeState(tuple[str, int, Outcome | None]):
    """Immutable `(board, ply, outcome)`; build it only through the engine."""

    __slots__ = ()

    @property
    def board(self) -> str:
        return self[0]


_new_tuple = tuple.__new__


class TicTacToe:
    """The engine object (one instance, `GAME`). Moves are point indices 0-8."""

    slug = SLUG
    points = POINTS  # in the order of the dump's board

    def initial_state(self) -> TicTacToeState:
        return _new_tuple(TicTacToeState, (EMPTY_BOARD, 0, None))

    def to_move(self, state: TicTacToeState) -> int:
        return state[1] & 1

    def outcome(self, state: TicTacToeState) -> Outcome | None:
        return state[2]

    def legal_moves(self, state: TicTacToeState) -> list[TicTacToeMove]:
        board, _ply, result = state
        if result is not None:
            return []
        return [point for point in range(9) if board[point] == "."]

    def play(self, state: TicTacToeState, move: TicTacToeMove) -> TicTacToeState:
        board, ply, result = state
        if result is not None:
            raise EngineError("game-over", "the game is over")
        if not is_point(move):
            raise EngineError("bad-notation", f"not a point index 0-8: {move!r}")
        if board[move] != ".":
            raise EngineError("occupied", f"{POINTS[move]} is already marked")
        mark = MARKS[ply & 1]
        board = board[:move] + mark + board[move + 1 :]
        for line in LINES_THROUGH[move]:
            if board[line[0]] == board[line[1]] == board[line[2]]:
                result = Outcome(ply & 1, "line", line_names(line))
                break
        else:
            if ply == 8:
                result = _DRAW
        return _new_tuple(TicTacToeState, (board, ply + 1, result))

    def parse_move(self, state: TicTacToeState, text: str) -> TicTacToeMove:
        return parse_point(text)

    def format_move(self, state: TicTacToeState, move: TicTacToeMove) -> str:
        if not is_point(move):
            raise EngineError("bad-notation", f"not a point index 0-8: {move!r}")
        return POINTS[move]

    def dump(self, state: TicTacToeState) -> dict[str, Any]:
        return {"game": SLUG, "board": state[0], "to_move": state[1] & 1}

    def load(self, data: Any) -> TicTacToeState:
        if not isinstance(data, dict) or set(data) != {"game", "board", "to_move"}:
            raise EngineError("bad-state", "expected an object with keys game, board, to_move")
        board, to_move = data["board"], data["to_move"]
        if data["game"] != SLUG:
            raise EngineError("bad-state", f"game must be {SLUG!r}, not {data['game']!r}")
        if not isinstance(board, str) or len(board) != 9 or board.strip(".xo"):
            raise EngineError("bad-state", f"board must be nine of x, o, '.', not {board!r}")
        if type(to_move) is not int or to_move not in (0, 1):
            raise EngineError("bad-state", f"to_move must be 0 or 1, not {to_move!r}")
        xs, os = board.count("x"), board.count("o")
        if xs - os not in (0, 1):
            raise EngineError("bad-state", f"{xs} x and {os} o: x moves first and they alternate")
        ply = xs + os
        if to_move != ply & 1:
            raise EngineError("bad-state", f"{ply} marks played, so to_move must be {ply & 1}")
        return _new_tuple(TicTacToeState, (board, ply, _judge(board, ply)))


def _judge(board: str, ply: int) -> Outcome | None:
    """The outcome of a loaded board; refuses boards play could not have reached."""
    last = (ply - 1) & 1
    lines = {side: [ln for ln in LINES if {board[i] for i in ln} == {MARKS[side]}]
             for side in (0, 1)}
    if lines[1 - last]:
        raise EngineError("bad-state", f"{MARKS[1 - last]} has a line but did not move last")
    if not lines[last]:
        return _DRAW if ply == 9 else None
    if not set.intersection(*(set(line) for line in lines[last])):
        raise EngineError("bad-state", "the lines cannot all have been made by the last mark")
    return Outcome(last, "line", line_names(lines[last][0]))


GAME: Game[TicTacToeState, TicTacToeMove] = TicTacToe()

# Hand-made games for the shared vectors (tools.gen_vectors replays each move list).
EDGE_CASES: list[list[str]] = [
    # The rules page's example: X takes the top row on the fifth mark.
    ["a1", "b2", "b1", "a3", "c1"],
    # O wins down the middle column.
    ["a1", "b1", "c3", "b2", "a3", "b3"],
    # The other long diagonal (c1 b2 a3) counts.
    ["c1", "a1", "b2", "a2", "a3"],
    # Nine marks, no line: a draw.
    ["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"],
    # The ninth mark makes a line: a win, not a draw.
    ["c1", "b1", "b2", "a1", "b3", "c3", "c2", "a3", "a2"],
]
