"""Every game the site offers, in the order the home page lists them: the one place that
knows a game. Everything else asks here (the catalogue, the pages, the board pictures and
drawings, the worked examples, the play pages' words, the statistics vocabulary, the engine
lookup), and the browser's copy, `static/js/games/registry.js`, is written from this module
by `tools/gen_registry.py` (a test fails when it is stale).

A game is an `Entry`: its slug (the URL, the engine's `game` field, the statistics value),
its engine (`games/engine/<slug with underscores>.py` and its twin
`static/js/engines/<slug>.js`), its names, its board (a `Board` for the SVG board; the 3D
board has none), the words that only it needs, its home-page picture, its worked example and
its content pages. Adding a game: docs/ARCHITECTURE.md, "Adding a game".

Plain Python, no Django: the engines' lookup (`games/engine/registry.py`) reads it too.
Texts shown to people are gettext message ids marked with `gettext_noop` (makemessages finds
them); their users translate them when they show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def gettext_noop(message: str) -> str:
    """Marks a message id for makemessages; the caller translates it with gettext."""
    return message


def pgettext_noop(context: str, message: str) -> tuple[str, str]:
    """Marks a message id with its context; the caller translates it with pgettext."""
    return (context, message)


# The last-move line on a 3x3 board: a line one move from complete (board2d/threats.js).
_GRID_THREATS: dict[str, str | tuple[str, str]] = {
    "threat-one": pgettext_noop("3x3 board", "{side} threatens {point}: it must be blocked."),
    "threat-many": pgettext_noop(
        "3x3 board", "{side} threatens {points} at once: only one can be blocked."
    ),
}


# The AI's levels, in the mode panel's order; each game's AI module holds their settings.
LEVELS = ("beginner", "intermediate", "advanced")


@dataclass(frozen=True)
class Board:
    """A 2D board's geometry and look. `kind` "cells": pieces sit in the squares of a
    columns x rows grid; "points": on the crossings of `lines`, on a size x size lattice.
    `style` names the look (a CSS class `board2d--<style>`): "hash" (the 3x3 # with marks),
    "pits" (a pit in every square), "lines" and "fine-lines" (thinner lines for a denser
    board). Coordinates are SVG user units, `step` apart, `margin` from the edge."""

    kind: str
    style: str
    step: float
    margin: float
    columns: int = 0
    rows: int = 0
    lines: tuple[tuple[str, str], ...] = ()
    piece_radius: float = 0.0
    pieces: str = "stones"  # or "marks": X and O drawn as strokes
    # Row 1 at the "top" (the notation of the first games) or at the "bottom" (as Renju
    # books print a board). Column letters are read case-insensitively.
    origin: str = "top"
    # The dump's characters for the first side's pieces (the rest are the second side's):
    # "x" and "w" where X or white moves first, "b" where black does.
    first_marks: str = "xw"
    # The colour of the first side's stones: "white", or "black" (as on a go board); the
    # CSS class stones--black-first swaps the stone colours wherever the board is drawn.
    first_colour: str = "white"
    # A tap places a ghost stone; a second tap on it (or the confirm button) plays it: for a
    # board whose points are too small to hit surely on a phone. The keyboard plays at once.
    confirm: bool = False
    # Points marked with a dot on the lines (a go board's star points).
    stars: tuple[str, ...] = ()
    # The side to move's legal placements are marked with a dot (where the rule that makes a
    # square legal is not one a player sees at a glance: a disc that must outflank).
    show_moves: bool = False


@dataclass(frozen=True)
class Rules:
    """What the status line reads off a position (static/js/board2d/status.js). `counter`:
    the draw counter shown ("moving" actions since placement ended, "quiet" moves since a
    capture, "progress" actions since a placement or capture, or None). `repetition`:
    "boards" (earlier boards, same side two apart) or "keys" (position keys). `lines`: the
    lines a piece makes without ending the game: "mills" (the engine's mills) or "runs"
    (exactly three across or down on the grid); None where a line wins, "none" where no
    line counts at all (the discs are counted). `pieces`: per side, where the dump has no
    reserve (else the engine's reserve counts)."""

    movement: bool = True
    flying: bool = False
    counter: str | None = None
    repetition: str = "keys"
    lines: str | None = None
    pieces: tuple[int, int] | None = None
    # A side with no legal move passes: `pass` is then its one move, played with the page's
    # Pass button (and a move of its own in the move list, the rooms and the review).
    passing: bool = False


@dataclass(frozen=True)
class Picture:
    """The home page's picture: a real opening replayed (notation), its viewBox and, on a
    points board, the stones' radius (the picture is scaled to 100 wide)."""

    opening: tuple[str, ...]
    size: tuple[int, int] = (100, 100)
    stone_radius: float = 8.0


@dataclass(frozen=True)
class Example:
    """A rules page's worked example: the position (moves from the start, or a dump) and the
    move the text walks through; `also`: moves the text calls just as good. `id`: the name
    the page calls it by (`{% example_board id %}`; default the game's slug, for a game with
    one example); `variant`: the rule setting it is played under (default the game's)."""

    key_move: str
    opening: tuple[str, ...] = ()
    position: dict | None = None
    also: tuple[str, ...] = ()
    id: str = ""
    variant: str = ""


@dataclass(frozen=True)
class Variant:
    """One rule setting of a game that has several: its key (what the engine's
    `initial_state(key)` takes, the statistics value, the saved game's) and its name (message
    id, with the context "rule setting")."""

    key: str
    name: tuple[str, str]


@dataclass(frozen=True)
class Puzzles:
    """The game in the daily puzzle (daily/): `plies`, the fewest plies before a puzzle and
    the longest playout the finder plays; `days`, (weekday from Monday = 0, win within N,
    ISO week parity or None for every week); `forward`: its sensible playouts mostly end
    drawn, so the finder searches them position by position too (cheap for small games).

    `goal` "best" (else "win", win within N): find the one move that ends the game with the
    best final disc difference against any defence, proven by the engine's exact `solver`
    module (its `move_scores`); N in `days` is then the number of empty squares. `prefer`:
    the playout's light preference, one digit per point in the engine's `points` order (a
    string a row). `since`: the game's first puzzle date (ISO), so that the dates already
    published keep their puzzles when a game joins."""

    plies: tuple[int, int]
    days: tuple[tuple[int, int, int | None], ...]
    forward: bool = False
    goal: str = "win"
    solver: str = ""
    prefer: tuple[str, ...] = ()
    since: str = ""


@dataclass(frozen=True)
class Words:
    """Message ids of the play page's words that depend on the game. `vocabulary` picks the
    shared sets of play_words.py ("marks", "pieces", "stones", or "black-first": stones on
    points, black first); `rules`: the words of this
    game's own rules (script key -> message id)."""

    vocabulary: str
    # The status table's column of pieces not yet played; None where the count says nothing (a
    # Gomoku player never runs out of stones: the column would count down from 113).
    reserve_heading: str | None
    rules: dict[str, str | tuple[str, str]] = field(default_factory=dict)
    start_second: str | None = None  # the mode panel's "start second" button, if not "black"


@dataclass(frozen=True)
class Entry:
    slug: str
    name: str  # message id
    tagline: str  # message id
    picture: Picture
    board: Board | None = None  # None: the 3D board (static/js/score-four/)
    rules: Rules = Rules()
    words: Words | None = None
    example: Example | None = None
    puzzles: Puzzles | None = None
    in_guide: bool = True  # a section in the three-in-a-row guide, else its own rules page
    featured: bool = False  # the home page's wide card
    # The play page's template, and the content under it (templates/content/<lang>/): the
    # guide's section of the game, or a page of its own.
    page_template: str = "games/play_2d.html"
    rules_content: str = ""  # default: guide/<slug>.html
    # Worked examples besides (or instead of) `example`, each with its id and rule setting.
    examples: tuple[Example, ...] = ()
    # The rule settings chosen before a game (the first is the default); none: one rule.
    variants: tuple[Variant, ...] = ()
    # "shared": tools/gen_vectors.py writes tests/vectors/<slug>.json (random games listing
    # every legal move at every step); "own": the game's vectors are a folder of its own,
    # tests/vectors/<slug>/ (a board too large for that format), checked by its own tests.
    vectors: str = "shared"

    @property
    def content(self) -> str:
        return self.rules_content or f"guide/{self.slug}.html"

    @property
    def engine_module(self) -> str:
        return "games.engine." + self.slug.replace("-", "_")

    @property
    def all_examples(self) -> tuple[Example, ...]:
        """Every worked example of the game, `example` first."""
        return ((self.example,) if self.example else ()) + self.examples

    @property
    def default_variant(self) -> str:
        """The rule setting a game starts with when none is chosen ("" for one rule)."""
        return self.variants[0].key if self.variants else ""

    @property
    def stone_classes(self) -> str:
        """CSS classes for the colours of this game's stones ("" for the usual ones)."""
        return "stones--black-first" if self.board and self.board.first_colour == "black" else ""

    @property
    def board_kind(self) -> str:
        return "3d" if self.board is None else "2d"


_THREE_BY_THREE_LINES = (
    *(("a1", "c1"), ("a2", "c2"), ("a3", "c3"), ("a1", "a3"), ("b1", "b3"), ("c1", "c3")),
    *(("a1", "c3"), ("c1", "a3")),
)
_NESTED_SQUARES_LINES = (
    *(("a1", "g1"), ("g1", "g7"), ("g7", "a7"), ("a7", "a1")),
    *(("b2", "f2"), ("f2", "f6"), ("f6", "b6"), ("b6", "b2")),
    *(("c3", "e3"), ("e3", "e5"), ("e5", "c5"), ("c5", "c3")),
    *(("d1", "d3"), ("g4", "e4"), ("d7", "d5"), ("a4", "c4")),
)
# A 15 x 15 board: its rows and its columns, edge to edge (rows numbered from the bottom).
_COLUMNS = "ABCDEFGHIJKLMNO"
_FIFTEEN_LINES = (
    *((f"A{row}", f"O{row}") for row in range(1, 16)),
    *((f"{column}1", f"{column}15") for column in _COLUMNS),
)

GAMES: tuple[Entry, ...] = (
    Entry(
        "score-four",
        gettext_noop("Score Four"),
        gettext_noop("Connect four in a 4×4×4 cube: drop balls onto 16 pegs, 76 ways to win."),
        Picture(("B3", "C3", "B3", "C2", "A4", "B3", "D4", "C3", "C4", "D1", "B2"), (111, 96)),
        # Every day, from a win in 1 on Monday to a win in 5 on Sunday.
        puzzles=Puzzles(
            (8, 64), tuple((day, n, None) for day, n in enumerate((1, 2, 2, 3, 3, 4, 5)))
        ),
        in_guide=False,
        featured=True,
        page_template="games/play_score_four.html",
        rules_content="score_four.html",
    ),
    Entry(
        "tic-tac-toe",
        gettext_noop("Tic-tac-toe"),
        gettext_noop("The classic 3×3 race to three in a row."),
        Picture(("b2", "a1", "a3", "c1")),
        Board("cells", "hash", 180, 48, columns=3, rows=3, pieces="marks"),
        Rules(movement=False, pieces=(5, 4)),
        Words(
            "marks",
            gettext_noop("Marks left"),
            _GRID_THREATS,
            start_second=gettext_noop("Start as O (intermediate)"),
        ),
        Example("c1", opening=("a1", "b2", "b1", "a3")),
        Puzzles((2, 9), ((0, 1, None), (4, 2, None)), forward=True),
    ),
    Entry(
        "three-mens-morris",
        gettext_noop("Three Men's Morris"),
        gettext_noop("Three pieces each: place them, then slide them into a line."),
        Picture(("b2", "a1", "c3", "a3", "a2")),
        Board(
            "points",
            "lines",
            200,
            96,
            columns=3,
            rows=3,
            lines=_THREE_BY_THREE_LINES,
            piece_radius=48,
        ),
        Rules(counter="moving", repetition="boards", pieces=(3, 3)),
        Words(
            "pieces",
            gettext_noop("In reserve"),
            {
                "error-not-adjacent": gettext_noop(
                    "A piece moves one step along a line; a diagonal step must start or end at"
                    " the centre."
                ),
                "reason-move-limit": gettext_noop("{limit} moving actions without a line: a draw."),
                "counter-moving": gettext_noop("Moving actions: {value} of {limit}"),
                **_GRID_THREATS,
            },
        ),
        Example("c2-c1", opening=("a1", "a2", "b1", "a3", "c2", "b3")),
        Puzzles((5, 80), ((1, 2, None), (5, 3, None)), forward=True),
    ),
    Entry(
        "nine-mens-morris",
        gettext_noop("Nine Men's Morris"),
        gettext_noop("Form mills on three nested squares and capture your opponent's pieces."),
        Picture(("d2", "d6", "b4", "f4", "d3", "e4", "g7", "a1"), stone_radius=4.6),
        Board(
            "points",
            "fine-lines",
            100,
            78,
            columns=7,
            rows=7,
            lines=_NESTED_SQUARES_LINES,
            piece_radius=34,
        ),
        Rules(flying=True, counter="quiet", lines="mills"),
        Words(
            "pieces",
            gettext_noop("In reserve"),
            {
                "error-not-adjacent": gettext_noop(
                    "A piece moves to a neighbouring point along a line; it may fly anywhere only "
                    "when its side has exactly three pieces."
                ),
                "reason-move-limit": gettext_noop("{limit} moves without a capture: a draw."),
                "counter-quiet": gettext_noop("Moves since the last capture: {value} of {limit}"),
                "phase-flying": gettext_noop("Flying: with three pieces left, select one of them."),
                "phase-flying-destination": gettext_noop(
                    "Flying: choose any empty point, or the piece again to cancel."
                ),
                "announce-place-capture": gettext_noop("{side}: {to}, removes {capture}."),
                # The last-move line: a mill the side that just moved can close next.
                "threat-one": gettext_noop(
                    "{side} can close a mill on {point} with the next move."
                ),
                "threat-many": gettext_noop(
                    "{side} can close a mill on one of {points} with the next move."
                ),
                "error-capture-protected": gettext_noop(
                    "That piece stands in a mill: remove one outside a mill while there is one."
                ),
            },
        ),
        Example(
            "g1xg7",
            position={
                "game": "nine-mens-morris",
                "board": {"a1": "w", "d1": "w", "c5": "b", "d5": "b", "e5": "b", "g7": "b"},
                "reserve": [5, 5],
                "to_move": 0,
                "quiet": 0,
                "history": [],
            },
        ),
        # A win in 1 is rarely unique (two captures usually finish), so from 2; Sundays of
        # even ISO weeks.
        Puzzles((18, 160), ((2, 2, None), (6, 2, 0))),
    ),
    Entry(
        "dara",
        gettext_noop("Dara"),
        gettext_noop("Place twelve stones, then move them to make threes and remove enemy stones."),
        Picture(("c2", "d3", "b3", "e2", "c4", "d4", "a1", "f5"), (100, 85)),
        Board("cells", "pits", 100, 44, columns=6, rows=5),
        Rules(counter="progress", lines="runs"),
        Words(
            "stones",
            gettext_noop("Stones in reserve"),
            {
                "error-not-adjacent": gettext_noop(
                    "A stone moves one square up, down, left or right."
                ),
                "reason-move-limit": gettext_noop(
                    "{limit} actions without a placement or a capture: a draw."
                ),
                "counter-progress": gettext_noop(
                    "Actions without a placement or capture: {value} of {limit}"
                ),
                "error-dara-three-in-placement": gettext_noop(
                    "Placing there would make three in a row, which is not allowed while placing."
                ),
                # The last-move line: a line of three the side that just moved can make next.
                "threat-one": gettext_noop(
                    "{side} can make a line of three on {point} with the next move."
                ),
                "threat-many": gettext_noop(
                    "{side} can make a line of three on one of {points} with the next move."
                ),
                "error-dara-four-line": gettext_noop(
                    "That would make four or more in a row, which is never allowed."
                ),
            },
        ),
        Example(
            "c2-c1xa4",
            also=("c2-c1xc4", "c2-c1xe4"),
            position={
                "game": "dara",
                "board": {"a1": "w", "b1": "w", "c2": "w", "a4": "b", "c4": "b", "e4": "b"},
                "reserve": [0, 0],
                "to_move": 0,
                "quiet": 0,
                "history": [],
            },
        ),
        Puzzles((24, 160), ((3, 2, None), (6, 2, 1))),  # as Nine Men's Morris, odd weeks
    ),
    Entry(
        "gomoku",
        gettext_noop("Gomoku"),
        gettext_noop("Five in a row on 15×15 lines: free-style, exact five or Renju."),
        Picture(("H8", "I9", "I8", "G8", "J8", "H9", "G7", "J10", "F6"), stone_radius=3.2),
        Board(
            "points",
            "grid",
            100,
            96,
            columns=15,
            rows=15,
            lines=_FIFTEEN_LINES,
            piece_radius=44,
            origin="bottom",
            first_marks="b",
            first_colour="black",
            confirm=True,
            stars=("D4", "L4", "H8", "D12", "L12"),
        ),
        Rules(movement=False, pieces=(113, 112)),
        Words(
            "black-first",
            None,
            {
                "reason-line": gettext_noop("{side} made five in a row: {cells}."),
                "error-renju-double-three": gettext_noop(
                    "Renju: black may not make two threes with one stone (a double three)."
                ),
                "error-renju-double-four": gettext_noop(
                    "Renju: black may not make two fours with one stone (a double four)."
                ),
                "error-renju-overline": gettext_noop(
                    "Renju: black may not make six or more in a row (an overline)."
                ),
                # The last-move line: a row the side that just moved can make five with next.
                "threat-one": gettext_noop("{side} threatens five on {point}: it must be blocked."),
                "threat-many": gettext_noop(
                    "{side} threatens five on {points} at once: only one can be blocked."
                ),
            },
            start_second=gettext_noop("Start as white (intermediate)"),
        ),
        examples=(
            Example(
                "H8",
                opening=("G8", "H9", "F8", "H7", "I8", "D8", "J8", "K8", "E8", "I9"),
                id="gomoku-free-style",
                variant="freestyle",
            ),
            Example(
                "L8",
                opening=(
                    *("G8", "H9", "F8", "H7", "I8", "D8", "J8", "K8", "E8", "I9"),
                    *("L5", "K6", "L6", "L3", "L4", "M5", "L7", "G10"),
                ),
                id="gomoku-exact-five",
                variant="exact-five",
            ),
            Example(
                "H8",
                opening=(
                    *("E8", "H5", "F8", "H6", "H3", "H4", "I8"),
                    *("H9", "J8", "K8", "G8", "H7", "D8"),
                ),
                id="gomoku-renju",
                variant="renju",
            ),
            # A three counts unless every point that makes it a straight four is forbidden:
            # H7 is a double three (H5-H7 still becomes one at H4), I7 is not (F10 G9 . I7
            # becomes one only at H8, an overline). tests/games/test_examples.py checks it.
            Example(
                "I7",
                opening=(
                    *("G8", "D8", "F8", "F7", "E8", "K8", "J8", "I5", "I8", "G7"),
                    *("H6", "I9", "H5", "E6", "G6", "F9", "G9", "G10", "F10", "J10"),
                ),
                id="gomoku-renju-three",
                variant="renju",
            ),
        ),
        in_guide=False,
        rules_content="gomoku.html",
        variants=(
            Variant("freestyle", pgettext_noop("rule setting", "Free-style")),
            Variant("exact-five", pgettext_noop("rule setting", "Exact five")),
            Variant("renju", pgettext_noop("rule setting", "Renju")),
        ),
        vectors="own",
    ),
    Entry(
        "reversi",
        gettext_noop("Reversi"),
        gettext_noop("Outflank and turn your opponent's discs on 8×8 squares: most discs wins."),
        Picture(("f5", "d6", "c3", "d3", "c4")),  # the Tiger, the most played opening
        Board(
            "cells",
            "squares",
            100,
            40,
            columns=8,
            rows=8,
            first_marks="b",
            first_colour="black",
            show_moves=True,
        ),
        # Discs are never in reserve (the status table shows no such column): the counts are
        # the board's.
        Rules(movement=False, lines="none", pieces=(32, 32), passing=True),
        Words(
            "discs",
            None,
            {
                "reason-discs": gettext_noop("Discs at the end: black {count0}, white {count1}."),
                "error-no-flip": gettext_noop(
                    "A disc must outflank: this square would turn no disc. Choose a marked square."
                ),
                "error-pass-not-allowed": gettext_noop(
                    "You have a legal square, so you may not pass."
                ),
            },
            start_second=gettext_noop("Start as white (intermediate)"),
        ),
        # The rules page's puzzles (docs/content/reversi-facts.md): a disc that turns lines in
        # four directions, a side that must pass, an endgame whose best move is not the one
        # that turns the most (the exact solver: a6 wins 52-12, h5 turns six and wins 36-28).
        examples=(
            Example(
                "f5", opening=("e6", "f4", "f3", "f6", "d3", "e7", "f7", "c4"), id="reversi-flips"
            ),
            Example(
                "pass", opening=("c4", "c3", "c2", "b2", "f5", "c1", "a1", "a3"), id="reversi-pass"
            ),
            Example(
                "a6",
                opening=(
                    *("c4", "c3", "f5", "d6", "e6", "b4", "a4", "f6", "d3", "d2", "c5", "e3"),
                    *("e1", "g4", "g7", "c1", "e7", "c6", "h3", "g5", "f2", "c7", "d1", "f4"),
                    *("f3", "g3", "c8", "e8", "f7", "b2", "d7", "f8", "c2", "b7", "d8", "f1"),
                    *("h6", "b5", "a7", "e2", "b6", "b8", "g2", "a3", "b3", "h2", "a2", "a5"),
                    *("a1", "h4", "h1", "b1", "g1", "h7"),
                ),
                id="reversi-endgame",
            ),
        ),
        # The daily puzzle: the one best move of an endgame, Wednesdays at 10 empty squares,
        # Saturdays at 12 (docs/DAILY.md); playouts prefer corners most, X-squares least.
        puzzles=Puzzles(
            (44, 72),
            ((2, 10, None), (5, 12, None)),
            goal="best",
            solver="games.engine.reversi_solve",
            prefer=(
                *("92655629", "21333312", "63444436", "53444435"),
                *("53444435", "63444436", "21333312", "92655629"),
            ),
            since="2026-12-07",
        ),
        in_guide=False,
        rules_content="reversi.html",
        vectors="own",
    ),
)
BY_SLUG: dict[str, Entry] = {entry.slug: entry for entry in GAMES}
SLUGS: tuple[str, ...] = tuple(BY_SLUG)


def get(slug: str) -> Entry:
    """The entry of `slug`; KeyError for an unknown game."""
    return BY_SLUG[slug]
