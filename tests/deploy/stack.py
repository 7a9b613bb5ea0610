"""The production stack of deploy/, run for real on this machine: Debian's nginx with a
throwaway certificate in front of two daphne processes on Unix sockets, on real PostgreSQL
and Redis (scripts/services.sh). Every file of deploy/ is used as it is, with only its paths
(and nginx's listen addresses) replaced: `render` refuses a replacement that no longer
matches, so a renamed path fails loudly instead of testing something else.

nginx answers on free ports of a random 127.x.y.z address (a system nginx already on port
80 or 443 of every address would refuse 443 and 80 here), so the origin is
`https://table.example:<port>`; the proxy passes the Host header with its port, as browsers
send it, and the application compares it with the Origin header as it would on port 443."""

from __future__ import annotations

import http.client
import os
import random
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.rooms_harness import PYTHON, ROOT, free_port

DEPLOY = ROOT / "deploy"
SERVER_NAME = "table.example"
PROCESSES = (1, 2)


def render(text: str, replacements: dict[str, str], strict: bool = True) -> str:
    for old, new in replacements.items():
        assert old in text or not strict, f"{old!r} is not in the deploy file: update the test"
        text = text.replace(old, new)
    return text


def env_file(path: Path) -> dict[str, str]:
    """systemd's EnvironmentFile= reading of the simple KEY=VALUE lines the template uses."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values


def unit_settings(path: Path) -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def wait_for(check, timeout: float, what: str, interval: float = 0.2):
    """Polls `check` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = check()
        except OSError:
            result = None
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(interval)


class _UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path: Path, host: str):
        super().__init__(host, timeout=20)
        self.socket_path = str(path)

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class _LoopbackHTTPS(http.client.HTTPSConnection):
    """HTTPS to the stack's loopback address, with `sni` as the TLS server name."""

    def __init__(self, address: str, port: int, context: ssl.SSLContext, sni: str, host: str):
        super().__init__(host, port, timeout=20, context=context)
        self.address, self.sni = address, sni

    def connect(self):
        raw = socket.create_connection((self.address, self.port), timeout=self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.sni)


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def cookies(self) -> dict[str, str]:
        """name -> the whole Set-Cookie value (attributes included)."""
        return {v.split("=", 1)[0]: v for v in self.headers.get_all("Set-Cookie") or []}


def _exchange(connection, method, path, body, headers) -> Answer:
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


