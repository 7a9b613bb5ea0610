from django.apps import AppConfig
from django.core.signals import request_started


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Rooms"

    def ready(self) -> None:
        # The periodic room purge starts with the first request a server process serves
        # (rooms/purge_task.py); room sockets start it too, for processes serving only those.
        from rooms import purge_task

        request_started.connect(purge_task.ensure_started, dispatch_uid="rooms-purge")
