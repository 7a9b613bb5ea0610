#!/usr/bin/env bash
# Throwaway Redis and PostgreSQL on Unix sockets, for the scale-out integration tests and the
# benchmark. Everything lives in one temporary directory; nothing touches the system's own
# clusters or ports.
#
# Unix sockets, not loopback TCP, as docs/OPERATIONS.md sets up production: every move is a
# PostgreSQL round trip and a Redis PUBLISH, and a send on loopback TCP runs the kernel's TCP
# path in the sender. Measured (bench/rooms_load.py --spawn scaled, 300 rooms, alternating):
# server CPU per move 3.55 / 3.63 ms over TCP, 3.25 / 2.78 ms over Unix sockets; move p99
# 37.6 / 40.2 ms against 25.7 / 19.7 ms (bench/results/rooms_profile.txt).
#
#   scripts/services.sh start DIR   # DIR must not exist or be empty; prints (and writes to
#                                   # DIR/env) REDIS_URL=..., DATABASE_URL=... and the
#                                   # SECRET_KEY=... the servers of this throwaway
#                                   # deployment share (settings require one with a
#                                   # shared database or Redis)
#   scripts/services.sh stop DIR    # stops both and removes DIR
#   scripts/services.sh restart-redis DIR [SECONDS]  # Redis stopped, down SECONDS (default
#                                           # 0), started again on its socket (empty: it
#                                           # keeps nothing on disk), for the fault tests
#   scripts/services.sh stop-postgres DIR   # PostgreSQL stopped (fast shutdown: its clients
#   scripts/services.sh start-postgres DIR  # are cut off), then started again on its socket
#
# PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` system user
# (created by Debian's postgresql package). Missing binaries are an error, never a skip.
set -euo pipefail

usage() { echo "usage: $0 start|stop|restart-redis|stop-postgres|start-postgres DIR [SECONDS]" >&2; exit 2; }
[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = restart-redis ]; } || usage
action=$1
dir=$2
down=${3:-0}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

percent_encoded() {
  python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"
}

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$found" ] || [ ! -x "$found/initdb" ]; then
    echo "services.sh: PostgreSQL binaries not found under /usr/lib/postgresql/*/bin" \
      "(run scripts/system-deps.sh)" >&2
    exit 1
  fi
  echo "$found"
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start_redis() {
  redis-server --port 0 --unixsocket "$1/redis.sock" --unixsocketperm 700 \
    --save '' --appendonly no \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir"
}

wait_for_redis() {
  for _ in $(seq 50); do
    redis-cli -s "$1/redis.sock" ping >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "services.sh: Redis did not answer" >&2
  return 1
}

start_postgres() {
  as_pg "$(pg_bin)/pg_ctl" -D "$1/data" -l "$1/postgres.log" -w -t 60 start -o \
    "-c listen_addresses='' -p $2 -c unix_socket_directories=$1/socket \
     -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null
}

restart_redis() {
  local pg pid
  pg=$(cat "$dir/pgdir")
  pid=$(cat "$dir/redis.pid")
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  sleep "$down"
  start_redis "$pg"
  wait_for_redis "$pg"
}

stop_postgres() {
  as_pg "$(pg_bin)/pg_ctl" -D "$(cat "$dir/pgdir")/data" -m fast -w stop >/dev/null
}

start() {
  trap 'stop' ERR  # a half-started pair is stopped, not left behind
  command -v redis-server >/dev/null || { echo "services.sh: redis-server not found" >&2; exit 1; }
  local bin
  bin=$(pg_bin)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  chmod 755 "$dir"
  # PostgreSQL names its socket after a port (.s.PGSQL.<port>); it listens on no address.
  local pg_port
  pg_port=$(free_port)

  # The cluster and both sockets get their own short directory under /tmp: DIR's parents may
  # not be open to postgres, and a socket's path must fit in 107 bytes.
  local pg
  pg=$(mktemp -d /tmp/little-table-pg.XXXXXX)
  echo "$pg" >"$dir/pgdir"
  chmod 755 "$pg"
  mkdir -p "$pg/data" "$pg/socket"
  if [ "$(id -u)" = 0 ]; then chown -R postgres: "$pg"; fi

  echo "$pg_port" >"$dir/pgport"
  start_redis "$pg"

  as_pg "$bin/initdb" -D "$pg/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  start_postgres "$pg" "$pg_port"
  as_pg "$bin/createdb" -h "$pg/socket" -p "$pg_port" -U postgres little_table

  wait_for_redis "$pg"
  {
    echo "REDIS_URL=unix://$pg/redis.sock?db=0"
    echo "DATABASE_URL=postgres://postgres@$(percent_encoded "$pg/socket"):$pg_port/little_table"
    echo "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
  } | tee "$dir/env"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/redis.pid" ]; then
    kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
  fi
  if [ -f "$dir/pgdir" ]; then
    local pg
    pg=$(cat "$dir/pgdir")
    if [ -f "$pg/data/postmaster.pid" ]; then
      as_pg "$(pg_bin)/pg_ctl" -D "$pg/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    case "$pg" in /tmp/little-table-pg.*) rm -rf "$pg" ;; esac
  fi
  rm -rf "$dir"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  restart-redis) restart_redis ;;
  stop-postgres) stop_postgres ;;
  start-postgres) start_postgres "$(cat "$dir/pgdir")" "$(cat "$dir/pgport")" ;;
  *) usage ;;
esac
