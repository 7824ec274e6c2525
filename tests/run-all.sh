#!/usr/bin/env bash
# `npm test`: every check but Lighthouse (`npm run test:lighthouse`, alone, after this in CI), in
# two stages that keep the two cores of the CI machine busy without letting the tests that time
# the server compete with the others:
#   1. lint, typecheck and unit tests (one lane) beside the production build (the other);
#   2. two lanes at once (docs/decisions/0022):
#      - in the background, at the lowest CPU priority: one Vitest run of the integration projects
#        (PGlite and, with TEST_DATABASE_URL, PostgreSQL) and the e2e project, whose files share a
#        pool of TEST_WORKERS workers (default 3: an e2e file spends much of its time waiting for
#        its server and Chromium, an integration file on PostgreSQL);
#      - in the foreground, at normal priority: the e2e files that time the server (project
#        e2e-timed, vitest.config.ts), one at a time. The kernel gives them the CPU they ask for
#        first, so what they time is the server's behaviour, not the pooled tests' load.
# Measured in docs/benchmarks.md ("Test suite time").
set -euo pipefail
cd "$(dirname "$0")/.."

stage() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }
logs=$(mktemp -d)
# The background lane is a session of its own, out of reach of the terminal's Ctrl-C: stop it too.
stop_background() {
  if [ -s "$logs/pooled.pgid" ]; then kill -TERM -- "-$(cat "$logs/pooled.pgid")" 2>/dev/null || true; fi
}
trap 'stop_background; rm -rf "$logs"' EXIT
trap 'exit 130' INT TERM

# Runs "$@" with its output to $logs/<name>, printed by show <name> later, and its time at the end.
lane() {
  local name=$1
  shift
  (
    start=$SECONDS
    "$@"
    echo "--- ${name}: $((SECONDS - start)) s"
  ) >"$logs/$name" 2>&1
}
show() { cat "$logs/$1"; }

checks() { npm run lint && npm run typecheck && npm run test:unit; }

# The background lane: a session of its own (with the kernel's autogroup scheduling, nice values
# only count within a session) at the lowest priority, and its Chromium too
# (tests/helpers/background-chromium.sh: Playwright starts the browser in yet another session).
pooled() {
  CHROMIUM_BINARY="${CHROMIUM_PATH:-/usr/bin/chromium}" \
    CHROMIUM_PATH="$PWD/tests/helpers/background-chromium.sh" \
    LOGS="$logs" setsid -w bash -c \
      'echo $$ > "$LOGS/pooled.pgid"; echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"' _ \
    npx vitest run --project 'integration*' --project e2e --maxWorkers="${TEST_WORKERS:-3}"
}

# Called in a condition, where `set -e` would not stop at a failure.
timed() {
  local start=$SECONDS failed=0
  npx vitest run --project e2e-timed --maxWorkers=1 || failed=1
  echo "--- timed: $((SECONDS - start)) s"
  return "$failed"
}

status=0

stage "lint, typecheck, unit tests | build"
lane checks checks &
checks_pid=$!
lane build npm run build &
build_pid=$!
wait "$checks_pid" || status=1
wait "$build_pid" || status=1
show checks
show build
[ "$status" -eq 0 ] || exit "$status"

stage "integration and e2e pooled in the background (printed at the end) | e2e files that time the server"
lane pooled pooled &
pooled_pid=$!
timed || status=1
wait "$pooled_pid" || status=1
rm -f "$logs/pooled.pgid"
printf '\n=== the pooled run\n'
show pooled
[ "$status" -eq 0 ] || exit "$status"

stage "npm test done"
