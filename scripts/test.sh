#!/usr/bin/env bash
# `npm test`: everything CI checks, two steps at a time on the machine's two cores (decision
# 063). Each output line starts with its lane's name; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lanes.sh

bash scripts/ensure-system-deps.sh

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

# The tests that start servers, PostgreSQL, Deno and commands, one file at a time; beside them
# the quick set and the browser journeys, one Chromium and one server at a time. The run takes
# as long as its longer lane: the quick set rides with the browser lane (decision 072), and
# since the browser files cost a third of their CPU (decision 083) and walk each page once
# (decision 085) that lane also takes the two longest integration files once its browser files
# are done, where it ended four minutes, then one, before the other.
LATE_INTEGRATION=(
  tests/integration/restore-older-schema.test.ts
  tests/integration/restore-week-of-backups.test.ts
)
browser_then_late_integration() {
  npx vitest run --project 'web*' --project 'server*' --project e2e &&
    npx vitest run --project integration "${LATE_INTEGRATION[@]}"
}
lane tests npx vitest run --project integration "${LATE_INTEGRATION[@]/#/--exclude=}"
lane browser browser_then_late_integration
wait_lanes
