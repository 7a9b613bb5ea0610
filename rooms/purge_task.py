"""The room purge the running site does by itself (site_config/periodic.py): every
ROOMS_PURGE_SECONDS (default 300; 0 turns it off), started by a process's first request
(rooms/apps.py) or first room socket. `manage.py purge_rooms` does one pass.
"""

from site_config.periodic import PeriodicJob


def _purge_rooms():
    from rooms import services

    removed = services.purge()
    return removed if any(removed.values()) else None


PURGE = PeriodicJob("rooms-purge", _purge_rooms, "ROOMS_PURGE_SECONDS", 300)
ensure_started = PURGE.ensure_started
