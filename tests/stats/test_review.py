"""The staff review: numbers from known events, staff-only access, htmx partial, CSV."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import User

from stats import reports
from stats.models import Event
from stats.validation import to_rows

from .conftest import event

pytestmark = pytest.mark.django_db

REVIEW = "/admin/stats/review/"


def ko(msgid, **values):
    """A review-page sentence as staff see it (the admin speaks the default language, ko)."""
    from django.utils.translation import gettext, override

    with override("ko"):
        text = gettext(msgid)
    return text % values if values else text


CONNECTED = "Connected: %(ok)s of %(total)s (%(percent)s%%)"
FAILED = "Failed: %(failed)s of %(total)s (%(percent)s%%)"
EXPORT = "/admin/stats/review/export.csv"
DAY = date(2026, 11, 20)
IN_RANGE = datetime(2026, 11, 20, 14, 37, tzinfo=UTC)
BEFORE = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)
RANGE = {"start": "2026-11-15", "end": "2026-11-25"}


def store(events, when=IN_RANGE):
    Event.objects.bulk_create(to_rows(events, when))


def fixture_events():
    """A known day: 4 AI starts (3 beginner, 1 advanced), 2 AI ends; 2 local starts and 2
    ends; rooms: 3 connected (0, 0, 2-3 reconnects), 1 failed; 3D: 4 reports, 1 failed on
    safari/ios phone; and Score Four events outside the range that must not count."""
    store(
        [
            event("game-start", level="beginner"),
            event("game-start", level="beginner"),
            event("game-start", level="beginner"),
            event("game-start", level="advanced"),
            event("game-end", mode="ai", level="beginner", result="win", moves=9),
            event("game-end", mode="ai", level="beginner", result="draw", moves=9),
            event("game-start", mode="local", level=None),
            event("game-start", mode="local", level=None),
            event("game-end", result="first", duration="under-1m"),
            event("game-end", result="draw"),
            event("room-connection", reconnects="0"),
            event("room-connection", reconnects="0"),
            event("room-connection", reconnects="2-3"),
            event("room-connection", outcome="failed", reconnects=None),
            event("board-3d", render="50fps+"),
            event("board-3d", render="15-30fps"),
            event("board-3d", render=None),
            event(
                "board-3d", outcome="failed", render=None, browser="safari", os="ios", phone=True
            ),
        ]
    )
    store([event("game-start", game="score-four")] * 5, when=BEFORE)


def test_summary_numbers_from_known_events():
    fixture_events()
    report = reports.summarize(reports.load_counts(date(2026, 11, 15), date(2026, 11, 25)))
    completion = {item.label: (item.started, item.finished) for item in report.completion}
    assert completion == {
        "ai": (4, 2),
        "ai · beginner": (3, 2),
        "ai · advanced": (1, 0),
        "local": (2, 2),
    }
    assert report.completion[0].rate.percent == "50.0"
    assert {g: [(b.label, b.count) for b in bars] for g, bars in report.results.items()} == {
        "ai · beginner": [("win", 1), ("draw", 1)],
        "local": [("first", 1), ("draw", 1)],
    }
    assert [(b.label, b.count) for b in report.durations] == [("under-1m", 1), ("1-3m", 3)]
    assert (report.room_attempts, report.room_success.count) == (4, 3)
    assert report.room_success.percent == "75.0"
    assert [(b.label, b.count, b.total) for b in report.reconnects] == [("0", 2, 3), ("2-3", 1, 3)]
    assert (report.board_attempts, report.board_failure.count) == (4, 1)
    assert [(b.label, b.count, b.total) for b in report.failure_by["browser"]] == [
        ("firefox", 0, 3),
        ("safari", 1, 1),
    ]
    assert [(b.label, b.count, b.total) for b in report.failure_by["os"]] == [
        ("ios", 1, 1),
        ("linux", 0, 3),
    ]
    assert [(b.label, b.count, b.total) for b in report.failure_by["device"]] == [
        ("phone", 1, 1),
        ("not a phone", 0, 3),
    ]
    assert [(b.label, b.count) for b in report.render] == [("15-30fps", 1), ("50fps+", 1)]


def test_the_game_filter_and_the_date_range():
    fixture_events()
    only_dara = reports.summarize(reports.load_counts(date(2026, 11, 1), DAY, "dara"))
    assert only_dara.completion == [] and only_dara.room_attempts == 4
    older = reports.summarize(reports.load_counts(date(2026, 11, 1), date(2026, 11, 19)))
    assert [(c.label, c.started) for c in older.completion] == [("ai", 5), ("ai · beginner", 5)]
    assert reports.summarize([]).empty


def test_the_end_day_is_included_whole():
    store([event()], when=datetime(2026, 11, 25, 23, 0, tzinfo=UTC))
    store([event()], when=datetime(2026, 11, 26, 0, 0, tzinfo=UTC))
    rows = reports.load_counts(date(2026, 11, 25), date(2026, 11, 25))
    assert sum(row["n"] for row in rows) == 1


@pytest.fixture
def staff(client):
    user = User.objects.create_user("staff", password="pw", is_staff=True)
    client.force_login(user)
    return client


def test_anonymous_visitors_are_sent_to_the_login(client):
    for url in (REVIEW, EXPORT):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


def test_non_staff_users_are_refused(client):
    client.force_login(User.objects.create_user("player", password="pw"))
    fixture_events()
    for url in (REVIEW, EXPORT):
        response = client.get(url, RANGE)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


def test_the_admin_index_links_the_review(staff):
    page = staff.get("/admin/").content.decode()
    assert 'href="/admin/stats/review/"' in page


def test_the_review_page_shows_the_numbers(staff):
    fixture_events()
    response = staff.get(REVIEW, RANGE)
    assert response.status_code == 200
    page = response.content.decode()
    assert "htmx-2.min.js" in page and 'hx-get=""' in page
    assert 'data-stats-section="completion"' in page
    assert "<td>4</td><td>2</td><td>50.0</td>" in page  # ai: started, finished, %
    assert ko(CONNECTED, ok=3, total=4, percent="75.0") in page  # room connections
    assert ko(FAILED, failed=1, total=4, percent="25.0") in page  # 3D failures
    assert '<rect x="0" y="1" width="75.00"' in page or 'width="75.00"' in page
    assert "style=" not in page.split("<body")[1].split('id="stats-results"')[1]


def test_an_htmx_filter_change_returns_only_the_results(staff):
    fixture_events()
    response = staff.get(REVIEW, {**RANGE, "game": "dara"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page and "<form" not in page
    assert ko(CONNECTED, ok=3, total=4, percent="75.0") in page
    assert 'data-stats-section="completion"' not in page


def test_bad_filters_show_an_error_and_no_numbers(staff):
    fixture_events()
    page = staff.get(REVIEW, {"start": "2026-11-25", "end": "2026-11-15"}).content.decode()
    assert ko("The start date is after the end date.") in page
    assert "data-stats-section" not in page
    assert staff.get(REVIEW, {"start": "yesterday"}).status_code == 200
    response = staff.get(EXPORT, {"start": "2026-11-25", "end": "2026-11-15"})
    assert response.status_code == 400


def test_the_default_range_is_the_retention_window(staff):
    store([event()], when=datetime.now(UTC) - timedelta(hours=2))
    page = staff.get(REVIEW).content.decode()
    assert "<td>1</td><td>0</td>" in page


def test_the_csv_export_holds_the_aggregates(staff):
    fixture_events()
    response = staff.get(EXPORT, RANGE)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "play-statistics_2026-11-15_2026-11-25_all.csv" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["section", "group", "label", "count", "total", "rate"]
    assert ["completion", "ai", "finished", "2", "4", "0.5000"] in rows
    assert ["completion", "local", "finished", "2", "2", "1.0000"] in rows
    assert ["results", "local", "first", "1", "2", "0.5000"] in rows
    assert ["room-connection", "all", "ok", "3", "4", "0.7500"] in rows
    assert ["reconnects", "ok", "2-3", "1", "3", "0.3333"] in rows
    assert ["board-3d-failure", "all", "failed", "1", "4", "0.2500"] in rows
    assert ["board-3d-failure", "browser", "safari", "1", "1", "1.0000"] in rows
    assert ["render-speed", "ok", "50fps+", "1", "2", "0.5000"] in rows
    # header, completion, results, duration, rooms, reconnects, 3D all, by browser, os,
    # device, memory (one value), cores (one value), render
    assert len(rows) == 1 + 4 + 4 + 2 + 1 + 2 + 1 + 2 + 2 + 2 + 1 + 1 + 2


# --- Per-day chart by page language and game; words instead of stored codes ------------------


def store_with_language(events, when, lang):
    """Rows as the ingest stores them, with the page language set (validation.to_rows drops
    nothing else; the language is set here so the chart can be checked on its own)."""
    rows = to_rows(events, when)
    for row in rows:
        row.lang = lang
    Event.objects.bulk_create(rows)


def daily_events():
    day1 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    day2 = datetime(2026, 11, 22, 23, 0, tzinfo=UTC)
    store_with_language([event("game-start")] * 3 + [event("game-end")] * 2, day1, "ko")
    store_with_language([event("game-start", game="dara")] * 4, day2, "ja")
    store_with_language([event("game-start", game="dara", mode="local", level=None)], day2, "")
    store_with_language([event("room-connection")] * 5, day1, "ko")  # not a game: not counted


def test_daily_counts_by_language_and_by_game():
    daily_events()
    start, end = date(2026, 11, 19), date(2026, 11, 23)
    daily = reports.daily(reports.load_daily(start, end), start, end)
    assert [d.isoformat() for d in daily.days][:2] == ["2026-11-19", "2026-11-20"]
    assert len(daily.days) == 5
    by_lang = {s.key: (s.started, s.finished) for s in daily.by_lang}
    assert by_lang == {
        "ko": ((0, 3, 0, 0, 0), (0, 2, 0, 0, 0)),
        "ja": ((0, 0, 0, 4, 0), (0, 0, 0, 0, 0)),
        "": ((0, 0, 0, 1, 0), (0, 0, 0, 0, 0)),
    }
    assert [s.key for s in daily.by_game] == ["tic-tac-toe", "dara"]
    assert daily.by_game[1].started == (0, 0, 0, 5, 0)
    assert daily.peak == 5
    only_dara = reports.daily(reports.load_daily(start, end, "dara"), start, end)
    assert [s.key for s in only_dara.by_game] == ["dara"]
    assert reports.daily([], start, end).peak == 0


def test_the_review_page_draws_the_daily_charts(staff):
    daily_events()
    page = staff.get(REVIEW, RANGE).content.decode()
    for key in ("lang:ko", "lang:ja", "lang:none", "game:tic-tac-toe", "game:dara"):
        assert f'data-stats-daily="{key}"' in page, key
    assert 'data-stats-daily="game:score-four"' not in page
    # dara on 2026-11-22: 5 starts, the peak of the range, fills the chart's height
    dara = page.split('data-stats-daily="game:dara"')[1].split("</figure>")[0]
    assert 'y="0.00" width="4" height="40.00"' in dara
    assert '<th scope="row">2026-11-22</th><td>5</td><td>0</td>' in dara
    # the language names and the summary read by screen readers
    assert "日本語" in page and ko("language not reported") in page
    assert 'role="img" aria-label="' in page
    assert "style=" not in page.split("<body")[1].split('id="stats-results"')[1]


def test_the_review_shows_words_not_stored_codes(staff):
    fixture_events()
    page = staff.get(REVIEW, RANGE).content.decode()
    for code, field_words in (
        ("under-1m", "under 1 minute"),
        ("first", "the first player won"),
        ("2-3", "2 or 3 times"),
        ("8gb+", "8 GB or more"),
    ):
        assert f">{code}<" not in page, code
        assert ko(field_words) in page, field_words
    assert ">ai · beginner<" not in page
    assert (
        ko("%(mode)s (%(level)s)") % {"mode": ko("against the AI"), "level": ko("beginner")} in page
    )
    assert '<option value="dara">' + ko("Dara") + "</option>" in page


def test_the_admin_index_speaks_the_staff_language(staff):
    page = staff.get("/admin/").content.decode()
    assert ko("Play statistics") in page and ko("Review") in page
    assert "Play statistics" not in page.replace(ko("Play statistics"), "")


def test_every_stored_code_has_words():
    from stats import labels

    assert labels.check_complete() == []
