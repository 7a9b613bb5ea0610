"""The server's output holds no client address and no room id (the privacy pages promise it).

A real daphne, started with scripts/run.sh's flags (`make run`) and with the documented
production flags (`--proxy-headers` behind a proxy that sets X-Forwarded-For), serves pages,
the room API, sockets, statistics and error answers at LOG_LEVEL=DEBUG, the chattiest level;
then its whole stdout and stderr is searched.
"""

from __future__ import annotations

import asyncio
import http.client
import json

import pytest

from tests.rooms.scale_out import Client, create_room, join_room, migrate, request
from tests.server.live import LiveServer, run_sh_daphne_args

PROXY_ADDRESSES = ("203.0.113.7", "2001:db8::7")
UNKNOWN_ROOM = "Zz9-no-such-room_Qq1xY"  # the shape of a room id (22 characters)
STATS_BODY = {
    "events": [
        {
            "event": "game-start",
            "game": "dara",
            "mode": "local",
            "phone": False,
            "memory": "8gb+",
            "cores": "5-8",
            "browser": "firefox",
            "os": "linux",
        }
    ]
}


def _raw(port, method, path, body=b"", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def exercise(server: LiveServer, forwarded: str | None) -> dict[str, str]:
    """Pages, API, sockets, statistics and errors; the secrets the log must not hold."""
    port = server.port
    extra = {"X-Forwarded-For": forwarded} if forwarded else {}
    assert _raw(port, "GET", "/ko/", headers=extra) == 200
    assert _raw(port, "GET", "/ja/score-four/", headers=extra) == 200
    assert _raw(port, "GET", "/static/css/site.css", headers=extra) in (200, 304)
    room_id, host_secret = create_room(port, game="dara")
    assert _raw(port, "GET", f"/ko/r/{room_id}/", headers=extra) == 200
    status, guest_secret = join_room(port, room_id)
    assert status == 200
    assert join_room(port, room_id)[0] == 409  # a 4xx: Django logs a warning for it
    assert _raw(port, "GET", f"/zh-hans/r/{UNKNOWN_ROOM}/", headers=extra) == 404
    assert request(port, "POST", f"/api/rooms/{UNKNOWN_ROOM}/join")[0] in (404, 410)
    stats = {"Origin": server.origin, "Content-Type": "text/plain", **extra}
    assert _raw(port, "POST", "/api/stats/events", json.dumps(STATS_BODY), stats) == 204
    assert _raw(port, "POST", "/api/stats/events", b"[" * 5000, stats) == 400
    assert _raw(port, "GET", "/readyz", headers=extra) == 200

    async def sockets():
        host = await Client.open(server.origin, room_id, host_secret)
        guest = await Client.open(server.origin, room_id, guest_secret)
        watcher = await Client.open(server.origin, room_id)
        await host.send({"type": "move", "ply": 0, "move": "bogus"})
        await host.expect("error")
        for client in (host, guest, watcher):
            await client.close()
        from websockets.asyncio.client import connect

        url = server.origin.replace("http", "ws", 1) + f"/ws/rooms/{UNKNOWN_ROOM}/"
        async with connect(url, origin=server.origin) as lost:
            await lost.recv()

    asyncio.run(sockets())
    return {
        "room id": room_id,
        "host seat": host_secret,
        "guest seat": guest_secret,
        "unknown room id": UNKNOWN_ROOM,
    }


@pytest.mark.parametrize("setup", ["make run", "production"])
def test_the_server_logs_no_address_and_no_room_id(tmp_path, setup):
    env = {"LITTLE_TABLE_LOCAL_DIR": str(tmp_path / "local"), "LOG_LEVEL": "DEBUG"}
    migrate({k: v for k, v in env.items() if k != "LOG_LEVEL"})
    args = run_sh_daphne_args()
    forwarded = None
    if setup == "production":
        args = ["--proxy-headers", *args]
        forwarded = ", ".join(PROXY_ADDRESSES)
    server = LiveServer(args, env, tmp_path / "daphne.log")
    try:
        secrets = exercise(server, forwarded)
    finally:
        output = server.stop()

    assert "127.0.0.1" not in output
    for address in PROXY_ADDRESSES:
        assert address not in output
    for name, secret in secrets.items():
        assert secret not in output, f"the {name} is in the server's output"
    # Something is logged: requests and sockets by route pattern, 4xx answers by route.
    for line in (
        "http GET /ja/<game:slug>/ 200",
        "http POST /api/rooms/ 201",
        "http GET /ko/r/<str:room_id>/ 200",
        "http POST /api/rooms/<str:room_id>/join 409",
        "http GET /zh-hans/r/<str:room_id>/ 404",
        "ws connected /ws/rooms/<str:room_id>/",
        "ws disconnected /ws/rooms/<str:room_id>/",
        "Not Found: /zh-hans/r/<str:room_id>/",
        "Conflict: /api/rooms/<str:room_id>/join",
    ):
        assert line in output, f"{line!r} not in the output:\n{output[-3000:]}"
