#!/usr/bin/env bash
# The tests drive a real Chromium and a real PostgreSQL server. Both come from Debian.
# As root on Debian we install what is missing; anywhere else we stop and say what to install,
# because a test run that quietly skips them would prove nothing.
set -euo pipefail

find_pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
find_pg_bin >/dev/null || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages the tests need: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  packages=("${missing[@]}")
  # Without recommends Chromium may come with no fonts; the pages would render as empty boxes.
  [[ " ${missing[*]} " == *" chromium "* ]] && packages+=(fonts-liberation fonts-dejavu-core)
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  exit 0
fi

{
  echo "The tests need these system packages, which are missing: ${missing[*]}"
  for package in "${missing[@]}"; do
    case "$package" in
      chromium) echo "  - chromium: a Chromium at /usr/bin/chromium (or set CHROMIUM_PATH)." ;;
      postgresql) echo "  - postgresql: the PostgreSQL server binaries (initdb, pg_ctl)." ;;
    esac
  done
  echo "On Debian/Ubuntu: sudo apt-get install ${missing[*]}"
  echo "Install them and run the tests again."
} >&2
exit 1
