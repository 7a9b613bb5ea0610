"""Settings load on the embedded defaults and in production mode; --deploy checks are clean."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "HTTPS": "1",
    "SECRET_KEY": "t3st-only-" + "k" * 60,
    "ALLOWED_HOSTS": "littletable.example",
    "CSRF_TRUSTED_ORIGINS": "https://littletable.example",
    "DATABASE_URL": "postgres://table:secret@127.0.0.1:5432/table",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}
EMBEDDED_KEYS = set(PRODUCTION) | {"SQLITE_PATH"}


def run(args, env_overrides, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in EMBEDDED_KEYS}
    env.update(env_overrides)
    env["DJANGO_SETTINGS_MODULE"] = "site_config.settings"
    env["LITTLE_TABLE_LOCAL_DIR"] = str(tmp_path / "local")
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


DESCRIBE = (
    "import django; django.setup(); from django.conf import settings as s;"
    "print(s.DATABASES['default']['ENGINE']); print(s.CHANNEL_LAYERS['default']['BACKEND']);"
    "print(s.DEBUG, len(s.SECRET_KEY) >= 50, s.ALLOWED_HOSTS)"
)


def test_embedded_defaults_need_no_service_and_make_a_secret_key_once(tmp_path):
    first = run(["-c", DESCRIBE], {}, tmp_path)
    assert first.returncode == 0, first.stderr
    engine, layer, rest = first.stdout.splitlines()
    assert engine == "django.db.backends.sqlite3"
    assert layer == "site_config.channel_layer.EmbeddedChannelLayer"
    assert rest.startswith("False True")
    key_file = tmp_path / "local" / "secret_key"
    key = key_file.read_text()
    assert len(key) >= 50 and oct(key_file.stat().st_mode)[-3:] == "600"
    assert run(["-c", DESCRIBE], {}, tmp_path).returncode == 0
    assert key_file.read_text() == key


def test_production_variables_switch_to_postgres_and_redis(tmp_path):
    result = run(["-c", DESCRIBE], PRODUCTION, tmp_path)
    assert result.returncode == 0, result.stderr
    engine, layer, rest = result.stdout.splitlines()
    assert engine == "django.db.backends.postgresql"
    assert layer == "site_config.channel_layer.PubSubChannelLayer"
    assert rest == "False True ['littletable.example']"
    assert not (tmp_path / "local" / "secret_key").exists()


def test_check_deploy_is_clean_with_production_variables(tmp_path):
    # The one silenced check is W021, "SECURE_HSTS_PRELOAD is not True": preload is opt-in.
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION, tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (1 silenced)." in result.stdout
    preload = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        {**PRODUCTION, "HSTS_PRELOAD": "1"},
        tmp_path,
    )
    assert preload.returncode == 0, preload.stdout + preload.stderr
    assert "System check identified no issues (0 silenced)." in preload.stdout


SECURITY = (
    "import django; django.setup(); from django.conf import settings as s;"
    "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_PRELOAD, s.SILENCED_SYSTEM_CHECKS,"
    " s.CSRF_COOKIE_HTTPONLY, s.CSRF_COOKIE_SECURE)"
)


def test_hsts_preload_only_when_asked_for(tmp_path):
    plain = run(["-c", SECURITY], PRODUCTION, tmp_path)
    assert plain.stdout.strip() == "31536000 False ['security.W021'] True True", plain.stderr
    asked = run(["-c", SECURITY], {**PRODUCTION, "HSTS_PRELOAD": "1"}, tmp_path)
    assert asked.stdout.strip() == "31536000 True [] True True", asked.stderr
    # Without HTTPS there is no HSTS at all, so nothing to preload.
    embedded = run(["-c", SECURITY], {"HSTS_PRELOAD": "1"}, tmp_path)
    assert embedded.stdout.strip() == "0 False [] True False", embedded.stderr


@pytest.mark.parametrize(
    "outside_the_embedded_default",
    [
        {"HTTPS": "1"},
        {"DATABASE_URL": PRODUCTION["DATABASE_URL"]},
        {"REDIS_URL": PRODUCTION["REDIS_URL"]},
        {**PRODUCTION, "SECRET_KEY": "   "},
    ],
    ids=["https", "database", "redis", "blank key"],
)
def test_a_missing_secret_key_is_an_error_outside_the_embedded_default(
    tmp_path, outside_the_embedded_default
):
    env = dict(outside_the_embedded_default)
    if "SECRET_KEY" not in env:
        env["DEBUG"] = "0"
    result = run(["-c", DESCRIBE], env, tmp_path)
    assert result.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is not set" in result.stderr
    assert not (tmp_path / "local" / "secret_key").exists()
    # The same refusal stops the server command before it serves anything.
    check = run(["manage.py", "check"], env, tmp_path)
    assert check.returncode != 0 and "SECRET_KEY is not set" in check.stderr


def test_the_deploy_templates_unix_socket_urls_reach_postgres_and_redis_by_path(tmp_path):
    """deploy/little-table.env names both services by their Unix sockets: the database's host
    is the socket directory, and channels-redis and the limiter get the socket's URL."""
    from tests.deploy.stack import env_file

    template = env_file(ROOT / "deploy" / "little-table.env")
    urls = {key: template[key] for key in ("DATABASE_URL", "REDIS_URL")}
    describe = (
        "import django; django.setup(); from django.conf import settings as s;"
        "print(s.DATABASES['default']['HOST']);"
        "print(s.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['address']); print(s.REDIS_URL)"
    )
    result = run(["-c", describe], PRODUCTION | urls, tmp_path)
    assert result.returncode == 0, result.stderr
    host, layer_address, limiter_url = result.stdout.splitlines()
    assert host == "/var/run/postgresql"
    assert layer_address == limiter_url == "unix:///run/redis/redis-server.sock?db=0"
