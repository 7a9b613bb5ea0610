"""The words a play page's scripts show, as one JSON object (`#ui-strings`, rendered with
`json_script`), built for one game in the active language.

Each game gets exactly the keys its board code looks up (`static/js/play/strings.js` marks a
missing key on the page, and the browser tests fail on it). The words are gettext entries like
every other interface string; this module only decides which belong to which game.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import registry
from games.catalog import BY_SLUG, GameEntry


@dataclass(frozen=True)
class PlayWords:
    """What a play page's template needs besides its layout: the scripts' words (`ui`), the
    two sides' names for the status table, its reserve column's heading, and on a board of
    marks the first player's mark ("x" or "o") for the board code."""

    ui: dict[str, str]
    sides: tuple[str, str]
    reserve_heading: str  # "" where the status table has no such column
    first_mark: str
    start_second: str  # the mode panel's "start second" button, when not "black"
    has_counters: bool  # the status line shows draw counters (games whose pieces move)
    pass_label: str = ""  # the Pass button's label, in a game where a side may have to pass


def for_game(game: GameEntry) -> PlayWords:
    ui = _controller()
    words = game.entry.words
    if words is None:  # the 3D board
        ui.update(_board3d())
    else:
        ui.update(_board2d(game.slug))
    if game.variants:  # the rule setting, shown during the game
        ui["variantLine"] = _("Rules: {name}")
        ui.update({f"variant-{key}": name for key, name in game.variants})
    sides = (ui.get("side-0", ui.get("white", "")), ui.get("side-1", ui.get("black", "")))
    return PlayWords(
        ui=ui,
        sides=sides,
        reserve_heading=reserve_heading(words),
        first_mark=first_mark() if words and words.vocabulary == "marks" else "",
        start_second=_(words.start_second) if words and words.start_second else "",
        has_counters=game.entry.rules.movement,
        pass_label=ui.get("pass-button", ""),
    )


def reserve_heading(words: registry.Words | None) -> str:
    if words is None:
        return _("In reserve")
    return _(words.reserve_heading) if words.reserve_heading else ""


def first_mark() -> str:
    """The shape of the first player's mark on a board of marks (X and O) in the active
    language, "x" or "o" (the catalog decides: ○ moves first in Japan). The play page's board
    and the worked examples (games/examples.py) both draw by it."""
    # Translators: a game of X and O marks, the shape of the first player's mark: exactly "x"
    # or "o" (Japanese: "o", as ○ moves first there). The labels "X" and "O" must follow it.
    return "o" if pgettext("first mark", "x") == "o" else "x"


def for_example(slug: str) -> dict[str, str]:
    """The words of a rules page's worked example as a puzzle (static/js/examples/puzzle.js):
    the 2D board's words for `slug` and the puzzle's own."""
    words = {"listSeparator": pgettext("list separator", ", ")}
    words.update(_board2d(slug))
    words.update(
        {
            "example-board-label": _("Example board: %(game)s") % {"game": BY_SLUG[slug].name},
            "example-prompt": _("Your move ({side}): play the move this example explains."),
            "example-right": _("Right: {move} is the move this example explains."),
            "example-also-right": _(
                "Also right: {move} wins just as well. The example plays {answer}."
            ),
            "example-wrong": _(
                "{move} is a legal move, but not the one this example explains. Try another."
            ),
            "example-shown": _("The example's move: {move}."),
            "example-reset": _("Back to the position before the move."),
            # Translators: two sentences one after the other; keep {first} and {second}.
            # Japanese and Chinese put no space between them.
            "twoSentences": pgettext("two sentences", "{first} {second}"),
        }
    )
    return words


