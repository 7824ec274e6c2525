#!/usr/bin/env bash
# `npm test`: every check but Lighthouse (`npm run test:lighthouse`, alone, after this), in two
# phases that keep the two cores of the CI machine busy without making the tests compete for them:
#   1. lint, typecheck and unit tests (one lane) beside the production build (the other);
#   2. one Vitest run of the integration projects (PGlite and, with TEST_DATABASE_URL, PostgreSQL)
#      and the e2e project, whose files share a pool of TEST_WORKERS workers (default 3: an e2e
#      file spends much of its time waiting for its server and Chromium, an integration file on
#      PostgreSQL for the database server);
#   3. the e2e files that time the server (project e2e-timed, vitest.config.ts), one at a time.
# Measured in docs/benchmarks.md ("Test suite time").
set -euo pipefail
cd "$(dirname "$0")/.."

stage() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

stage "lint, typecheck, unit tests | build"
# Each lane writes to its own log, printed when both are done, so the output stays readable.
(
  start=$SECONDS
  npm run lint && npm run typecheck && npm run test:unit
  echo "--- checks lane: $((SECONDS - start)) s"
) >"$logs/checks" 2>&1 &
checks=$!
(
  start=$SECONDS
  npm run build
  echo "--- build lane: $((SECONDS - start)) s"
) >"$logs/build" 2>&1 &
build=$!
status=0
wait "$checks" || status=1
wait "$build" || status=1
cat "$logs/checks" "$logs/build"
[ "$status" -eq 0 ] || exit "$status"

stage "integration and e2e, pooled"
npx vitest run --project 'integration*' --project e2e --maxWorkers="${TEST_WORKERS:-3}"

stage "e2e files that time the server, one at a time"
npx vitest run --project e2e-timed --maxWorkers=1

stage "npm test done"
