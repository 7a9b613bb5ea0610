"""The engines stay plain Python: nothing under games/engine/ imports the web stack."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "engine"
FORBIDDEN = ("django", "channels", "asgiref")
SOURCES = sorted(ENGINE_DIR.rglob("*.py"))


def imported_modules(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names.add(str(node.args[0].value))
    return names


def test_the_engines_are_found():
    assert {"base", "registry", "score_four"} <= {path.stem for path in SOURCES}


@pytest.mark.parametrize("path", SOURCES, ids=[path.name for path in SOURCES])
def test_no_web_framework_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = {name for name in imported_modules(tree) if name.split(".")[0] in FORBIDDEN}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_check_sees_an_import():
    assert imported_modules(ast.parse("from django.db import models\nimport asgiref.sync")) == {
        "django.db",
        "asgiref.sync",
    }
