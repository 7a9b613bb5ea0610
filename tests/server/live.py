"""A real daphne process started the way `make run` (scripts/run.sh) or the documented
production command starts it, for the server-level tests: its whole output is kept."""

from __future__ import annotations

from pathlib import Path

from tools.rooms_harness import Daphne, run_sh_daphne_args  # noqa: F401 - tests import it here


class LiveServer(Daphne):
    """daphne on a free loopback port with `args` (which end with the application). Settings:
    site_config.settings_test, the production settings reading static files from the source
    folders, so pages render without a collectstatic step. `stop()` returns the output."""

    def __init__(self, args: list[str], extra_env: dict[str, str], log_path: Path):
        super().__init__(extra_env, log_path, args=args, settings="site_config.settings_test")
