/**
 * npm run bench:play — many guests, each playing a whole quiz through the API at once, against
 * the production server (its own process) on PGlite and on PostgreSQL. Prints answers per second
 * and answer latency p50/p99. Options: --guests N (default 50), --quiz SLUG.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshPostgres, machine, percentile, requireBuild, startServer, stopServer } from "./server";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const GUESTS = Number(arg("guests", "50"));
const QUIZ = arg("quiz", "world-capitals");

type Q = { id: string; type: string; data: { options?: { id: string }[]; items?: { id: string }[]; min?: number } };

/** Some answer of the right shape; the benchmark measures the path, not the knowledge. */
function someAnswer(q: Q): unknown {
  switch (q.type) {
    case "single":
      return q.data.options?.[0]?.id;
    case "multiple":
      return [q.data.options?.[0]?.id];
    case "boolean":
      return true;
    case "text":
      return "paris";
    case "order":
      return q.data.items?.map((i) => i.id);
    default:
      return q.data.min ?? 0;
  }
}

async function guest(base: string, n: number, latencies: number[]): Promise<number> {
  const start = await fetch(`${base}/api/v1/quizzes/${QUIZ}/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nickname: `Bench ${n}` }),
  });
  if (start.status !== 201) throw new Error(`start: ${start.status} ${await start.text()}`);
  const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
  const body = (await start.json()) as { attemptId: string; question: Q | null };
  let q = body.question;
  let answers = 0;
  while (q) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/attempts/${body.attemptId}/answers`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ questionId: q.id, answer: someAnswer(q) }),
    });
    const json = (await res.json()) as { next: Q | null; error?: unknown };
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`answer: ${res.status} ${JSON.stringify(json)}`);
    answers++;
    q = json.next;
  }
  return answers;
}

async function run(label: string, env: Record<string, string>, port: number) {
  const server = await startServer(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await guest(base, -1, []); // warm-up: one whole play
    const latencies: number[] = [];
    const t0 = performance.now();
    const counts = await Promise.all(Array.from({ length: GUESTS }, (_, i) => guest(base, i, latencies)));
    const seconds = (performance.now() - t0) / 1000;
    const total = counts.reduce((a, b) => a + b, 0);
    latencies.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${GUESTS} | ${total} | ${(total / seconds).toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} |`,
    );
  } finally {
    await stopServer(server);
  }
}

requireBuild();
console.log(`Machine: ${machine()}`);
console.log(`${GUESTS} guests at once, each playing "${QUIZ}" start to finish through /api/v1\n`);
console.log("| database | guests | answers | answers/s | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- | --- |");
const dir = mkdtempSync(path.join(os.tmpdir(), "quizdeck-bench-play-"));
try {
  await run("PGlite", { QUIZDECK_DATA_DIR: dir }, 3311);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgdb = await freshPostgres("quizdeck_bench_play");
if (pgdb) {
  try {
    await run("PostgreSQL", { DATABASE_URL: pgdb.url }, 3312);
  } finally {
    await pgdb.drop();
  }
} else console.log("(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
