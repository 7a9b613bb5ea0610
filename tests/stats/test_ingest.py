"""POST /api/stats/events: what is accepted, and every way a batch is refused whole."""

from __future__ import annotations

import json

import pytest

from stats import ingest_guard, schema
from stats.models import Event

from .conftest import ENDPOINT, event

pytestmark = pytest.mark.django_db


def test_a_valid_batch_of_every_kind_is_stored_whole(post):
    batch = [
        event("game-start"),
        event("game-start", mode="friend", level=None),
        event("game-end", mode="ai", level="advanced", result="loss", moves=30),
        event("game-end"),
        event("room-connection"),
        event("room-connection", outcome="failed", reconnects=None),
        event("board-3d"),
        event("board-3d", outcome="failed", render=None),
    ]
    response = post({"events": batch})
    assert response.status_code == 204, response.content
    assert Event.objects.count() == len(batch)
    stored = Event.objects.get(kind="game-end", mode="ai")
    assert (stored.level, stored.result, stored.moves, stored.duration) == (
        "advanced",
        "loss",
        30,
        "1-3m",
    )
    assert Event.objects.get(kind="room-connection", outcome="ok").mode == "friend"


def test_application_json_is_accepted_too(post):
    assert post({"events": [event()]}, content_type="application/json").status_code == 204


def _bad(**fields):
    return {"events": [event(**fields)]}


BAD_BATCHES = [
    ("not json", b"{events:", "bad-json"),
    ("not utf-8", b'{"events": ["\xff"]}', "bad-encoding"),
    ("a list, not an object", [event()], "bad-type"),
    ("unknown top-level field", {"events": [event()], "session": "x"}, "unknown-field"),
    ("no events key", {}, "missing-field"),
    ("events not a list", {"events": {"0": event()}}, "bad-type"),
    ("empty batch", {"events": []}, "no-events"),
    ("too many events", {"events": [event()] * (schema.MAX_EVENTS + 1)}, "too-many-events"),
    ("event not an object", {"events": ["game-start"]}, "bad-type"),
    (
        "no event kind",
        {"events": [{k: v for k, v in event().items() if k != "event"}]},
        "missing-field",
    ),
    ("unknown event kind", _bad(event="page-view"), "bad-value"),
    ("event kind not a string", _bad(event=1), "bad-type"),
    ("unknown field: room id", _bad(room="abc123"), "unknown-field"),
    ("unknown field: ip", _bad(ip="203.0.113.9"), "unknown-field"),
    ("unknown field: user agent", _bad(ua="Mozilla/5.0"), "unknown-field"),
    ("field of another kind", _bad(moves=3), "unknown-field"),
    ("unknown game", _bad(game="chess"), "bad-value"),
    ("unknown mode", _bad(mode="online", level=None), "bad-value"),
    ("unknown level", _bad(level="expert"), "bad-value"),
    ("level outside ai mode", _bad(mode="local"), "bad-value"),
    ("ai mode without level", _bad(level=None), "missing-field"),
    ("missing game", _bad(game=None), "missing-field"),
    ("missing device field", _bad(os=None), "missing-field"),
    ("unknown browser", _bad(browser="netscape"), "bad-value"),
    ("phone as string", _bad(phone="no"), "bad-type"),
    ("phone as number", _bad(phone=0), "bad-type"),
    ("memory as number", _bad(memory=8), "bad-type"),
    ("mode as null", {"events": [{**event(level=None), "mode": None}]}, "bad-type"),
    ("moves as string", {"events": [event("game-end", moves="7")]}, "bad-type"),
    ("moves as float", {"events": [event("game-end", moves=7.0)]}, "bad-type"),
    ("moves as boolean", {"events": [event("game-end", moves=True)]}, "bad-type"),
    ("negative moves", {"events": [event("game-end", moves=-1)]}, "bad-value"),
    ("too many moves", {"events": [event("game-end", moves=schema.MAX_MOVES + 1)]}, "bad-value"),
    ("unknown duration", {"events": [event("game-end", duration="7m")]}, "bad-value"),
    ("win in local mode", {"events": [event("game-end", result="win")]}, "bad-value"),
    ("first in ai mode", {"events": [event("game-end", mode="ai", level="beginner")]}, "bad-value"),
    ("missing result", {"events": [event("game-end", result=None)]}, "missing-field"),
    ("unbucketed reconnects", {"events": [event("room-connection", reconnects="5")]}, "bad-value"),
    ("reconnects as number", {"events": [event("room-connection", reconnects=0)]}, "bad-type"),
    (
        "connected without reconnects",
        {"events": [event("room-connection", reconnects=None)]},
        "missing-field",
    ),
    (
        "failed with reconnects",
        {"events": [event("room-connection", outcome="failed")]},
        "bad-value",
    ),
    ("3D report for a 2D game", {"events": [event("board-3d", game="dara")]}, "bad-value"),
    ("render speed with a failure", {"events": [event("board-3d", outcome="failed")]}, "bad-value"),
    ("unknown render bucket", {"events": [event("board-3d", render="60fps")]}, "bad-value"),
    ("gpu model", {"events": [event("board-3d", gpu="ANGLE (NVIDIA)")]}, "unknown-field"),
]


