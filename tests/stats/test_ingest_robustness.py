"""Input that used to make the statistics endpoint answer 500, and the body cap that refuses
a chunked body as it arrives. The fuzz against the real server: tests/server/test_stats_fuzz.py."""

from __future__ import annotations

import asyncio
import json

import pytest

from site_config.body_limit import BodyLimit
from stats import schema
from stats.models import Event

from .conftest import ENDPOINT, event

pytestmark = pytest.mark.django_db


def test_json_nested_thousands_deep_is_a_400(post):
    depth = 3000
    body = '{"events": ' + "[" * depth + "]" * depth + "}"
    assert len(body) < schema.MAX_BODY_BYTES
    response = post(body)
    assert response.status_code == 400
    assert response.json() == {"error": "bad-json", "detail": "the body nests too deeply"}
    assert Event.objects.count() == 0


@pytest.mark.parametrize("digits", [4301, 7000])
def test_numbers_with_thousands_of_digits_are_a_400(post, digits):
    good = json.dumps({"events": [event("game-end")]})
    body = good.replace('"moves": 7', '"moves": ' + "9" * digits)
    response = post(body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"] == "bad-value"
    assert answer["detail"] == f"a number has {digits} digits; at most 6"
    assert Event.objects.count() == 0


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(post, constant):
    good = json.dumps({"events": [event("game-end")]})
    response = post(good.replace('"moves": 7', f'"moves": {constant}'))
    assert response.status_code == 400
    assert response.json() == {"error": "bad-json", "detail": f"{constant} is not JSON"}


@pytest.mark.parametrize("where", ["top", "event"])
def test_unknown_field_names_are_not_echoed_whole(post, where):
    name = "x" * 7000
    if where == "top":
        body = {"events": [event()], name: 1}
    else:
        body = {"events": [{**event(), name: 1}]}
    response = post(body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"] == "unknown-field"
    assert len(answer["detail"]) < 120
    assert "x" * 40 + "…" in answer["detail"] and "x" * 41 not in answer["detail"]


def _run_guard(chunks, headers=()):
    """Drive the body cap with `chunks` (a list of body pieces); what it answered, how many
    pieces it read and whether the app behind it was called."""
    read = 0
    sent = []
    called = []

    async def receive():
        nonlocal read
        read += 1
        return {"type": "http.request", "body": chunks[read - 1], "more_body": read < len(chunks)}

    async def send(message):
        sent.append(message)

    async def app(scope, receive, send):
        message = await receive()
        called.append((scope["path"], len(message["body"]), message["more_body"]))

    scope = {"type": "http", "path": ENDPOINT, "headers": list(headers)}
    asyncio.run(BodyLimit(app)(scope, receive, send))
    return sent, read, called


def test_a_body_within_the_cap_reaches_the_app_whole():
    sent, read, called = _run_guard([b"x" * 1000] * 8)
    assert (sent, read, called) == ([], 8, [(ENDPOINT, 8000, False)])


def test_a_chunked_body_is_refused_once_past_the_cap_not_read_whole():
    sent, read, called = _run_guard([b"x" * 1000] * 1000)  # 1 MB in 1 KB pieces
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"]) == {
        "error": "too-large",
        "detail": f"the body is over {schema.MAX_BODY_BYTES} bytes",
    }
    # Refused at the ninth piece: the other 991 are never read.
    assert read == schema.MAX_BODY_BYTES // 1000 + 1
    assert called == []


def test_a_declared_length_over_the_cap_is_refused_before_reading():
    headers = [(b"content-length", str(schema.MAX_BODY_BYTES + 1).encode())]
    sent, read, called = _run_guard([b"x" * 1000] * 9, headers)
    assert (sent[0]["status"], read, called) == (413, 0, [])