@dataclass
class Stack:
    base: Path
    services: dict[str, str]
    address: str = field(default_factory=lambda: "127.{}.{}.{}".format(
        *(random.randint(1, 254) for _ in range(3))))
    tls_port: int = field(default_factory=free_port)
    plain_port: int = field(default_factory=free_port)
    daphnes: dict[int, subprocess.Popen] = field(default_factory=dict)
    nginx: subprocess.Popen | None = None

    def __post_init__(self):
        for name in ("run", "static", "log", "tls", "etc/snippets", "etc/sites", "nginx-tmp"):
            (self.base / name).mkdir(parents=True, exist_ok=True)
        self.paths = {
            "/srv/little-table": str(ROOT),
            "/run/little-table": str(self.base / "run"),
            "/var/www/little-table/static": str(self.base / "static"),
            "/var/log/nginx": str(self.base / "log"),
            f"/etc/letsencrypt/live/{SERVER_NAME}": str(self.base / "tls"),
            "/etc/nginx/snippets": str(self.base / "etc/snippets"),
            "/etc/little-table/env": str(self.base / "etc/env"),
        }

    # --- the application's environment -------------------------------------------------------
    def app_env(self) -> dict[str, str]:
        """The env file, with the deployment's own values (services, key, STATIC_ROOT path) in
        place of the template's placeholders; everything else as shipped."""
        values = env_file(DEPLOY / "little-table.env")
        for key in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL"):
            assert key in values, f"deploy/little-table.env no longer sets {key}"
            values[key] = self.services[key]
        values["STATIC_ROOT"] = render(values["STATIC_ROOT"], self.paths, strict=False)
        # systemd starts services with a near-empty environment: nothing of pytest's leaks in.
        return {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", **values}

    def manage(self, *args: str) -> None:
        subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=self.app_env(), check=True, timeout=300,
            stdout=subprocess.DEVNULL,
        )

    # --- daphne, as deploy/systemd/little-table@.service starts it ---------------------------
    def socket_path(self, number: int) -> Path:
        return self.base / "run" / f"{number}.sock"

    def start_daphne(self, number: int) -> None:
        unit = unit_settings(DEPLOY / "systemd" / "little-table@.service")
        env = self.app_env()
        for assignment in unit.get("Environment", []):
            for pair in shlex.split(assignment):
                key, _, value = pair.partition("=")
                env[key] = value
        (command,) = unit["ExecStart"]
        argv = shlex.split(render(command, self.paths, strict=False).replace("%i", str(number)))
        (workdir,) = unit["WorkingDirectory"]
        umask = int(unit["UMask"][0], 8)
        self.socket_path(number).unlink(missing_ok=True)  # the unit's ExecStartPre
        log = open(self.base / "log" / f"daphne-{number}.log", "ab")  # noqa: SIM115
        self.daphnes[number] = subprocess.Popen(
            argv, cwd=render(workdir, self.paths, strict=False), env=env, stdout=log,
            stderr=subprocess.STDOUT, preexec_fn=lambda: os.umask(umask),
        )
        log.close()
        wait_for(
            lambda: self.direct(number, "GET", "/healthz").status == 200,
            60, f"daphne {number} did not start: {self.daphne_log(number)[-2000:]}",
        )

    def kill_daphne(self, number: int) -> None:
        """As a crash would: no clean shutdown, no disconnect handlers."""
        self.daphnes[number].kill()
        self.daphnes[number].wait(timeout=10)

    def daphne_log(self, number: int) -> str:
        return (self.base / "log" / f"daphne-{number}.log").read_text(errors="replace")

    def direct(self, number: int, method: str, path: str, headers=None, body=None) -> Answer:
        """One HTTP request to a daphne process's socket, bypassing nginx (as nginx sends it)."""
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1", **(headers or {})}
        host = headers.pop("Host", SERVER_NAME)
        return _exchange(_UnixHTTP(self.socket_path(number), host), method, path, body, headers)

    # --- nginx ------------------------------------------------------------------------------
    def certificate(self) -> None:
        tls = self.base / "tls"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-nodes", "-days", "2", "-subj", f"/CN={SERVER_NAME}",
             "-addext", f"subjectAltName=DNS:{SERVER_NAME}",
             "-keyout", str(tls / "privkey.pem"), "-out", str(tls / "fullchain.pem")],
            check=True, capture_output=True, timeout=60,
        )

    def client_tls(self, alpn: list[str] | None = None) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=str(self.base / "tls" / "fullchain.pem"))
        if alpn:
            context.set_alpn_protocols(alpn)
        return context

    def nginx_config(self) -> Path:
        """Debian's own /etc/nginx/nginx.conf around the rendered site: only its paths changed
        (and the workers run as root, to reach sockets made by daphne processes of root)."""
        snippet = (DEPLOY / "nginx" / "little-table-proxy.conf").read_text()
        (self.base / "etc/snippets/little-table-proxy.conf").write_text(snippet)
        site = render((DEPLOY / "nginx" / "little-table.conf").read_text(), {
            key: value for key, value in self.paths.items()
            if key not in ("/srv/little-table", "/etc/little-table/env")
        })
        site = re.sub(r"^\s*listen \[::\]:.*\n", "", site, flags=re.M)  # no IPv6 needed here
        site = render(site, {"listen 443 ": f"listen {self.address}:{self.tls_port} ",
                             "listen 80": f"listen {self.address}:{self.plain_port}"})
        (self.base / "etc/sites/little-table").write_text(site)
        main = render(Path("/etc/nginx/nginx.conf").read_text(), {
            "user www-data;": "user root;" if os.geteuid() == 0 else "",
            "pid /run/nginx.pid;": f"pid {self.base}/nginx.pid;",
            "error_log /var/log/nginx/error.log;": f"error_log {self.base}/log/error.log;",
            "access_log /var/log/nginx/access.log;": f"access_log {self.base}/log/access.log;",
            "include /etc/nginx/conf.d/*.conf;": "",
            "include /etc/nginx/sites-enabled/*;": f"include {self.base}/etc/sites/*;",
            "http {": "http {\n" + "".join(
                f"\t{kind}_temp_path {self.base}/nginx-tmp/{kind};\n"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            ),
        })
        path = self.base / "etc/nginx.conf"
        path.write_text(main)
        return path

    def start_nginx(self) -> None:
        config = self.nginx_config()
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"  # sbin: not on every user's PATH
        args = [nginx, "-c", str(config), "-e", str(self.base / "log/error.log")]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, check.stderr
        self.nginx = subprocess.Popen([*args, "-g", "daemon off;"], stderr=subprocess.PIPE)
        wait_for(lambda: socket.create_connection((self.address, self.tls_port), 1).close() or 1,
                 30, "nginx did not listen")

    def logs(self) -> dict[str, str]:
        return {p.name: p.read_text(errors="replace") for p in (self.base / "log").iterdir()}

    def stop(self) -> None:
        if self.nginx and self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(timeout=15)
        for process in self.daphnes.values():
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)

    # --- clients -----------------------------------------------------------------------------
    @property
    def origin(self) -> str:
        return f"https://{SERVER_NAME}:{self.tls_port}"

    def https(self, method: str, path: str, headers=None, body=None, sni=SERVER_NAME,
              host=SERVER_NAME) -> Answer:
        connection = _LoopbackHTTPS(self.address, self.tls_port, self.client_tls(), sni, host)
        return _exchange(connection, method, path, body, headers)

    def http(self, method: str, path: str) -> Answer:
        connection = http.client.HTTPConnection(self.address, self.plain_port, timeout=20)
        return _exchange(connection, method, path, None, {"Host": SERVER_NAME})

    async def websocket(self, path: str, origin: str | None = None, headers=None):
        from websockets.asyncio.client import connect

        return await connect(
            f"wss://{SERVER_NAME}:{self.tls_port}{path}", origin=origin or self.origin,
            additional_headers=headers or {}, ssl=self.client_tls(), host=self.address,
            port=self.tls_port, proxy=None, max_size=2**20,
            open_timeout=20,
        )
