"""Daily puzzle attempts: accepted only in their shape, stored, and the staff review's
per-day solve rate and median tries."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.contrib.auth.models import User

from stats.models import Event
from stats.puzzles import load_puzzle_counts, puzzle_days
from stats.validation import to_rows

from .conftest import event

pytestmark = pytest.mark.django_db
WHEN = datetime(2026, 11, 21, 9, 30, tzinfo=UTC)


def test_an_attempt_is_stored_with_its_date_and_tries(post):
    response = post({"events": [event("puzzle-attempt", tries=3, result="loss", lang="ja")]})
    assert response.status_code == 204
    row = Event.objects.get()
    assert (row.kind, row.game, row.puzzle, row.tries, row.result, row.lang) == (
        "puzzle-attempt", "score-four", date(2026, 11, 20), 3, "loss", "ja",
    )


@pytest.mark.parametrize(
    "fields",
    [
        {"tries": 0}, {"tries": 100}, {"tries": "2"}, {"tries": True}, {"tries": None},
        {"puzzle": "2026-02-30"}, {"puzzle": "20261120"}, {"puzzle": 20261120},
        {"puzzle": "2026-11-20T00:00"}, {"puzzle": None},
        {"result": "draw"}, {"result": "first"}, {"mode": "ai"},
    ],
)
def test_a_malformed_attempt_is_refused_and_nothing_stored(post, fields):
    response = post({"events": [event("puzzle-attempt", **fields)]})
    assert response.status_code == 400
    assert Event.objects.count() == 0


def test_solve_rate_and_median_tries_per_date_and_game():
    Event.objects.bulk_create(to_rows([
        event("puzzle-attempt", tries=1),
        event("puzzle-attempt", tries=2),
        event("puzzle-attempt", tries=4),
        event("puzzle-attempt", tries=2, result="loss"),
        event("puzzle-attempt", game="dara", tries=1, result="loss"),
        event("puzzle-attempt", puzzle="2026-11-21", tries=5),
        event("game-start"),
    ], WHEN))
    days = puzzle_days(load_puzzle_counts(date(2026, 11, 15), date(2026, 11, 25)))
    table = [(d.puzzle.isoformat(), d.game, d.attempts, d.solved, d.median_tries) for d in days]
    assert table == [
        ("2026-11-21", "score-four", 1, 1, 5),
        ("2026-11-20", "dara", 1, 0, None),
        ("2026-11-20", "score-four", 4, 3, 2),
    ]
    assert days[2].rate.percent == "75.0"


def test_the_review_page_shows_the_puzzle_table(client):
    Event.objects.bulk_create(to_rows([event("puzzle-attempt", tries=2)], WHEN))
    client.force_login(User.objects.create_user("staff", password="pw", is_staff=True))
    page = client.get("/admin/stats/review/", {"start": "2026-11-15", "end": "2026-11-25"})
    html = page.content.decode()
    assert 'data-stats-section="puzzles"' in html
    assert "2026-11-20" in html and "100.0" in html
