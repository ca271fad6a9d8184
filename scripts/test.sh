#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest, with independent steps side by side so
# that a 2-core machine is kept busy (CI's aim is 20 minutes):
#   1. typecheck ‖ lint            (each uses one core)
#   2. unit tests
#   3. database tests ‖ next build (the tests mostly wait on PGlite and PostgreSQL)
#   4. what the build sends browsers: no server-only code, pages within their JS budgets
#   5. the container image's build steps (server bundle, started with node: scripts/check-image.sh)
#      ‖ the cluster test: two instances behind nginx with PostgreSQL and Redis, an instance killed
#      and both restarted mid-game (scripts/cluster-test.ts; skipped without TEST_DATABASE_URL)
#   6. end-to-end tests in Chromium, against the build of step 3
# A parallel step prints each command's output once both have ended, and fails if either failed.
set -euo pipefail
cd "$(dirname "$0")/.."

together() {
  local a_log b_log a_status=0 b_status=0
  a_log=$(mktemp) b_log=$(mktemp)
  echo "▶ npm run $1 ‖ npm run $2"
  npm run --silent "$1" >"$a_log" 2>&1 &
  local a_pid=$!
  npm run --silent "$2" >"$b_log" 2>&1 &
  local b_pid=$!
  wait "$a_pid" || a_status=$?
  wait "$b_pid" || b_status=$?
  echo "── npm run $1 (exit $a_status)"; cat "$a_log"
  echo "── npm run $2 (exit $b_status)"; cat "$b_log"
  rm -f "$a_log" "$b_log"
  [ "$a_status" -eq 0 ] && [ "$b_status" -eq 0 ]
}

together typecheck lint
npm run test:unit
together test:db build
npm run --silent check:bundles
together check:image test:cluster
npx playwright test
