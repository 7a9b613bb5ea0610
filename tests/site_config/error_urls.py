"""The site's URLs (and its error handlers) plus views that fail on purpose, for
tests/site_config/test_error_pages.py: the 403, 400 and 500 pages are only seen when a view
raises."""

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.urls import re_path

from site_config.urls import handler400, handler403, handler404, handler500, urlpatterns

FAILURES = {"403": PermissionDenied, "400": SuspiciousOperation, "500": RuntimeError}


def fail(request, status):
    raise FAILURES[status]("raised on purpose by a test")


urlpatterns = [
    *urlpatterns,
    re_path(r"^(?:(?:ko|ja|zh-hans)/)?fail/(?P<status>403|400|500)/$", fail),
]
__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]
