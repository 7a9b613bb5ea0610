"""The staff review's numbers: grouped counts from the database in, aggregates out.

`load_counts` is the only database access (one GROUP BY); `summarize` is plain Python over
its rows ({field: value, ..., "n": count}), so tests can feed it known rows directly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from django.db.models import Count
from django.db.models.functions import TruncDate

from stats import schema
from stats.models import Event

DIMENSIONS = (
    "kind", "mode", "level", "rule", "result", "duration", "outcome", "reconnects", "render",
    "phone", "memory", "cores", "browser", "os",
)


@dataclass(frozen=True)
class Bar:
    """One labelled count with its share of a total (share is 0..1, None without a total)."""

    label: str
    count: int
    total: int

    @property
    def share(self) -> float | None:
        return self.count / self.total if self.total else None

    @property
    def percent(self) -> str:
        return "–" if self.share is None else f"{self.share * 100:.1f}"

    @property
    def width(self) -> str:
        """The bar's length for an SVG rect in a 100-unit-wide chart."""
        return "0" if self.share is None else f"{self.share * 100:.2f}"


@dataclass(frozen=True)
class Completion:
    mode: str
    level: str
    started: int
    finished: int

    @property
    def rate(self) -> Bar:
        return Bar(self.label, self.finished, self.started)

    @property
    def label(self) -> str:
        return f"{self.mode} · {self.level}" if self.level else self.mode


@dataclass
class Report:
    completion: list[Completion] = field(default_factory=list)
    results: dict[str, list[Bar]] = field(default_factory=dict)  # "mode · level" -> bars
    durations: list[Bar] = field(default_factory=list)
    rules: list[Bar] = field(default_factory=list)  # games started by rule setting
    room_attempts: int = 0
    room_success: Bar = field(default_factory=lambda: Bar("ok", 0, 0))
    reconnects: list[Bar] = field(default_factory=list)
    board_attempts: int = 0
    board_failure: Bar = field(default_factory=lambda: Bar("failed", 0, 0))
    failure_by: dict[str, list[Bar]] = field(default_factory=dict)  # dimension -> bars
    render: list[Bar] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.completion or self.room_attempts or self.board_attempts)


def day_range(start: date, end: date) -> tuple[datetime, datetime]:
    """[start 00:00, the day after end 00:00) in UTC."""
    low = datetime.combine(start, time.min, tzinfo=UTC)
    high = datetime.combine(end + timedelta(days=1), time.min, tzinfo=UTC)
    return low, high


def load_counts(start: date, end: date, game: str | None = None) -> list[dict]:
    low, high = day_range(start, end)
    rows = Event.objects.filter(hour__gte=low, hour__lt=high)
    if game:
        rows = rows.filter(game=game)
    return list(rows.values(*DIMENSIONS).annotate(n=Count("id")).order_by())


def summarize(rows: list[dict]) -> Report:
    report = Report()
    _games(report, [r for r in rows if r["kind"] in ("game-start", "game-end")])
    # The games that have rule settings: how many were started under each.
    started = [r for r in rows if r["kind"] == "game-start" and r["rule"]]
    report.rules = _bars(_tally(started, lambda r: r["rule"]), schema.RULES)
    _rooms(report, [r for r in rows if r["kind"] == "room-connection"])
    _boards(report, [r for r in rows if r["kind"] == "board-3d"])
    return report


def _tally(rows, key) -> Counter:
    counts: Counter = Counter()
    for row in rows:
        counts[key(row)] += row["n"]
    return counts


def _bars(counts: Counter, order, total: int | None = None) -> list[Bar]:
    total = sum(counts.values()) if total is None else total
    return [Bar(str(label), counts[label], total) for label in order if counts[label]]


def _mode_level_order():
    yield ("ai", "")
    for level in schema.LEVELS:
        yield ("ai", level)
    yield ("local", "")
    yield ("friend", "")


def _games(report: Report, rows: list[dict]) -> None:
    def key(row):
        return (row["kind"], row["mode"], row["level"])

    counts = _tally(rows, key)
    for mode, level in _mode_level_order():
        if level == "" and mode == "ai":
            # Against the AI, all levels together.
            started = sum(counts["game-start", "ai", lv] for lv in schema.LEVELS)
            finished = sum(counts["game-end", "ai", lv] for lv in schema.LEVELS)
        else:
            started = counts["game-start", mode, level]
            finished = counts["game-end", mode, level]
        if started or finished:
            report.completion.append(Completion(mode, level, started, finished))
    ends = [r for r in rows if r["kind"] == "game-end"]
    for mode, level in _mode_level_order():
        if mode == "ai" and level == "":
            continue
        chosen = [r for r in ends if r["mode"] == mode and r["level"] == level]
        order = schema.RESULTS_LOCAL if mode == "local" else schema.RESULTS_PLAYER
        bars = _bars(_tally(chosen, lambda r: r["result"]), order)
        if bars:
            report.results[f"{mode} · {level}" if level else mode] = bars
    report.durations = _bars(_tally(ends, lambda r: r["duration"]), schema.DURATIONS)


