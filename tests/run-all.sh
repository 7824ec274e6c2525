#!/usr/bin/env bash
# `npm test`: every check but Lighthouse (`npm run test:lighthouse`, alone, after this in CI), in
# three stages, one after another (docs/decisions/0025):
#   1. lint, typecheck and unit tests (one lane) beside the production build (the other);
#   2. one Vitest run of the integration projects (PGlite and, with TEST_DATABASE_URL,
#      PostgreSQL) and the e2e project, whose files share a pool of TEST_WORKERS workers (default
#      3: an e2e file spends much of its time waiting for its server and Chromium, an integration
#      file on PostgreSQL);
#   3. the e2e files that time the server (vitest.config.ts): two at a time those whose bounds are
#      minutes (project e2e-timed-pairs), then one at a time those that time milliseconds or a
#      restart (project e2e-timed), with no other test file running, so that what they time is
#      the server's behaviour.
# When a Vitest stage fails, the failing lines of each stage are repeated at the end: CI may keep
# only the end of a run's output. Measured in docs/benchmarks.md ("Test suite time").
set -euo pipefail
cd "$(dirname "$0")/.."

stage() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

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

# Runs a Vitest stage with its output shown and kept, so that the failures can be repeated last
# (through tee, so Vitest is told to keep its colours when a person watches).
[ -t 1 ] && export FORCE_COLOR=1
failed_stages=()
vitest_stage() {
  local name=$1
  shift
  npx vitest run "$@" 2>&1 | tee "$logs/$name" || {
    status=1
    failed_stages+=("$name")
  }
}

stage "integration and e2e, pooled"
vitest_stage pooled --project 'integration*' --project e2e --maxWorkers="${TEST_WORKERS:-3}"

stage "e2e files that time the server: two at a time, then one at a time"
vitest_stage timed-pairs --project e2e-timed-pairs --maxWorkers=2
vitest_stage timed --project e2e-timed --maxWorkers=1

stage "npm test done"
if [ "${#failed_stages[@]}" -gt 0 ]; then
  # A long run's failures scroll far up, and CI may keep only the end of the output: repeat them.
  echo "Failed, by stage (the full reports are above):"
  for name in "${failed_stages[@]}"; do
    sed 's/\x1b\[[0-9;]*m//g' "$logs/$name" |
      grep -E '(FAIL|×|✗) |Test Files .*failed|Tests .*failed|Unhandled|Error: ' |
      sed "s/^/[${name}] /" | head -n 40 || true
  done
fi
exit "$status"
