#!/usr/bin/env bash
# `npm test`: everything CI checks, two steps at a time on the machine's two cores (decision
# 063). Each output line starts with its lane's name; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lanes.sh

bash scripts/ensure-system-deps.sh

# The static checks, then the quick set, beside the build; once the built copy is there (what
# the integration and browser tests read, with the embedded backend's settings), the tests that
# start servers, PostgreSQL, Deno and commands, and beside them the browser journeys. The Edge
# Functions are checked as Deno sees them; tsc and ESLint see the shared core from the Node side.
# Nothing waits for a step it does not need: four lanes keep the two cores busy while some
# tests wait on real clocks (decision 068).
static_checks_then_quick_set() {
  npm run --silent lint && npm run --silent typecheck && npm run --silent format:check &&
    npm run --silent check:functions && npx vitest run --project web --project server
}
lane checks static_checks_then_quick_set
lane build npm run --silent build
wait_lanes build
lane integration npx vitest run --project integration
lane browser npx vitest run --project e2e
wait_lanes
