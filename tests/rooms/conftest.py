"""Room tests: no background purge in the test process (tests call services.purge), and the
in-memory message budget (throttle.limiter, used when there is no Redis) starts empty."""

import os

import pytest

os.environ["ROOMS_PURGE_SECONDS"] = "0"


@pytest.fixture(autouse=True)
def _fresh_message_budget():
    from throttle import limiter

    limiter._memory.clear()
    yield
    limiter._memory.clear()
