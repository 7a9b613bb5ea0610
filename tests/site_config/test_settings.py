"""Settings load on the embedded defaults and in production mode; --deploy checks are clean."""

import os
import subprocess
import sys
from pathlib import Path

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
    assert layer == "channels_redis.core.RedisChannelLayer"
    assert rest == "False True ['littletable.example']"
    assert not (tmp_path / "local" / "secret_key").exists()


def test_check_deploy_is_clean_with_production_variables(tmp_path):
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION, tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
