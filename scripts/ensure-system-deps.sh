#!/usr/bin/env bash
# The tests drive a real Chromium (Debian's chromium-headless-shell, and chromium where they need
# the full browser: decision 083), a real PostgreSQL server with pg_cron (as on Supabase) and
# the nginx that runs deploy/nginx/ (with openssl for its test certificate), and Roboto, to draw
# a page as Android does before the brand's font comes. All come from Debian. As root on Debian we install what is missing; anywhere else we stop and say what to
# install, because a test run that quietly skips them would prove nothing.
set -euo pipefail

find_pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

# What is missing, as Debian package names (pg_cron's name depends on the server's version).
missing_packages() {
  local pg_bin
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] || echo chromium
  else
    # The headless shell for most pages, the full browser for its back-forward cache and autofill.
    [ -x /usr/bin/chromium-headless-shell ] || echo chromium-headless-shell
    [ -x /usr/bin/chromium ] || echo chromium
  fi
  [ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || echo nginx
  command -v openssl >/dev/null 2>&1 || echo openssl
  { command -v fc-list >/dev/null 2>&1 && fc-list ':family=Roboto' | grep -q .; } ||
    echo fonts-roboto-unhinted
  if pg_bin=$(find_pg_bin); then
    [ -f "$pg_bin/../lib/pg_cron.so" ] || echo "postgresql-$(basename "$(dirname "$pg_bin")")-cron"
  else
    echo postgresql
  fi
}

install_missing() {
  local packages=("$@")
  echo "Installing Debian packages the tests need: ${packages[*]}"
  # Without recommends Chromium may come with no fonts; the pages would render as empty boxes.
  [[ " ${packages[*]} " == *" chromium"* ]] && packages+=(fonts-liberation fonts-dejavu-core)
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  # Debian starts the nginx service it installs (a default site on port 80) where services
  # may start; the tests run nginx on their own ports, so stop the one we just installed.
  if [[ " ${packages[*]} " == *" nginx "* ]] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now nginx >/dev/null 2>&1 || true
  fi
}

mapfile -t missing < <(missing_packages)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  install_missing "${missing[@]}"
  # A freshly installed PostgreSQL tells us which pg_cron package matches it.
  mapfile -t missing < <(missing_packages)
  if [ ${#missing[@]} -gt 0 ]; then install_missing "${missing[@]}"; fi
  exit 0
fi

{
  echo "The tests need these system packages, which are missing: ${missing[*]}"
  for package in "${missing[@]}"; do
    case "$package" in
      chromium-headless-shell) echo "  - chromium-headless-shell: Chromium's headless shell at /usr/bin/chromium-headless-shell, for most browser tests (or set CHROMIUM_PATH to a Chromium for all)." ;;
      chromium) echo "  - chromium: a Chromium at /usr/bin/chromium, for the tests of its back-forward cache and autofill (or set CHROMIUM_PATH)." ;;
      nginx) echo "  - nginx: to run deploy/nginx/ as written, at /usr/sbin/nginx (or set NGINX_PATH)." ;;
      openssl) echo "  - openssl: to make the certificate the nginx test serves." ;;
      fonts-roboto-unhinted) echo "  - fonts-roboto-unhinted: Roboto, the font Android draws a page in before the brand's font comes (tests/e2e/look.test.ts)." ;;
      postgresql) echo "  - postgresql: the PostgreSQL server binaries (initdb, pg_ctl), then its pg_cron package." ;;
      *-cron) echo "  - $package: the pg_cron extension for that PostgreSQL server." ;;
    esac
  done
  echo "On Debian/Ubuntu: sudo apt-get install ${missing[*]}"
  echo "Install them and run the tests again."
} >&2
exit 1
