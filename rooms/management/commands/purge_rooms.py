from django.core.management.base import BaseCommand

from rooms import services


class Command(BaseCommand):
    help = "Delete expired friend rooms, stale connection rows and passed limiter windows."

    def handle(self, *args, **options):
        removed = services.purge()
        self.stdout.write(
            "purged {rooms} rooms, {connections} stale connections, "
            "{limiter_buckets} limiter buckets".format(**removed)
        )
