"""The browser's copies of the registry and of the statistics schema are the ones
tools/gen_registry.py writes from Python today (run it after changing games/registry.py,
a game's engine constants or stats/schema.py)."""

from __future__ import annotations

import dataclasses

from games import board_svg, registry
from tools import gen_registry


def test_the_generated_modules_are_current():
    stale = [
        str(path.relative_to(gen_registry.ROOT))
        for path, text in gen_registry.outputs().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run: .venv/bin/python -m tools.gen_registry"


def test_a_change_in_the_registry_makes_the_browser_copy_stale(monkeypatch):
    written = gen_registry.REGISTRY_JS.read_text(encoding="utf-8")
    slug = next(entry.slug for entry in registry.GAMES if entry.board is not None)
    entry = registry.get(slug)
    moved = dataclasses.replace(entry, board=dataclasses.replace(entry.board, margin=1))
    monkeypatch.setitem(registry.BY_SLUG, slug, moved)
    board_svg.layout_of.cache_clear()
    try:
        assert gen_registry.registry_js() != written
    finally:
        board_svg.layout_of.cache_clear()


def test_the_statistics_copy_follows_the_schema(monkeypatch):
    from stats import schema

    written = gen_registry.SCHEMA_JS.read_text(encoding="utf-8")
    monkeypatch.setattr(schema, "MAX_EVENTS", schema.MAX_EVENTS + 1)
    assert gen_registry.schema_js() != written
