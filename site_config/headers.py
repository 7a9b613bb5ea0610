"""Response headers Django has no setting for: Permissions-Policy (settings.PERMISSIONS_POLICY)."""

from __future__ import annotations

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin


def permissions_policy(policy: dict[str, list[str]]) -> str:
    """`camera=(), web-share=(self)`: each feature with its allowed origins."""
    return ", ".join(f"{feature}=({' '.join(origins)})" for feature, origins in policy.items())


class PermissionsPolicyMiddleware(MiddlewareMixin):
    # MiddlewareMixin: works in the async chain without a thread hop.
    def process_response(self, request, response):
        response.headers.setdefault(
            "Permissions-Policy", permissions_policy(settings.PERMISSIONS_POLICY)
        )
        return response
