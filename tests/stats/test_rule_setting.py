"""The rule setting of a game that has several (registry `variants`): an enumerated value on
game events, accepted only for that game and only one of its own settings, stored in its
column, shown in the staff review and purged with the rest."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.contrib.auth.models import User

from stats import reports, schema
from stats.models import Event
from stats.validation import to_rows

from .conftest import event
from .test_review import RANGE, REVIEW

pytestmark = pytest.mark.django_db

WHEN = datetime(2026, 11, 20, 14, 0, tzinfo=UTC)


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_user("staff", password="pw", is_staff=True))
    return client


def test_the_rules_are_the_registrys():
    assert schema.RULES_OF == {"gomoku": ("freestyle", "exact-five", "renju")}
    assert schema.VALUES["rule"] == ("freestyle", "exact-five", "renju")
    assert schema.KIND_FIELDS["game-start"]["rule"] == "optional"
    assert schema.KIND_FIELDS["game-end"]["rule"] == "optional"


def test_a_game_event_with_its_rule_is_stored(post):
    body = {
        "events": [
            event("game-start", game="gomoku", rule="renju"),
            event("game-end", game="gomoku", rule="renju", result="second", moves=41),
            event("game-start", game="gomoku", mode="local", level=None),  # an older page
        ]
    }
    assert post(body).status_code == 204
    assert sorted(Event.objects.values_list("rule", flat=True)) == ["", "renju", "renju"]


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "tic-tac-toe", "rule": "renju"},  # a game with one rule has none to say
        {"game": "gomoku", "rule": "swap2"},  # not a setting of this site
        {"game": "gomoku", "rule": "RENJU"},
        {"game": "gomoku", "rule": 3},
    ],
)
def test_a_rule_that_is_not_the_games_is_refused_and_nothing_is_stored(post, fields):
    response = post({"events": [event("game-start"), event("game-start", **fields)]})
    assert response.status_code == 400
    assert response.json()["error"] in ("bad-value", "bad-type")
    assert Event.objects.count() == 0


def test_a_rule_only_goes_with_game_events(post):
    response = post({"events": [event("room-connection", rule="renju")]})
    assert response.json()["error"] == "unknown-field"


def test_the_review_counts_the_games_started_under_each_rule(staff):
    Event.objects.bulk_create(
        to_rows(
            [
                event("game-start", game="gomoku", rule="renju"),
                event("game-start", game="gomoku", rule="renju"),
                event("game-start", game="gomoku", mode="local", level=None, rule="freestyle"),
                event("game-start"),  # Tic-tac-toe: no rule
            ],
            WHEN,
        )
    )
    report = reports.summarize(reports.load_counts(date(2026, 11, 15), date(2026, 11, 25)))
    assert [(bar.label, bar.count, bar.total) for bar in report.rules] == [
        ("freestyle", 1, 3),
        ("renju", 2, 3),
    ]
    assert ["rule", "game-start", "renju", "2", "3", "0.6667"] in reports.csv_rows(report)
    page = staff.get(REVIEW, RANGE).content.decode()
    assert 'data-stats-section="rules"' in page
    assert '<tr data-label="renju">' in page
