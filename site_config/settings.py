"""Settings for little table.

Embedded defaults need no service: SQLite and the in-memory channel layer, with a secret key
generated once into `.local/secret_key`. Production switches by environment variables:
SECRET_KEY, DEBUG, ALLOWED_HOSTS, DATABASE_URL (PostgreSQL), REDIS_URL (channels-redis),
CSRF_TRUSTED_ORIGINS, HTTPS (TLS in front: secure cookies, HSTS, redirect), HSTS_PRELOAD,
LOG_LEVEL. Outside the embedded default (HTTPS, DATABASE_URL or REDIS_URL set) SECRET_KEY
must be given: see `embedded_default`.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from site_config import redis_hosts

BASE_DIR = Path(__file__).resolve().parent.parent
LOCAL_DIR = Path(os.environ.get("LITTLE_TABLE_LOCAL_DIR", BASE_DIR / ".local"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    return [item.strip() for item in value.split(",") if item.strip()] or default


def local_secret_key() -> str:
    """A key made once per checkout, so a fresh clone runs without configuration."""
    path = LOCAL_DIR / "secret_key"
    if not path.exists():
        LOCAL_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def embedded_default() -> bool:
    """True for the zero-configuration setup of `make run`: plain HTTP, SQLite and the
    in-memory channel layer, so one process on one machine. Only there may the secret key be
    generated: anything more (TLS in front, a shared database or Redis) means processes or
    machines that must share one key, and a key generated per machine would differ between
    them (sessions, signed values and rate-limit keys would break at random)."""
    return not (
        env_bool("HTTPS", False) or os.environ.get("DATABASE_URL") or os.environ.get("REDIS_URL")
    )


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if not embedded_default():
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With HTTPS, DATABASE_URL or REDIS_URL set, every process "
            "must be given the same SECRET_KEY (for example from `python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(50))'`); only the embedded default generates one."
        )
    SECRET_KEY = local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# --- Operator contact -------------------------------------------------------------------------
# OPERATOR_CONTACT: where people reach whoever runs the site, an e-mail address or an https://
# URL. The privacy pages show it in every language when it is set (Korean readers expect a
# contact on a privacy policy). Anything else stops the server at start with a clear message.
OPERATOR_CONTACT = os.environ.get("OPERATOR_CONTACT", "").strip()
if OPERATOR_CONTACT:
    from django.core.exceptions import ImproperlyConfigured, ValidationError
    from django.core.validators import EmailValidator, URLValidator

    _check = (URLValidator(schemes=["https"]) if OPERATOR_CONTACT.startswith("https://")
              else EmailValidator())
    try:
        _check(OPERATOR_CONTACT)
    except ValidationError:
        raise ImproperlyConfigured(
            "OPERATOR_CONTACT must be an e-mail address or an https:// URL"
        ) from None

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "channels",
    "django_htmx",
    "csp",
    "games",
    "rooms",
    "throttle",
    "stats",
    "offline",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "site_config.headers.PermissionsPolicyMiddleware",
]

ROOT_URLCONF = "site_config.urls"
ASGI_APPLICATION = "site_config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "games.context_processors.site",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
if os.environ.get("DATABASE_URL"):
    DATABASES: dict[str, Any] = {
        "default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=0)
    }
    # A database that does not answer fails a request (and /readyz) instead of hanging it.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 5)
    # No persistent connections: under ASGI each request runs in a thread of its own, and a
    # connection kept (CONN_MAX_AGE) stayed open with every thread that had served a request:
    # 14 on two processes after a few dozen requests (tests/rooms/test_faults.py); Django's
    # docs ask to turn them off under ASGI. A request's connection closes as it ends; each
    # of the room sockets' ROOMS_DATABASE_THREADS keeps one, replaced after an error
    # (rooms/database_thread.py). Django's pool (psycopg_pool) was tried: after PostgreSQL
    # dropped every connection it took seconds to hand out a fresh one (a move waited 5 s and
    # was refused), where a plain new connection takes milliseconds.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Parameters bound on the server, and a statement a connection has run five times prepared
    # there (psycopg's own preparation, which Django leaves off by default for the sake of
    # poolers): a move's statement is planned once per kept connection, not once per move.
    # Measured side by side (bench/rooms_load.py --together, 300 rooms, results in
    # rooms_scale_out.txt): PostgreSQL's CPU a move fell by a quarter; the servers' own did not
    # change. PostgreSQL is the one part every process shares, so that quarter is what N
    # processes gain. PgBouncer in transaction mode keeps prepared statements from 1.21 on
    # (max_prepared_statements); an older one needs DATABASE_PREPARED_STATEMENTS=0.
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    if env_bool("DATABASE_PREPARED_STATEMENTS", True):
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 5
else:
    SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", LOCAL_DIR / "db.sqlite3"))
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # Writers queue instead of failing under a socket server; WAL lets reads go on.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            "TEST": {"NAME": str(LOCAL_DIR / "test-db.sqlite3")},
            # Keep connections: closing the last one checkpoints the WAL, and Channels closes
            # "old" connections around every database call a socket makes.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channels -------------------------------------------------------------------------------
# also the rate limiter's store (throttle/); `sentinel://…` for a Redis behind Sentinel
# (site_config/redis_hosts.py)
REDIS_URL = os.environ.get("REDIS_URL", "")
# Messages one socket's queue holds before the socket is told to resync instead (both layers,
# site_config/channel_layer.py): nothing is dropped silently, whatever the load.
ROOMS_CHANNEL_CAPACITY = int(os.environ.get("ROOMS_CHANNEL_CAPACITY", "100"))
# On PostgreSQL, the threads (each with one connection kept open) that run the room sockets'
# database calls in each process (rooms/database_thread.py); SQLite always has one.
ROOMS_DATABASE_THREADS = int(os.environ.get("ROOMS_DATABASE_THREADS", "4"))
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Pub/sub: one PUBLISH per room event, delivered once to each process and queued
            # there for its sockets. The list layer (channels_redis.core) cost four round trips
            # per event and capped each process's queue at 100 messages, dropping the rest
            # silently under load (tests/site_config/test_redis_channel_layer.py). Events lost
            # with a Redis connection are repaired by a resync of every socket on reconnect
            # (the layer's own Redis connections watch for it: site_config/channel_layer.py).
            "BACKEND": "site_config.channel_layer.PubSubChannelLayer",
            # One server or a Sentinel-watched master (redis_hosts.py), no client timeout.
            "CONFIG": {
                "hosts": [redis_hosts.layer_host(REDIS_URL)],
                "capacity": ROOMS_CHANNEL_CAPACITY,
            },
        }
    }
else:
    # One process: Channels' in-memory layer, minus its per-message scans (channel_layer.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "site_config.channel_layer.EmbeddedChannelLayer",
            "CONFIG": {"capacity": ROOMS_CHANNEL_CAPACITY},
        }
    }
# A process whose event loop runs this late (the worst of the last second, in milliseconds) or
# whose database thread takes this long to answer, or whose sockets have this many messages
# waiting in all, is saturated: it refuses new rooms
# and new spectators ("server-busy") until it has been below both for ROOMS_BUSY_HOLD_SECONDS
# (rooms/load.py). Games already played go on.
ROOMS_BUSY_LAG_MS = float(os.environ.get("ROOMS_BUSY_LAG_MS", "250"))
ROOMS_BUSY_QUEUED = int(os.environ.get("ROOMS_BUSY_QUEUED", "2000"))
ROOMS_BUSY_HOLD_SECONDS = float(os.environ.get("ROOMS_BUSY_HOLD_SECONDS", "10"))

# --- Languages ------------------------------------------------------------------------------
LANGUAGE_CODE = "ko"
LANGUAGES = [("ko", "한국어"), ("ja", "日本語"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
SITE_NAME = _("little table")

# --- Static files ---------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "site_config.storage.StaticStorage"},
}
SERVESTATIC_KEEP_ONLY_HASHED_FILES = False
# The service worker (offline/): pages register /sw.js, which precaches what offline play needs.
# OFFLINE_WORKER=0 leaves it out of the pages (the manifest and icons stay).
OFFLINE_WORKER = env_bool("OFFLINE_WORKER", True)
# The kill switch for a broken release's worker: /sw.js becomes a worker that deletes the
# site's caches and unregisters itself on every installed copy, and pages stop registering.
# On for one release, then off: the next release installs afresh (docs/OPERATIONS.md).
OFFLINE_WORKER_RETIRE = env_bool("OFFLINE_WORKER_RETIRE", False)
# The worker's source file; None is offline/service-worker.js. The kill switch's browser test
# serves a deliberately broken release through it (tests/e2e/offline_settings.py).
OFFLINE_WORKER_SOURCE: str | None = None

# --- Security -------------------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# No script reads the CSRF cookie: forms carry the token in a hidden field.
CSRF_COOKIE_HTTPONLY = True
# A refused form answers in the site's layout and the reader's language, like every error.
CSRF_FAILURE_VIEW = "site_config.errors.csrf_failure"
# HTTPS=1 in production (behind the TLS-terminating proxy); the embedded default is plain HTTP
# on loopback, where secure-only cookies and redirects would break the site.
HTTPS = env_bool("HTTPS", False)
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
# Preloading puts the domain into the browsers' built-in HTTPS-only lists, which is hard to
# undo: only when the operator asks for it. Without it, check --deploy's reminder (W021) is
# silenced on purpose.
SECURE_HSTS_PRELOAD = HTTPS and env_bool("HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = ["security.W021"] if HTTPS and not SECURE_HSTS_PRELOAD else []

# Browser features the site never uses are switched off (site_config/headers.py sends the
# header). Copying and sharing an invite link need clipboard-write and web-share, whose
# default is this origin only: they are not listed (Chromium on Linux even reports
# web-share as an unknown feature, a console error on every page).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "accelerometer": [],
    "autoplay": [],
    "camera": [],
    "display-capture": [],
    "encrypted-media": [],
    "fullscreen": [],
    "geolocation": [],
    "gyroscope": [],
    "hid": [],
    "magnetometer": [],
    "microphone": [],
    "midi": [],
    "payment": [],
    "picture-in-picture": [],
    "publickey-credentials-get": [],
    "screen-wake-lock": [],
    "serial": [],
    "usb": [],
    "xr-spatial-tracking": [],
}

# Request bodies over this are refused before Django reads them (site_config/body_limit.py);
# the statistics endpoint has its own smaller cap.
REQUEST_BODY_MAX_BYTES = 256 * 1024

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Logs ---------------------------------------------------------------------------------
# No client address and no room id in any log (site_config/logs.py): every record goes
# through one console handler (stderr) that names route patterns instead of paths and
# scrubs addresses and ids from the finished text, tracebacks included. Django's own
# handlers are dropped (its mail_admins handler would mail the request's headers).
# The access log is daphne's stream (stdout), rewritten by site_config/access_log.py.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"route_not_path": {"()": "site_config.logs.RouteInsteadOfPath"}},
    "formatters": {
        "scrubbed": {
            "class": "site_config.logs.ScrubbingFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s: %(message)s",
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "scrubbed",
            "filters": ["route_not_path"],
        }
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.server": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        # At DEBUG it dumps whole template contexts (CSRF tokens included) for every
        # missing variable: never wanted, at any level.
        "django.template": {"level": "INFO"},
        # An unknown Host header (scanners, all day) is answered 400; Django would also log
        # each one at ERROR with a traceback quoting the header. The access log keeps the 400.
        "django.security.DisallowedHost": {"level": "CRITICAL"},
    },
}
