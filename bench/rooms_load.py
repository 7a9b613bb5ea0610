"""Load benchmark for friend rooms: N rooms, two WebSocket players each, random legal games at
a fixed pace, against running daphne servers (or ones this script starts). By default the
players behave as browsers do (RoomSession): each seat from its own loopback address (so every
per-client limit applies at its default), the app's `ping` every 10 s on every socket, random
legal moves, a rematch after each game, and a `sync` on any gap in the versions. Everything is
measured in a window of --seconds that opens --settle seconds after every room is open (both
seats hold their state), so the burst of room creation and the backlog it leaves are not mixed
into steady play; a latency counts only for a move sent inside the window. Prints the time it took
every room to open, move round-trip latency (send to the sender seeing its own move applied)
p50/p95/p99, moves per second, errors, the servers' CPU time per move (from /proc/<pid>/stat,
heartbeats included), the CPU share of the servers and of this client, and the servers'
resident memory (per room: the growth since before the run). It also reports how events
reached the other player: the delay from a move being sent to the opponent's socket getting
its event (p50/p99, and how many took over LATE_SECONDS), how many gaps a client had to repair
itself with `sync` (`lost_events`: the server never lets this happen), how many full states
the server pushed unasked (`server_resyncs`: a socket's queue overflowed), the ping-to-pong
round trip, the servers' own event-loop lag (spawned servers log it every second,
rooms/load.py), and the machine's load average before and after. `--out` appends each run's
line to a file (bench/results/), with the command and `--note`.

    # against servers already running (with --shared-address their LIMIT_* variables raised,
    # see throttle/limits.py):
    .venv/bin/python bench/rooms_load.py --url http://127.0.0.1:8000 --rooms 50 --pids 1234
    # or let the script start them: embedded (SQLite, in-memory layer, one process) ...
    .venv/bin/python bench/rooms_load.py --spawn embedded --rooms 50
    # ... or Redis + PostgreSQL (scripts/services.sh) with two processes:
    .venv/bin/python bench/rooms_load.py --spawn scaled --rooms 50
    # the reference figures (#35): both setups in turn, every size (fresh servers and services
    # for each run), appended to bench/results/
    .venv/bin/python bench/rooms_load.py --spawn embedded scaled --rooms 150 300 450 600 900 \
        --seconds 30 --ramp 10 --out bench/results/rooms_load_realistic.txt --note "quiet machine"
    # scale-out (#42): one scaled process against two, each held to half a core (root only)
    .venv/bin/python bench/rooms_load.py --spawn scaled --processes 1 --server-cores 0.5 --rooms 300

Loopback only; every loop is bounded by --seconds. The client runs on the same machine and
competes with the servers for CPU, so the figures are lower bounds; it runs on uvloop and each
player wakes only for a message or something due (its ping, its move, an unanswered move).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
import zlib
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import registry  # noqa: E402
from site_config.serve import use_uvloop  # noqa: E402
from tools.rooms_harness import Daphne, RoomFollower, migrate, request, services  # noqa: E402

MAX_ROOMS = 2000
PING_SECONDS = 10  # static/js/rooms/room-session.js PING_MS
UNANSWERED_SECONDS = 5  # a move neither applied nor refused by then is counted and resynced
SYNC = json.dumps({"type": "sync"})  # asks for the full state again
OPEN_TIMEOUT = 120  # seconds after the ramp for every room to open
BUSY_RETRY_SECONDS = 3  # a room refused as `server-busy` is asked for again after about this
LATE_SECONDS = 1.0  # an event reaching the opponent later than this after the move is "late"
LAG_LINE = re.compile(r"rooms load: event loop lag max ([0-9.]+) ms")
TRIP_LINE = re.compile(r"rooms load: .*database trip ([0-9.]+) ms")
QUOTA_PERIOD_US = 10_000  # a server's CPU quota is enforced every 10 ms (--server-cores)
BUSY_LINE = re.compile(r"rooms load: .*busy True")


def seat_address(room_index: int, seat: int) -> str:
    """A loopback address of its own for each seat (all of 127.0.0.0/8 reaches the server)."""
    n = 2 * room_index + seat + 1
    return f"127.{1 + n // 65536}.{(n // 256) % 256}.{n % 256}"


class Stats:
    """What the players report. Latencies and moves count only inside the measured window,
    which opens once every room is open (both seats have their state): room creation is a
    burst of HTTP requests, another load than the steady play measured here."""

    def __init__(self, deadline: float):
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.moves = 0
        self.seated = 0  # players who have their room's state
        self.measuring = False
        self.window_start = float("inf")
        self.deadline = deadline  # every loop ends then; moved to the window's end
        self.sent: dict[tuple, float] = {}  # (room, round, ply) -> when its move was sent
        self.deliveries: list[float] = []  # move sent -> the opponent's event, seconds
        self.pongs: list[float] = []  # ping sent -> pong, seconds
        self.lost = 0  # gaps a client repaired itself (`sync` on a gap or a newer pong)
        self.resyncs = 0  # full states the server sent unasked

    def applied(self, sent_at: float) -> None:
        if self.measuring:
            self.moves += 1
            if sent_at >= self.window_start:  # sent before the window: the backlog's latency
                self.latencies.append(time.monotonic() - sent_at)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


async def player(origin, room_id, secret, stats, pace, rng, game, source=None):
    """One seat: follows the room as RoomSession does (tools/rooms_harness.py's
    RoomFollower: the full state as a header and move slices, then one move per event, a
    resync on a gap) and plays a random legal move at its pace."""
    from websockets.asyncio.client import connect

    url = origin.replace("http", "ws", 1) + f"/ws/rooms/{room_id}/"
    headers = {"Cookie": f"seat_{room_id}={secret}"}
    bind = {"local_addr": (source, 0)} if source else {}
    async with connect(url, origin=origin, additional_headers=headers, **bind) as socket:
        follower, sent_at, seated = RoomFollower(game), None, False
        ping_at, asked_sync = None, False
        asked_round = 0  # the round this seat last asked a rematch for
        next_move_at = time.monotonic() + rng.random() * pace
        next_ping_at = time.monotonic() + rng.random() * PING_SECONDS
        while (now := time.monotonic()) < stats.deadline:
            # What is due now, then a wait for the next message or the next thing due: the
            # client wakes only when it has something to do (a fixed poll cost as much CPU as
            # a server process at 600 rooms, taken from the servers on the same machine).
            if now >= next_ping_at:  # as RoomSession does: heartbeats are load too
                await socket.send('{"type":"ping"}')
                next_ping_at += PING_SECONDS
                ping_at = now
            if sent_at is not None and now - sent_at > UNANSWERED_SECONDS:
                stats.error("unanswered-move")  # neither applied nor refused: ask for the state
                sent_at = None
                asked_sync = True
                await socket.send(SYNC)
            wake_at = min(next_ping_at, now + 1.0)  # the deadline can move: seen within 1 s
            room = follower.room
            if room is not None and sent_at is None:
                side = follower.you["side"]
                if room["status"] == "finished":
                    # Ask once per round, as a player clicks once: an older event may still
                    # show this seat's rematch flag unset.
                    if not room["rematch"][side] and asked_round != room["round"]:
                        asked_round = room["round"]
                        await socket.send(json.dumps({"type": "rematch", "round": asked_round}))
                elif room["status"] == "playing" and game.to_move(follower.state) == side:
                    if now < next_move_at:
                        wake_at = min(wake_at, next_move_at)
                    else:
                        state = follower.state
                        move = rng.choice(game.legal_moves(state))
                        text = game.format_move(state, move)
                        sent_at = now
                        ply = len(follower.moves)
                        stats.sent[(room_id, room["round"], ply)] = sent_at
                        await socket.send(json.dumps({"type": "move", "ply": ply, "move": text}))
            if sent_at is not None:  # a move waiting for its answer: counted unanswered then
                wake_at = min(wake_at, sent_at + UNANSWERED_SECONDS + 0.001)
            try:
                async with asyncio.timeout(max(0.0, wake_at - time.monotonic())):
                    raw = await socket.recv()
            except TimeoutError:
                continue
            message = json.loads(raw)
            kind = message["type"]
            if kind == "pong" and ping_at is not None:
                if stats.measuring:
                    stats.pongs.append(time.monotonic() - ping_at)
                ping_at = None
            elif kind == "state":
                if not asked_sync and stats.measuring:
                    stats.resyncs += 1  # pushed by the server: its queue overflowed
                asked_sync = False
            if kind == "error":
                stats.error(message["code"])
                if message.get("for") == "move":  # as RoomSession: only a refused move
                    sent_at = None  # is no longer pending
                asked_sync = True
                await socket.send(SYNC)
            outcome = follower.take(message)
            if outcome == "sync":
                stats.error("missed-event")
                stats.lost += stats.measuring
                asked_sync = True
                if message["type"] == "room":  # the own move may be what was missed
                    sent_at = None
                await socket.send(SYNC)
            elif outcome == "ready" and not seated:
                seated = True
                stats.seated += 1
            elif outcome == "moved":
                next_move_at = time.monotonic() + pace  # the next move comes `pace` later
                key = (room_id, follower.room["round"], message["move"]["ply"])
                if message["move"]["player"] != follower.you["side"]:
                    sent = stats.sent.pop(key, None)
                    if sent is not None and stats.measuring:
                        stats.deliveries.append(time.monotonic() - sent)
                if sent_at is not None and message["move"]["player"] == follower.you["side"]:
                    stats.applied(sent_at)
                    sent_at = None


async def run_room(index, origins, args, stats):
    rng = random.Random(args.seed * 100_003 + index)
    game = registry.get(args.game)
    host_origin = origins[index % len(origins)]
    # --route split: every room across processes when there are two (the worst case)
    guest_origin = origins[(index + 1) % len(origins)]
    host_port, guest_port = urlparse(host_origin).port, urlparse(guest_origin).port
    sources = [None, None] if args.shared_address else [seat_address(index, s) for s in (0, 1)]
    while True:
        status, data, cookies = await asyncio.to_thread(
            request, host_port, "POST", "/api/rooms/", {"game": args.game}, None, sources[0]
        )
        if status != 503 or time.monotonic() > stats.deadline:
            break
        stats.error("create-503")  # the server is saturated: try again shortly, as people do
        await asyncio.sleep(BUSY_RETRY_SECONDS * (0.5 + rng.random()))
    if status != 201:
        stats.error(f"create-{status}")
        return
    room_id = data["id"]
    host = cookies[f"seat_{room_id}"]
    status, _data, cookies = await asyncio.to_thread(
        request, guest_port, "POST", f"/api/rooms/{room_id}/join", None, None, sources[1]
    )
    if status != 200:
        stats.error(f"join-{status}")
        return
    guest = cookies[f"seat_{room_id}"]
    if args.route == "room":  # deploy/nginx's hash of the socket's path: one process a room
        host_origin = guest_origin = origins[zlib.crc32(room_id.encode()) % len(origins)]
    try:
        await asyncio.gather(
            player(host_origin, room_id, host, stats, args.pace, rng, game, sources[0]),
            player(guest_origin, room_id, guest, stats, args.pace, rng, game, sources[1]),
        )
    except Exception as error:  # a dropped socket counts as an error, the run goes on
        stats.error(type(error).__name__)


def rss_mib(pids):
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def stat_fields(pid):
    """/proc/<pid>/stat's fields after the command's name (the first is field 3), or None
    once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pids):
    """User + system CPU time of the server processes so far (/proc/<pid>/stat)."""
    total = 0
    for pid in pids:
        fields = stat_fields(pid)
        if fields:
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid):
    """CPU time of `pid`, of its live children and of the children it has reaped (PostgreSQL's
    postmaster: its backends, one a connection)."""
    own = stat_fields(pid)
    total = sum(int(value) for value in own[11:15]) if own else 0  # with cutime, cstime
    children = [entry.name for entry in Path("/proc").iterdir() if entry.name.isdigit()]
    for child in children:
        fields = stat_fields(child)
        if fields and fields[1] == str(pid):  # its ppid (field 4)
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def service_pids(directory):
    """Redis's pid and PostgreSQL's postmaster pid, from scripts/services.sh's files."""
    pgdir = Path((directory / "pgdir").read_text().strip())
    postmaster = (pgdir / "data" / "postmaster.pid").read_text().split()[0]
    return {"redis": int((directory / "redis.pid").read_text()), "postgres": int(postmaster)}


