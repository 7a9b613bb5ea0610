"""The statistics endpoint under a real daphne (the documented production flags, with a proxy
setting X-Forwarded-For): 1,200 invalid payloads get only 4xx answers and store nothing, a
chunked body past the cap is refused, and the server never logs a traceback."""

from __future__ import annotations

import http.client
import json
import random
import socket
import sqlite3

import pytest

from stats import schema
from tests.rooms.scale_out import migrate
from tests.server.live import LiveServer, run_sh_daphne_args
from tests.stats.conftest import event

CASES = 1200
ENDPOINT = "/api/stats/events"
KINDS = ("game-start", "game-end", "room-connection", "board-3d")


def _junk_value(rng: random.Random):
    """A value no field accepts (a boolean is a valid "phone")."""
    return rng.choice(
        [
            None,
            -1,
            10**6,
            1.5,
            [],
            {},
            "x-" + "".join(rng.choice('abc가あ汉\u0000"\\') for _ in range(rng.randint(0, 60))),
            [[[[["deep"]]]]],
        ]
    )


def invalid_payloads(seed: int = 13):
    """(name, body bytes) pairs, each invalid by construction, so none may be stored."""
    rng = random.Random(seed)
    good = [event(kind) for kind in KINDS]

    def body(events, **extra):
        return json.dumps({"events": events, **extra}, ensure_ascii=rng.random() < 0.5).encode()

    makers = {
        "truncated": lambda: (lambda b: b[: rng.randrange(len(b))])(body(rng.sample(good, 2))),
        "junk field value": lambda: body(
            [
                {
                    **rng.choice(good),
                    rng.choice(["game", "mode", "os", "event", "phone", "cores"]): _junk_value(rng),
                }
            ]
        ),
        "unknown field": lambda: body(
            [
                {
                    **rng.choice(good),
                    "".join(rng.choice("zq_-é") for _ in range(rng.randint(1, 3000))): 1,
                }
            ]
        ),
        "unknown top-level field": lambda: body(
            [rng.choice(good)], **{"k" * rng.randint(1, 4000): []}
        ),
        "deep nesting": lambda: (lambda d: ('{"events": ' + "[" * d + "]" * d + "}").encode())(
            rng.randint(1000, 4000)
        ),
        "long number": lambda: (
            json.dumps({"events": [event("game-end")]})
            .replace('"moves": 7', '"moves": ' + "9" * rng.randint(7, 7500))
            .encode()
        ),
        "constant": lambda: (
            json.dumps({"events": [event("game-end")]})
            .replace('"moves": 7', '"moves": ' + rng.choice(["NaN", "Infinity", "-Infinity"]))
            .encode()
        ),
        "wrong shape": lambda: json.dumps(
            rng.choice([[], "events", 7, None, {"events": {}}, {"events": []}, {"events": "x"}])
        ).encode(),
        "not utf-8": lambda: (
            b'{"events": ["' + bytes(rng.randrange(128, 256) for _ in range(40)) + b'"]}'
        ),
        "random bytes": lambda: bytes(rng.randrange(256) for _ in range(rng.randint(0, 3000))),
        "too many events": lambda: body(
            [rng.choice(good)] * rng.randint(schema.MAX_EVENTS + 1, 60)
        ),
        "oversized": lambda: body(
            [rng.choice(good)], pad="p" * rng.randint(schema.MAX_BODY_BYTES, 40000)
        ),
        "one bad among good": lambda: body(
            [*rng.sample(good, 3), {**rng.choice(good), "browser": "x-netscape"}]
        ),
    }
    names = sorted(makers)
    for index in range(CASES):
        name = names[index % len(names)]
        yield name, makers[name]()


def post(connection, payload: bytes, origin: str, address: str, chunked: bool = False):
    headers = {
        "Origin": origin,
        "Content-Type": "text/plain;charset=UTF-8",
        "X-Forwarded-For": address,
    }
    if chunked:
        connection.request(
            "POST", ENDPOINT, body=iter([payload]), headers=headers, encode_chunked=True
        )
    else:
        connection.request("POST", ENDPOINT, body=payload, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("stats-fuzz")
    env = {"LITTLE_TABLE_LOCAL_DIR": str(base / "local")}
    migrate(env)
    live = LiveServer(["--proxy-headers", *run_sh_daphne_args()], env, base / "daphne.log")
    try:
        yield live, base / "local" / "db.sqlite3"
    finally:
        live.output = live.stop()


def _stored(database) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM stats_event").fetchone()[0]


def test_a_fuzz_of_invalid_payloads_gets_only_4xx_and_stores_nothing(server):
    live, database = server
    connection = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    # Each request from its own address (the proxy's X-Forwarded-For): the rate limit
    # stays out of the way and every payload reaches the checks.
    status, _ = post(
        connection, json.dumps({"events": [event()]}).encode(), live.origin, "10.9.0.1"
    )
    assert status == 204
    assert _stored(database) == 1
    seen: dict[str, set[int]] = {}
    for index, (name, payload) in enumerate(invalid_payloads()):
        address = f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"
        status, raw = post(connection, payload, live.origin, address, chunked=index % 3 == 0)
        if status == 413:
            connection.close()  # the guard closes the connection after refusing
            connection = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
        assert status in (400, 413), (name, status, raw[:200])
        answer = json.loads(raw)
        assert set(answer) == {"error", "detail"} and len(answer["detail"]) < 200, (name, answer)
        seen.setdefault(name, set()).add(status)
    connection.close()
    assert len(seen) == 13 and sum(1 for _ in invalid_payloads()) >= 1000
    assert seen["oversized"] == {413}
    assert _stored(database) == 1


def test_a_chunked_body_past_the_cap_is_refused(server):
    live, database = server
    before = _stored(database)
    with socket.create_connection(("127.0.0.1", live.port), timeout=30) as raw:
        head = (
            f"POST {ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n"
            f"Origin: {live.origin}\r\nContent-Type: text/plain\r\n"
            "X-Forwarded-For: 10.200.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        raw.sendall(head.encode())
        piece = b'{"events": [' + b" " * 4000
        for _ in range(25):  # 100 KB, in 4 KB chunks, no Content-Length
            raw.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
        raw.sendall(b"0\r\n\r\n")
        answer = raw.recv(65536).decode()
    assert answer.startswith("HTTP/1.1 413 ")
    assert '{"error": "too-large", "detail": "the body is over 8192 bytes"}' in answer
    assert _stored(database) == before


def test_the_server_logged_no_traceback(server):
    live, _database = server
    # Run last in this module: stop the server to read all it wrote.
    output = live.stop()
    assert "Traceback" not in output and " 500 " not in output
    assert "http POST /api/stats/events 400" in output
