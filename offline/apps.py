from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "offline"
    verbose_name = "Offline play"