def services_cpu(pids):
    return {name: tree_cpu_seconds(pid) for name, pid in pids.items()}


def own_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def log_offsets(logs):
    return [path.stat().st_size if path.exists() else 0 for path in logs]


def loop_lags(logs, offsets):
    """The servers' event-loop lag, one figure a second each (the worst of that second), a
    trip through each one's database thread timed once a second, and how many of those
    seconds a server was refusing newcomers as saturated, from what they logged since
    `offsets` (rooms/load.py, ROOMS_LOAD_LOG_SECONDS)."""
    lags, trips, busy = [], [], 0
    for path, offset in zip(logs, offsets, strict=True):
        with open(path, "rb") as log:
            log.seek(offset)
            text = log.read().decode(errors="replace")
        lags += [float(m) for m in LAG_LINE.findall(text)]
        trips += [float(m) for m in TRIP_LINE.findall(text)]
        busy += len(BUSY_LINE.findall(text))
    return lags, trips, busy


def ms(values, fraction):
    return round(1000 * percentile(values, fraction), 1) if values else None


async def measure(origins, pids, logs, args):
    rss_before = rss_mib(pids)
    start = time.monotonic()
    # Rooms that cannot all open within this long make the run end without a window.
    stats = Stats(deadline=start + args.ramp + OPEN_TIMEOUT)
    tasks = []
    for index in range(args.rooms):
        tasks.append(asyncio.create_task(run_room(index, origins, args, stats)))
        await asyncio.sleep(args.ramp / max(args.rooms, 1))
    while stats.seated < 2 * args.rooms and time.monotonic() < stats.deadline:
        await asyncio.sleep(0.1)
    opened_s = time.monotonic() - start
    # The measured window: --settle seconds after every room is open, for --seconds.
    stats.deadline = time.monotonic() + args.settle + args.seconds
    await asyncio.sleep(args.settle)
    window_start = stats.window_start = time.monotonic()
    stats.deadline, stats.measuring = window_start + args.seconds, True
    server_cpu, client_cpu = cpu_seconds(pids), own_cpu_seconds()
    services_before = services_cpu(args.service_pids)
    offsets, load_before = log_offsets(logs), os.getloadavg()
    rss_peak = 0.0
    while time.monotonic() < stats.deadline:
        rss_peak = max(rss_peak, rss_mib(pids))
        await asyncio.sleep(1)
    stats.measuring = False
    window = time.monotonic() - window_start
    window_moves = stats.moves
    server_cpu = cpu_seconds(pids) - server_cpu
    client_cpu = own_cpu_seconds() - client_cpu
    services_used = {
        name: used - services_before[name] for name, used in services_cpu(args.service_pids).items()
    }
    (lags, trips, busy_seconds), load_after = loop_lags(logs, offsets), os.getloadavg()
    await asyncio.wait(tasks, timeout=10)
    latencies = [value * 1000 for value in stats.latencies]
    return {
        "rooms": args.rooms,
        "sockets": 2 * args.rooms,
        "open_s": round(opened_s, 1),
        "settle_s": args.settle,
        "seated": stats.seated,
        "moves": stats.moves,
        "moves_per_s": round(window_moves / window, 1),
        "p50_ms": round(percentile(latencies, 0.50), 1),
        "p95_ms": round(percentile(latencies, 0.95), 1),
        "p99_ms": round(percentile(latencies, 0.99), 1),
        "mean_ms": round(statistics.fmean(latencies), 1) if latencies else None,
        # The opponent's side: move sent -> its event on the other seat's socket.
        "event_p50_ms": ms(stats.deliveries, 0.50),
        "event_p99_ms": ms(stats.deliveries, 0.99),
        "late_events": sum(1 for value in stats.deliveries if value > LATE_SECONDS),
        "lost_events": stats.lost,
        "server_resyncs": stats.resyncs,
        "pong_p50_ms": ms(stats.pongs, 0.50),
        "pong_p99_ms": ms(stats.pongs, 0.99),
        "loop_lag_p50_ms": round(percentile(lags, 0.5), 1) if lags else None,
        "loop_lag_max_ms": round(max(lags), 1) if lags else None,
        "db_trip_p50_ms": round(percentile(trips, 0.5), 1) if trips else None,
        "db_trip_max_ms": round(max(trips), 1) if trips else None,
        "busy_s": busy_seconds,  # seconds a server refused newcomers (summed over servers)
        "errors": stats.errors,
        # CPU over the measured window, pings included, per move applied in it; and the share
        # of one core each side used, to show whether the server or this client is the limit.
        "server_cpu_ms_per_move": round(1000 * server_cpu / window_moves, 2)
        if window_moves
        else None,
        "server_cpu_share": round(server_cpu / window, 2),
        # Scaled: Redis's and PostgreSQL's CPU per move, and the servers' with Redis's (what
        # issue #42 compares with one embedded process, whose database is in its own CPU).
        **{
            f"{name}_cpu_ms_per_move": round(1000 * used / window_moves, 2)
            if window_moves
            else None
            for name, used in services_used.items()
        },
        **(
            {
                "server_and_redis_cpu_ms_per_move": round(
                    1000 * (server_cpu + services_used["redis"]) / window_moves, 2
                )
            }
            if "redis" in services_used and window_moves
            else {}
        ),
        "client_cpu_share": round(client_cpu / window, 2),
        "server_rss_mib": round(rss_peak, 1),
        "server_rss_kib_per_room": round(1024 * (rss_peak - rss_before) / args.rooms, 1),
        "loadavg_before": [round(value, 2) for value in load_before],
        "loadavg_after": [round(value, 2) for value in load_after],
    }


