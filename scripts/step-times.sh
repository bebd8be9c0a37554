# Times the parts of a test run and prints them as a table when the run ends, also when a part fails.
# Sourced by .ci/run and scripts/test-all.sh:
#   source scripts/step-times.sh
#   step "tsc" npx tsc --noEmit        runs the command as one part, timed
# The first script to source it owns the table (STEP_TIMES_FILE, exported to the scripts it runs):
# .ci/run prints one table with its own parts and test-all.sh's; test-all.sh run alone prints its own.
# A script that sets its own EXIT trap afterwards (scripts/test-postgres.sh) calls step_times_exit in it.
if [ -z "${STEP_TIMES_FILE:-}" ]; then
  STEP_TIMES_FILE="$(mktemp /tmp/step-times-XXXXXX)"
  export STEP_TIMES_FILE
  STEP_TIMES_OWNER=1
  printf 'load average at the start: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$STEP_TIMES_FILE.load"
else
  STEP_TIMES_OWNER=
fi
STEP_CURRENT=
STEP_STARTED=

step_now() { printf '%s' "${EPOCHREALTIME/,/.}"; }

step_record() { # name, outcome, start
  awk -v name="$1" -v outcome="$2" -v start="$3" -v end="$(step_now)" \
    'BEGIN { printf "%s\t%s\t%.1f\n", name, outcome, end - start }' >>"$STEP_TIMES_FILE"
}

step() { # name, command…: runs the command as one timed part of the run
  STEP_CURRENT="$1"
  STEP_STARTED="$(step_now)"
  shift
  "$@"
  step_record "$STEP_CURRENT" ok "$STEP_STARTED"
  STEP_CURRENT=
}

step_times_table() {
  [ -s "$STEP_TIMES_FILE" ] || return 0
  echo
  echo "Test run: the time each part took"
  printf "  %-18s %-7s %9s\n" part result "min:s"
  awk -F'\t' '
    function clock(s) { return sprintf("%d:%04.1f", int(s / 60), s - 60 * int(s / 60)) }
    { printf "  %-18s %-7s %9s\n", $1, $2, clock($3); total += $3 }
    END { printf "  %-18s %-7s %9s\n", "total", "", clock(total) }' "$STEP_TIMES_FILE"
  cat "$STEP_TIMES_FILE.load" 2>/dev/null
  printf 'load average at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
}

step_times_exit() { # the EXIT trap: the part under way when the run stopped failed
  [ -n "$STEP_CURRENT" ] && step_record "$STEP_CURRENT" "failed" "$STEP_STARTED"
  STEP_CURRENT=
  if [ -n "$STEP_TIMES_OWNER" ]; then
    step_times_table
    rm -f "$STEP_TIMES_FILE" "$STEP_TIMES_FILE.load"
  fi
}
trap step_times_exit EXIT
