from django.apps import AppConfig


class ThrottleConfig(AppConfig):
    name = "throttle"
    verbose_name = "Rate limits"
