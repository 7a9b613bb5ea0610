from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Play statistics")

    def ready(self) -> None:
        from django.core.signals import request_started

        from stats import purge_task

        # The first request a server process handles starts its periodic purge
        # (stats/purge_task.py); later requests find the thread alive and return at once.
        request_started.connect(purge_task.ensure_started, dispatch_uid="stats-purge-start")
