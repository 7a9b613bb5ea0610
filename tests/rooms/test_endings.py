"""Resigning and draws by agreement: rooms.endings, without sockets."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from rooms import endings, services
from rooms.models import Move, Room
from rooms.protocol import AnswerDraw, Claim, OfferDraw, Resign
from tests.concurrency import between_change_and_read, race
from tests.rooms.test_services import code_of, play, play_all, rematch, started

pytestmark = pytest.mark.django_db


# The rules take the typed requests a socket's messages become (rooms.protocol).
def resign(room_id, secret, round_number):
    return endings.resign(room_id, secret, Resign(round_number))


def offer_draw(room_id, secret, round_number):
    return endings.offer_draw(room_id, secret, OfferDraw(round_number))


def answer_draw(room_id, secret, round_number, accept):
    return endings.answer_draw(room_id, secret, AnswerDraw(round_number, accept))


def claim(room_id, secret, round_number, result):
    return endings.claim(room_id, secret, Claim(round_number, result))


def test_a_resignation_ends_the_round_for_the_other_colour():
    room, host, guest = started()
    room = play_all(room, host, guest, ["A1", "B1"])
    room = resign(room.id, guest, 1)
    assert room.status == Room.FINISHED
    assert room.outcome == {"winner": 0, "reason": "resigned", "cells": []}
    assert code_of(resign, room.id, host, 1) == "game-over"  # never twice
    assert code_of(play, room.id, host, 2, "C1") == "game-over"
    room = rematch(room.id, host, 1)
    room = rematch(room.id, guest, 1)
    assert room.round == 2 and room.outcome is None and room.draw_offer is None


def test_only_seated_players_while_playing_with_the_right_round():
    room, host = services.create_room("dara")
    assert code_of(resign, room.id, host, 1) == "not-started"
    room, host, guest = started()
    assert code_of(resign, room.id, None, 1) == "not-a-player"
    assert code_of(resign, room.id, "forged", 1) == "not-a-player"
    assert code_of(offer_draw, room.id, host, 2) == "stale-round"
    for confused in (True, 1.0, "1", None):
        assert code_of(resign, room.id, host, confused) == "bad-field"
    assert code_of(answer_draw, room.id, guest, 1, "yes") == "bad-field"
    assert Room.objects.get(id=room.id).version == room.version  # nothing changed


def test_a_draw_is_offered_once_then_accepted_or_declined():
    room, host, guest = started()
    version = room.version
    room = offer_draw(room.id, host, 1)
    assert (room.draw_offer, room.version) == (0, version + 1)
    assert services.header(room).draw_offer == 0
    assert code_of(offer_draw, room.id, host, 1) == "duplicate-offer"
    assert code_of(answer_draw, room.id, host, 1, True) == "no-offer"  # not your own
    room = answer_draw(room.id, guest, 1, False)
    assert room.draw_offer is None and room.status == Room.PLAYING
    assert code_of(answer_draw, room.id, guest, 1, True) == "no-offer"
    room = offer_draw(room.id, guest, 1)
    room = answer_draw(room.id, host, 1, True)
    assert room.status == Room.FINISHED
    assert room.outcome == {"winner": None, "reason": "agreed", "cells": []}


def test_offering_against_a_standing_offer_agrees():
    room, host, guest = started()
    offer_draw(room.id, host, 1)
    room = offer_draw(room.id, guest, 1)
    assert room.outcome["reason"] == "agreed"


def test_an_offer_lapses_when_the_offerer_moves_not_when_the_friend_does():
    room, host, guest = started()
    offer_draw(room.id, host, 1)
    room = play(room.id, host, 0, "A1")  # the offerer moves: it lapses
    assert room.draw_offer is None
    assert code_of(answer_draw, room.id, guest, 1, True) == "no-offer"
    offer_draw(room.id, host, 1)
    room = play(room.id, guest, 1, "B1")  # the friend's move leaves it standing
    assert room.draw_offer == 0
    assert answer_draw(room.id, guest, 1, True).outcome["reason"] == "agreed"


def test_a_move_still_applies_after_an_offer_lands_between_its_read_and_write():
    room, host, guest = started()
    stale = Room.objects.get(id=room.id)
    offer_draw(room.id, guest, 1)  # bumps the version the move read
    assert Room.objects.get(id=room.id).version == stale.version + 1
    room = play(room.id, host, 0, "A1")  # read again and applied
    assert room.ply == 1 and room.draw_offer == 1


@pytest.mark.django_db(transaction=True)
def test_two_resignations_racing_apply_once():
    room, host, guest = started()
    results = race(
        {
            "host": partial(resign, room.id, host, 1),
            "guest": partial(resign, room.id, guest, 1),
        }
    )
    assert sorted(results.values()) == ["game-over", "ok"]
    winner = Room.objects.get(id=room.id).outcome["winner"]
    assert winner == (1 if results["host"] == "ok" else 0)


@pytest.mark.django_db(transaction=True)
def test_a_resignation_racing_a_move_leaves_one_consistent_ending():
    for _ in range(5):
        room, host, guest = started()
        results = race(
            {
                "move": partial(play, room.id, host, 0, "A1"),
                "resign": partial(resign, room.id, guest, 1),
            }
        )
        room = Room.objects.get(id=room.id)
        assert results["resign"] == "ok"  # a resignation is never lost to a move
        assert room.outcome["reason"] == "resigned"
        moves = Move.objects.filter(room=room).count()
        assert (results["move"], moves, room.ply) in {("ok", 1, 1), ("game-over", 0, 0)}


@pytest.mark.django_db(transaction=True)
def test_an_accept_racing_the_offerers_move_either_agrees_or_lapses():
    for _ in range(5):
        room, host, guest = started()
        offer_draw(room.id, host, 1)
        results = race(
            {
                "move": partial(play, room.id, host, 0, "A1"),
                "accept": partial(answer_draw, room.id, guest, 1, True),
            }
        )
        room = Room.objects.get(id=room.id)
        if results["accept"] == "ok":
            assert room.outcome["reason"] == "agreed" and results["move"] == "game-over"
        else:
            assert results["accept"] == "no-offer" and results["move"] == "ok"
            assert room.status == Room.PLAYING and room.draw_offer is None


def away_for(room, seat, seconds):
    """The test's clock: the seat was last seen `seconds` ago."""
    past = timezone.now() - timedelta(seconds=seconds)
    Room.objects.filter(id=room.id).update(**{f"{seat}_seen_at": past})


