"""The admin's login form, limited: each attempt takes a token of `limits.ADMIN_LOGIN` for
the client's address before any password is checked, so guessing is slow from anywhere."""

from __future__ import annotations

from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from throttle import limiter, limits


class LimitedAdminAuthenticationForm(AdminAuthenticationForm):
    error_messages = {
        **AdminAuthenticationForm.error_messages,
        "rate_limited": _("Too many login attempts from here. Wait a minute and try again."),
    }

    def clean(self):
        address = self.request.META.get("REMOTE_ADDR") if self.request else None
        if not limiter.allow(limits.ADMIN_LOGIN, limiter.client_key(address)):
            raise ValidationError(self.error_messages["rate_limited"], code="rate_limited")
        return super().clean()
