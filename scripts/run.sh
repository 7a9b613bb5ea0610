#!/usr/bin/env bash
# The run command: set up, migrate, collect static files, serve with daphne on 127.0.0.1:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PY=.venv/bin/python
$PY manage.py migrate --no-input
$PY manage.py collectstatic --no-input --verbosity 0
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
echo "little table: http://$HOST:$PORT/"
exec .venv/bin/daphne -b "$HOST" -p "$PORT" \
  --websocket-max-message-size 65536 --websocket-max-frame-size 65536 \
  site_config.asgi:application
