"""Write the browser's copies of what Python knows, so no fact is typed twice:

- `static/js/games/registry.js` from games/registry.py: each game's board kind, its 2D board
  as drawn (games/board_svg.py's layout: points, coordinates, lines or grid) and what the
  status line reads (points in the engine's order, pieces, draw counter and limit, lines);
- `static/js/stats/schema.js` from stats/schema.py: the statistics vocabulary;
- `static/js/game-modules.js` from the registry's slugs: each game's engine twin and AI module
  (`engines/<slug>.js`, `ai/<slug>.js`), as literal imports.

    .venv/bin/python -m tools.gen_registry            # write both
    .venv/bin/python -m tools.gen_registry --check    # write nothing; exit 1 if one is stale

tests/games/test_generated_registry.py runs the check.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import board_svg, registry  # noqa: E402
from games.engine import registry as engines  # noqa: E402
from stats import schema  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
REGISTRY_JS = ROOT / "static" / "js" / "games" / "registry.js"
SCHEMA_JS = ROOT / "static" / "js" / "stats" / "schema.js"
MODULES_JS = ROOT / "static" / "js" / "game-modules.js"

_FREEZE = """const freeze = (value) => {
  if (value && typeof value === "object") {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
};
"""


def _js(value, depth: int = 0) -> str:
    """JSON, one key per line down to games and their parts, compact below."""
    if not isinstance(value, dict) or depth > 2:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    pad = "  " * (depth + 1)
    items = [f"{pad}{json.dumps(k)}: {_js(v, depth + 1)}," for k, v in value.items()]
    return "{\n" + "\n".join(items) + "\n" + "  " * depth + "}"


def _layout(slug: str) -> dict:
    layout = board_svg.layout_of(slug)
    data: dict = {
        "kind": layout.kind,
        "style": layout.style,
        "pieces": layout.pieces,
        "xy": {p: list(xy) for p, xy in layout.xy.items()},
        "step": layout.step,
        "width": layout.width,
        "height": layout.height,
        "pieceRadius": layout.piece_radius,
        "labelEdge": layout.label_edge,
        "firstColour": layout.first_colour,
        "confirm": layout.confirm,
    }
    if layout.stars:
        data["stars"] = list(layout.stars)
    if layout.show_moves:
        data["showMoves"] = True
    if layout.kind == "cells":
        data["grid"] = layout.grid
    else:
        data["lines"] = [list(line) for line in layout.lines]
    return data


def _status(entry: registry.Entry) -> dict:
    engine = engines.get(entry.slug)
    points = list(engine.points)  # type: ignore[attr-defined]
    rules = entry.rules
    pieces = rules.pieces or (engine.pieces_each,) * 2  # type: ignore[attr-defined]
    data: dict = {
        "points": points,
        "pieces": list(pieces),
        "movement": rules.movement,
        "flying": rules.flying,
        "counter": rules.counter,
        "limit": getattr(engine, "move_limit", None) if rules.counter else None,
        "repetition": rules.repetition,
        "lines": rules.lines,
        "firstMarks": entry.board.first_marks if entry.board else "xw",
    }
    if rules.passing:
        data["passing"] = True
    if rules.lines == "mills":
        module = __import__(entry.engine_module, fromlist=["MILLS"])
        data["mills"] = [
            [points[i] for i in range(len(points)) if mill >> i & 1] for mill in module.MILLS
        ]
    if rules.lines == "runs":
        assert entry.board is not None
        data["columns"] = entry.board.columns
    return data


def registry_js() -> str:
    games = {}
    for entry in registry.GAMES:
        game: dict = {
            "slug": entry.slug,
            "board": entry.board_kind,
            "levels": list(registry.LEVELS),
        }
        if entry.variants:  # the rule settings, the default first
            game["variants"] = [variant.key for variant in entry.variants]
        if entry.board is not None:
            game["layout"] = _layout(entry.slug)
            game["status"] = _status(entry)
        games[entry.slug] = game
    body = _js(games)
    return (
        "// Written by tools/gen_registry.py from games/registry.py: do not edit (a test fails\n"
        "// when this file is stale). Each game's board kind and, for the SVG board, its\n"
        "// layout as drawn and what the status line reads; slugs in the home page's order.\n"
        f"{_FREEZE}\nexport const GAMES = freeze({body});\n\n"
        "export function gameEntry(slug) {\n"
        "  const entry = GAMES[slug];\n"
        "  if (!entry) throw new Error(`unknown game ${JSON.stringify(slug)}`);\n"
        "  return entry;\n"
        "}\n"
    )


# The games' slugs come from the browser's registry, as schema.py takes them from Python's.
_GAME_VALUES = '"__games__"'
_GAMES_3D = '"__games3d__"'


def schema_js() -> str:
    table = schema.as_dict()
    assert table["values"]["game"] == list(registry.SLUGS)
    table["values"]["game"] = "__games__"
    table["games3d"] = "__games3d__"
    body = _js(table)
    body = body.replace(_GAME_VALUES, "Object.keys(GAMES)")
    body = body.replace(
        _GAMES_3D, 'Object.keys(GAMES).filter((slug) => GAMES[slug].board === "3d")'
    )
    return (
        "// Written by tools/gen_registry.py from stats/schema.py: do not edit (a test fails\n"
        "// when this file is stale). The client only builds events from these values; the\n"
        "// server refuses anything else.\n"
        'import { GAMES } from "../games/registry.js";\n\n'
        f"{_FREEZE}\nexport const SCHEMA = freeze({body});\n"
    )


def modules_js() -> str:
    lines = [
        f'  "{slug}": {{\n'
        f'    engine: () => import("./engines/{slug}.js"),\n'
        f'    ai: () => import("./ai/{slug}.js"),\n'
        "  },"
        for slug in registry.SLUGS
    ]
    return (
        "// Written by tools/gen_registry.py from games/registry.py: do not edit (a test fails\n"
        "// when this file is stale). Each game's engine twin and AI module, loaded on demand\n"
        "// so a page pays only for its own game. The imports are literal on purpose:\n"
        "// collectstatic rewrites them to the hashed files and the offline precache follows\n"
        "// them (offline/precache.py).\n"
        "export const MODULES = Object.freeze({\n" + "\n".join(lines) + "\n});\n"
    )


def outputs() -> dict[Path, str]:
    return {REGISTRY_JS: registry_js(), SCHEMA_JS: schema_js(), MODULES_JS: modules_js()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    check = parser.parse_args().check
    stale = []
    for path, text in outputs().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if check else 'wrote'}: {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
