import { execFile, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequest, APIRequestContext, Browser } from "@playwright/test";
import pg from "pg";
import { newAccount, type Account } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * `npm run admin` against a running server, on both databases: a server of its own on PGlite
 * (port portBase+53), where the command reaches the database through the server's admin channel,
 * and one on PostgreSQL (portBase+54, with TEST_DATABASE_URL), where it is one more client of the
 * database. The accounts are made and used through the server's HTTP API meanwhile: a promotion,
 * a disable (sessions end at once, sign-in refused with `account_disabled`), an enable, a reset
 * link that sets a new password once, the last-admin rule, and the audit log on /admin.
 */
test.describe.configure({ mode: "serial" });

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const serverUrl = process.env.TEST_DATABASE_URL;

type Server = { child: ChildProcess; output: () => string; exited: Promise<unknown>; env: Record<string, string>; base: string };

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const full: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATABASE_URL: "",
    QUIZDECK_SEED_DEMO: "false",
    QUIZDECK_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    QUIZDECK_ADMIN_EMAILS: "boss@cli.quizdeck.test",
    QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
    QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "10000",
    ...env,
  };
  const logFile = path.join(tmpdir(), `quizdeck-admin-cli-${port}.log`);
  writeFileSync(logFile, "");
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env: full as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (d: Buffer) => {
    output += d.toString();
    appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const server = { child, output: () => output, exited: new Promise((r) => child.on("exit", r)), env: full, base };
  const start = Date.now();
  while (!output.includes("Quizdeck ready")) {
    if (Date.now() - start > 300_000 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Runs `npm run admin -- …args` (its script, without npm's banner) with the server's environment. */
function admin(server: Server, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--conditions=react-server", "--import", "tsx", "src/server/admin-cli.ts", ...args], { env: server.env as NodeJS.ProcessEnv, timeout: 180_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const signUp = async (request: APIRequestContext, base: string, account: Account) => {
  const res = await request.post(`${base}/api/auth/sign-up/email`, { data: account, headers: { origin: base } });
  expect(res.status(), await res.text()).toBe(200);
};
const signIn = (request: APIRequestContext, base: string, email: string, password: string) =>
  request.post(`${base}/api/auth/sign-in/email`, { data: { email, password }, headers: { origin: base } });

/**
 * The tour of the command against one running server. `whole: false` stops after the enable: the
 * part that depends on where the database is (the command's connection, and the running server
 * seeing its changes at the next request). The rest (reset links, the last-admin rule, wrong
 * arguments, the audit log) is the same code on either database, toured once on PGlite.
 */
async function tour(server: Server, playwright: { request: APIRequest }, browser: Browser, whole = true) {
  const base = server.base;
  const boss = { ...newAccount("boss", "boss@cli.quizdeck.test"), handle: `boss-${portBase}` };
  const pupil = newAccount("pupil");
  const bossApi = await playwright.request.newContext();
  const pupilApi = await playwright.request.newContext();
  try {
    await signUp(bossApi, base, boss);
    await signUp(pupilApi, base, pupil);

    const list = await admin(server, "list-users");
    expect(list.code, list.stderr).toBe(0);
    const line = (email: string) => list.stdout.split("\n").find((l) => l.startsWith(email)) ?? "";
    expect(line(boss.email)).toMatch(/\badmin\s+active\b/);
    expect(line(pupil.email)).toMatch(/\bmember\s+active\b/);
    expect(list.stdout).toMatch(/^EMAIL\s+HANDLE\s+ROLE\s+STATUS\s+CREATED$/m);

    // Promote, then demote: the running server sees each at the next request.
    expect((await admin(server, "promote", pupil.email.toUpperCase())).stdout).toContain(`${pupil.email} (@${pupil.handle}) is now an admin`);
    expect((await pupilApi.get(`${base}/admin`)).status()).toBe(200);
    expect((await admin(server, "demote", pupil.email)).stdout).toContain("is now a member");
    expect((await pupilApi.get(`${base}/admin`)).status()).toBe(403);

    // Disable: the session ends at once, and signing in is refused with a clear error.
    expect((await pupilApi.get(`${base}/me`)).status()).toBe(200);
    const disabled = await admin(server, "disable", pupil.email);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain("is disabled");
    expect((await pupilApi.get(`${base}/me`)).status()).toBe(401);
    const refused = await signIn(pupilApi, base, pupil.email, pupil.password);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("account_disabled");
    expect((await admin(server, "list-users", pupil.handle)).stdout).toMatch(/\bmember\s+disabled\b/);

    // Enable: signing in works again.
    expect((await admin(server, "enable", pupil.email)).stdout).toContain("can sign in again");
    expect((await signIn(pupilApi, base, pupil.email, pupil.password)).status()).toBe(200);
    if (!whole) return;

    // A one-time reset link by the public-origin rule (here the allowed host), for one use.
    const reset = await admin(server, "reset-password", pupil.email);
    expect(reset.code, reset.stderr).toBe(0);
    const link = reset.stdout.split("\n").find((l) => l.startsWith(`${base}/reset-password?token=`));
    expect(link, reset.stdout).toBeTruthy();
    const token = new URL(link!).searchParams.get("token")!;
    const newPassword = `new-${pupil.password}`;
    const set = await pupilApi.post(`${base}/api/auth/reset-password`, { data: { token, newPassword }, headers: { origin: base } });
    expect(set.status(), await set.text()).toBe(200);
    expect((await signIn(pupilApi, base, pupil.email, pupil.password)).status()).toBe(401);
    expect((await signIn(pupilApi, base, pupil.email, newPassword)).status()).toBe(200);
    const again = await pupilApi.post(`${base}/api/auth/reset-password`, { data: { token, newPassword: `${newPassword}-2` }, headers: { origin: base } });
    expect(again.status()).toBe(400);

    // The last active admin stays one; an unknown address and a wrong command are refused.
    const lastDemote = await admin(server, "demote", boss.email);
    expect(lastDemote.code).toBe(1);
    expect(lastDemote.stderr).toContain("last_admin");
    expect((await admin(server, "disable", boss.email)).stderr).toContain("last_admin");
    const unknown = await admin(server, "promote", "nobody@cli.quizdeck.test");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "not_found: There is no account with that email address."]);
    expect((await admin(server, "promote")).code).toBe(2);

    // The audit log on /admin: the command line's actions, newest first.
    const context = await browser.newContext({ baseURL: base });
    try {
      expect((await signIn(context.request, base, boss.email, boss.password)).status()).toBe(200);
      const page = await context.newPage();
      await page.goto("/admin#audit");
      const entries = page.getByTestId("audit-entry");
      await expect(entries.first()).toContainText(`command line made a password-reset link for @${pupil.handle} (${pupil.email})`);
      await expect(entries.filter({ hasText: "command line" })).toHaveCount(5);
      await expect(entries.nth(1)).toContainText(`command line enabled @${pupil.handle}`);
    } finally {
      await context.close();
    }
  } finally {
    await bossApi.dispose();
    await pupilApi.dispose();
  }
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once, on servers of its own");
  // Starting a server takes a minute or more on a loaded 2-core machine.
  test.setTimeout(600_000);
});

test("PGlite: the command reaches the running server's database through its admin channel", async ({ playwright, browser }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-admin-cli-"));
  let server: Server | undefined;
  try {
    server = await startServer(portBase + 53, { QUIZDECK_DATA_DIR: dir });
    const channel = path.join(dir, "admin-channel.json");
    expect(statSync(channel).mode & 0o777).toBe(0o600);
    const { port } = JSON.parse(readFileSync(channel, "utf8")) as { port: number };
    // The channel listens on loopback only and wants the secret.
    const wrong = await fetch(`http://127.0.0.1:${port}/admin/command`, {
      method: "POST",
      headers: { authorization: "Bearer wrong", "content-type": "application/json" },
      body: JSON.stringify({ command: "list-users" }),
    });
    expect(wrong.status).toBe(401);
    await tour(server, playwright, browser);
    // Stopped, the server removes the channel; the command then opens the directory itself.
    await stop(server);
    expect(existsSync(channel)).toBe(false);
    const offline = await admin(server, "list-users");
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toContain("boss@cli.quizdeck.test");
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("PostgreSQL: the command works on the database the running server uses", async ({ playwright, browser }) => {
  test.skip(!serverUrl, "needs TEST_DATABASE_URL");
  const name = `quizdeck_admin_cli_${portBase}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  let server: Server | undefined;
  try {
    server = await startServer(portBase + 54, { DATABASE_URL: url.toString() });
    await tour(server, playwright, browser, false);
  } finally {
    await stop(server);
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
});
