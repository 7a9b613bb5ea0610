#!/usr/bin/env bash
# Regenerates requirements.lock from pyproject.toml: every package the project and its tests
# need (the `test` extra holds the dev tools, this lock tool included), transitive ones too,
# exact versions with the hashes of every published file, for every platform and Python
# 3.11+ (--universal: markers decide, e.g. async-timeout only below 3.11.3). Needs the
# registry; run it after changing a pin in pyproject.toml and commit both files.
# tests/site_config/test_lock.py fails when the two disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/uv pip compile pyproject.toml --extra test --generate-hashes --universal \
  --python-version 3.11 --custom-compile-command "tools/lock.sh" --quiet -o requirements.lock
echo "requirements.lock regenerated from pyproject.toml"
