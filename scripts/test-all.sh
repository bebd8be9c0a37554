#!/usr/bin/env bash
# Every test: type check, unit tests (the service's on PGlite and on a throwaway PostgreSQL when
# it is installed), the production build, then the browser tests against it, and last the tests
# against a real WordPress (they rebuild out/ from WordPress's content).
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
npx tsc --noEmit
npm run --silent lint
# shellcheck source=scripts/test-postgres.sh
source scripts/test-postgres.sh
npx jest --ci --selectProjects fast processes
npm run build
npx playwright test
bash scripts/test-wordpress.sh
