"""What the endpoint checks before it reads a batch: the origin, the content type and a
per-client rate.

Why no CSRF token: navigator.sendBeacon cannot set request headers, so the CSRF header
cannot ride along, and the page must not need a cookie to send statistics. The endpoint is
exempt from Django's CSRF check and makes its own, which is what CSRF protection is for here:
a cross-site page must not be able to write into the statistics. Browsers attach `Origin`
to every POST (and `Sec-Fetch-Site` in current ones); the request is refused unless `Origin`
names this site (its own host, or one of CSRF_TRUSTED_ORIGINS), or, without `Origin`,
`Sec-Fetch-Site` says `same-origin`. A request with neither header is refused. The body must
be `text/plain` (what sendBeacon sends for a string, and a type that needs no CORS preflight)
or `application/json`.

The rate limit counts batches per client in the cache (Django's local-memory cache unless
CACHES says otherwise), keyed by an HMAC of the client address and the current window that is
never stored in the database and expires with the window.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

CONTENT_TYPES = ("text/plain", "application/json")
RATE_WINDOW_SECONDS = 60
RATE_MAX_BATCHES = 30


def origin_problem(request: HttpRequest) -> str | None:
    """Why the request is not same-origin, or None."""
    origin = request.headers.get("Origin")
    if origin is not None:
        own = f"{request.scheme}://{request.get_host()}"
        if origin == own or origin in settings.CSRF_TRUSTED_ORIGINS:
            return None
        return f"Origin {origin[:80]!r} is not this site"
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site == "same-origin":
        return None
    if fetch_site is not None:
        return f"Sec-Fetch-Site is {fetch_site[:20]!r}, not 'same-origin'"
    return "the request has neither Origin nor Sec-Fetch-Site"


def content_type_problem(request: HttpRequest) -> str | None:
    content_type = request.content_type or ""
    if content_type in CONTENT_TYPES:
        return None
    return f"content type {content_type[:60]!r} is not one of {', '.join(CONTENT_TYPES)}"


def over_rate(request: HttpRequest, now: float | None = None) -> bool:
    """Counts this batch; True when the client sent more than RATE_MAX_BATCHES this window."""
    window = int((time.time() if now is None else now) // RATE_WINDOW_SECONDS)
    client = request.META.get("REMOTE_ADDR", "")
    digest = hmac.new(
        settings.SECRET_KEY.encode(), f"stats-rate|{window}|{client}".encode(), hashlib.sha256
    ).hexdigest()[:32]
    key = f"stats-rate:{digest}"
    cache.add(key, 0, timeout=RATE_WINDOW_SECONDS * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=RATE_WINDOW_SECONDS * 2)
        count = 1
    return count > RATE_MAX_BATCHES
