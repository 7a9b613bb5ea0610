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

from games.engine.base import EngineError, Game
from games.engine.placement import Move, PlacementGame, State, bad_state, bits

# Outer, middle, inner square, each clockwise from its top-left corner, so that point
# k of square s sits at position k of every square and odd k are the side midpoints.
POINTS = (
    "a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4",
    "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4",
    "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4",
)  # fmt: skip
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


def _forms_mill(own: int, dst: int) -> bool:
    return any(own & m == m for m in MILLS_AT[dst])


class NineMensMorris(PlacementGame):
    slug = "nine-mens-morris"
    title = "Nine Men's Morris"
    points = POINTS
    pieces_each = 9
    move_limit = 100
    point_word, man_word, men_word, count_word = "point", "man", "men", "nine"

    def _steps(self, state: State) -> list[tuple[int | None, int, bool]]:
        me = state.turn
        own = state.men[me]
        empty = ALL & ~(own | state.men[1 - me])
        if state.reserve[me]:
            return [(None, dst, _forms_mill(own | 1 << dst, dst)) for dst in bits(empty)]
        if own.bit_count() == 3:
            sources = [(src, empty) for src in bits(own)]
        else:
            sources = [(src, NEIGHBOURS[src] & empty) for src in bits(own)]
        return [
            (src, dst, _forms_mill(own & ~(1 << src) | 1 << dst, dst))
            for src, targets in sources
            for dst in bits(targets)
        ]

    def _has_step(self, state: State) -> bool:
        me = state.turn
        own = state.men[me]
        empty = ALL & ~(own | state.men[1 - me])
        if state.reserve[me] or own.bit_count() == 3:
            return bool(empty)
        return any(NEIGHBOURS[src] & empty for src in bits(own))

    def _check_step(self, state: State, src: int | None, dst: int) -> bool:
        own = state.men[state.turn]
        if src is None:
            return _forms_mill(own | 1 << dst, dst)
        if own.bit_count() != 3 and not NEIGHBOURS[src] >> dst & 1:  # three men fly
            raise EngineError("not-adjacent", f"{POINTS[src]} and {POINTS[dst]} are not joined")
        return _forms_mill(own & ~(1 << src) | 1 << dst, dst)

    def _removable(self, enemy: int) -> int:
        """Men outside mills, or all of them if none is outside."""
        in_mill = 0
        for m in MILLS:
            if enemy & m == m:
                in_mill |= m
        return enemy & ~in_mill or enemy

    def _check_removal(self, mill: bool, enemy: int, own: int, cap: int | None, dst: int) -> None:
        if cap is None:
            if mill and enemy:
                raise EngineError(
                    "capture-required", "this move forms a mill: name a man to remove"
                )
            return
        name = POINTS[cap]
        if not mill:
            raise EngineError("capture-not-allowed", "this move forms no mill: nothing is removed")
        if not enemy >> cap & 1:
            whose = "your own man" if own >> cap & 1 else "empty"
            raise EngineError("capture-invalid", f"{name} is {whose}, not an enemy man")
        if not self._removable(enemy) >> cap & 1:
            raise EngineError(
                "capture-invalid", f"{name} stands in a mill while other enemy men are outside one"
            )

    def _check_reachable(self, men: tuple[int, int], reserve: tuple[int, int]) -> None:
        # Mills during placement remove men, so fewer than were placed is fine.
        for player, left in enumerate(reserve):
            if men[player].bit_count() > self.pieces_each - left:
                raise bad_state(f"player {player} has more men on the board than were placed")


GAME: Game[State, Move] = NineMensMorris()


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
