/**
 * bench:imports — how long each hostile file (src/test/hostile-imports.ts) and each sample of
 * samples/import takes to import through POST /api/v1/imports on the production build (PGlite),
 * and how quickly /api/health answers meanwhile: health checks are sent one after another for as
 * long as the import runs, and their latencies summarised (p50, p99, max).
 *
 *   npm run build && npm run bench:imports [-- --port 3590] [-- --only gift-html-lt,moodle.gift]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiContent, hostileFiles } from "../src/test/hostile-imports";
import { arg, machine, percentile, requireBuild, startServer, stopServer } from "./server";

const port = Number(arg("port") ?? 3590);
const only = arg("only")?.split(",");
const base = `http://127.0.0.1:${port}`;

type Case = { name: string; format: string; fileName: string; content: string };

const FORMAT_OF: Record<string, string> = { ".gift": "gift", ".csv": "csv", ".xlsx": "kahoot" };
function sampleCases(): Case[] {
  const dir = path.resolve("samples/import");
  return readdirSync(dir)
    .filter((n) => n !== "README.md")
    .map((n) => {
      const ext = path.extname(n);
      const format = FORMAT_OF[ext] ?? (n.startsWith("opentdb") ? "opentdb" : n.startsWith("aiken") ? "aiken" : "json");
      const bytes = readFileSync(path.join(dir, n));
      return { name: n, format, fileName: n, content: format === "kahoot" ? bytes.toString("base64") : bytes.toString("utf8") };
    });
}

async function signUp(): Promise<string> {
  const id = Math.random().toString(36).slice(2, 8);
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: `bench-${id}@quizdeck.test`, handle: `bench_${id}`, name: "Bench", password: "bench-password-1" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function measure(c: Case, cookie: string) {
  let done = false;
  const started = performance.now();
  const importing = fetch(`${base}/api/v1/imports`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ format: c.format, content: c.content, fileName: c.fileName }),
  }).then(async (res) => {
    const ms = performance.now() - started;
    done = true;
    const body = (await res.json()) as { imported?: number; error?: { code: string; lines?: { reason: string }[] } };
    return { ms, status: res.status, body };
  });
  const health: number[] = [];
  while (!done) {
    const t = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
  }
  const result = await importing;
  health.sort((a, b) => a - b);
  const outcome = result.body.error
    ? `${result.status} ${result.body.error.code}: ${(result.body.error.lines?.[0]?.reason ?? "").slice(0, 70)}`
    : `${result.status} imported ${result.body.imported}`;
  return { ms: result.ms, health, outcome };
}

requireBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "quizdeck-bench-imports-"));
const server = await startServer(port, { QUIZDECK_DATA_DIR: dataDir });
try {
  console.log(`bench:imports on ${machine()}, ${new Date().toISOString()}`);
  const cookie = await signUp();
  const cases: Case[] = [
    ...(await Promise.all(hostileFiles().map(async (f) => ({ name: f.name, format: f.format, fileName: f.fileName, content: apiContent(await f.make()) })))),
    ...sampleCases(),
  ].filter((c) => !only || only.includes(c.name));
  // One import first, so the worker's start-up (loading the parsers) is not charged to a file.
  await measure(sampleCases()[0]!, cookie);
  // The health check alone, with nothing being imported, for comparison.
  const idle: number[] = [];
  for (const until = performance.now() + 3_000; performance.now() < until; ) {
    const t = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    idle.push(performance.now() - t);
  }
  idle.sort((a, b) => a - b);
  const rows: string[] = ["| file | sent | import ms | health checks | health p50 ms | health p99 ms | health max ms | answer |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"];
  rows.push(`| (no import) | | | ${idle.length} | ${percentile(idle, 50).toFixed(1)} | ${percentile(idle, 99).toFixed(1)} | ${(idle.at(-1) ?? 0).toFixed(1)} | |`);
  for (const c of cases) {
    const m = await measure(c, cookie);
    const f = (n: number) => n.toFixed(1);
    rows.push(
      `| ${c.name} | ${(c.content.length / 1024).toFixed(0)} KB | ${m.ms.toFixed(0)} | ${m.health.length} | ${f(percentile(m.health, 50))} | ${f(percentile(m.health, 99))} | ${f(m.health.at(-1) ?? 0)} | ${m.outcome.replace(/\|/g, "/")} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\n${rows.join("\n")}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
