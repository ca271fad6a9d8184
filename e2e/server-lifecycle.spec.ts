import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The production server as an operator runs it: start-up configuration checks, a clean shutdown
 * on SIGTERM that keeps what was committed, and health answering 503 without a database.
 */
test.describe.configure({ mode: "serial" });
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once");
});

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Server {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, HOSTNAME: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForLog(server: Server, text: string, timeoutMs = 90_000) {
  const start = Date.now();
  while (!server.output().includes(text)) {
    if (Date.now() - start > timeoutMs) throw new Error(`no "${text}" in server output:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("a bad setting stops the start with a message naming it", async () => {
  const server = startServer({ PORT: "not-a-port", DATABASE_URL: "mysql://nope" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("Invalid environment configuration");
  expect(server.output()).toMatch(/PORT: .*number/);
  expect(server.output()).toContain("DATABASE_URL: must be a postgres:// or postgresql:// connection URL");
});

test("a web-only or live-only process on the embedded database is refused, saying it needs PostgreSQL", async () => {
  // PGlite lives inside one process: serving pages and live games apart needs a shared database.
  for (const role of ["web", "live"]) {
    const server = startServer({ PORT: String(Number(process.env.E2E_PORT_BASE ?? 3100) + 14), QUIZDECK_ROLE: role, DATABASE_URL: "" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid environment configuration");
    expect(server.output()).toContain(`QUIZDECK_ROLE: \\"${role}\\" needs DATABASE_URL`);
    expect(server.output()).toContain("leave QUIZDECK_ROLE unset (all)");
  }
});

test("SIGTERM closes PGlite cleanly and a restart finds everything committed, once", async ({ request }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-lifecycle-"));
  try {
    // From the run's port base (playwright.config.ts), so side-by-side runs do not collide.
    const port = String(Number(process.env.E2E_PORT_BASE ?? 3100) + 11);
    const first = startServer({ PORT: port, QUIZDECK_DATA_DIR: dir });
    await waitForLog(first, "Quizdeck ready");
    const before = await (await request.get(`http://127.0.0.1:${port}/api/v1/quizzes?limit=100`)).json();
    expect(before.total).toBeGreaterThanOrEqual(12);
    // PGlite is one process: a second server on the same directory refuses to start.
    const intruder = startServer({ PORT: String(Number(port) + 3), QUIZDECK_DATA_DIR: dir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`Another Quizdeck server (pid ${first.child.pid}) is already using the data directory`);
    expect(intruder.output()).toContain("DATABASE_URL");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("closing the database");

    const second = startServer({ PORT: port, QUIZDECK_DATA_DIR: dir });
    await waitForLog(second, "Quizdeck ready");
    expect(second.output()).not.toContain("loaded"); // nothing seeded twice
    const after = await (await request.get(`http://127.0.0.1:${port}/api/v1/quizzes?limit=100`)).json();
    expect(after).toEqual(before);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("health answers 503 when PostgreSQL does not answer", async ({ request }) => {
  test.setTimeout(120_000);
  const port = "3112";
  // Port 9 on loopback: nothing listens there, so every connection is refused at once.
  const server = startServer({ PORT: port, DATABASE_URL: "postgres://nobody@127.0.0.1:9/none" });
  try {
    await waitForLog(server, "Quizdeck ready");
    expect(server.output()).toContain("the database is not ready");
    const res = await request.get(`http://127.0.0.1:${port}/api/health`);
    expect(res.status()).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "postgres" });
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("sign-in and sign-up are limited per address, answering rate_limited with Retry-After", async ({ request }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-ratelimit-"));
  const port = "3113";
  const base = `http://127.0.0.1:${port}`;
  // The e2e servers raise the limits for their many sign-ups; this one sets the per-address limit
  // to 10 and lifts the per-account one (5 by default; src/server/sign-in-limit.isolated.test.ts) out of the way.
  const server = startServer({
    PORT: port,
    QUIZDECK_DATA_DIR: dir,
    QUIZDECK_SEED_DEMO: "false",
    QUIZDECK_RATE_LIMIT_SIGN_IN: "10",
    QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "100",
  });
  try {
    await waitForLog(server, "Quizdeck ready");
    const up = await request.post(`${base}/api/auth/sign-up/email`, {
      data: { email: "limit@quizdeck.test", handle: "limit", name: "Limit", password: "right-password" },
      headers: { origin: base },
    });
    expect(up.status()).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await request.post(`${base}/api/auth/sign-in/email`, {
        data: { email: "limit@quizdeck.test", password: "wrong-password" },
        headers: { origin: base },
      });
      statuses.push(res.status());
    }
    expect(statuses).toEqual(Array(9).fill(401));
    // The 11th request of the minute is refused even with the right password.
    const limited = await request.post(`${base}/api/auth/sign-in/email`, {
      data: { email: "limit@quizdeck.test", password: "right-password" },
      headers: { origin: base },
    });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers()["retry-after"])).toBeLessThanOrEqual(60);
    expect((await limited.json()).error.code).toBe("rate_limited");
    // Other pages are not limited.
    expect((await request.get(`${base}/api/health`)).status()).toBe(200);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
