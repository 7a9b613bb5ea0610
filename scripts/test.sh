#!/usr/bin/env bash
# The test command: installs what the tests need, then runs lint, types, the Python tests (unit
# and integration, then the browser tests in their own process: see docs/TESTING.md), and the
# JavaScript tests. Any part that cannot run fails the whole command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Node.js 20+ with npm: the machine's, or the one setup.sh installed into .venv.
source scripts/node.sh
scripts/system-deps.sh
PY=.venv/bin/python
# Each pytest step runs on pytest-xdist workers (TEST_WORKERS=0: no workers, everything in
# pytest's own process). Two per core by default for the Python and Chromium steps: a test
# spends about half its time waiting (on a server, a browser, a timer), so one worker per core
# left the cores idle half the time (docs/TESTING.md, "Speed"). The WebKit and Gecko group
# keeps one per core (TEST_ENGINE_WORKERS): WebKitGTK lost a click with four on two cores.
# A module whose tests share a module-scoped fixture (a server, a production build) stays on
# one worker (tests/conftest.py, --dist loadgroup).
CORES=$(nproc)
WORKERS=${TEST_WORKERS:-$((2 * CORES))}
XDIST=(-n "$WORKERS" --dist loadgroup)
ENGINE_XDIST=(-n "${TEST_ENGINE_WORKERS:-$CORES}" --dist loadgroup)
# Each step's heading says when it began, from the start of this command.
step() { echo "== $* [${SECONDS} s]"; }
# Node packages the browser tests use (axe-core, puppeteer-core); exact versions from
# package-lock.json. puppeteer-core never downloads a browser (it drives Debian's firefox-esr).
if ! cmp -s package-lock.json node_modules/.package-lock.json.installed 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.package-lock.json.installed
fi

# One production collection of static/ for every pytest step (tests/conftest.py collected_static),
# made by the first test that needs it and read by the later ones: the same tree.
TEST_STATIC_BUILD_DIR=$(mktemp -d)
export TEST_STATIC_BUILD_DIR
trap 'rm -rf "$TEST_STATIC_BUILD_DIR"' EXIT

step "lint"
.venv/bin/ruff check .

step "types (mypy: strict on games/engine/, settings in pyproject.toml)"
.venv/bin/mypy

step "python: unit and integration"
$PY -m pytest -m "not e2e and not rehearsal" -q "${XDIST[@]}" "$@"

step "python: production rehearsal (deploy/ behind nginx, two daphne, PostgreSQL, Redis)"
$PY -m pytest -m rehearsal -q tests/deploy

step "python: browser (Playwright, Debian's Chromium headless shell)"
DJANGO_ALLOW_ASYNC_UNSAFE=true $PY -m pytest -m e2e -q "${XDIST[@]}" tests/e2e

step "python: browser engines (WebKitGTK and Firefox ESR, with Chromium in a room)"
DJANGO_ALLOW_ASYNC_UNSAFE=true $PY -m pytest -m engines -q "${ENGINE_XDIST[@]}" tests/engines

step "javascript (node --test)"
# Files, not the directory: Node 22 and later no longer accept a directory, and Node 20 does
# not expand globs itself, so the shell expands this one.
node --test --test-concurrency="$CORES" tests/js/*.test.mjs
