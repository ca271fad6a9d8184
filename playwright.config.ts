import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { certSpkiHash, PROXY_HOST, proxySetup } from "./e2e/proxy/setup";
import { ROLES_HOST, rolesSetup } from "./e2e/roles/setup";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser; its headless shell, below) against the production
 * build, started by `npm start`, on the embedded PGlite database at the desktop size, and at the
 * phone size for the tests tagged @phone (e2e/fixtures.ts: PHONE).
 * With TEST_DATABASE_URL set, the specs whose server side touches the database in ways of its own
 * (API, solo play, accounts, security) run again at the desktop size on a fresh database of that
 * PostgreSQL server (see testIgnore below).
 */
/*
 * Chromium's headless shell first (Debian's chromium-headless-shell: the same Blink and V8 without
 * the full browser's user interface), which Playwright itself uses for headless runs. CI's
 * end-to-end run is CPU-bound, and the whole of it took 21.0 minutes in the shell against 29.7 in
 * the full browser's headless mode (docs/benchmarks.md). The full browser still works where it is
 * all there is.
 */
const executablePath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
if (!executablePath || !existsSync(executablePath)) {
  throw new Error(
    "No Chromium found for the end-to-end tests. Install it with `sudo apt-get install -y chromium-headless-shell` " +
      "(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}

const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

type Backend = { name: "pglite" | "postgres"; port: number; command: string; env: Record<string, string> };
// E2E_PORT_BASE lets a second checkout or worktree run its e2e tests beside this one.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const pgliteDir = path.join(tmpdir(), `quizdeck-e2e-pglite-${portBase}`);
/**
 * Each server starts on an empty data directory: its command clears the directory first, so that
 * merely loading this file (in a worker, or for `playwright test --list`) never wipes the
 * database of a run in progress.
 */
const freshStart = (dir: string) =>
  `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" ${JSON.stringify(dir)} && npm start`;

const backends: Backend[] = [
  { name: "pglite", port: portBase + 1, command: freshStart(pgliteDir), env: { QUIZDECK_DATA_DIR: pgliteDir } },
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const url = new URL(serverUrl);
  url.pathname = `/quizdeck_e2e_${portBase}`;
  backends.push({
    name: "postgres",
    port: portBase + 2,
    command: `psql "${serverUrl}" -q -c "drop database if exists quizdeck_e2e_${portBase} with (force)" -c "create database quizdeck_e2e_${portBase}" && npm start`,
    env: { DATABASE_URL: url.toString() },
  });
}

/**
 * The classroom server: the shipped defaults (no QUIZDECK_PUBLIC_URL, no raised rate limits),
 * reached the way phones on a school network reach a teacher's laptop: by a non-loopback host name
 * over plain HTTP (quizdeck.test, mapped to 127.0.0.1 inside Chromium only), so the page is not a
 * secure context. Its specs live in e2e/lan/ and run at the phone size.
 */
const lanPort = portBase + 3;
const lanDataDir = path.join(tmpdir(), `quizdeck-e2e-lan-${portBase}`);
const LAN_HOST = "quizdeck.test";
const lanLaunchOptions = { ...launchOptions, args: [...launchOptions.args, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`] };

/**
 * The reverse-proxy server: the app behind Debian's nginx with TLS, configured by the same file an
 * operator uses (deploy/nginx.conf, started by e2e/proxy/nginx.mjs with a certificate made for the
 * run). The app trusts the proxy's X-Forwarded-* headers (QUIZDECK_TRUST_PROXY), knows its public
 * https:// URL and keeps the default rate limits. The browser reaches it as
 * https://quizdeck.test:<portBase+5> and accepts that one certificate by its key's hash. Its specs
 * live in e2e/proxy/ and run at the desktop size (phones open their own contexts).
 */
const proxy = proxySetup(portBase);
const proxySpki = certSpkiHash(proxy.cert);
const proxyLaunchOptions = {
  ...launchOptions,
  args: [
    ...launchOptions.args,
    `--host-resolver-rules=MAP ${PROXY_HOST} 127.0.0.1`,
    ...(proxySpki ? [`--ignore-certificate-errors-spki-list=${proxySpki}`] : []),
  ],
};

/**
 * Pages and live games in separate processes (with TEST_DATABASE_URL only: the two share a
 * PostgreSQL database): a web and a live instance behind nginx with deploy/nginx-cluster.conf,
 * started by e2e/roles/serve.ts, reached as http://quizdeck.test:<portBase+20> with the shipped
 * rate limits. Its specs live in e2e/roles/ and run at the desktop size.
 */
const roles = rolesSetup(portBase);
const rolesLaunchOptions = { ...launchOptions, args: [...launchOptions.args, `--host-resolver-rules=MAP ${ROLES_HOST} 127.0.0.1`] };

const viewports = [
  { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 } },
  { name: "desktop", use: { viewport: { width: 1440, height: 900 } } },
];

/**
 * The servers the projects above reach, started side by side by e2e/servers.mjs (Playwright's own
 * webServers start one after another): `command` runs in a shell with `env` over the runner's
 * environment, and the run begins once every `url` answers.
 */
type E2eServer = { name: string; command: string; url: string; env?: Record<string, string>; after?: string; timeout?: number };
const servers: E2eServer[] = [
  ...backends.map((b) => ({
    name: b.name,
    command: b.command,
    url: `http://127.0.0.1:${b.port}/api/health`,
    env: {
      ...b.env,
      PORT: String(b.port),
      HOSTNAME: "127.0.0.1",
      QUIZDECK_PUBLIC_URL: `http://127.0.0.1:${b.port}`,
      // Every test signs up from 127.0.0.1; the limit itself is tested on a server of its own.
      QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
      QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "10000",
      QUIZDECK_RATE_LIMIT_PIN_GUESSES: "10000",
      QUIZDECK_RATE_LIMIT_ATTEMPTS: "10000",
      QUIZDECK_ADMIN_EMAILS: "admin@quizdeck.test",
      // Study mode's "come back tomorrow" tests move its clock with a cookie (src/server/clock.ts).
      QUIZDECK_TEST_CLOCK: "true",
    },
  })),
  {
    // Shipped defaults: nothing but where to keep the data and which port to use.
    name: "lan",
    command: freshStart(lanDataDir),
    url: `http://127.0.0.1:${lanPort}/api/health`,
    env: { QUIZDECK_DATA_DIR: lanDataDir, PORT: String(lanPort) },
  },
  {
    // The app behind the proxy: default rate limits, links from its public URL, the proxy trusted.
    name: "proxy-app",
    command: freshStart(proxy.dataDir),
    url: `http://127.0.0.1:${proxy.appPort}/api/health`,
    env: {
      QUIZDECK_DATA_DIR: proxy.dataDir,
      PORT: String(proxy.appPort),
      HOSTNAME: "127.0.0.1",
      QUIZDECK_PUBLIC_URL: proxy.origin,
      QUIZDECK_TRUST_PROXY: "127.0.0.1",
    },
  },
  {
    // nginx in front of it: its health check goes through nginx to the app.
    name: "nginx",
    command: "node e2e/proxy/nginx.mjs",
    url: `https://127.0.0.1:${proxy.port}/api/health`,
    after: "proxy-app",
    env: { PROXY_DIR: proxy.dir, PROXY_HOST, PROXY_PORT: String(proxy.port), APP_PORT: String(proxy.appPort) },
  },
  ...(serverUrl
    ? [
        {
          // PostgreSQL's fresh database, Redis, the web and live instances and nginx, in that order.
          name: "roles",
          command: "node --import tsx e2e/roles/serve.ts",
          url: `http://127.0.0.1:${roles.nginxPort}/api/health`,
        },
      ]
    : []),
];

