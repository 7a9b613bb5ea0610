#!/usr/bin/env bash
# The run command: set up, migrate, collect static files if their sources changed, serve with
# daphne (on uvloop, site_config/serve.py) on 127.0.0.1:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PY=.venv/bin/python
# Migrations, and static files collected only when a source changed (tools/prepare.py).
$PY -m tools.prepare
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
echo "little table: http://$HOST:$PORT/"
exec .venv/bin/python -m site_config.serve -b "$HOST" -p "$PORT" \
  --websocket-max-message-size 65536 --websocket-max-frame-size 65536 \
  site_config.asgi:application
