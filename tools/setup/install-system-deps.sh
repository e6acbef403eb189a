#!/usr/bin/env bash
# Debian packages the project needs beyond Node, Java/Maven and Go: Redis and Chromium (browser tests), and
# Chromium's headless shell, which the browser tests prefer: the same engine without the browser's UI layers, for a
# quarter less CPU. It is optional: where it cannot be installed, the tests use Chromium itself.
# Idempotent: installs only what is missing. Needs root (or sudo) the first time.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
optional=()
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || optional+=(chromium-headless-shell)

for tool in java mvn go node; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: '$tool' is not installed; the engines need Java 17+ with Maven, Go 1.22+ and Node 20.19+." >&2
    exit 1
  fi
done

if [ ${#missing[@]} -eq 0 ] && [ ${#optional[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd="sudo"; elif [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing Debian packages: ${missing[*]}. Install them with: apt-get install -y ${missing[*]}" >&2
    exit 1
  else
    echo "system packages: ${optional[*]} is not installed (no root or sudo); the browser tests use Chromium itself"
    exit 0
  fi
fi
echo "system packages: installing ${missing[*]} ${optional[*]} (apt)…"
$sudo_cmd apt-get update -qq || [ ${#missing[@]} -eq 0 ]
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ ${#optional[@]} -gt 0 ] &&
  ! DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${optional[@]}"; then
  echo "system packages: could not install ${optional[*]}; the browser tests use Chromium itself"
fi
