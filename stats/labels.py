"""What staff read for each stored code: every value of stats/schema.py in words, through
gettext, so the review speaks the admin's language (ko, ja, zh-hans). The codes themselves
stay in the database and the CSV export; only the page shows these labels."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import registry
from games.catalog import GAMES
from stats import schema

FIELDS = {
    "kind": _("Event"),
    "game": _("Game"),
    "lang": _("Page language"),
    "mode": _("Mode"),
    "level": _("AI level"),
    "rule": _("Rule setting"),
    "result": _("Result"),
    "ending": _("How it ended"),
    # A count (of plies), never the moves themselves: not the move list's "Moves".
    "moves": pgettext_lazy("statistics field: how many moves", "Moves"),
    "puzzle": _("Daily puzzle date"),
    "tries": _("Tries"),
    "duration": _("Game length"),
    "outcome": _("Outcome"),
    "reconnects": _("Reconnects"),
    "render": _("Render speed"),
    "phone": _("Phone"),
    "memory": _("Memory"),
    "cores": _("CPU cores"),
    "browser": _("Browser"),
    "os": _("Operating system"),
    "device": _("Device class"),
}

VALUES: dict[str, dict[str, str]] = {
    "kind": {
        "game-start": _("game started"),
        "game-end": _("game finished"),
        "room-connection": _("friend room connection"),
        "puzzle-attempt": _("daily puzzle attempt"),
        "board-3d": _("3D board report"),
    },
    "game": {entry.slug: entry.name for entry in GAMES},
    "rule": {
        variant.key: pgettext_lazy(*variant.name)
        for entry in registry.GAMES
        for variant in entry.variants
    },
    # Each language by its own name, as the site's language switcher shows it.
    "lang": {"ko": "한국어", "ja": "日本語", "zh-hans": "简体中文"},
    "mode": {
        "ai": _("against the AI"),
        "local": _("two on one device"),
        "friend": _("with a friend"),
    },
    "level": {
        "beginner": _("beginner"),
        "intermediate": _("intermediate"),
        "advanced": _("advanced"),
    },
    "result": {
        "win": _("the player won"),
        "loss": _("the player lost"),
        "draw": _("draw"),
        "first": _("the first player won"),
        "second": _("the second player won"),
    },
    "outcome": {"ok": _("succeeded"), "failed": _("failed")},
    "ending": {
        "line": _("a line"),
        "full": _("a full board"),
        "no-moves": _("no legal move"),
        "pieces": _("too few pieces"),
        "repetition": _("repetition"),
        "move-limit": _("the move limit"),
        "discs": _("the disc count"),
        "resigned": _("resignation"),
        "agreed": _("a draw agreed"),
        "abandoned": _("a game left and claimed"),
    },
    "duration": {
        "under-1m": _("under 1 minute"),
        "1-3m": _("1 to 3 minutes"),
        "3-10m": _("3 to 10 minutes"),
        "10-30m": _("10 to 30 minutes"),
        "30-60m": _("30 to 60 minutes"),
        "over-60m": _("over 60 minutes"),
    },
    "reconnects": {
        "0": _("none"),
        "1": _("once"),
        "2-3": _("2 or 3 times"),
        "4-9": _("4 to 9 times"),
        "10+": _("10 times or more"),
    },
    "render": {
        "under-15fps": _("under 15 frames a second"),
        "15-30fps": _("15 to 30 frames a second"),
        "30-50fps": _("30 to 50 frames a second"),
        "50fps+": _("50 frames a second or more"),
    },
    "memory": {
        "under-2gb": _("under 2 GB"),
        "2-4gb": _("2 to 4 GB"),
        "4-8gb": _("4 to 8 GB"),
        "8gb+": _("8 GB or more"),
        "unknown": _("not reported"),
    },
    "cores": {
        "1-2": _("1 or 2 cores"),
        "3-4": _("3 or 4 cores"),
        "5-8": _("5 to 8 cores"),
        "9-16": _("9 to 16 cores"),
        "17+": _("17 cores or more"),
        "unknown": _("not reported"),
    },
    # Product names stay as their makers write them.
    "browser": {
        "chrome": "Chrome", "edge": "Edge", "firefox": "Firefox", "safari": "Safari",
        "samsung": "Samsung Internet", "opera": "Opera", "other": _("other"),
    },
    "os": {
        "android": "Android", "ios": "iOS", "windows": "Windows", "macos": "macOS",
        "linux": "Linux", "chromeos": "ChromeOS", "other": _("other"),
    },
    "device": {"phone": _("phone"), "not a phone": _("not a phone")},
}
VALUES["phone"] = {"True": _("phone"), "False": _("not a phone")}


def label(field: str, code: str) -> str:
    """The words for one stored code; an unknown code (or field) is shown as it is."""
    return str(VALUES.get(field, {}).get(code, code))


def mode_level(group: str) -> str:
    """A review group ("ai · beginner", "local") in words."""
    mode, _sep, level = group.partition(" · ")
    if not level:
        return label("mode", mode)
    return str(_("%(mode)s (%(level)s)") % {
        "mode": label("mode", mode), "level": label("level", level),
    })



def choices(field: str, values) -> list[tuple[str, str]]:
    """Model choices for a field: (code, label)."""
    return [(value, VALUES[field][value]) for value in values]


def game_choices() -> list[tuple[str, str]]:
    """The game field's choices, read from the registry when asked: a callable, so the
    migration names this function rather than the list and a new game needs no migration."""
    return choices("game", schema.GAME_SLUGS)


def rule_choices() -> list[tuple[str, str]]:
    """The rule field's choices, from the registry's rule settings (as game_choices)."""
    return choices("rule", schema.RULES)


def check_complete() -> list[str]:
    """Codes of schema.py without a label (a test keeps this empty)."""
    missing = []
    for field, values in schema.VALUES.items():
        if field == "event":
            field = "kind"
        missing += [f"{field}={v}" for v in values if v not in VALUES.get(field, {})]
    return missing
