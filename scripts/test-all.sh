#!/usr/bin/env bash
# Every test: type check, unit tests (the service's on PGlite and on a throwaway PostgreSQL when
# it is installed), the production build, then the browser tests against it.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
npx tsc --noEmit
# shellcheck source=scripts/test-postgres.sh
source scripts/test-postgres.sh
npx jest --ci
npm run build
npx playwright test
