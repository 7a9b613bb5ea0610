"""The worked examples of the rules pages, replayed through the engines, drawn and played.

Each example is a start position (moves from the start, or a loaded position) and the move the
text walks through. Rendering plays that move with the Python engine, so a diagram can only
show what the rules really allow; tests/games/test_examples.py checks each example's result.

On the page (templates/games/_example.html) an example is a one-move puzzle: the browser
(static/js/examples/puzzle.js) draws the position before with the play pages' board and asks
the reader for the move; the JavaScript engine twin checks it. The two static pictures drawn
here (games/board_svg.py, the same look) are what a reader without JavaScript sees.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games import board_svg, registry
from games.engine import registry as engines
from games.engine.base import PASS_TEXT as PASS
from games.engine.base import play_text
from games.play_words import first_mark, for_example

# The worked examples are the registry entries' `examples` (games/registry.py), by the id
# the page calls them by (the game's slug for a game with one example).
EXAMPLES: dict[str, registry.Example] = {
    example.id or entry.slug: example for entry in registry.GAMES for example in entry.all_examples
}
# Each example's game.
GAME_OF: dict[str, str] = {
    example.id or entry.slug: entry.slug
    for entry in registry.GAMES
    for example in entry.all_examples
}


def first_of(slug: str) -> str:
    """The id of a game's first worked example (its picture on invitations)."""
    return next(example_id for example_id, game in GAME_OF.items() if game == slug)


def start(slug: str, variant: str = ""):
    """A game's first position under `variant` (its rule setting; "" for its default)."""
    game: Any = engines.get(slug)  # a game with rule settings takes one: initial_state(rule)
    variant = variant or registry.get(slug).default_variant
    return game, (game.initial_state(variant) if variant else game.initial_state())


def positions(example_id: str):
    """(game, state before the key move, state after it) for a worked example."""
    example = EXAMPLES[example_id]
    game, state = start(GAME_OF[example_id], example.variant)
    if example.position:
        state = game.load(example.position)
    for text in example.opening:
        state = play_text(game, state, text)
    return game, state, play_text(game, state, example.key_move)


def occupancy(game, state) -> dict[str, int]:
    """Point name -> player (0 first, 1 second), read from the engine's JSON dump (a dict of
    points, or one character per point in the engine's point order; the first side's
    characters are its registry board's `first_marks`)."""
    board = game.dump(state)["board"]
    if isinstance(board, dict):
        return {point: "wb".index(owner) for point, owner in board.items()}
    entry_board = registry.get(game.slug).board
    first = entry_board.first_marks if entry_board else "xw"
    return {game.points[i]: 0 if c in first else 1 for i, c in enumerate(board) if c != "."}


def move_parts(text: str) -> dict[str, str | None]:
    """The points a move starts from, lands on and removes, from its notation (a1-a4xg7)."""
    body, _x, removed = text.partition("x")
    start, _dash, end = body.rpartition("-")
    return {"from": start or None, "to": end, "capture": removed or None}


def render(example_id: str) -> str:
    game, before, after = positions(example_id)
    example = EXAMPLES[example_id]
    slug = GAME_OF[example_id]
    key_move = example.key_move
    # A pass is written `pass` in the notation and shown in the reader's language.
    shown_move = _("Pass") if key_move == PASS else key_move
    passing = registry.get(slug).rules.passing
    layout = board_svg.layout_of(slug)
    mark = first_mark()
    outcome = game.outcome(after)
    figures = [
        {
            "caption": _("Before the move"),
            "svg": board_svg.draw(
                slug,
                occupancy(game, before),
                label=_("Board before the move"),
                gradient=f"example-{example_id}-before",
                first_mark=mark,
            ),
        },
        {
            "caption": _("After %(move)s") % {"move": shown_move},
            "svg": board_svg.draw(
                slug,
                occupancy(game, after),
                label=_("Board after %(move)s") % {"move": shown_move},
                gradient=f"example-{example_id}-after",
                first_mark=mark,
                last=move_parts(key_move) if key_move != PASS else None,
                win_cells=tuple(outcome.cells) if outcome else (),
            ),
        },
    ]
    context = {
        "slug": slug,
        "example_id": example_id,
        "strings": for_example(slug),
        "strings_id": f"example-strings-{example_id}",
        "answers": " ".join((key_move, *example.also)),
        "position": game.dump(before),
        "position_id": f"example-position-{example_id}",
        "first_mark": mark if layout.pieces == "marks" else "",
        "board_classes": f"board2d--{slug} board2d--{layout.kind} board2d--{layout.style}"
        + (f" {registry.get(slug).stone_classes}" if registry.get(slug).stone_classes else ""),
        "figures": figures,
        # A game where a side may have to pass: the puzzle's Pass button.
        "pass_label": _("Pass") if passing else "",
    }
    return render_to_string("games/_example.html", context)
