#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npx eslint .
npx prettier --check .
npx tsc -p .
npx vitest run
