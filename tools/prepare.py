"""What `make run` does before serving, in one Django start: apply migrations, and collect
static files only when a source changed since the last collection.

    .venv/bin/python -m tools.prepare

`collectstatic` hashes and compresses (gzip and Brotli) every file, about 30 s here; doing it
on every start made a second `make run` take most of a minute. The sources' fingerprint (each
file's path, size and modification time, as the static finders list them, plus the storage
settings) is written next to the collected files; when it matches, nothing is collected.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

STAMP_NAME = ".sources.sha256"


def sources_fingerprint() -> str:
    from django.conf import settings
    from django.contrib.staticfiles.finders import get_finders

    digest = hashlib.sha256()
    digest.update(repr(settings.STORAGES["staticfiles"]).encode())
    digest.update(settings.STATIC_URL.encode())
    entries = []
    for finder in get_finders():
        for path, storage in finder.list([]):
            stat = os.stat(storage.path(path))
            entries.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}")
    for entry in sorted(entries):
        digest.update(entry.encode() + b"\n")
    return digest.hexdigest()


def collect_if_changed(verbosity: int = 0) -> bool:
    """Collect static files if a source changed; True if it collected."""
    from django.conf import settings
    from django.core.management import call_command

    root = Path(settings.STATIC_ROOT)
    stamp = root / STAMP_NAME
    fingerprint = sources_fingerprint()
    if stamp.exists() and stamp.read_text().strip() == fingerprint:
        return False
    stamp.unlink(missing_ok=True)  # a collection cut short must not look complete
    call_command("collectstatic", interactive=False, verbosity=verbosity)
    stamp.write_text(fingerprint + "\n")
    return True


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0, skip_checks=True)
    collected = collect_if_changed()
    print("static files: " + ("collected" if collected else "unchanged, not collected"))


if __name__ == "__main__":
    main()
