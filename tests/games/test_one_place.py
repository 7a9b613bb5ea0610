"""A game is one place: for each game, the source files that name it (its slug in any
spelling, its English name) outside the allowed places fail this test.

Allowed: the engine module and its JavaScript twin (each may be split in files named after
it, `games/engine/<module>_<part>.py`, `static/js/engines/<slug>-<part>.js`, counted as one
place), its AI module(s), its registry entry
(games/registry.py) and the modules written from it (static/js/games/registry.js,
static/js/game-modules.js). Not counted: tests and benchmarks (they measure the site, they
are not it), catalogs, documentation, long-form content, vendored code, and the statistics
migrations (the database's history:
Django replays them as written; since 0004 the game field's choices are read from the
registry, so a new game adds none).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCE = (
    "tests/",
    "locale/",
    "docs/",
    "templates/content/",
    "bench/",
    "static/vendor/",
    "stats/migrations/",
    "daily/data/",  # the daily schedule: data written by tools/gen_daily.py, as content is
)
TARGET = 6

# The 3D board is a board kind of its own with one game on it so far: its view (three.js
# board, peg panel, threat lens), its page template and the tools that build it are that kind's
# code, not the game's, as static/js/board2d/ is the 2D kind's.
BOARD_3D = {
    "static/js/score-four/board3d.js",
    "static/js/score-four/model.js",
    "static/js/score-four/page.js",
    "static/js/score-four/panel16.js",
    "static/js/score-four/threats.js",
    "templates/games/play_score_four.html",
    "tools/three-board.js",
    "tools/vendor_three.sh",
    "static/css/play.css",  # the 3D board's and its peg panel's styles
    "package.json",  # the three.js build's script
    "offline/precache.py",  # the 3D page's entry module, precached
}


def spellings(entry: registry.Entry) -> list[str]:
    slug = entry.slug
    names = {slug, slug.replace("-", "_"), slug.replace("-", ""), entry.name}
    names.add(entry.name.replace("'", ""))
    return sorted(names, key=len, reverse=True)


def allowed(entry: registry.Entry) -> set[str]:
    slug, module = entry.slug, entry.engine_module.rpartition(".")[2]
    return {
        f"games/engine/{module}.py",
        f"static/js/engines/{slug}.js",
        "games/registry.py",
        "static/js/games/registry.js",
        "static/js/game-modules.js",
    }


def is_ai_module(entry: registry.Entry, path: str) -> bool:
    return re.fullmatch(rf"static/js/ai/{re.escape(entry.slug)}(-[a-z-]+)?\.js", path) is not None


def is_engine_part(entry: registry.Entry, path: str) -> bool:
    """A part of a large engine or twin split in files (geometry, forbidden points)."""
    module = re.escape(entry.engine_module.rpartition(".")[2])
    slug = re.escape(entry.slug)
    return (
        re.fullmatch(rf"games/engine/{module}_[a-z_]+\.py", path) is not None
        or re.fullmatch(rf"static/js/engines/{slug}-[a-z-]+\.js", path) is not None
    )


def source_files() -> list[str]:
    listed = subprocess.run(
        # Committed files and new ones not yet added (ignored files aside).
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        path
        for path in listed
        if not path.startswith(NOT_SOURCE) and not path.endswith((".md", ".mo", ".po"))
    ]


# The 3D board kind's folder still bears the name of its first game: a path into it names the
# board kind, not the game (as "board2d/" does for the 2D kind).
BOARD_3D_FOLDER = re.compile(r"[./]*/score-four/(?=[a-z0-9-]+\.js)")


def naming(entry: registry.Entry, files: list[str], texts: dict[str, str]) -> list[str]:
    pattern = re.compile("|".join(re.escape(s) for s in spellings(entry)), re.IGNORECASE)
    return sorted(
        path for path in files if pattern.search(BOARD_3D_FOLDER.sub("/", texts[path]))
    )


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    result = {}
    for path in source_files():
        try:
            result[path] = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
    return result


def outside(entry: registry.Entry, texts: dict[str, str]) -> list[str]:
    """The files naming `entry` that are not its allowed places."""
    places = allowed(entry) | (BOARD_3D if entry.board is None else set())
    return [
        path
        for path in naming(entry, list(texts), texts)
        if path not in places and not is_ai_module(entry, path) and not is_engine_part(entry, path)
    ]


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_a_game_is_named_only_in_its_places(texts, slug):
    entry = registry.get(slug)
    assert outside(entry, texts) == []


def places(entry: registry.Entry, texts: dict[str, str]) -> list[str]:
    """The places that name `entry`, its AI's modules counted as one (a large AI is split in
    files: search, board, evaluation)."""
    named = [
        p for p in naming(entry, list(texts), texts)
        if p not in BOARD_3D and not is_engine_part(entry, p)
    ]
    ai = [p for p in named if is_ai_module(entry, p)]
    return [p for p in named if p not in ai] + (
        ["static/js/ai/" + entry.slug + "*.js"] if ai else []
    )


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_at_most_six_places_name_a_game(texts, slug):
    named = places(registry.get(slug), texts)
    assert len(named) <= TARGET, named


def test_a_new_file_naming_a_game_is_seen(texts):
    entry = registry.get(registry.SLUGS[-1])
    extra = {**texts, "games/new_module.py": f"if slug == {entry.slug!r}: pass\n"}
    assert outside(entry, extra) == ["games/new_module.py"]
    for other in registry.GAMES:  # its name and its module's spelling are seen too
        snake = other.slug.replace("-", "_")
        extra = {**texts, "a.js": f"// {other.name.upper()}", "b.py": f"import {snake}"}
        assert {"a.js", "b.py"} <= set(outside(other, extra))
