"""The statistics purge the running site does by itself (site_config/periodic.py): every
STATS_PURGE_SECONDS (default 3600; 0 turns it off), started by a process's first request
(stats/apps.py), the endpoint or the review page. `manage.py purge_stats` does one pass.
"""

from site_config.periodic import PeriodicJob


def _purge_events():
    from stats.purge import purge

    return purge()


PURGE = PeriodicJob("stats-purge", _purge_events, "STATS_PURGE_SECONDS", 3600)
ensure_started = PURGE.ensure_started
