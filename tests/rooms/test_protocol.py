"""rooms.protocol: every client message becomes one frozen value, or one documented refusal
with the request it was about; bounds are checked here, once."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rooms import outgoing, protocol
from rooms.protocol import AnswerDraw, Claim, Move, OfferDraw, Ping, Rematch, Resign, Sync


def parse(message):
    return protocol.parse(json.dumps(message), None)


def refusal(message):
    with pytest.raises(protocol.Refusal) as refused:
        protocol.parse(message if isinstance(message, str) else json.dumps(message), None)
    return refused.value.code, refused.value.request


def test_each_message_is_a_typed_value():
    assert parse({"type": "move", "ply": 3, "move": " b2 "}) == Move(3, "b2")
    assert parse({"type": "rematch", "round": 2}) == Rematch(2)
    assert parse({"type": "resign", "round": 1}) == Resign(1)
    assert parse({"type": "offer-draw", "round": 1}) == OfferDraw(1)
    assert parse({"type": "answer-draw", "round": 1, "accept": False}) == AnswerDraw(1, False)
    assert parse({"type": "claim", "round": 4, "result": "win"}) == Claim(4, "win")
    assert parse({"type": "sync", "extra": 1}) == Sync()
    assert parse({"type": "ping"}) == Ping()
    with pytest.raises(dataclasses.FrozenInstanceError):
        parse({"type": "move", "ply": 0, "move": "A1"}).ply = 5  # type: ignore[misc]
    assert set(protocol.MESSAGE_TYPES) == {kind.TYPE for kind in protocol.KINDS.values()}


@pytest.mark.parametrize(
    "message, expected",
    [
        (None, ("not-json", None)),
        ("[1", ("not-json", None)),
        ("x" * (protocol.MAX_MESSAGE_BYTES + 1), ("too-large", None)),
        ({"ply": 1}, ("missing-field", None)),
        ({"type": "fly"}, ("unknown-type", None)),
        ({"type": ["move"]}, ("unknown-type", None)),
        ({"type": "move", "ply": 0}, ("missing-field", "move")),
        ({"type": "answer-draw", "round": 1}, ("missing-field", "answer-draw")),
        ({"type": "claim", "result": "win"}, ("missing-field", "claim")),
        ({"type": "move", "ply": True, "move": "A1"}, ("bad-field", "move")),
        ({"type": "move", "ply": 1.0, "move": "A1"}, ("bad-field", "move")),
        ({"type": "move", "ply": protocol.MAX_PLY + 1, "move": "A1"}, ("bad-field", "move")),
        ({"type": "move", "ply": 0, "move": "   "}, ("bad-field", "move")),
        ({"type": "move", "ply": 0, "move": "A" * 33}, ("bad-field", "move")),
        ({"type": "rematch", "round": "1"}, ("bad-field", "rematch")),
        ({"type": "resign", "round": 0}, ("bad-field", "resign")),
        ({"type": "offer-draw", "round": protocol.MAX_ROUND + 1}, ("bad-field", "offer-draw")),
        ({"type": "answer-draw", "round": 1, "accept": 1}, ("bad-field", "answer-draw")),
        ({"type": "claim", "round": 1, "result": "forfeit"}, ("bad-field", "claim")),
    ],
)
def test_refusals_have_the_documented_code_and_name_the_request(message, expected):
    if message is None:
        with pytest.raises(protocol.Refusal) as refused:
            protocol.parse(None, b"{}")
        assert (refused.value.code, refused.value.request) == expected
        return
    assert refusal(message) == expected


def test_no_refusal_quotes_the_input():
    hostile = "<script>zz</script>"
    for message in (
        {"type": hostile},
        {"type": "move", "ply": hostile, "move": "A1"},
        {"type": "move", "ply": 0, "move": hostile * 3},
        {"type": "claim", "round": 1, "result": hostile},
    ):
        with pytest.raises(protocol.Refusal) as refused:
            parse(message)
        assert hostile not in refused.value.message


def test_presence_is_a_value_that_ages_and_says_who_is_away():
    fields = {"players": [True, False], "spectators": 2, "away": [None, 30]}
    presence = outgoing.Presence.of(fields)
    assert presence.fields() == fields
    assert presence.aged(5).away == (None, 35) and presence.away == (None, 30)
    assert presence.aged(5).who_is_away() == presence.who_is_away()
    assert outgoing.Presence.of({**fields, "spectators": 3}).who_is_away() == presence.who_is_away()
    assert outgoing.Presence().who_is_away() != presence.who_is_away()
