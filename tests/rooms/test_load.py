"""The busy rule alone (rooms/load.py `Watch`), measurement by measurement: saturation is
lateness that lasts (most ticks of the loop's window late, trip after trip through the
database thread slow, queues full count after count), never a single late moment; the
refusal then holds for ROOMS_BUSY_HOLD_SECONDS. tests/rooms/test_busy.py checks the same on a
real event loop and its sockets."""

from __future__ import annotations

import pytest

from rooms import load


def watch(settings):
    settings.ROOMS_BUSY_LAG_MS, settings.ROOMS_BUSY_QUEUED = 250, 2000
    settings.ROOMS_BUSY_HOLD_SECONDS = 10
    return load.Watch(layer=None)


def test_a_single_late_moment_is_not_saturation(settings):
    watcher, now = watch(settings), 100.0
    for late in [0, 3, 9000, 2, 0, 1, 0, 0, 0, 4]:  # one tick nine seconds late: a GC pause
        now += 0.25
        watcher.tick(late, now)
    watcher.hop(9000, now)  # one database call that took nine seconds
    watcher.count(50_000, now)  # one burst of queued messages
    for _ in range(2):
        watcher.hop(3, now)
        watcher.tick(0, now)
    watcher.count(10, now)
    assert not watcher.saturated() and watcher.busy_until == 0.0


@pytest.mark.parametrize(
    "measure",
    [
        # most ticks of two seconds late (a late one now and then between them changes nothing)
        lambda w, now: [w.tick(late, now) for late in [300, 900, 0, 400, 260, 300, 10, 700]],
        lambda w, now: [w.hop(took, now) for took in [600, 5, 700]],  # trip after trip slow
        lambda w, now: [w.count(queued, now) for queued in [2500, 9000]],  # a lasting backlog
    ],
)
def test_lateness_that_lasts_is_saturation_and_holds(settings, measure):
    watcher, now = watch(settings), 100.0
    measure(watcher, now)
    assert watcher.saturated() and watcher.busy_until == now + 10
    for _ in range(8):  # back on time: the measurements no longer say saturated ...
        watcher.tick(0, now)
        watcher.hop(1, now)
        watcher.count(0, now)
    assert not watcher.saturated()
    watcher.tick(0, now + 9.9)
    assert watcher.refusing  # ... but the refusal holds for ROOMS_BUSY_HOLD_SECONDS
    watcher.tick(0, now + 10.1)
    assert not watcher.refusing
