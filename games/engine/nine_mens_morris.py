"""Nine Men's Morris: place nine men, then move them; a mill removes an enemy man.

Rules as this site plays them (seed 003):

- 24 points on three squares joined at the side midpoints. Each player starts with nine
  men in reserve and places one per turn (white first) on an empty point.
- Once the mover's reserve is empty (by alternation both are then empty) a man moves
  along a line to an adjacent empty point; a player with exactly three men on the board
  and none in reserve may fly to any empty point.
- Placing or moving so that three of the mover's men stand on one line (a mill that
  includes the man just placed or moved) removes one enemy man in the same move, written
  ``xPOINT``. A man inside a mill may be removed only when every enemy man on the board
  stands in a mill. Two mills at once still remove one man; if the enemy has no man on
  the board, the move removes nothing.
- A player with fewer than three men on the board and none in reserve loses
  (``pieces``); the player to move with no legal move loses (``no-moves``). When one
  move both blocks the opponent and reaches the move limit, the block wins.
- Draws: the third occurrence of a position (board, side to move, reserves) is
  ``repetition``; 100 moving actions (moves and flights) since the last capture is
  ``move-limit``. Placements neither count nor reset that counter.

Notation (docs/ENGINES.md): placement ``d1``, movement or flight ``a1-a4``, removal
appended as ``xg7``. Usage::

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state()
    >>> for text in ["a1", "b6", "c3", "d6", "d1", "f6xc3", "e5", "g7"]:
    ...     state = play_text(GAME, state, text)
    >>> sorted(GAME.format_move(state, m) for m in GAME.legal_moves(state))[:3]
    ['a4', 'a7', 'b2']
    >>> state = play_text(GAME, state, "g1xg7")   # the only black man outside a mill
    >>> GAME.to_move(state), GAME.dump(state)["reserve"]
    (1, [4, 5])

``dump`` gives ``{"game": "nine-mens-morris", "board": {"a1": "w", ...}, "reserve": [r0,
r1], "to_move": t, "quiet": q, "history": [...]}``: ``board`` maps occupied points to
their owner (``w`` white moves first, ``b``), ``quiet`` counts
moving actions since the last capture and ``history`` holds the earlier positions since
the last placement or capture (the only ones that can recur), oldest first, each as a
25-character key: one character per point in ``POINTS`` order (``.``, ``w`` or ``b``)
followed by the side to move (``0`` or ``1``). Reserves are zero in every such position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.engine.base import EngineError, Outcome

SLUG = "nine-mens-morris"
MEN = 9
MOVE_LIMIT = 100
# Outer, middle, inner square, each clockwise from its top-left corner, so that point
# k of square s sits at position k of every square and odd k are the side midpoints.
POINTS = (
    "a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4",
    "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4",
    "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4",
)  # fmt: skip
INDEX = {name: i for i, name in enumerate(POINTS)}
ALL = (1 << len(POINTS)) - 1


def _neighbours(i: int) -> int:
    square, k = divmod(i, 8)
    mask = 1 << (square * 8 + (k + 1) % 8) | 1 << (square * 8 + (k - 1) % 8)
    if k % 2:  # side midpoints are joined to the neighbouring squares
        if square > 0:
            mask |= 1 << (i - 8)
        if square < 2:
            mask |= 1 << (i + 8)
    return mask


def _mills() -> tuple[int, ...]:
    lines = [
        (s * 8 + k, s * 8 + k + 1, s * 8 + (k + 2) % 8) for s in range(3) for k in (0, 2, 4, 6)
    ]
    lines += [(k, k + 8, k + 16) for k in (1, 3, 5, 7)]
    return tuple(sum(1 << i for i in line) for line in lines)


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(POINTS)))
MILLS = _mills()
MILLS_AT = tuple(tuple(m for m in MILLS if m >> i & 1) for i in range(len(POINTS)))
_NOTATION = re.compile(r"([a-g][1-7])(?:-([a-g][1-7]))?(?:x([a-g][1-7]))?", re.IGNORECASE)


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
    quiet: int  # moving actions since the last capture
    history: tuple[int, ...]  # keys of earlier positions since the last placement or capture


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _key(men: tuple[int, int], turn: int) -> int:
    return men[0] | men[1] << 24 | turn << 48


def _key_text(key: int) -> str:
    board = "".join("w" if key >> i & 1 else "b" if key >> (i + 24) & 1 else "." for i in range(24))
    return board + str(key >> 48)


def _forms_mill(own: int, dst: int) -> bool:
    return any(own & m == m for m in MILLS_AT[dst])


def _removable(enemy: int) -> int:
    """Enemy men that may be removed: those outside mills, or all if none is outside."""
    in_mill = 0
    for m in MILLS:
        if enemy & m == m:
            in_mill |= m
    return enemy & ~in_mill or enemy


def _flying(state: State, me: int) -> bool:
    return state.reserve[me] == 0 and state.men[me].bit_count() == 3


def _steps(state: State) -> list[tuple[int | None, int]]:
    """Every (src, dst) the mover may play, before choosing a removal."""
    me = state.turn
    own = state.men[me]
    empty = ALL & ~(own | state.men[1 - me])
    if state.reserve[me]:
        return [(None, dst) for dst in _bits(empty)]
    if own.bit_count() == 3:
        return [(src, dst) for src in _bits(own) for dst in _bits(empty)]
    return [(src, dst) for src in _bits(own) for dst in _bits(NEIGHBOURS[src] & empty)]


def _has_step(state: State) -> bool:
    me = state.turn
    own = state.men[me]
    empty = ALL & ~(own | state.men[1 - me])
    if state.reserve[me] or own.bit_count() == 3:
        return bool(empty)
    return any(NEIGHBOURS[src] & empty for src in _bits(own))


def _after(own: int, src: int | None, dst: int) -> int:
    return (own if src is None else own & ~(1 << src)) | 1 << dst


def _point(i: int) -> str:
    return POINTS[i]


class NineMensMorris:
    slug = SLUG

    def initial_state(self) -> State:
        return State((0, 0), (MEN, MEN), 0, 0, ())

    def to_move(self, state: State) -> int:
        return state.turn

    def outcome(self, state: State) -> Outcome | None:
        for player in (0, 1):
            if state.reserve[player] == 0 and state.men[player].bit_count() < 3:
                return Outcome(1 - player, "pieces")
        if not _has_step(state):
            return Outcome(1 - state.turn, "no-moves")
        if state.history.count(_key(state.men, state.turn)) >= 2:
            return Outcome(None, "repetition")
        if state.quiet >= MOVE_LIMIT:
            return Outcome(None, "move-limit")
        return None

    def legal_moves(self, state: State) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        me = state.turn
        enemy = state.men[1 - me]
        removable = _bits(_removable(enemy)) if enemy else []
        moves = []
        for src, dst in _steps(state):
            if removable and _forms_mill(_after(state.men[me], src, dst), dst):
                moves.extend(Move(src, dst, cap) for cap in removable)
            else:
                moves.append(Move(src, dst))
        return moves

    def play(self, state: State, move: Move) -> State:
        src, dst, cap = _checked_shape(move)
        if self.outcome(state) is not None:
            raise EngineError("game-over", "the game has already ended")
        me = state.turn
        own, enemy = state.men[me], state.men[1 - me]
        if src is None and not state.reserve[me]:
            raise EngineError("wrong-phase", "all nine men are placed: move one instead")
        if src is not None and state.reserve[me]:
            raise EngineError("wrong-phase", f"{state.reserve[me]} men are still to be placed")
        if src is not None and not own >> src & 1:
            raise EngineError("not-your-piece", f"{_point(src)} holds none of your men")
        if (own | enemy) >> dst & 1:
            raise EngineError("occupied", f"{_point(dst)} is not empty")
        if src is not None and not _flying(state, me) and not NEIGHBOURS[src] >> dst & 1:
            raise EngineError("not-adjacent", f"{_point(src)} and {_point(dst)} are not joined")
        after = _after(own, src, dst)
        mill = _forms_mill(after, dst)
        if cap is None and mill and enemy:
            raise EngineError("capture-required", "this move forms a mill: name a man to remove")
        if cap is not None:
            _check_removal(mill, enemy, own, cap)
        men = [0, 0]
        men[me] = after
        men[1 - me] = enemy if cap is None else enemy & ~(1 << cap)
        reserve = list(state.reserve)
        if src is None:
            reserve[me] -= 1
        if src is None or cap is not None:
            quiet, history = (0 if cap is not None else state.quiet), ()
        else:
            quiet, history = state.quiet + 1, state.history + (_key(state.men, me),)
        return State((men[0], men[1]), (reserve[0], reserve[1]), 1 - me, quiet, history)

    def parse_move(self, state: State, text: str) -> Move:
        match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
        names = [g.lower() if g else None for g in match.groups()] if match else []
        if not match or any(n is not None and n not in INDEX for n in names):
            raise EngineError("bad-notation", f"{text!r} is not a Nine Men's Morris move")
        first, second, removed = names
        cap = INDEX[removed] if removed else None
        if second is None:
            return Move(None, INDEX[first], cap)
        return Move(INDEX[first], INDEX[second], cap)

    def format_move(self, state: State, move: Move) -> str:
        src, dst, cap = _checked_shape(move)
        text = POINTS[dst] if src is None else f"{POINTS[src]}-{POINTS[dst]}"
        return text if cap is None else f"{text}x{POINTS[cap]}"

    def dump(self, state: State) -> dict[str, Any]:
        board = {
            POINTS[i]: c for i in range(24) for p, c in enumerate("wb") if state.men[p] >> i & 1
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
    def point(value: Any, optional: bool) -> bool:
        if value is None:
            return optional
        return type(value) is int and 0 <= value < len(POINTS)

    if not (isinstance(move, tuple) and len(move) == 3):
        raise EngineError("bad-notation", f"{move!r} is not a move value")
    src, dst, cap = move
    if not (point(src, True) and point(dst, False) and point(cap, True)):
        raise EngineError("bad-notation", f"{move!r} is not a move value")
    return src, dst, cap


def _check_removal(mill: bool, enemy: int, own: int, cap: int) -> None:
    name = _point(cap)
    if not mill:
        raise EngineError("capture-not-allowed", "this move forms no mill: nothing is removed")
    if not enemy >> cap & 1:
        whose = "your own man" if own >> cap & 1 else "empty"
        raise EngineError("capture-invalid", f"{name} is {whose}, not an enemy man")
    if not _removable(enemy) >> cap & 1:
        raise EngineError(
            "capture-invalid", f"{name} stands in a mill while other enemy men are outside one"
        )


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
    board = data["board"]
    if not isinstance(board, dict):
        raise _bad("board must map point names to 'w' or 'b'")
    men = [0, 0]
    for name, owner in board.items():
        if name not in INDEX:
            raise _bad(f"{name!r} is not a point")
        if owner not in ("w", "b"):
            raise _bad(f"the man at {name} must be 'w' or 'b', got {owner!r}")
        men["wb".index(owner)] |= 1 << INDEX[name]
    reserve = data["reserve"]
    if not isinstance(reserve, list) or len(reserve) != 2:
        raise _bad("reserve must be a list of two counts")
    r0, r1 = (_int_in(r, 0, MEN, "a reserve") for r in reserve)
    turn = _int_in(data["to_move"], 0, 1, "to_move")
    if (r0 or r1) and r1 - r0 != turn:
        raise _bad(f"reserves {r0}/{r1} do not fit player {turn} to move (placement alternates)")
    for player, left in ((0, r0), (1, r1)):
        if men[player].bit_count() > MEN - left:
            raise _bad(f"player {player} has more men on the board than were placed")
    quiet = _int_in(data["quiet"], 0, MOVE_LIMIT, "quiet")
    history = data["history"]
    if not isinstance(history, list) or len(history) != quiet:
        raise _bad("history must list exactly one earlier position per quiet move")
    if quiet and (r0 or r1):
        raise _bad("moving actions cannot have happened while men remain to be placed")
    keys = tuple(_history_key(entry, men, turn, quiet - i) for i, entry in enumerate(history))
    for k in set(keys):
        if keys.count(k) > 2:
            raise _bad("a position occurs three times in history: the game ended there")
    return State((men[0], men[1]), (r0, r1), turn, quiet, keys)


def _history_key(entry: Any, men: list[int], turn: int, back: int) -> int:
    """Parse one history key that lies `back` moves before the current position."""
    if not isinstance(entry, str) or not re.fullmatch(r"[.wb]{24}[01]", entry):
        raise _bad(f"history entry {entry!r} is not 24 of '.wb' and a side to move")
    key = int(entry[24]) << 48
    for i, ch in enumerate(entry[:24]):
        if ch != ".":
            key |= 1 << (i + 24 * "wb".index(ch))
    if int(entry[24]) != (turn + back) % 2:
        raise _bad(f"history entry {entry!r} has the wrong side to move")
    for player in (0, 1):
        if (key >> (24 * player) & ALL).bit_count() != men[player].bit_count():
            raise _bad(f"history entry {entry!r} has a capture since it (captures reset history)")
    return key


GAME = NineMensMorris()


def _line(text: str) -> list[str]:
    return text.split()


# Hand-picked games and prefixes that the vector tool replays (tools/gen_vectors.py); each
# is checked in tests/games/test_nine_mens_morris.py. Found by seeded searches, kept as text.
EDGE_CASES: list[list[str]] = [
    # the rules page's example: g1 makes a mill and may only take g7, the one man outside
    _line("a1 b6 c3 d6 d1 f6xc3 e5 g7 g1xg7"),
    # d1 closes two mills at once (a1-d1-g1 and d1-d2-d3) and removes a single man
    _line("a1 a7 g1 g7 d2 b4 d3 f4 d1xb4"),
    # every black man stands in the mill b6-d6-f6, so one of them may be removed
    _line("a1 b6 d1 d6 e5 f6xe5 g1xd6"),
    # white is down to three men with two still to place: placements only, no flight
    _line("d7 d5 d3 c5 d2 e5xd7 d1xd5 d5xd1 d1xd5 d5xd3 d3xc5 c5xd2 a1 b6"),
    # white, down to three men after placement, flies c4-f4
    _line(
        "a4 c5 f2 d5 c4 e5xf2 b4xe5 e5xa4 a4xc5 c5xc4 c4xe5 e5xc4 c4xe5 e5xc4 c4xe5 e4 a1"
        " e5xa1 c4-f4"
    ),
    # white ends placement with two men: black wins on "pieces"
    _line(
        "d1 b4 d2 b2 g7 b6xg7 d3xb6 b6xd1 d1xb4 b4xd1 d1xb4 b4xd3 d3xb2 b2xd3 d3xb4 b4xd2"
        " d2xb4 b4xd1"
    ),
    # after the last placement white, to move, is walled in: black wins on "no-moves"
    _line("f2 a7 b6 a4 b4 b2 d3 d2 e3 f4 e4 f6 d5 d6 c5 c3 c4 e5"),
    # white's d6-f6xa4 leaves black, who has more than three men, without a step
    _line("f4 g4 a4 c5 d1 e3 c3 d2 g7 e5 d5 e4xa4 f2 g1 f6xc5 d3 b2 a7 f6-d6 a7-a4 d6-f6xa4"),
    # the position after placement occurs a third time: "repetition"
    _line(
        "f6 b6 d1 d2 e5 e4 c3 f4 c4 a4 b4 d7 d3 g7 b2 g1 a1 c5"
        " e5-d5 d7-a7 d5-e5 a7-d7 e5-d5 d7-a7 d5-e5 a7-d7"
    ),
    # 100 moves without a capture and no threefold repetition: "move-limit"
    _line(
        "g1 e5 d6 f4 c5 b2 f6 a7 g7 d5 d7 a1 c4 b6 e4 d1 a4 e3 g7-g4 b2-d2 g4-g7 d2-f2 c4-c3"
        " b6-b4 c5-c4 b4-b6 a4-b4 f4-g4 b4-a4 f2-d2 c4-c5 b6-b4 c3-c4 b4-b2 d6-b6 d2-d3 b6-d6"
        " b2-b4 f6-f4 b4-b6 c4-b4 d1-d2 d6-f6 d3-c3 b4-c4 b6-b4 d7-d6 d2-b2 g1-d1 e3-d3 g7-d7"
        " g4-g1 e4-e3 b2-d2 f4-f2 d2-b2 f2-d2 b4-b6 d7-g7 g1-g4 a4-b4 e5-e4 g7-d7 a1-a4 f6-f4"
        " d5-e5 d1-g1 g4-g7 g1-g4 a4-a1 d2-d1 d3-d2 g4-g1 a7-a4 d7-a7 g7-g4 a7-d7 d2-f2 d7-g7"
        " a4-a7 e3-d3 a7-d7 d1-d2 a1-d1 d3-e3 e5-d5 e3-d3 d1-a1 d6-f6 a1-a4 d2-d1 d7-d6 g7-d7"
        " e4-e3 d7-a7 a4-a1 d1-d2 e3-e4 d3-e3 a1-d1 a7-d7 e4-e5 d7-a7 d6-d7 f6-d6 c3-d3 e3-e4"
        " g4-g7 c4-c3 d3-e3 f4-f6 d1-a1 c5-c4 a1-a4 d2-d1 b2-d2 c3-d3 d2-b2"
    ),
]
