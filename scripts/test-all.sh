#!/usr/bin/env bash
# Every test: type check, the fast unit tests (the service's on PGlite and on a throwaway PostgreSQL
# when it is installed), the production build, the tests that start real processes, then the
# browser tests against the build, and last the tests
# against a real WordPress (they rebuild out/ from WordPress's content). Ends with a table of the
# time each part took (scripts/step-times.sh), also when a part fails.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
# shellcheck source=scripts/step-times.sh
source scripts/step-times.sh
step "browser" bash scripts/ensure-browser.sh
step "tsc" npx tsc --noEmit
step "lint" npm run --silent lint
# shellcheck source=scripts/test-postgres.sh
step "PostgreSQL" source scripts/test-postgres.sh
# test-postgres.sh stops its cluster on exit; the table still comes last.
declare -F stop_test_postgres >/dev/null && trap 'stop_test_postgres; step_times_exit' EXIT
# The jest tiers run as `npm test` runs them: WebAssembly (PGlite) on V8's baseline compiler only, see
# jest.config.mjs.
# The model-based test of a registration's life runs 200 random sequences per store here (5 in npm test).
step "jest fast" env MODEL_RUNS=200 node --liftoff-only node_modules/jest/bin/jest.js --ci --selectProjects fast
# The build before the processes tier: the update's test starts its site from this build's cache.
step "build" npm run build
step "jest processes" node --liftoff-only node_modules/jest/bin/jest.js --ci --selectProjects processes
step "Playwright" npx playwright test
step "WordPress" bash scripts/test-wordpress.sh
