#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npx eslint .
npx prettier --check .
npx tsc -p .
# The prerender and browser tests read the built site, with the embedded backend's settings.
npm run build:embedded
npx vitest run --project web --project server
# Browser journeys run alone: one Chromium and one server on a two-core machine.
npx vitest run --project e2e
