#!/usr/bin/env bash
# A throwaway PostgreSQL for the service's tests, on 127.0.0.1 only, in a temp folder.
#   source scripts/test-postgres.sh   starts it and exports TEST_DATABASE_URL (stopped on exit)
# Uses Debian's postgresql package (installed by .ci/run); without it, the tests run on PGlite only,
# except in CI (CI=true), where a missing PostgreSQL fails the run.
# The cluster is owned by a non-root user (postgres when run as root: initdb refuses root).
# The port: PG_TEST_PORT, or the first free one from 54329 (a second test run on the machine gets
# its own cluster, never the first run's).
if [ -z "${PG_TEST_PORT:-}" ]; then
  PG_TEST_PORT=54329
  while (echo >"/dev/tcp/127.0.0.1/$PG_TEST_PORT") 2>/dev/null; do PG_TEST_PORT=$((PG_TEST_PORT + 1)); done
fi
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  if [ -n "${CI:-}" ]; then
    echo "test-postgres: PostgreSQL is not installed; .ci/run installs it, and CI does not run without it." >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "test-postgres: PostgreSQL is not installed (apt-get install postgresql); the service's tests run on PGlite only."
  return 0 2>/dev/null || exit 0
fi
PG_TEST_DIR="$(mktemp -d /tmp/studio-pg-XXXXXX)"
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$PG_TEST_DIR"
as_owner "$PG_BIN/initdb" -D "$PG_TEST_DIR/data" -A trust -U postgres --no-sync >"$PG_TEST_DIR/initdb.log" 2>&1
if ! as_owner "$PG_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w \
  -o "-p $PG_TEST_PORT -k $PG_TEST_DIR -c listen_addresses=127.0.0.1" start >/dev/null; then
  echo "test-postgres: PostgreSQL did not start on 127.0.0.1:$PG_TEST_PORT; its log:" >&2
  cat "$PG_TEST_DIR/initdb.log" "$PG_TEST_DIR/server.log" >&2 2>/dev/null
  rm -rf "$PG_TEST_DIR"
  return 1 2>/dev/null || exit 1
fi
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_TEST_PORT/postgres"
stop_test_postgres() {
  as_owner "$PG_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_TEST_DIR"
}
trap stop_test_postgres EXIT
echo "test-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_TEST_PORT for the service's tests"
