"""The daily page's words (static/js/daily/page.js), gettext entries like every other string.

`{side}`, `{move}`, `{n}` and the like are filled in by the script (static/js/play/strings.js).
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def ui() -> dict[str, str]:
    return {
        "goal-1": _("{side} to move: win with this move."),
        "goal-n": _("{side} to move: win within {n} of your moves, whatever the defence."),
        "left-1": _("{reply}. Now win with your next move."),
        "left-n": _("{reply}. Now win within {n} of your moves."),
        "reply": _("{side} answers {move}"),
        "wrong-wins": _("{side} answers {move} and wins."),
        "wrong-wins-2": _(
            "{side} answers {move} and will win with its next move whatever you do."
        ),
        "wrong-holds-1": _("{side} answers {move}: you cannot win with your next move."),
        "wrong-holds-n": _("{side} answers {move}: you can no longer win within {n} moves."),
        "wrong-draw": _("That move ends the game in a draw."),
        "try-again": _("Not this one. Try again from the puzzle's position."),
        "solved": _("Solved in {tries} tries, {time}."),
        "solved-1": _("Solved at the first try, {time}."),
        "time": _("{m} min {s} s"),
        "time-s": _("{s} s"),
        "step": _("Move {i} of {count}: {move}"),
        "share-title": _("little table daily puzzle"),
        "copied": _("Copied. Paste it anywhere."),
        "copy-failed": _("Could not copy: select the line above and copy it."),
        "no-puzzle": _("There is no puzzle for this date."),
        "offline-missing": _(
            "This date's puzzles are not saved on this device yet: open it once online."
        ),
        "streak": _("Days in a row: {n}"),
        "cleared": _("History cleared."),
        "move-you": _("You: {move}"),
        "move-them": _("{side}: {move}"),
        # A best-move puzzle (daily/best.py): one move, its proven final count.
        "best-goal": _(
            "{side} to move: find the one move that wins by the most discs against any "
            "defence."
        ),
        "best-reply": _("{side} answers {move}."),
        "best-pass": _("{side} has no legal move and passes."),
        "best-more": _("With best play you then win {count}, but another move wins by more."),
        "best-draw": _("With best play the game then ends in a draw, {count}."),
        "best-less": _("With best play you then lose {count}."),
        "best-ends": _("That move ends the game: {count}."),
        "best-final": _("With best play the game ends {count}: replay the best line below."),
        "best-count": _("{side} {mine} – {other} {theirs}"),
    }