export default defineConfig({
  testDir: "e2e",
  // Side-by-side runs (E2E_PORT_BASE) keep their own results, so one run does not wipe the other's.
  outputDir: process.env.E2E_PORT_BASE ? `test-results-${portBase}` : "test-results",
  fullyParallel: true,
  // Two browsers at once fill a 2-core machine; E2E_WORKERS tries another number (docs/benchmarks.md).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    locale: "en-US",
    // Recording a trace costs every test CPU (a DOM snapshot per action, a screencast); CI keeps
    // one for a test that failed once and is retried, which is where it is read. Locally, where
    // nothing is retried, every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // A page that never arrives fails its wait within a minute, not at the end of a long test's
    // time (the live-game specs allow up to 5 minutes): its retry starts that much sooner.
    navigationTimeout: 60_000,
    launchOptions,
  },
  projects: [
    ...backends.flatMap((b) =>
    // The phone layout does not depend on the database: PostgreSQL runs at the desktop size only.
    viewports
      .filter((v) => b.name === "pglite" || v.name === "desktop")
      .map((v) => ({
      name: `${v.name}-${b.name}`,
      use: { ...v.use, browserName: "chromium" as const, baseURL: `http://127.0.0.1:${b.port}`, launchOptions },
      metadata: { backend: b.name },
      // At the phone size only the tests tagged @phone (e2e/fixtures.ts: PHONE); the rest run at
      // the desktop size, where the same rules are checked once.
      ...(v.name === "phone" ? { grep: /@phone\b/ } : {}),
      // On PostgreSQL only the specs whose server side reaches the database in ways the database
      // tests (src/db/**/*.test.ts and *.db.test.ts, both backends: quizzes, attempts through the
      // AttemptStore contract suite, study scheduling, challenges, reports) do not: the API and its
      // contract, solo play's HTTP flow, accounts and sessions, hostile input (NUL, malformed ids), security and the server's
      // lifecycle. The browser flows over the same storage run once, on PGlite, to keep CI within
      // minutes (and the tests that do not depend on the database skip: skipOnPostgres).
      testIgnore: [/\/e2e\/(lan|proxy|roles)\//],
      ...(b.name === "postgres" ? { testMatch: /\/e2e\/(api|api-contract|accounts|accounts-email|hardening|solo-play|security|server-lifecycle)\.spec\.ts$/ } : {}),
    })),
    ),
    {
      name: "lan-phone",
      testMatch: /\/e2e\/lan\/.*\.spec\.ts$/,
      use: { ...viewports[0]!.use, browserName: "chromium" as const, baseURL: `http://${LAN_HOST}:${lanPort}`, launchOptions: lanLaunchOptions },
      metadata: { backend: "pglite" },
    },
    {
      name: "proxy-desktop",
      testMatch: /\/e2e\/proxy\/.*\.spec\.ts$/,
      use: { ...viewports[1]!.use, browserName: "chromium" as const, baseURL: proxy.origin, launchOptions: proxyLaunchOptions },
      metadata: { backend: "pglite" },
    },
    ...(serverUrl
      ? [
          {
            name: "roles-desktop",
            testMatch: /\/e2e\/roles\/.*\.spec\.ts$/,
            use: { ...viewports[1]!.use, browserName: "chromium" as const, baseURL: roles.origin, launchOptions: rolesLaunchOptions },
            metadata: { backend: "postgres" },
          },
        ]
      : []),
  ],
  webServer: {
    command: "node e2e/servers.mjs",
    url: `http://127.0.0.1:${portBase + 9}/`,
    // Each server has 180 s (e2e/servers.mjs); on a loaded 2-core machine they share the cores.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { E2E_SERVERS: JSON.stringify(servers), READY_PORT: String(portBase + 9) },
    // Every server in its process group gets SIGTERM: PGlite closes cleanly, the roles stop nginx and Redis.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
