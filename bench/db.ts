/**
 * npm run bench:db — requests per second and latency of the quiz list (API), a search, and a quiz
 * page render, on PGlite and on PostgreSQL, against the production build (`npm run build` first).
 * The load generator (autocannon) runs in this process; each server runs in its own.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server URL; a fresh database is made).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = [
  { name: "GET /api/v1/quizzes", path: "/api/v1/quizzes?limit=24" },
  { name: "GET /api/v1/quizzes?q=capitals", path: "/api/v1/quizzes?q=capitals" },
  { name: "GET /quiz/solar-system-basics (page)", path: "/quiz/solar-system-basics" },
];

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

function start(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("Quizdeck ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.on("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function run(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const rows: string[] = [];
async function bench(backend: string, env: Record<string, string>, port: number) {
  const server = await start(port, env);
  try {
    for (const t of TARGETS) {
      const r = await run(`http://127.0.0.1:${port}${t.path}`);
      rows.push(`| ${backend} | ${t.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
      console.log(rows.at(-1));
    }
  } finally {
    await stop(server);
  }
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target after a 2 s warm-up\n`);
console.log("| database | target | req/s | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- |");

const dir = mkdtempSync(path.join(os.tmpdir(), "quizdeck-bench-"));
try {
  await bench("PGlite", { QUIZDECK_DATA_DIR: dir }, 3301);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query("drop database if exists quizdeck_bench with (force)");
  await admin.query("create database quizdeck_bench");
  const url = new URL(serverUrl);
  url.pathname = "/quizdeck_bench";
  try {
    await bench("PostgreSQL", { DATABASE_URL: url.toString() }, 3302);
  } finally {
    await admin.query("drop database if exists quizdeck_bench with (force)");
    await admin.end();
  }
} else {
  console.log("(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}