def _rooms(report: Report, rows: list[dict]) -> None:
    outcomes = _tally(rows, lambda r: r["outcome"])
    report.room_attempts = sum(outcomes.values())
    report.room_success = Bar("ok", outcomes["ok"], report.room_attempts)
    ok = [r for r in rows if r["outcome"] == "ok"]
    report.reconnects = _bars(_tally(ok, lambda r: r["reconnects"]), schema.RECONNECTS)


def _device_class(row) -> str:
    return "phone" if row["phone"] else "not a phone"


def _boards(report: Report, rows: list[dict]) -> None:
    outcomes = _tally(rows, lambda r: r["outcome"])
    report.board_attempts = sum(outcomes.values())
    report.board_failure = Bar("failed", outcomes["failed"], report.board_attempts)
    dimensions = {
        "browser": (lambda r: r["browser"], schema.BROWSERS),
        "os": (lambda r: r["os"], schema.OSES),
        "device": (_device_class, ("phone", "not a phone")),
        "memory": (lambda r: r["memory"], schema.MEMORY),
        "cores": (lambda r: r["cores"], schema.CORES),
    }
    for name, (key, order) in dimensions.items():
        attempts = _tally(rows, key)
        failed = _tally([r for r in rows if r["outcome"] == "failed"], key)
        bars = [Bar(label, failed[label], attempts[label]) for label in order if attempts[label]]
        if bars:
            report.failure_by[name] = bars
    ok = [r for r in rows if r["outcome"] == "ok" and r["render"]]
    report.render = _bars(_tally(ok, lambda r: r["render"]), schema.RENDER_SPEEDS)


def csv_rows(report: Report) -> list[list[str]]:
    """The aggregates as rows: section, group, label, count, total, rate (0..1 or empty)."""

    def row(section, group, bar: Bar):
        rate = "" if bar.share is None else f"{bar.share:.4f}"
        return [section, group, bar.label, str(bar.count), str(bar.total), rate]

    out = [["section", "group", "label", "count", "total", "rate"]]
    for item in report.completion:
        out.append(row("completion", item.label, Bar("finished", item.finished, item.started)))
    for group, bars in report.results.items():
        out += [row("results", group, bar) for bar in bars]
    out += [row("duration", "game-end", bar) for bar in report.durations]
    out += [row("rule", "game-start", bar) for bar in report.rules]
    if report.room_attempts:
        out.append(row("room-connection", "all", report.room_success))
    out += [row("reconnects", "ok", bar) for bar in report.reconnects]
    if report.board_attempts:
        out.append(row("board-3d-failure", "all", report.board_failure))
    for name, bars in report.failure_by.items():
        out += [row("board-3d-failure", name, bar) for bar in bars]
    out += [row("render-speed", "ok", bar) for bar in report.render]
    return out


# --- Games started and finished per day, by page language and by game ------------------------


@dataclass(frozen=True)
class Series:
    """Games started and finished on each day of a range, for one language or one game."""

    key: str  # a language code ("" when the event did not say) or a game slug
    started: tuple[int, ...]
    finished: tuple[int, ...]

    @property
    def total_started(self) -> int:
        return sum(self.started)

    @property
    def total_finished(self) -> int:
        return sum(self.finished)


@dataclass(frozen=True)
class Daily:
    days: tuple[date, ...]
    by_lang: tuple[Series, ...]
    by_game: tuple[Series, ...]

    @property
    def peak(self) -> int:
        """The largest count of any day in any series: one scale for every chart."""
        return max((n for s in self.by_lang + self.by_game for n in s.started + s.finished),
                   default=0)


def load_daily(start: date, end: date, game: str | None = None) -> list[dict]:
    """Rows {day, kind, lang, game, n} of game starts and ends (days in UTC)."""
    low, high = day_range(start, end)
    rows = Event.objects.filter(hour__gte=low, hour__lt=high, kind__in=("game-start", "game-end"))
    if game:
        rows = rows.filter(game=game)
    rows = rows.annotate(day=TruncDate("hour", tzinfo=UTC))
    return list(rows.values("day", "kind", "lang", "game").annotate(n=Count("id")).order_by())


def daily(rows: list[dict], start: date, end: date) -> Daily:
    """Every day of [start, end], each language and each game that has a game in the range
    (in the schema's order; events without a language last)."""
    days = tuple(start + timedelta(days=i) for i in range((end - start).days + 1))
    index = {day: i for i, day in enumerate(days)}

    def series(field: str, order) -> tuple[Series, ...]:
        out = []
        for key in order:
            started, finished = [0] * len(days), [0] * len(days)
            for row in rows:
                if row[field] == key and row["day"] in index:
                    target = started if row["kind"] == "game-start" else finished
                    target[index[row["day"]]] += row["n"]
            if any(started) or any(finished):
                out.append(Series(key, tuple(started), tuple(finished)))
        return tuple(out)

    return Daily(days, series("lang", (*schema.LANGS, "")), series("game", schema.GAME_SLUGS))
