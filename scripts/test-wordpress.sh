#!/usr/bin/env bash
# The tests that need a real WordPress: starts one on loopback (scripts/wordpress/setup.sh: Debian's
# wordpress 6.1, MariaDB and `php -S`, in a temp folder, stopped on exit), runs the client's tests
# against it (tests/unit/cms/wordpress-live.test.ts), then the editors' loop end to end
# (tests/e2e/wordpress-rebuild.spec.ts: a news item, a testimonial and a gallery photo saved in
# WordPress → the Studio site plugin → the bundled server's webhook → the rebuilt site), which
# prints save → live and where the time goes.
# Needs out/ (npm run build) and leaves out/ built from WordPress's content: run it after the other
# browser tests. Skips with one line when the packages are not installed (.ci/run installs them).
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
export E2E_PORT="${E2E_PORT:-3100}"
export REBUILD_PORT="${REBUILD_PORT:-$((E2E_PORT + 5))}"
export STUDIO_REBUILD_URL="http://127.0.0.1:$REBUILD_PORT/api/rebuild"
STUDIO_REBUILD_SECRET="$(head -c 36 /dev/urandom | base64 | tr -d '/+=')"
export STUDIO_REBUILD_SECRET
# shellcheck source=scripts/wordpress/setup.sh
source scripts/wordpress/setup.sh
[ -n "${WORDPRESS_MISSING:-}" ] && exit 0
npx jest --ci --selectProjects wordpress
[ -f out/404.html ] || npm run build
npx playwright test tests/e2e/wordpress-rebuild.spec.ts
