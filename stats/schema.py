"""The vocabulary of the play statistics: every event kind, every field and every value a
field may take. The browser client's copy (static/js/stats/schema.js) is written from this
module by tools/gen_registry.py; a test fails when it is stale. Anything not listed here is
refused by the endpoint and never stored.

Wire format (one POST body, JSON): {"events": [event, ...]}, 1 to MAX_EVENTS events.
Every event carries "event" (its kind), "game" and the device class (DEVICE_FIELDS), plus
the fields of its kind (KIND_FIELDS). "moves" is the number of plies played; every other
field is an enumerated value or a bucket, so no event can carry a room id, a move, a board,
an address or a user-agent string.
"""

from __future__ import annotations

from games import registry

MAX_BODY_BYTES = 8 * 1024
MAX_EVENTS = 20
MAX_MOVES = 5000
RETENTION_DAYS = 30
# A daily puzzle attempt (daily/): the tries it took, up to this many.
MAX_TRIES = 99

# A game's statistics value is its slug (games/registry.py).
GAME_SLUGS = registry.SLUGS
GAMES_3D = tuple(entry.slug for entry in registry.GAMES if entry.board_kind == "3d")

KINDS = ("game-start", "game-end", "room-connection", "board-3d", "puzzle-attempt")
# The language of the page a game was played on (the site's language codes, settings.LANGUAGES).
LANGS = ("ko", "ja", "zh-hans")
MODES = ("ai", "local", "friend")
LEVELS = registry.LEVELS  # the AI levels every game offers
# The rule settings of the games that have several (games/registry.py `variants`): a game of
# such a game may say which one it was played under, and only one of its own.
RULES_OF: dict[str, tuple[str, ...]] = {
    entry.slug: tuple(variant.key for variant in entry.variants)
    for entry in registry.GAMES
    if entry.variants
}
RULES = tuple(dict.fromkeys(rule for rules in RULES_OF.values() for rule in rules))
# Against the AI and with a friend: from this device's player's side. Two on one device:
# which seat won.
RESULTS_PLAYER = ("win", "loss", "draw")
RESULTS_LOCAL = ("first", "second", "draw")
OUTCOMES = ("ok", "failed")
# How a game ended: the rules' reasons (docs/ENGINES.md) and, with a friend, the players'
# (rooms/endings.py).
ENDINGS = (
    "line", "full", "no-moves", "pieces", "repetition", "move-limit", "discs",
    "resigned", "agreed", "abandoned",
)
DURATIONS = ("under-1m", "1-3m", "3-10m", "10-30m", "30-60m", "over-60m")
RECONNECTS = ("0", "1", "2-3", "4-9", "10+")
RENDER_SPEEDS = ("under-15fps", "15-30fps", "30-50fps", "50fps+")
MEMORY = ("under-2gb", "2-4gb", "4-8gb", "8gb+", "unknown")
CORES = ("1-2", "3-4", "5-8", "9-16", "17+", "unknown")
BROWSERS = ("chrome", "edge", "firefox", "safari", "samsung", "opera", "other")
OSES = ("android", "ios", "windows", "macos", "linux", "chromeos", "other")

# Fields every event carries: the device class.
DEVICE_FIELDS: dict[str, type[bool] | tuple[str, ...]] = {
    "phone": bool,
    "memory": MEMORY,
    "cores": CORES,
    "browser": BROWSERS,
    "os": OSES,
}

# Per kind: field -> "required" | "optional". Conditional rules (level only against the
# AI, the result vocabulary by mode, render speed only with a working 3D board) are in
# stats/validation.py.
KIND_FIELDS = {
    # "lang" is optional so that pages loaded before it existed still send accepted batches.
    "game-start": {
        "game": "required", "mode": "required", "level": "optional", "lang": "optional",
        "rule": "optional",
    },
    "game-end": {
        "game": "required",
        "mode": "required",
        "lang": "optional",
        "level": "optional",
        "rule": "optional",
        "result": "required",
        "ending": "optional",
        "moves": "required",
        "duration": "required",
    },
    "room-connection": {"game": "required", "outcome": "required", "reconnects": "optional"},
    "board-3d": {"game": "required", "outcome": "required", "render": "optional"},
    # A daily puzzle: its date ("puzzle", YYYY-MM-DD, a date everyone has), solved ("win")
    # or left unsolved ("loss"), and the tries made (an integer 1..MAX_TRIES).
    "puzzle-attempt": {
        "game": "required", "lang": "optional", "puzzle": "required",
        "result": "required", "tries": "required",
    },
}

# The values each enumerated field accepts ("result" depends on the mode).
VALUES: dict[str, tuple[str, ...]] = {
    "event": KINDS,
    "game": GAME_SLUGS,
    "lang": LANGS,
    "mode": MODES,
    "level": LEVELS,
    "rule": RULES,
    "result": RESULTS_PLAYER + RESULTS_LOCAL[:2],
    "outcome": OUTCOMES,
    "ending": ENDINGS,
    "duration": DURATIONS,
    "reconnects": RECONNECTS,
    "render": RENDER_SPEEDS,
    **{name: values for name, values in DEVICE_FIELDS.items() if isinstance(values, tuple)},
}


def as_dict() -> dict:
    """The table in the shape static/js/stats/schema.js exports (for the sync test)."""
    return {
        "maxEvents": MAX_EVENTS,
        "maxBodyBytes": MAX_BODY_BYTES,
        "maxMoves": MAX_MOVES,
        "maxTries": MAX_TRIES,
        "kinds": {kind: dict(fields) for kind, fields in KIND_FIELDS.items()},
        "values": {name: list(values) for name, values in VALUES.items() if name != "result"},
        "resultsPlayer": list(RESULTS_PLAYER),
        "resultsLocal": list(RESULTS_LOCAL),
        "games3d": list(GAMES_3D),
        "deviceFields": list(DEVICE_FIELDS),
    }