@pytest.mark.parametrize(
    "body, code", [case[1:] for case in BAD_BATCHES], ids=[case[0] for case in BAD_BATCHES]
)
def test_bad_batches_are_refused_with_a_reason_and_nothing_is_stored(post, body, code):
    # The bad event comes after a good one: the good one must not be stored either.
    if isinstance(body, dict) and isinstance(body.get("events"), list) and body["events"]:
        if code not in ("too-many-events",):
            body = {**body, "events": [event(), *body["events"]]}
    response = post(body)
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["error"] == code, answer
    assert answer["detail"]
    assert Event.objects.count() == 0


def test_the_detail_names_the_bad_place(post):
    answer = post({"events": [event(), event(mode="online", level=None)]}).json()
    assert answer == {
        "error": "bad-value",
        "detail": "events[1].mode 'online' is not one of ai, local, friend",
    }


def test_an_oversized_body_is_refused_before_parsing(post):
    body = json.dumps({"events": [event()], "pad": "x" * schema.MAX_BODY_BYTES})
    response = post(body)
    assert response.status_code == 413
    assert response.json()["error"] == "too-large"
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    "headers, expected",
    [
        ({"HTTP_ORIGIN": "https://evil.example"}, 403),
        ({"HTTP_ORIGIN": "null"}, 403),
        ({"HTTP_ORIGIN": None, "HTTP_SEC_FETCH_SITE": "cross-site"}, 403),
        ({"HTTP_ORIGIN": None}, 403),
        ({"HTTP_ORIGIN": None, "HTTP_SEC_FETCH_SITE": "same-origin"}, 204),
    ],
)
def test_only_same_origin_requests_are_accepted(client, headers, expected):
    extra = {name: value for name, value in headers.items() if value is not None}
    response = client.post(
        ENDPOINT, data=json.dumps({"events": [event()]}), content_type="text/plain", **extra
    )
    assert response.status_code == expected
    if expected == 403:
        assert response.json()["error"] == "cross-origin"
    assert Event.objects.count() == (1 if expected == 204 else 0)


def test_a_trusted_origin_is_accepted(post, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://table.example"]
    assert post({"events": [event()]}, HTTP_ORIGIN="https://table.example").status_code == 204


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html"],
)
def test_other_content_types_are_refused(post, content_type):
    response = post(json.dumps({"events": [event()]}), content_type=content_type)
    assert response.status_code == 415
    assert response.json()["error"] == "content-type"
    assert Event.objects.count() == 0


def test_csrf_is_not_needed(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        ENDPOINT,
        data=json.dumps({"events": [event()]}),
        content_type="text/plain",
        HTTP_ORIGIN="http://testserver",
    )
    assert response.status_code == 204


def test_only_post_is_allowed(client):
    assert client.get(ENDPOINT).status_code == 405


def test_a_client_over_the_rate_is_refused_and_others_are_not(post):
    body = {"events": [event()]}
    for _ in range(ingest_guard.RATE_MAX_BATCHES):
        assert post(body).status_code == 204
    refused = post(body)
    assert refused.status_code == 429
    assert refused.json()["error"] == "rate-limited"
    assert Event.objects.count() == ingest_guard.RATE_MAX_BATCHES
    assert post(body, REMOTE_ADDR="198.51.100.7").status_code == 204


def test_the_rate_key_does_not_contain_the_address(rf):
    from throttle.models import Bucket

    request = rf.post(ENDPOINT, REMOTE_ADDR="203.0.113.99")
    ingest_guard.over_rate(request, now=1_000_000.0)
    keys = list(Bucket.objects.values_list("key", flat=True))  # the shared limiter's rows
    assert keys and all("203.0.113" not in key for key in keys)
