"""The daily puzzle over HTTP: the page, the page's data and the public API.

    GET /api/daily/YYYY-MM-DD          {"date", "puzzles": [{"game", "moves", "to_move",
                                        "win_in"}, ...]}   (docs/DAILY.md)
    GET /daily/puzzles/YYYY-MM-DD.json the same with the day's number, answer and defence,
                                       for the page (cached by the service worker)
    GET /<lang>/daily/[YYYY-MM-DD/]    the page; which date is "today" is the browser's

A date is served up to the last one any calendar on Earth shows now (UTC+14): 404 after
it or outside the schedule, 400 when it is not a date (the answer never repeats the input).
"""

from __future__ import annotations

import datetime as dt
import re

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from daily import schedule, words
from games import content, play_words, registry
from games.catalog import BY_SLUG

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _refuse(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"error": code, "detail": detail}, status=status)


def _day(text: str) -> tuple[dict | None, JsonResponse | None]:
    """The scheduled day for `text`, or the refusal to send."""
    try:
        if not DATE.fullmatch(text):
            raise ValueError
        date = dt.date.fromisoformat(text)
    except ValueError:
        return None, _refuse(400, "bad-date", "the date must be a calendar date, YYYY-MM-DD")
    if date > schedule.latest_servable(timezone.now()):
        return None, _refuse(404, "not-yet", "this date's puzzles are not out yet anywhere")
    day = schedule.day(date)
    if day is None:
        return None, _refuse(404, "no-puzzle", "there is no puzzle for this date")
    return day, None


def api_day(request: HttpRequest, date: str) -> JsonResponse:
    day, refusal = _day(date)
    if refusal is not None:
        return refusal
    assert day is not None
    response = JsonResponse(
        {"date": day["date"], "puzzles": [schedule.public(p) for p in day["puzzles"]]}
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response


def page_data(request: HttpRequest, date: str) -> JsonResponse:
    day, refusal = _day(date)
    if refusal is not None:
        return refusal
    assert day is not None
    response = JsonResponse(day)
    response["Cache-Control"] = "public, max-age=3600"
    return response


def page(request: HttpRequest, date: str | None = None) -> HttpResponse:
    if date is not None:
        _day_found, refusal = _day(date)
        if refusal is not None:
            raise Http404("no puzzle for this date")
    data = schedule.load()
    # The games with puzzles: the 3D board's game has its own section, the 2D ones share one.
    games = [entry for entry in registry.GAMES if entry.puzzles is not None]
    boards = [(BY_SLUG[entry.slug], play_words.for_game(BY_SLUG[entry.slug])) for entry in games]
    context = {
        "meta": content.page_meta("daily"),
        "page_key": "daily",
        "board3d": next(BY_SLUG[entry.slug] for entry in games if entry.board_kind == "3d"),
        "family": [
            board for board, entry in zip(boards, games, strict=True) if entry.board_kind == "2d"
        ],
        "boards": [({"strings_id": f"ui-strings-{entry.slug}"}, words) for entry, words in boards],
        "daily_ui": words.ui(),
        "first_date": data["start"],
        "last_date": data["days"][-1]["date"],
        "date": date or "",
    }
    return render(request, "daily/daily.html", context)
