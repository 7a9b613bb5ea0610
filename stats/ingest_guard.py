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

The rate limit is the site's one limiter (throttle/: Redis when REDIS_URL is set, the
database otherwise, so every server process counts together): `STATS_BATCHES`, a bucket of 30
batches per client (IPv4 address or IPv6 /64) refilling one every 2 s, stored only as an HMAC
while the client is limited.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from throttle import limiter, limits

CONTENT_TYPES = ("text/plain", "application/json")
# For the refusal's words: a full bucket takes this long to refill.
RATE_MAX_BATCHES = limits.STATS_BATCHES.capacity
RATE_WINDOW_SECONDS = round(limits.STATS_BATCHES.capacity * limits.STATS_BATCHES.refill_seconds)


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
    """Counts this batch; True when the client's allowance (limits.STATS_BATCHES) is spent."""
    client = limiter.client_key(request.META.get("REMOTE_ADDR"))
    return not limiter.allow(limits.STATS_BATCHES, client, now)
