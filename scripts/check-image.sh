#!/usr/bin/env bash
# CI stand-in for `docker build` (this machine cannot pull base images): runs the Dockerfile's
# build steps that can break — the Next build (reused when CI already made it) and the server
# bundle — then starts the bundle the way the image's CMD does (plain node, no tsx) and checks
# that /api/health and /api/ready answer 200, that responses carry an x-request-id, and that
# the server logs JSON lines.
set -euo pipefail
cd "$(dirname "$0")/.."

dist="${QUIZDECK_NEXT_DIST_DIR:-.next}"
[ -f "$dist/BUILD_ID" ] || npx next build            # Dockerfile, build stage: npx next build
node scripts/build-server.mjs                         # Dockerfile, build stage: node scripts/build-server.mjs

port=$(( ${E2E_PORT_BASE:-3100} + 8 ))
data=$(mktemp -d)
log=$(mktemp)
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$data" "$log"
}
trap cleanup EXIT

# Dockerfile, runtime stage: CMD ["node", "dist/server/main.mjs"]
NODE_ENV=production PORT="$port" HOSTNAME=127.0.0.1 QUIZDECK_DATA_DIR="$data" QUIZDECK_SEED_DEMO=false \
  node dist/server/main.mjs >"$log" 2>&1 &
pid=$!

for _ in $(seq 1 240); do
  grep -q "Quizdeck ready" "$log" && break
  kill -0 "$pid" 2>/dev/null || { echo "✗ the bundled server exited:"; cat "$log"; exit 1; }
  sleep 0.5
done
grep -q "Quizdeck ready" "$log" || { echo "✗ the bundled server did not start in 120 s:"; cat "$log"; exit 1; }

fail() { echo "✗ $1"; cat "$log"; exit 1; }
# The image's HEALTHCHECK command, as it runs there.
PORT="$port" node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" \
  || fail "HEALTHCHECK: /api/health did not answer 200"
PORT="$port" node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(async r=>{
  if(r.status!==200){console.error(r.status, await r.text());process.exit(1)}
  if(!r.headers.get('x-request-id')){console.error('no x-request-id');process.exit(1)}
})" || fail "/api/ready did not answer 200 with an x-request-id"
# Without QUIZDECK_METRICS_TOKEN the app's port has no /metrics.
PORT="$port" node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/metrics').then(r=>process.exit(r.status===404?0:1),()=>process.exit(1))" \
  || fail "/metrics on the app's port answered without a token set"
grep "Quizdeck ready" "$log" | node -e 'const l=JSON.parse(require("fs").readFileSync(0,"utf8").trim().split("\n")[0]); if(l.level!=="info"||!l.time) process.exit(1)' \
  || fail "the server's lines are not JSON"
echo "✓ image check: the server bundle builds, starts with node, and answers /api/health and /api/ready"
