#!/usr/bin/env bash
# Every test: type check, unit tests, the production build, then the browser tests against it.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
npx tsc --noEmit
npx jest --ci
npm run build
npx playwright test
