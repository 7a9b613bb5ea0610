#!/usr/bin/env bash
# Makes sure the system programs the tests drive are present: Debian's Chromium (browser
# tests), redis-server and PostgreSQL (scale-out tests), gettext, Node.js. Installs missing
# ones with apt-get when running as root (set LITTLE_TABLE_NO_APT=1 to forbid); otherwise
# fails loudly naming what is missing. Nothing is ever skipped silently.
set -euo pipefail

need_pkgs=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
command -v redis-server >/dev/null 2>&1 || need_pkgs+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need_pkgs+=(postgresql)
command -v msgfmt >/dev/null 2>&1 || need_pkgs+=(gettext)
command -v node >/dev/null 2>&1 || need_pkgs+=(nodejs)
# Fonts so CJK text renders in browser screenshots.
[ -d /usr/share/fonts/opentype/noto ] || [ -d /usr/share/fonts/truetype/noto ] || need_pkgs+=(fonts-noto-cjk)

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