def cpu_quota(stack, index, cores):
    """A control group for server `index` that holds its process (and every thread the
    process starts) to `cores` of the machine's cores: cgroup v2's cpu.max or v1's cfs quota,
    as bench/slow_cpu.sh, root only; removed when `stack` closes, after the server stopped.
    What it is for: on a machine whose cores the client, Redis and PostgreSQL share with the
    servers, each server gets the same fixed share, so one process and two can be compared for
    how many rooms each share holds (issue 42, item 3) without the others eating into it."""
    quota = int(QUOTA_PERIOD_US * cores)
    name = f"little-table-rooms-{os.getpid()}-{index}"
    if Path("/sys/fs/cgroup/cgroup.controllers").exists():
        group = Path("/sys/fs/cgroup") / name
        group.mkdir()
        (group / "cpu.max").write_text(f"{quota} {QUOTA_PERIOD_US}")
    else:
        group = Path("/sys/fs/cgroup/cpu") / name
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(QUOTA_PERIOD_US))
        (group / "cpu.cfs_quota_us").write_text(str(quota))
    stack.callback(group.rmdir)  # registered before the server's stop, so it runs after it
    return group / "cgroup.procs"


def spawn(kind, stack, workdir, args):
    # Every limit at its default: each seat has its own address, as browsers do. Only with
    # --shared-address (every player on 127.0.0.1) are the per-client limits raised.
    extra = {"LOG_LEVEL": "WARNING", "ROOMS_LOAD_LOG_SECONDS": "1"}
    if args.shared_address:
        extra |= {
            "LIMIT_ROOM_CREATION_CAPACITY": "1000000",
            "LIMIT_SOCKETS_PER_CLIENT": "1000000",
            "LIMIT_SOCKET_MESSAGES_CAPACITY": "1000000",
            "LIMIT_SOCKET_CONNECTS_CAPACITY": "1000000",
        }
    found: dict[str, int] = {}
    if kind == "embedded":
        extra["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
        count = 1
    else:
        extra.update(stack.enter_context(services(workdir / "services")))
        found = service_pids(workdir / "services")
        count = args.processes
    migrate(extra)
    servers = []
    for n in range(count):
        procs = cpu_quota(stack, n, args.server_cores) if args.server_cores else None
        server = Daphne(extra, workdir / f"daphne-{n}.log")
        stack.callback(server.stop)
        if procs:  # cgroup.procs takes every thread of the process, those already started too
            procs.write_text(str(server.process.pid))
        servers.append(server)
    return (
        [s.origin for s in servers],
        [s.process.pid for s in servers],
        [s.log_path for s in servers],
        found,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", action="append", help="a running server (repeat for several)")
    parser.add_argument("--pids", type=int, nargs="*", default=[], help="server pids for RSS")
    parser.add_argument(
        "--spawn",
        nargs="+",
        choices=["embedded", "scaled"],
        help="start servers here (both: each setup in turn, its own fresh servers)",
    )
    parser.add_argument("--rooms", type=int, nargs="+", default=[20], help="one run per value")
    parser.add_argument(
        "--pace", type=float, default=2.0, help="seconds between two moves in one room"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each run")
    parser.add_argument("--ramp", type=float, default=2.0, help="seconds to open all rooms")
    parser.add_argument(
        "--settle", type=float, default=5.0, help="seconds of play between open and measuring"
    )
    parser.add_argument("--game", default=registry.SLUGS[0], choices=registry.SLUGS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--shared-address",
        action="store_true",
        help="every player from 127.0.0.1 (the old mode; spawned servers get raised limits)",
    )
    parser.add_argument(
        "--processes", type=int, default=2, help="daphne processes of a spawned scaled setup"
    )
    parser.add_argument(
        "--route",
        choices=("split", "room"),
        default="split",
        help="where a room's sockets go: split (the two seats on different processes, every "
        "event crossing Redis to the other) or room (both on the process picked by the room, "
        "as deploy/nginx's hash of the socket's path does); the room's HTTP calls alternate",
    )
    parser.add_argument(
        "--server-cores",
        type=float,
        help="hold each spawned server to this many cores (a CPU quota; root only)",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="run the --spawn setups at the same time, each with its --rooms (see run_together)",
    )
    parser.add_argument("--out", type=Path, help="append each run's line here (bench/results/)")
    parser.add_argument("--note", default="", help="written with each line, e.g. 'busy machine'")
    args = parser.parse_args()
    if not args.url and not args.spawn:
        parser.error("give --url (a running server) or --spawn embedded and/or scaled")
    spawned = args.spawn or []
    if args.together and (args.url or len(spawned) < 2 or len(set(spawned)) < len(spawned)):
        parser.error("--together runs two or more different --spawn setups, no --url")
    if args.processes < 1 or not 0 < (args.server_cores or 1) <= (os.cpu_count() or 1):
        parser.error("--processes at least 1, --server-cores above 0 and at most the cores")
    if max(args.rooms) > MAX_ROOMS or args.seconds > 600:
        parser.error(f"at most {MAX_ROOMS} rooms and 600 seconds")
    for url in args.url or []:
        if urlparse(url).hostname not in {"127.0.0.1", "localhost", "::1"}:
            parser.error("loopback servers only")
    use_uvloop()  # the client's loop too: the servers share the machine with it
    if args.together:
        for rooms in args.rooms:
            run_together(args, args.spawn, rooms)
        return
    for setup in args.spawn or [None]:
        for rooms in args.rooms:
            run_once(args, setup, rooms)


def run_once(args, setup, rooms):
    """One run of `rooms` rooms against fresh servers (and services) started here for it
    (`setup`), or against --url's. Fresh each time: servers that served a smaller run
    before (its rows, its closed sockets, a warm or a fragmented heap) measured worse p99
    than fresh ones, whatever the code (bench/results/rooms_profile.txt, session 8)."""
    # The directory is entered first so it is removed last, after the servers and services
    # in `stack` have been stopped (services.sh stop needs the pid files inside it).
    with tempfile.TemporaryDirectory(prefix="rooms-bench-") as tmp, ExitStack() as stack:
        if setup:
            origins, pids, logs, found = spawn(setup, stack, Path(tmp), args)
        else:
            origins, pids, logs, found = args.url, args.pids, [], {}
        result = asyncio.run(measure(origins, pids, logs, run_args(args, rooms, found)))
        report(args, setup or ",".join(origins), len(origins), result)


def run_together(args, setups, rooms):
    """The setups side by side in one run: each its own fresh servers (and services), all
    measured over the same stretch of time by one client. Why: on this machine two runs of one
    command minutes apart gave CPU figures a third apart (bench/results/rooms_scale_out.txt),
    so a ratio of two setups measured one after the other is mostly the machine's drift; run
    at once, both meet the same machine. Each setup's servers are timed on their own pids; the
    client's CPU share is the whole client's (it drives both)."""
    with tempfile.TemporaryDirectory(prefix="rooms-bench-") as tmp, ExitStack() as stack:
        spawned = []
        for setup in setups:
            workdir = Path(tmp) / setup
            workdir.mkdir()
            spawned.append((setup, spawn(setup, stack, workdir, args)))

        async def measure_all():
            return await asyncio.gather(
                *(
                    measure(origins, pids, logs, run_args(args, rooms, found))
                    for _, (origins, pids, logs, found) in spawned
                )
            )

        results = asyncio.run(measure_all())
        for (setup, (origins, *_)), result in zip(spawned, results, strict=True):
            report(args, setup, len(origins), {"together": setups, **result})
        by_setup = dict(zip(setups, results, strict=True))
        scaled = by_setup.get("scaled", {}).get("server_and_redis_cpu_ms_per_move")
        embedded = by_setup.get("embedded", {}).get("server_cpu_ms_per_move")
        if scaled and embedded:  # issue #42's figure: both measured over the same stretch
            line = (
                f"# scaled servers + Redis CPU a move / embedded: {scaled:.2f}/{embedded:.2f}"
                f" = {scaled / embedded:.2f}"
            )
            print(line, flush=True)
            if args.out:
                with args.out.open("a") as out:
                    out.write(line + "\n")


def run_args(args, rooms, service_pids):
    return argparse.Namespace(**{**vars(args), "rooms": rooms, "service_pids": service_pids})


def report(args, setup, processes, result):
    """Prints one run's line (and appends it to --out with the command and --note)."""
    mode = "shared-address" if args.shared_address else "realistic"
    quota = {"server_cores_each": args.server_cores} if args.server_cores else {}
    route = {"route": args.route} if processes > 1 else {}
    fields = {"setup": setup, "mode": mode, "processes": processes, **route, **quota, **result}
    line = json.dumps(fields)
    print(line, flush=True)
    if args.out:
        with args.out.open("a") as out:
            command = " ".join(["bench/rooms_load.py", *sys.argv[1:]])
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            out.write(f"# {when}, {command}" + (f" ({args.note})" if args.note else ""))
            out.write("\n" + line + "\n")


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    main()
