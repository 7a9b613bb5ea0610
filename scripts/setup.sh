#!/usr/bin/env bash
# Creates .venv and installs the locked Python dependencies. Idempotent and quick when current.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "setup: Python 3.11 or newer is needed ($PYTHON is $("$PYTHON" --version 2>&1))" >&2
  exit 1
fi
# A venv without pip is what a failed `python3 -m venv` leaves behind: make it again.
if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  rm -rf .venv
  if ! "$PYTHON" -m venv .venv; then
    rm -rf .venv
    echo "setup: '$PYTHON -m venv' cannot create a virtual environment with pip." >&2
    echo "  On Debian's own Python install python3-venv (apt-get install python3-venv)." >&2
    exit 1
  fi
fi
stamp=.venv/.requirements.lock.installed
if ! cmp -s requirements.lock "$stamp" 2>/dev/null; then
  # uv (locked like every other dependency: tools/lock.sh uses it) installs first with pip,
  # then installs the whole lock in parallel from its cache: about 2 s against pip's 20 s on a
  # fresh clone, which `make test` pays each time on CI. Hashes are required either way.
  uv_lock=$(mktemp)
  trap 'rm -f "$uv_lock"' EXIT
  awk '/^uv==/ { keep = 1; print; next } keep && /--hash/ { print; next } { keep = 0 }' \
    requirements.lock > "$uv_lock"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes \
    -r "$uv_lock"
  .venv/bin/uv pip install --quiet --python .venv/bin/python --require-hashes \
    -r requirements.lock
  cp requirements.lock "$stamp"
fi
