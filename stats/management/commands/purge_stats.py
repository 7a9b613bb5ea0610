from django.core.management.base import BaseCommand

from stats.purge import cutoff, purge
from stats.schema import RETENTION_DAYS


class Command(BaseCommand):
    help = f"Delete statistics events older than {RETENTION_DAYS} days."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="count what would be deleted; delete nothing"
        )

    def handle(self, *args, dry_run=False, **options):
        count = purge(dry_run=dry_run)
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(
            f"{verb} {count} statistics events from before {cutoff():%Y-%m-%d %H:%M} UTC"
        )
