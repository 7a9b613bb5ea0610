"""The staff review page's filter form and views (wired into the admin by stats/admin.py)."""

from __future__ import annotations

import csv
from datetime import timedelta

from django import forms
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from stats import charts, labels, purge_task, puzzles, reports, schema
from stats.schema import RETENTION_DAYS

MAX_RANGE_DAYS = 366
FAILURE_TITLES = {
    "browser": _("3D failure rate by browser"),
    "os": _("3D failure rate by operating system"),
    "device": _("3D failure rate by device class"),
    "memory": _("3D failure rate by memory"),
    "cores": _("3D failure rate by CPU cores"),
}


def default_range():
    today = timezone.now().date()
    return today - timedelta(days=RETENTION_DAYS - 1), today


class ReviewFilter(forms.Form):
    start = forms.DateField(label=_("From"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("To"), widget=forms.DateInput(attrs={"type": "date"}))
    game = forms.ChoiceField(
        label=_("Game"), required=False, choices=[("", _("All games"))] + [
            (slug, labels.VALUES["game"][slug]) for slug in schema.GAME_SLUGS
        ],
    )

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end:
            if start > end:
                raise forms.ValidationError(_("The start date is after the end date."))
            if (end - start).days >= MAX_RANGE_DAYS:
                raise forms.ValidationError(
                    _("Choose at most %(days)d days.") % {"days": MAX_RANGE_DAYS}
                )
        return data


def bound_filter(request: HttpRequest) -> ReviewFilter:
    start, end = default_range()
    data = {
        "start": request.GET.get("start") or start.isoformat(),
        "end": request.GET.get("end") or end.isoformat(),
        "game": request.GET.get("game", ""),
    }
    return ReviewFilter(data)


def report_for(form: ReviewFilter) -> reports.Report | None:
    if not form.is_valid():
        return None
    data = form.cleaned_data
    return reports.summarize(reports.load_counts(data["start"], data["end"], data["game"] or None))


def daily_charts(form: ReviewFilter) -> dict[str, list[charts.Chart]] | None:
    """Games started and finished per day, by page language and by game (valid filters only)."""
    if not form.is_valid():
        return None
    data = form.cleaned_data
    rows = reports.load_daily(data["start"], data["end"], data["game"] or None)
    return charts.charts(reports.daily(rows, data["start"], data["end"]))


def puzzle_table(form: ReviewFilter) -> list[puzzles.PuzzleDay]:
    data = form.cleaned_data
    return puzzles.puzzle_days(
        puzzles.load_puzzle_counts(data["start"], data["end"], data["game"] or None)
    )


def review(request: HttpRequest, context: dict) -> HttpResponse:
    purge_task.ensure_started()
    form = bound_filter(request)
    report = report_for(form)
    failure_sections = [
        (name, FAILURE_TITLES[name], bars) for name, bars in (report.failure_by.items())
    ] if report else []
    context = {
        **context,
        "form": form,
        "report": report,
        "failure_sections": failure_sections,
        "daily": daily_charts(form) if report else None,
        "puzzles": puzzle_table(form) if report else None,
        "chart_height": charts.HEIGHT,
        "query": request.GET.urlencode(),
        "retention_days": RETENTION_DAYS,
    }
    # htmx filter changes swap only the results.
    template = "stats/admin/_results.html" if request.htmx else "stats/admin/review.html"
    return TemplateResponse(request, template, context)


def export_csv(request: HttpRequest) -> HttpResponse:
    form = bound_filter(request)
    report = report_for(form)
    if report is None:
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return HttpResponse(errors, status=400, content_type="text/plain; charset=utf-8")
    data = form.cleaned_data
    name = f"play-statistics_{data['start']}_{data['end']}_{data['game'] or 'all'}.csv"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    csv.writer(response).writerows(reports.csv_rows(report))
    return response