def _controller() -> dict[str, str]:
    """The shared page controller's words (static/js/play/controller.js, words.js)."""
    return {
        "listSeparator": pgettext("list separator", ", "),
        # The last-move line: the move, then the threat it leaves (static/js/board2d/page.js).
        "twoSentences": pgettext("two sentences", "{first} {second}"),
        "modeAi": _("Against the AI ({level}), you play {side}"),
        "level-beginner": _("beginner"),
        "level-intermediate": _("intermediate"),
        "level-advanced": _("advanced"),
        "modeLocal": _("Two players on this device"),
        "modeFriend": _("Playing with a friend"),
        "statusThinking": _("The AI is thinking…"),
        "statusTurn": _("{side} to move."),
        "statusYourTurn": _("Your turn ({side})."),
        "statusTheirTurn": _("Waiting for {side}."),
        "resultDraw": _("Draw."),
        "resultYouWin": _("You win!"),
        "reason-resigned": _("{loser} resigned."),
        "reason-agreed": _("Both players agreed to a draw."),
        "reason-abandoned": _("{loser} left the game, and the win was claimed."),
        "reason-abandoned-draw": _("A player left the game, and it was called a draw."),
        "resultYouLose": _("You lose."),
        "resultWin": _("{side} wins!"),
        "announceUndo": _("Move taken back."),
        "announceNewGame": _("New game."),
        "reviewPosition": _("Move {ply} of {total}: {move}"),
        "reviewStart": _("Start position."),
        "resumeOffer": _("You have an unfinished game: {mode}, {count} moves played."),
        "announceResumed": _("Game resumed."),
        "status-choose-mode": _("Choose how to play to start."),
        "error-no-game": _("Choose how to play first."),
        "error-game-over": _("The game is over: start again or choose another mode."),
        # A friend room has neither Again nor the choice of mode: its button is the rematch.
        "error-game-over-friend": _(
            "The game is over: press “Swap colours and play again” for another game."
        ),
        "error-game-over-watching": _("The game is over."),
        "error-not-your-turn": _("Wait for the AI to move."),
        "error-not-your-turn-friend": _("Wait for your friend to move."),
        "error-friend-not-joined": _(
            "Your friend has not joined yet: the game starts when they do."
        ),
        "error-join-first": _("Press “Join the game” to play."),
        "error-spectator": _(
            "Both seats are taken: you are watching this game. Moves appear as they are played."
        ),
        "error-ai-failed": _("The AI could not move. Press Undo or Again."),
        **_review(),
    }


def _review() -> dict[str, str]:
    """The AI review and "show analysis" (static/js/play/review-panel.js, analysis-line.js)."""
    return {
        "aiReview-progress": _("Reviewing the game: {done} of {total} positions…"),
        "aiReview-cancelled": _("Review cancelled."),
        "aiReview-failed": _("The review could not be finished."),
        "aiReview-done-none": _("Review done: no move changed the outcome."),
        "aiReview-done": _("Review done: moves that changed the outcome: {count}."),
        "aiReview-missed-win": _("A win was available here: {better}."),
        "aiReview-missed-edge": _("An advantage was given away here; {better} was better."),
        "aiReview-allowed-win": _("This move let {side} force a win; {better} was better."),
        "aiReview-allowed-edge": _("This move gave {side} the advantage; {better} was better."),
        "aiReview-mark-shown": _(
            "Before move {ply} ({move}): {mark} The better move is drawn on the board."
        ),
        "aiReview-eval-line": _("{ply}. {side} {move}: {before} → {after}"),
        "aiReview-eval-win": _("wins in {n}"),
        "aiReview-eval-wins": _("wins"),
        "aiReview-eval-won": _("won"),
        "aiReview-eval-loss": _("loses in {n}"),
        "aiReview-eval-loses": _("loses"),
        "aiReview-eval-lost": _("lost"),
        "aiReview-eval-draw": pgettext("review evaluation", "draw"),
        "aiReview-eval-ahead": _("ahead {score}"),
        "aiReview-eval-even": _("even {score}"),
        "aiReview-eval-behind": _("behind {score}"),
        "analysis-win": _("{side} can force a win within {n} moves."),
        "analysis-win-unknown": _("{side} can force a win."),
        "analysis-draw": _("A draw with best play."),
    }


