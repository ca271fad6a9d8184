#!/usr/bin/env bash
# CI stand-in for `docker build` (this machine cannot pull base images): runs the Dockerfile's
# build steps that can break — the Next build (reused when CI already made it), the server bundle
# and the layout of the image's files (scripts/image-files.mjs, which the Dockerfile runs too) —
# then starts the bundle the way the image's CMD does, from that layout in a directory of its
# own: plain node, no src/*.ts, no tsx, no typescript. It checks that /api/health and /api/ready
# answer 200 (the database is PGlite, in its bundled worker thread), that responses carry an
# x-request-id, that the server logs JSON lines, that the demo quizzes were seeded from their data
# files, that a real import goes through the HTTP API (the import worker, bundled), and that the
# bundled FSRS optimizer worker fits parameters there.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

dist="${QUIZDECK_NEXT_DIST_DIR:-.next}"
[ -f "$dist/BUILD_ID" ] || npm run build          # Dockerfile, build stage: npm run build
node scripts/build-server.mjs                         # Dockerfile, build stage: node scripts/build-server.mjs

# +30: free of the end-to-end servers and of the cluster test (+70 to +73), which run beside this.
port=$(( ${E2E_PORT_BASE:-3100} + 30 ))
# Outside the repository: Node looks for packages in every folder above the server's, and the
# repository's node_modules (tsx and all) must not be one of them.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quizdeck-image.XXXXXX")
case "$tmp" in "$repo"/*) echo "✗ TMPDIR is inside the repository"; exit 1 ;; esac
app="$tmp/app"
log="$tmp/server.log"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "✗ $1"; [ -f "$log" ] && cat "$log"; exit 1; }

# Dockerfile, build stage: node scripts/image-files.mjs /image; runtime stage: COPY --from=build /image ./
# (hard links here: the same files without copying half a gigabyte).
node scripts/image-files.mjs "$app" --link
stray=$(find "$app" -path "$app/node_modules" -prune -o \( -name '*.ts' -o -name '*.tsx' -o -name '*.mts' -o -name '*.cts' \) -print | head -3)
[ -z "$stray" ] || fail "the image's files include TypeScript: $stray"
for p in tsx/esm/api typescript; do
  (cd "$app" && node --input-type=module -e "await import('$p')" 2>/dev/null) && fail "the image's files reach the package $p"
done

# Dockerfile, runtime stage: CMD ["node", "dist/server/main.mjs"], in WORKDIR /app
(cd "$app" && exec env -u QUIZDECK_NEXT_DIST_DIR NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT="$port" HOSTNAME=127.0.0.1 \
  QUIZDECK_DATA_DIR="$tmp/data" node dist/server/main.mjs) >"$log" 2>&1 &
pid=$!

for _ in $(seq 1 240); do
  grep -q "Quizdeck ready" "$log" && break
  kill -0 "$pid" 2>/dev/null || fail "the bundled server exited:"
  sleep 0.5
done
grep -q "Quizdeck ready" "$log" || fail "the bundled server did not start in 120 s:"

base="http://127.0.0.1:$port"
# The image's HEALTHCHECK command, as it runs there.
PORT="$port" node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" \
  || fail "HEALTHCHECK: /api/health did not answer 200"
BASE="$base" node -e "fetch(process.env.BASE+'/api/ready').then(async r=>{
  if(r.status!==200){console.error(r.status, await r.text());process.exit(1)}
  if(!r.headers.get('x-request-id')){console.error('no x-request-id');process.exit(1)}
})" || fail "/api/ready did not answer 200 with an x-request-id"
# Without QUIZDECK_METRICS_TOKEN the app's port has no /metrics.
BASE="$base" node -e "fetch(process.env.BASE+'/metrics').then(r=>process.exit(r.status===404?0:1),()=>process.exit(1))" \
  || fail "/metrics on the app's port answered without a token set"
grep "Quizdeck ready" "$log" | node -e 'const l=JSON.parse(require("fs").readFileSync(0,"utf8").trim().split("\n")[0]); if(l.level!=="info"||!l.time) process.exit(1)' \
  || fail "the server's lines are not JSON"

# The demo quizzes (JSON read from src/db/seed/quizzes at start, seeded by default as in the image).
BASE="$base" node -e "fetch(process.env.BASE+'/api/v1/quizzes?limit=5').then(r=>r.json()).then(b=>process.exit(b.items?.length>0?0:1),()=>process.exit(1))" \
  || fail "no demo quizzes: the seed data was not read"

# Imports through the HTTP API, as a member: a text format and a binary one (base64), each read
# by the bundled import worker.
BASE="$base" node --input-type=module -e '
import { readFileSync } from "node:fs";
const base = process.env.BASE;
const json = { "content-type": "application/json", origin: base };
const up = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: json,
  body: JSON.stringify({ email: "image-check@quizdeck.test", handle: "image-check", name: "Image check", password: "image-check-password-1" }) });
if (up.status !== 200) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
const cookie = up.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const files = [["csv", readFileSync("samples/import/quizdeck.csv", "utf8"), 6], ["apkg", readFileSync("samples/import/anki.apkg").toString("base64"), 9]];
for (const [format, content, questions] of files) {
  const r = await fetch(`${base}/api/v1/imports`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ format, content }) });
  const body = await r.json();
  if (r.status !== 201 || body.imported !== questions) throw new Error(`${format} import: ${r.status} ${JSON.stringify(body)}`);
}
' || fail "an import through /api/v1/imports failed"

# The FSRS optimizer's worker as the server starts it (dist/server/fsrs-worker.mjs), in the
# image's files: a fit on review histories of 60 cards. Through the app it is a server action
# for a member with 400 reviews over many days: too slow to make here.
cat >"$app/fsrs-check.mjs" <<'EOF'
import { Worker } from "node:worker_threads";
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const histories = Array.from({ length: 60 }, () => {
  const h = [{ rating: 3, deltaT: 0 }];
  for (let i = 0, gap = 1; i < 6; i++) {
    const rating = rand() < 0.2 ? 1 : rand() < 0.7 ? 3 : 4;
    h.push({ rating, deltaT: gap });
    gap = rating === 1 ? 1 : Math.round(gap * (2 + rand() * 2));
  }
  return h;
});
const worker = new Worker(new URL("./dist/server/fsrs-worker.mjs", import.meta.url), { workerData: { histories, current: null } });
const timer = setTimeout(() => { console.error("the optimizer did not answer in 60 s"); process.exit(1); }, 60_000);
worker.once("error", (err) => { console.error(err); process.exit(1); });
worker.once("message", (m) => {
  clearTimeout(timer);
  void worker.terminate();
  if (m.error || m.parameters?.length < 19) { console.error(m); process.exit(1); }
});
EOF
(cd "$app" && node fsrs-check.mjs) || fail "the bundled FSRS optimizer worker did not fit parameters"

echo "✓ image check: from the image's files (no TypeScript, no tsx) the bundled server starts with node, answers /api/health and /api/ready, imports through the API, and its FSRS worker fits"
