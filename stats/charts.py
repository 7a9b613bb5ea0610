"""The review's per-day chart as drawing instructions for the template: one small SVG per
series (a language or a game), two bars a day (started, finished) on one shared scale, so
the charts compare at a glance. Numbers come from stats/reports.py; words from labels.py."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from stats import labels
from stats.reports import Daily, Series

SLOT = 10  # SVG units per day
BAR = 4  # width of one bar
HEIGHT = 40  # drawing height; the viewBox adds nothing else (axis text is outside the SVG)


@dataclass(frozen=True)
class DayBars:
    day: str  # ISO date
    started: int
    finished: int
    x_started: int
    x_finished: int
    h_started: str
    h_finished: str
    y_started: str
    y_finished: str


@dataclass(frozen=True)
class Chart:
    key: str
    label: str
    width: int
    summary: str  # the chart in one sentence, for screen readers
    days: tuple[DayBars, ...]
    total_started: int
    total_finished: int


def _height(count: int, peak: int) -> float:
    return 0.0 if not peak else HEIGHT * count / peak


def chart(series: Series, field: str, daily: Daily) -> Chart:
    peak = daily.peak
    name = labels.label(field, series.key) if series.key else _("language not reported")
    bars = []
    for i, day in enumerate(daily.days):
        hs, hf = _height(series.started[i], peak), _height(series.finished[i], peak)
        bars.append(DayBars(
            day.isoformat(), series.started[i], series.finished[i],
            i * SLOT + 1, i * SLOT + 1 + BAR,
            f"{hs:.2f}", f"{hf:.2f}", f"{HEIGHT - hs:.2f}", f"{HEIGHT - hf:.2f}",
        ))
    summary = _("%(name)s: %(started)s started, %(finished)s finished, %(start)s to %(end)s") % {
        "name": name, "started": series.total_started, "finished": series.total_finished,
        "start": daily.days[0].isoformat(), "end": daily.days[-1].isoformat(),
    }
    return Chart(series.key, name, len(daily.days) * SLOT, summary, tuple(bars),
                 series.total_started, series.total_finished)


def charts(daily: Daily) -> dict[str, list[Chart]]:
    return {
        "lang": [chart(s, "lang", daily) for s in daily.by_lang],
        "game": [chart(s, "game", daily) for s in daily.by_game],
    }