def _board3d() -> dict[str, str]:
    return {
        "white": _("White"),
        "black": _("Black"),
        "moveAnnounce": _("{side} {peg}, level {level}."),
        "pegEmpty": _("Peg {peg}: empty"),
        "pegBalls": _("Peg {peg}: {balls}"),
        "pegFull": _("Peg {peg} (full): {balls}"),
        "pegLevel": _("level {level} {side}"),
        "pegThreat": _("{side} threatens level {level}"),
        "pegBeneath": _("level {level} is under a threat"),
        # The last-move line: a line of four one ball short whose cell is open now
        # (static/js/score-four/page.js lastNote; lost from this table in the registry's merge).
        "threat-one": _("{side} threatens {peg}, level {level}: it must be blocked."),
        "threat-many": _(
            "{side} threatens {count} places at once ({cells}): only one can be blocked."
        ),
        "threat-cell": _("{peg} level {level}"),
        "pegHint": _("level {level}: the better move"),
        "resultDrawDetail": _("All 64 balls are in and nobody made a line of four."),
        "resultLine-level-row": _(
            "{side} made four in a row on level {level}, from {from} to {to}."
        ),
        "resultLine-level-diagonal": _(
            "{side} made four corner to corner on level {level}, from {from} to {to}."
        ),
        "resultLine-peg": _("{side} filled peg {peg} from bottom to top."),
        "resultLine-rising": _(
            "{side} made four climbing one level per peg, from {from} on level {fromLevel} "
            "to {to} on level {toLevel}."
        ),
        "resultLine-cube-diagonal": _(
            "{side} made four through the cube, corner to corner, from {from} on level "
            "{fromLevel} to {to} on level {toLevel}."
        ),
        "errorPegFull": _("Peg {peg} is full."),
        "contextLost": _("3D display stopped for a moment; the peg buttons still work."),
    }


def _board2d(slug: str) -> dict[str, str]:
    """The SVG board's words (static/js/board2d/), by the game's vocabulary: marks, pieces on
    points, or stones in squares; then the words of its own rules from its registry entry
    (movement rule, draw limit and counter, what only it does). A page gets no other game's
    words."""
    game_words = registry.get(slug).words
    assert game_words is not None, f"{slug} has no 2D board"
    vocabulary = game_words.vocabulary
    words = _board2d_common()
    words.update(
        _marks()
        if vocabulary == "marks"
        else _black_first()
        if vocabulary == "black-first"
        else _discs()
        if vocabulary == "discs"
        else _pieces()
    )
    words.update(
        {
            key: _(message) if isinstance(message, str) else pgettext(*message)
            for key, message in game_words.rules.items()
        }
    )
    board = registry.get(slug).board
    if board is not None and board.confirm:
        words.update(_confirm())
    if board is not None and board.show_moves:
        words["state-legal"] = _("legal move")
    if registry.get(slug).rules.passing:
        words.update(_passing())
    if vocabulary == "stones":
        words.update(_stones_moving())
    elif vocabulary == "pieces":
        words.update(_pieces_moving())
    return words


def _marks() -> dict[str, str]:
    return {
        "side-0": _("X"),
        "side-1": _("O"),
        "piece-0": _("X"),
        "piece-1": _("O"),
        "error-occupied": _("That square is already taken."),
        "phase-placing": _("Choose an empty square."),
    }


def _pieces() -> dict[str, str]:
    return {
        "side-0": _("White"),
        "side-1": _("Black"),
        "piece-0": _("white piece"),
        "piece-1": _("black piece"),
        "error-occupied": _("That point is not empty."),
        "phase-placing": _("Placing: choose an empty point."),
    }


def _discs() -> dict[str, str]:
    """Discs placed in squares, black first, turned when outflanked."""
    return {
        "side-0": _("Black"),
        "side-1": _("White"),
        "piece-0": _("black disc"),
        "piece-1": _("white disc"),
        "error-occupied": _("That square already holds a disc."),
        "phase-placing": _("Choose a marked square."),
        # The move list's and the screen reader's words for a placement that turns discs.
        "announce-turns": _("{side}: {to}, turns {count}."),
    }


def _passing() -> dict[str, str]:
    """A game where a side without a legal move passes (its one move then is `pass`)."""
    return {
        "pass-button": _("Pass"),
        "phase-pass": _("{side} has no legal move and must pass: press Pass."),
        "announce-pass": _("{side} had no legal move and passed."),
        "error-must-pass": _("You have no legal move: press Pass."),
    }


def _confirm() -> dict[str, str]:
    """A board where a tap chooses a point and a second tap (or the button) plays it."""
    return {
        "confirm-move": _("Confirm {point}"),
        # The confirm button while no point is chosen (disabled).
        "confirm-none": _("Confirm"),
        "ghost-placed": _("{point} chosen: tap it again or press the confirm button to play."),
    }


