"""GET /api/daily/<date>, the page's data and the page: shape, the UTC+14 rule, refusals."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from daily import schedule

START = dt.date.fromisoformat(schedule.load()["start"])


@pytest.fixture
def client():
    return Client(HTTP_HOST="localhost")


@pytest.fixture
def frozen(monkeypatch):
    """Pin "now" for the views to an aware instant."""

    def pin(instant: dt.datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: instant)

    return pin


def at_utc(date: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(date.year, date.month, date.day, hour, minute, tzinfo=dt.UTC)


def test_the_shape_is_pinned(client, frozen):
    frozen(at_utc(START + dt.timedelta(days=3), 12))
    response = client.get(f"/api/daily/{START.isoformat()}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"date", "puzzles"}
    assert body["date"] == START.isoformat()
    assert [p["game"] for p in body["puzzles"]][0] == "score-four"
    assert len(body["puzzles"]) == 2
    for puzzle in body["puzzles"]:
        assert set(puzzle) == {"game", "moves", "to_move", "win_in"}
        assert all(isinstance(move, str) for move in puzzle["moves"])
        assert puzzle["to_move"] in (0, 1) and 1 <= puzzle["win_in"] <= 5
    # Canonical notation: Score Four pegs upper case, the others lower case.
    assert all(m == m.upper() for m in body["puzzles"][0]["moves"])
    assert all(m == m.lower() for m in body["puzzles"][1]["moves"])


def test_a_date_is_served_once_any_calendar_shows_it(client, frozen):
    tomorrow = START + dt.timedelta(days=4)
    # 09:59 UTC is 23:59 at UTC+14: tomorrow has not begun anywhere.
    frozen(at_utc(tomorrow - dt.timedelta(days=1), 9, 59))
    assert client.get(f"/api/daily/{tomorrow.isoformat()}").status_code == 404
    # 10:00 UTC is midnight at UTC+14: the Line Islands are on tomorrow.
    frozen(at_utc(tomorrow - dt.timedelta(days=1), 10, 0))
    assert client.get(f"/api/daily/{tomorrow.isoformat()}").status_code == 200
    # Two days ahead is never served.
    after = (tomorrow + dt.timedelta(days=1)).isoformat()
    assert client.get(f"/api/daily/{after}").status_code == 404


def test_dates_outside_the_schedule_are_not_found(client, frozen):
    frozen(at_utc(START + dt.timedelta(days=3), 12))
    response = client.get(f"/api/daily/{(START - dt.timedelta(days=1)).isoformat()}")
    assert response.status_code == 404
    assert response.json()["error"] == "no-puzzle"


@pytest.mark.parametrize("text", ["2026-13-01", "2026-02-30", "20261201", "2026-1-01",
                                  "tomorrow", "2026-12-01x", "2026-12-01<b>"])
def test_a_bad_date_is_refused_without_echo(client, text):
    response = client.get(f"/api/daily/{text}")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad-date"
    assert text not in response.content.decode()


def test_the_page_data_has_the_defence_and_follows_the_same_rule(client, frozen):
    frozen(at_utc(START, 12))
    body = client.get(f"/daily/puzzles/{START.isoformat()}.json").json()
    assert body["number"] == 1
    assert all("defence" in p and "answer" in p for p in body["puzzles"])
    later = (START + dt.timedelta(days=2)).isoformat()
    assert client.get(f"/daily/puzzles/{later}.json").status_code == 404


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_the_page_and_an_archived_date(client, frozen, language):
    frozen(at_utc(START + dt.timedelta(days=3), 12))
    assert client.get(f"/{language}/daily/").status_code == 200
    assert client.get(f"/{language}/daily/{START.isoformat()}/").status_code == 200
    future = (START + dt.timedelta(days=10)).isoformat()
    assert client.get(f"/{language}/daily/{future}/").status_code == 404
    assert client.get(f"/{language}/daily/nonsense/").status_code == 404


def test_every_page_links_the_daily_puzzle(client):
    for path in ("/ko/", "/ja/score-four/", "/zh-hans/dara/"):
        assert 'href="/' + path.split("/")[1] + '/daily/"' in client.get(path).content.decode()


def test_a_best_move_puzzle_has_its_goal_and_no_answer(client, frozen):
    # A game whose goal is the one best move (daily/best.py): the API names the goal and the
    # empty squares; the page data adds the answer, every move's outcome and the best line.
    date = next(
        dt.date.fromisoformat(day["date"])
        for day in schedule.load()["days"]
        if any(p.get("goal") == "best" for p in day["puzzles"])
    )
    frozen(at_utc(date, 12))
    body = client.get(f"/api/daily/{date.isoformat()}").json()
    chosen = [p for p in body["puzzles"] if p.get("goal") == "best"]
    assert len(chosen) == 1 and len(body["puzzles"]) == 3
    assert set(chosen[0]) == {"game", "moves", "to_move", "goal", "empties"}
    assert chosen[0]["empties"] in (10, 12)
    data = client.get(f"/daily/puzzles/{date.isoformat()}.json").json()
    full = next(p for p in data["puzzles"] if p.get("goal") == "best")
    assert full["answer"] in full["outcomes"] and full["line"][0] == full["answer"]
    assert "defence" not in full
    for language in ("ko", "ja", "zh-hans"):
        assert client.get(f"/{language}/daily/{date.isoformat()}/").status_code == 200
