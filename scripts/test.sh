#!/usr/bin/env bash
# `npm test`: everything CI checks, two or three steps at a time on the machine's two cores
# (decisions 063 and 093). Each output line starts with its lane's name; the first failure stops
# the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lanes.sh

bash scripts/ensure-system-deps.sh

# Every PostgreSQL server the tests start has its folder in one of this run's, so a run that
# fails or is stopped leaves none running (decision 094, tests/support/postgres-server.ts).
# Readable by the `postgres` user the servers run as when we are root.
TEST_POSTGRES_DIR=$(mktemp -d "${TMPDIR:-/tmp}/test-postgres-XXXXXX")
chmod 755 "$TEST_POSTGRES_DIR"
export TEST_POSTGRES_DIR
lanes_cleanup() { bash scripts/stop-postgres-servers.sh "$TEST_POSTGRES_DIR"; }

# The static checks beside the build (the build is what the integration and browser tests read,
# with the embedded backend's settings). The Edge Functions are checked as Deno sees them; tsc
# and ESLint see the shared core from the Node side.
lint_and_types() {
  npm run --silent lint && npm run --silent typecheck
}
# The migrated PGlite the test runs copy is made here, once, rather than by both lanes at their
# start (decision 089).
build_and_format() {
  npm run --silent build && npm run --silent format:check && npm run --silent check:functions &&
    npx tsx tests/support/pglite-template.ts
}
lane checks lint_and_types
lane build build_and_format
wait_lanes

# Then three lanes (decision 093): the quick set and the browser journeys, one Chromium and one
# server at a time (decision 072); the integration files that keep a core busy; and the ones that
# mostly wait on a clock (pg_cron's minute, a reply promise's seconds, keep-alive and retry
# timers), which used a tenth to two thirds of a core each, then the two longest integration
# files and the most expensive browser file, so that the three lanes end together; the busy
# lane, shorter since the site's PostgreSQL connections stopped JIT-compiling (decision 103),
# ends with a browser file too. A new integration file goes in the busy lane unless it mostly
# waits.
WAITING_INTEGRATION=(
  tests/integration/edge-function.test.ts
  tests/integration/http-connections.test.ts
  tests/integration/webhooks.test.ts
  tests/integration/reply-promise.test.ts
  tests/integration/database-restart.test.ts
  tests/integration/watch-pipeline-edge-function.test.ts
  tests/integration/two-servers.test.ts
  tests/integration/booking-mail.test.ts
  tests/integration/webhooks-edge-function.test.ts
  tests/integration/busy-calendar-import.test.ts
  tests/integration/agenda-abuse.test.ts
  tests/integration/hostile-mail.test.ts
  tests/integration/slow-mail.test.ts
  tests/integration/outbox-alerts.test.ts
  tests/integration/backup-hostile.test.ts
  tests/integration/pipeline-watch.test.ts
)
LATE_INTEGRATION=(
  tests/integration/restore-older-schema.test.ts
  tests/integration/restore-week-of-backups.test.ts
)
LATE_BROWSER=(
  tests/e2e/revisit.test.ts
)
AFTER_BUSY_BROWSER=(
  tests/e2e/desk-pages.test.ts
)
busy_integration() {
  npx vitest run --project integration "${WAITING_INTEGRATION[@]/#/--exclude=}" \
    "${LATE_INTEGRATION[@]/#/--exclude=}" &&
    npx vitest run --project e2e "${AFTER_BUSY_BROWSER[@]}"
}
quick_then_browser() {
  npx vitest run --project 'web*' --project 'server*' --project e2e "${LATE_BROWSER[@]/#/--exclude=}" \
    "${AFTER_BUSY_BROWSER[@]/#/--exclude=}"
}
waiting_then_late() {
  npx vitest run --project integration "${WAITING_INTEGRATION[@]}" "${LATE_INTEGRATION[@]}" &&
    npx vitest run --project e2e "${LATE_BROWSER[@]}"
}
lane tests busy_integration
lane browser quick_then_browser
lane waits waiting_then_late
wait_lanes
