"""The room socket's Origin check: the page that opens a socket must be this site itself, the
same scheme, host and port (as Django's CSRF check requires of a form post), or one of
CSRF_TRUSTED_ORIGINS. Channels' AllowedHostsOriginValidator compares host names only, so
`http://table.example:8080` or `http://` on an HTTPS site would pass it."""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _header(scope: dict, name: bytes) -> str | None:
    for header, value in scope.get("headers", ()):
        if header == name:
            return value.decode("latin-1")
    return None


def _origin_tuple(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    host, port = split_domain_port(netloc.lower())
    if not host or scheme not in DEFAULT_PORTS:
        return None
    if port and not port.isdigit():
        return None
    return scheme, host, int(port) if port else DEFAULT_PORTS[scheme]


def same_origin(scope: dict) -> bool:
    origin, host = _header(scope, b"origin"), _header(scope, b"host")
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    domain, _port = split_domain_port(host.lower())
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.path or parts.query or parts.fragment or parts.username or parts.password:
        return False
    # The site's own scheme: HTTPS=1 means every page is served over TLS (behind the proxy).
    scheme = "https" if settings.HTTPS else "http"
    claimed = _origin_tuple(parts.scheme, parts.netloc)
    return claimed is not None and claimed == _origin_tuple(scheme, host)


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
