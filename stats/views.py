"""POST /api/stats/events: one batch of statistics events (schema: stats/schema.py).

Answers 204 when the whole batch is stored; otherwise nothing is stored and the answer is
JSON {"error": code, "detail": text}: 403 cross-origin, 415 content-type, 429 rate-limited,
413 too-large, 400 for everything else about the body (stats/validation.py). Why no CSRF token:
stats/ingest_guard.py. Nothing from the request but the checked body is stored: no address,
no user agent, no cookie, no header; the time is the hour the batch arrived in.
"""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from stats import ingest_guard, purge_task, schema
from stats.models import Event
from stats.validation import BatchError, parse_batch, to_rows


def _refuse(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"error": code, "detail": detail}, status=status)


@csrf_exempt
@require_POST
def events(request: HttpRequest) -> HttpResponse:
    purge_task.ensure_started()
    problem = ingest_guard.origin_problem(request)
    if problem:
        return _refuse(403, "cross-origin", problem)
    problem = ingest_guard.content_type_problem(request)
    if problem:
        return _refuse(415, "content-type", problem)
    # Under the server, site_config/body_limit.py has refused a body over the cap before
    # Django read it (chunked ones too); this is the same check for any other way in.
    declared = request.META.get("CONTENT_LENGTH") or "0"
    if declared.isdigit() and int(declared) > schema.MAX_BODY_BYTES:
        return _refuse(
            413, "too-large", f"the body has {declared} bytes; at most {schema.MAX_BODY_BYTES}"
        )
    if ingest_guard.over_rate(request):
        return _refuse(
            429,
            "rate-limited",
            f"more than {ingest_guard.RATE_MAX_BATCHES} batches in "
            f"{ingest_guard.RATE_WINDOW_SECONDS} s",
        )
    try:
        checked = parse_batch(request.body)
    except BatchError as error:
        return _refuse(413 if error.code == "too-large" else 400, error.code, error.detail)
    with transaction.atomic():
        Event.objects.bulk_create(to_rows(checked, timezone.now()))
    return HttpResponse(status=204)
