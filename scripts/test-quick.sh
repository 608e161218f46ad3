#!/usr/bin/env bash
# `npm run test:quick`: lint, types and the tests that run in the test runner's process (the
# `web` and `server` projects, each with its `-isolated` half: no browser, no built copy, no
# second process; decisions 063 and 084).
# The change at hand in a few minutes; `npm test` is still what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lanes.sh

lint_and_types() {
  npm run --silent lint && npm run --silent typecheck
}
lane checks lint_and_types
lane tests npx vitest run --project 'web*' --project 'server*'
wait_lanes