def test_a_friend_away_two_minutes_can_be_called_a_draw_and_five_minutes_a_loss():
    room, host, guest = started()
    services.connect(room.id, "host-socket", host, "198.51.100.1")
    services.connect(room.id, "guest-socket", guest, "198.51.100.2")
    assert code_of(claim, room.id, host, 1, "draw") == "friend-present"
    services.disconnect("guest-socket")  # the friend closes the tab
    assert code_of(claim, room.id, host, 1, "draw") == "too-early"
    away_for(room, "guest", 119)
    assert code_of(claim, room.id, host, 1, "draw") == "too-early"
    away_for(room, "guest", 121)
    assert services.presence(Room.objects.get(id=room.id)).away[1] >= 121
    assert code_of(claim, room.id, host, 1, "win") == "too-early"
    assert code_of(claim, room.id, guest, 1, "win") == "friend-present"  # host is here
    assert code_of(claim, room.id, None, 1, "win") == "not-a-player"
    assert code_of(claim, room.id, host, 1, "forfeit") == "bad-field"
    away_for(room, "guest", 301)
    room = claim(room.id, host, 1, "win")
    assert room.outcome == {"winner": 0, "reason": "abandoned", "cells": []}
    assert code_of(claim, room.id, host, 1, "win") == "game-over"


def test_a_draw_claim_and_a_friend_who_returns_in_time():
    room, host, guest = started()
    away_for(room, "guest", 200)  # never connected since: counted from then
    services.connect(room.id, "back", guest, "198.51.100.2")  # back before the claim
    assert code_of(claim, room.id, host, 1, "draw") == "friend-present"
    services.disconnect("back")
    away_for(room, "guest", 130)
    room = claim(room.id, host, 1, "draw")
    assert room.outcome == {"winner": None, "reason": "abandoned", "cells": []}


def test_a_claim_racing_the_friends_return_loses_to_it():
    """The claim's UPDATE is guarded by the friend's last-seen time it read: a connect that
    lands between that read and the write changes it, and the claim applies nothing."""
    room, host, guest = started()
    away_for(room, "guest", 400)
    read_by_the_claim = Room.objects.get(id=room.id)
    services.connect(room.id, "back", guest, "198.51.100.2")
    outcome = {"winner": 0, "reason": "abandoned", "cells": []}
    seen = read_by_the_claim.guest_seen_at
    assert not endings._finish(read_by_the_claim, outcome, guest_seen_at=seen)
    assert Room.objects.get(id=room.id).status == Room.PLAYING


def test_a_claim_right_after_the_join_of_an_old_room_is_too_early():
    """The guest's absence counts from the join, not from the room's creation: in a room made
    ten minutes ago, the host cannot win by "abandoned" before the friend's page has opened
    its socket."""
    room, host = services.create_room("score-four")
    long_ago = timezone.now() - timedelta(minutes=10)
    Room.objects.filter(id=room.id).update(
        created_at=long_ago, last_active_at=long_ago, host_seen_at=long_ago
    )
    waiting = services.presence(Room.objects.get(id=room.id))
    assert waiting.away[1] is None  # nobody has taken the guest seat: nobody is away
    services.connect(room.id, "host-socket", host, "198.51.100.1")
    guest = services.join(room.id, None).secret
    assert services.presence(Room.objects.get(id=room.id)).away[1] < 5
    assert code_of(claim, room.id, host, 1, "win") == "too-early"
    assert code_of(claim, room.id, host, 1, "draw") == "too-early"
    assert Room.objects.get(id=room.id).status == Room.PLAYING
    room = play(room.id, host, 0, "A1")
    assert play(room.id, guest, 1, "B1").ply == 2


@pytest.mark.django_db(transaction=True)
def test_a_draw_offer_reports_its_own_version_when_the_friend_resigns_at_once(monkeypatch):
    """The friend resigns between the offer's change and its read of the room: the offer's
    event still carries the offer's version, the resignation the next one."""
    room, host, guest = started()
    friends_result = between_change_and_read(
        monkeypatch, Room, lambda: resign(room.id, guest, 1)
    )
    offered = offer_draw(room.id, host, 1)
    resigned = friends_result()
    assert (offered.version, offered.status, offered.draw_offer) == (
        room.version + 1,
        Room.PLAYING,
        offered.host_side,
    )
    assert (resigned.version, resigned.status) == (room.version + 2, Room.FINISHED)