def _black_first() -> dict[str, str]:
    """Stones placed on points, black first (as on a go board)."""
    return {
        "side-0": _("Black"),
        "side-1": _("White"),
        "piece-0": _("black stone"),
        "piece-1": _("white stone"),
        "error-occupied": _("That point is not empty."),
        "phase-placing": _("Choose an empty point."),
    }


def _stones_moving() -> dict[str, str]:
    return {
        "phase-moving": _("Moving: select one of your stones."),
        "phase-moving-destination": _(
            "Moving: choose a highlighted square, or the stone again to cancel."
        ),
        "phase-capture": _("Capture: choose a highlighted enemy stone to remove."),
        "reason-pieces": _("{loser} has fewer than three stones left."),
        # Translators: a stone in a square moves (the same English serves pieces on points).
        "announce-move": pgettext("a stone moves", "{side}: {from} to {to}."),
        "announce-move-capture": _("{side}: {from} to {to}, removes the stone on {capture}."),
        "announce-capture-choose": _("A line! Choose an enemy stone to remove."),
        "error-not-your-piece": _(
            "That is not one of your stones: select one of your own to move it."
        ),
        "error-wrong-phase": _(
            "Stones are still to be placed: place one on an empty square before moving."
        ),
        "error-wrong-phase-moving": _("All stones are placed: select one of yours and move it."),
        "error-capture-required": _("This move makes a line: choose an enemy stone to remove."),
        "error-capture-not-allowed": _("This move makes no line, so no stone is removed."),
        "error-capture-invalid": _("Choose one of the highlighted enemy stones."),
    }


def _pieces_moving() -> dict[str, str]:
    return {
        "phase-moving": _("Moving: select one of your pieces."),
        "phase-moving-destination": _(
            "Moving: choose a highlighted point, or the piece again to cancel."
        ),
        "phase-capture": _("Capture: choose a highlighted enemy piece to remove."),
        "reason-pieces": _("{loser} has fewer than three pieces left."),
        # Translators: a piece on a point moves (the same English serves stones in squares).
        "announce-move": pgettext("a piece moves", "{side}: {from} to {to}."),
        "announce-move-capture": _("{side}: {from} to {to}, removes {capture}."),
        "announce-capture-choose": _("A line! Choose an enemy piece to remove."),
        "error-not-your-piece": _(
            "That is not one of your pieces: select one of your own to move it."
        ),
        "error-wrong-phase": _(
            "Pieces are still to be placed: place one on an empty point before moving."
        ),
        "error-wrong-phase-moving": _("All pieces are placed: select one of yours and move it."),
        "error-capture-required": _("This move makes a line: choose an enemy piece to remove."),
        "error-capture-not-allowed": _("This move makes no line, so nothing is removed."),
        "error-capture-invalid": _("Choose one of the highlighted enemy pieces."),
    }


def _board2d_common() -> dict[str, str]:
    return {
        "board-label": _("Board"),
        "point-label": _("{point}: {holder}"),
        "point-with-state": _("{label} ({state})"),
        "point-empty": _("empty"),
        "state-selected": _("selected"),
        "state-destination": _("legal destination"),
        "state-removable": _("can be removed"),
        "state-protected": _("protected"),
        "state-winning": _("part of the winning line"),
        "state-ghost": _("chosen, not yet played"),
        "state-forbidden": _("forbidden point"),
        "state-last-to": _("last move"),
        "state-last-from": _("the last move started here"),
        "state-last-capture": _("removed by the last move"),
        "counter-repetition": _(
            "This position has occurred {value} time(s); the third time is a draw."
        ),
        "reason-line": _("{side} made three in a row: {cells}."),
        "reason-full": _("The board is full and nobody made a line."),
        "reason-no-moves": _("{loser} has no legal move."),
        "reason-repetition": _("The same position occurred for the third time: a draw."),
        "announce-place": _("{side}: {to}."),
        "announce-cancelled": _("Selection cancelled."),
        "error-bad-notation": _("That is not a move in this game."),
        "error-peg-full": _("That peg already holds four balls."),
        "error-bad-state": _("This position could not be loaded."),
    }
