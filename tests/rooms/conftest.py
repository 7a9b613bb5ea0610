"""Room tests: no background purge in the test process (tests call services.purge)."""

import os

os.environ["ROOMS_PURGE_SECONDS"] = "0"
