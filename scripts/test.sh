#!/usr/bin/env bash
# `npm test`: every test. On a 2-core machine the end-to-end suite is the long pole, so the build
# it needs starts first, and everything that needs no browser runs beside it:
#   main lane: next build → check:bundles (what the build sends browsers: no server-only code,
#              pages within their JS budgets) → end-to-end tests in Chromium, against that build
#   side lane: typecheck ‖ lint (each uses one core) → unit tests → the unit tests again on the
#              Node whose bin directory TEST_UNIT_NODE_BIN names (CI: Node 22, the oldest that
#              package.json allows) → database tests (PGlite, and PostgreSQL with
#              TEST_DATABASE_URL) → once the build is there, the container image's build steps
#              (server bundle, started with node: scripts/check-image.sh) → the cluster test (two
#              instances behind nginx with PostgreSQL and Redis, an instance killed and both
#              restarted mid-game: scripts/cluster-test.ts; skipped without TEST_DATABASE_URL)
# The end-to-end run leaves a core idle for a good part of its time (its tests wait on timers,
# sockets and servers); the side lane's checks fill it (docs/benchmarks.md). The side lane's ports
# are free of the end-to-end servers' (docs/operations.md). Its output is printed when it ends; a
# failure in either lane stops the other, so a type error still ends the run within minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

state=$(mktemp -d)
side_log="$state/side.log"
# The side lane, in a session of its own so that it can be stopped whole.
setsid bash -c '
  set -euo pipefail
  state=$1
  step() { echo "▶ npm run $1 ($(date +%T))"; npm run --silent "$1"; }
  # typecheck ‖ lint: both run to the end, then both outputs are printed.
  echo "▶ npm run typecheck ‖ npm run lint ($(date +%T))"
  npm run --silent typecheck >"$state/typecheck.log" 2>&1 & tc=$!
  npm run --silent lint >"$state/lint.log" 2>&1 & li=$!
  tc_status=0; li_status=0
  wait "$tc" || tc_status=$?
  wait "$li" || li_status=$?
  echo "── npm run typecheck (exit $tc_status)"; cat "$state/typecheck.log"
  echo "── npm run lint (exit $li_status)"; cat "$state/lint.log"
  [ "$tc_status" -eq 0 ] && [ "$li_status" -eq 0 ]
  step test:unit
  if [ -n "${TEST_UNIT_NODE_BIN:-}" ]; then
    echo "▶ unit tests on $("$TEST_UNIT_NODE_BIN/node" --version) ($(date +%T))"
    PATH="$TEST_UNIT_NODE_BIN:$PATH" npm run --silent test:unit
  fi
  step test:db
  while [ ! -e "$state/build.done" ]; do
    [ -e "$state/build.failed" ] && { echo "the build failed: no image or cluster check"; exit 1; }
    sleep 1
  done
  step check:image
  step test:cluster
  echo "side lane done ($(date +%T))"
' side "$state" >"$side_log" 2>&1 &
side=$!

# The main lane, in a session of its own too: a failure of the side lane interrupts it whole, as
# Ctrl-C would (Playwright stops its tests and servers on SIGINT; npx does not pass a signal on).
setsid bash -c '
  set -euo pipefail
  state=$1
  echo "▶ npm run build ($(date +%T))"
  if ! npm run --silent build; then touch "$state/build.failed"; exit 1; fi
  touch "$state/build.done"
  echo "▶ npm run check:bundles"
  npm run --silent check:bundles
  echo "▶ playwright test ($(date +%T))"
  npx playwright test
' main "$state" &
main_pid=$!

stop_side() { kill -TERM -- "-$side" 2>/dev/null || true; }
stop_main() { kill -INT -- "-$main_pid" 2>/dev/null || true; }
trap 'stop_side; stop_main' INT TERM

status=0
ended=""
wait -n -p ended "$side" "$main_pid" || status=$?
if [ "$ended" = "$side" ]; then
  side_status=$status
  echo "── side lane (exit $side_status)"; cat "$side_log"
  if [ "$side_status" -ne 0 ]; then
    # Stop the end-to-end run (Playwright stops its servers on SIGINT).
    stop_main
    wait "$main_pid" 2>/dev/null || true
    rm -rf "$state"
    exit "$side_status"
  fi
  main_status=0
  wait "$main_pid" || main_status=$?
  rm -rf "$state"
  exit "$main_status"
fi
main_status=$status
if [ "$main_status" -ne 0 ]; then
  stop_side
  wait "$side" 2>/dev/null || true
  echo "── side lane (stopped: the main lane failed)"; cat "$side_log"
  rm -rf "$state"
  exit "$main_status"
fi
side_status=0
wait "$side" || side_status=$?
echo "── side lane (exit $side_status)"; cat "$side_log"
rm -rf "$state"
exit "$side_status"
