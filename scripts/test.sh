#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm run --silent lint
npm run --silent format:check
npm run --silent typecheck
# The Edge Function as Deno sees it (tsc and ESLint see the shared core from the Node side).
npm run --silent check:functions
# The prerender and browser tests read the built site, with the embedded backend's settings.
npm run --silent build
npx vitest run --project web --project server
# Browser journeys run alone: one Chromium and one server on a two-core machine.
npx vitest run --project e2e
