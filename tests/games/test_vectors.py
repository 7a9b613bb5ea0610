"""The committed shared vectors equal what the Python engines generate now."""

from __future__ import annotations

import json

import pytest

from games.engine import registry
from tools import gen_vectors

SLUGS = gen_vectors.SLUGS  # games with vectors of their own have their own tests


def test_every_registered_engine_exists_with_edge_cases():
    assert [registry.get(slug).slug for slug in registry.SLUGS] == list(registry.SLUGS)
    assert all(gen_vectors.edge_cases(slug) for slug in SLUGS)


def test_a_game_without_shared_vectors_has_its_own_folder():
    for slug in set(registry.SLUGS) - set(SLUGS):
        folder = gen_vectors.VECTORS_DIR / slug
        assert sorted(folder.glob("*.json")), f"{slug}: no vectors in {folder}"


@pytest.mark.parametrize("slug", SLUGS)
def test_committed_vectors_match_the_engine(slug):
    path = gen_vectors.vectors_path(slug)
    assert path.exists(), f"run: python -m tools.gen_vectors --game {slug}"
    committed = path.read_text(encoding="utf-8")
    assert committed == gen_vectors.build(slug), (
        f"{path.name} is stale: run python -m tools.gen_vectors --game {slug}"
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_vectors_hold_complete_random_games_and_every_edge_case(slug):
    path = gen_vectors.vectors_path(slug)
    assert path.exists(), f"run: python -m tools.gen_vectors --game {slug}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == slug
    randoms = [game for game in data["games"] if game["kind"] == "random"]
    edges = [game for game in data["games"] if game["kind"] == "edge"]
    assert len(randoms) >= 200
    assert len(edges) == len(gen_vectors.edge_cases(slug))
    game = registry.get(slug)
    for entry in data["games"]:
        assert len(entry["steps"]) == len(entry["moves"]) + 1
        for step, move in zip(entry["steps"], entry["moves"], strict=False):
            assert move in step["legal"].split()
            assert step["outcome"] is None
        if entry["kind"] == "random":
            assert entry["steps"][-1]["outcome"] is not None
        assert game.dump(game.load(entry["final"])) == entry["final"]
