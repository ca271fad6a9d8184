/**
 * npm run bench:db — requests per second and latency of the quiz list (API), a search, and a quiz
 * page render, on PGlite and on PostgreSQL, against the production build (`npm run build` first).
 * The load generator (autocannon) runs in this process; each server runs in its own.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server URL; a fresh database is made).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freshPostgres, machine, requireBuild, startServer, stopServer } from "./server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = [
  { name: "GET /api/v1/quizzes", path: "/api/v1/quizzes?limit=24" },
  { name: "GET /api/v1/quizzes?q=capitals", path: "/api/v1/quizzes?q=capitals" },
  { name: "GET /quiz/solar-system-basics (page)", path: "/quiz/solar-system-basics" },
];

requireBuild();

async function run(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const rows: string[] = [];
async function bench(backend: string, env: Record<string, string>, port: number) {
  const server = await startServer(port, env);
  try {
    for (const t of TARGETS) {
      const r = await run(`http://127.0.0.1:${port}${t.path}`);
      rows.push(`| ${backend} | ${t.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
      console.log(rows.at(-1));
    }
  } finally {
    await stopServer(server);
  }
}

console.log(`Machine: ${machine()}`);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target after a 2 s warm-up\n`);
console.log("| database | target | req/s | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- |");

const dir = mkdtempSync(path.join(os.tmpdir(), "quizdeck-bench-"));
try {
  await bench("PGlite", { QUIZDECK_DATA_DIR: dir }, 3301);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pgdb = await freshPostgres("quizdeck_bench");
if (pgdb) {
  try {
    await bench("PostgreSQL", { DATABASE_URL: pgdb.url }, 3302);
  } finally {
    await pgdb.drop();
  }
} else {
  console.log("(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}
