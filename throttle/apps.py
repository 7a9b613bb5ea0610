from django.apps import AppConfig


class ThrottleConfig(AppConfig):
    name = "throttle"
    verbose_name = "Rate limits"

    def ready(self) -> None:
        from django.contrib import admin

        from throttle.admin_login import LimitedAdminAuthenticationForm

        admin.site.login_form = LimitedAdminAuthenticationForm
