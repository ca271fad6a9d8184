/**
 * The Quizdeck server: Next.js behind Node's own HTTP server, so later parts (the live-game
 * Socket.IO server) share the process and port, and shutdown closes the database cleanly.
 * `npm start` runs it in production mode; `npm run dev` passes --dev. QUIZDECK_ROLE picks what
 * this process serves (src/core/http/roles.ts): pages and live games (all, the default), pages only
 * (web: no Socket.IO), or live games only (live: no Next at all, just the probes beside them).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getPriority, hostname, setPriority } from "node:os";
import { register } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { crossSiteAction, CROSS_SITE_MESSAGE, mayBeServerAction } from "../core/http/action-origin";
import { selfAddress } from "../core/http/origin";
import { routeMatcher } from "../core/http/route-pattern";
import { defaultNice, misroutedMessage, requestKind, runsLiveGames, serves, servesPages } from "../core/http/roles";
import { securityHeaders } from "../core/http/security-headers";
import { env, EnvError } from "../env";
import { errorFields, log, requestId, withLogContext } from "../log";
import type { DbUsage } from "./metrics";
import { claimDataDir, secondInstanceMessage } from "./instance-lock";
import { APP_ROUTES } from "./app-routes";
import { runBundledWorkers } from "../worker-files";

// The live-game server below imports modules marked `import "server-only"` (the database, the
// queries). Next resolves that marker to an empty module in its server bundles; this process is
// a server too, so resolve it the same way here.
register(
  `data:text/javascript,${encodeURIComponent(
    'export async function resolve(s, c, n) { return s === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : n(s, c); }',
  )}`,
);

// Run as the bundle (dist/server/main.mjs, scripts/build-server.mjs), whose worker threads were
// bundled beside it: they need neither src/ nor tsx. From source, main.ts keeps src/'s workers.
const self = fileURLToPath(import.meta.url);
if (self.endsWith(".mjs")) runBundledWorkers(path.dirname(self));

const dev = process.argv.includes("--dev");
// Next decides its mode from NODE_ENV at import time, so set it before loading Next.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";

let config;
try {
  config = env();
} catch (err) {
  if (err instanceof EnvError) {
    log().fatal(err.message);
    process.exit(1);
  }
  throw err;
}
// QUIZDECK_LIVE_FANOUT chose a fanout path since deleted (docs/benchmarks.md, 2026-11-24): say so
// rather than ignore it silently ("" counts as unset, as in env.ts).
if (process.env.QUIZDECK_LIVE_FANOUT?.trim()) {
  log().warn("QUIZDECK_LIVE_FANOUT is no longer read: live messages always go through Socket.IO's own broadcast");
}

// PGlite runs inside this process, and two processes on one directory corrupt it: claim the
// directory before anything opens it, or stop (docs/operations.md, "Several instances").
let dataDirClaim: { release(): void } | null = null;
if (!config.DATABASE_URL && !config.QUIZDECK_DATA_DIR.startsWith("memory://")) {
  const claim = claimDataDir(config.QUIZDECK_DATA_DIR);
  if (!claim.ok) {
    console.error(secondInstanceMessage(config.QUIZDECK_DATA_DIR, claim));
    process.exit(1);
  }
  dataDirClaim = claim;
}
/** `npm run admin`'s way in while this process holds the PGlite directory (started once ready). */
let adminChannel: { close(): void } | null = null;

const role = config.QUIZDECK_ROLE;
const pages = servesPages(role);
const liveGames = runsLiveGames(role);

// A web process yields the CPU to a live process on the same machine (QUIZDECK_NICE, 10 by default
// for web): a page may wait a few ms more, a live game's acknowledgements must not (docs/benchmarks.md,
// "web and live apart"). On Linux this sets the main thread, where pages render, and the threads
// it starts from now on. Never lowered: only a privileged process could, and a launcher's
// `nice` (systemd's Nice=) stays when it asks for more.
const nice = config.QUIZDECK_NICE ?? defaultNice(role);
if (nice > 0) {
  try {
    if (getPriority() < nice) setPriority(nice);
  } catch (err) {
    log().warn({ ...errorFields(err), nice }, "could not lower this process's CPU priority");
  }
}


// A live-only process loads no Next: its event loop is the live games' alone.
let handle: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;
if (pages) {
  const { default: next } = await import("next");
  // Next fetches itself at http://hostname:port to render a server action's redirect into the
  // action's response: a wildcard listening address is reached on loopback.
  const app = next({ dev, hostname: selfAddress(config.HOSTNAME), port: config.PORT });
  handle = app.getRequestHandler();
  // Next 16 prints a line of its own while it starts ("✓ Running next.config.ts took …"): it goes
  // to the JSON log like every other line, so that the server's output stays one JSON object a line.
  const print = console.log;
  console.log = (...args: unknown[]) => log().info({ from: "next" }, args.map(String).join(" ").trim());
  try {
    await app.prepare();
  } finally {
    console.log = print;
  }
}

const { stampRequest, TRUSTED_PROXY_HEADER } = await import("./client-address");
const { checkActionBody, isActionRequest } = await import("./action-body");
const { refuseTooLarge } = await import("./refuse-body");
const { LIVE_SOCKET_PATH } = await import("../core/live/connection");
const { compressResponse } = await import("./compression");
const probes = await import("./probes");
const { metrics, serveMetrics, setMetricSources } = await import("./metrics");
const httpDuration = metrics().httpDuration;
// Route patterns for the request metric's label (src/core/http/route-pattern.ts, src/server/app-routes.ts).
const routeOf = routeMatcher(APP_ROUTES);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const MAX_REQUEST_BODY = 8 * 1024 * 1024; // next.config.ts serverActions.bodySizeLimit, and api.ts IMPORT_BODY_LIMIT
const httpsPublicUrl = Boolean(config.QUIZDECK_PUBLIC_URL?.startsWith("https:"));
const metricsToken = config.QUIZDECK_METRICS_TOKEN;

const server = createServer((req, res) => {
  const started = performance.now();
  // Who the client is (and whether its proxy's X-Forwarded-* headers count), by the one rule
  // Socket.IO uses too; a client's own values of these headers are overwritten.
  stampRequest(req);
  // The request's id: a trusted proxy's (so its log lines and ours join up) or a new one. It is on
  // every log line written while the request is handled, and goes back in the response.
  const reqId = requestId(req.headers["x-request-id"], req.headers[TRUSTED_PROXY_HEADER] === "1");
  req.headers["x-request-id"] = reqId;
  res.setHeader("x-request-id", reqId);
  res.once("close", () => {
    const ms = performance.now() - started;
    const route = routeOf(req.url ?? "/");
    const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first
    httpDuration.observe({ method: req.method ?? "GET", route, status: String(status) }, ms / 1000);
    // Build files are most of the requests and say little; they log at debug.
    const level = route.startsWith("/_next") ? "debug" : "info";
    log()[level]({ reqId, method: req.method, path: req.url?.split("?", 1)[0], route, status, ms: Math.round(ms * 10) / 10 }, "request");
  });
  withLogContext({ reqId }, () => handleRequest(req, res));
});

function handleRequest(req: IncomingMessage, res: ServerResponse) {
  // Security headers on every response. Next reads the nonce from the request's
  // Content-Security-Policy header and puts it on its own inline scripts; pages read x-nonce.
  const nonce = randomBytes(16).toString("base64");
  const security = securityHeaders({ nonce, host: req.headers.host, https: httpsPublicUrl, dev });
  req.headers["content-security-policy"] = security["Content-Security-Policy"];
  req.headers["x-nonce"] = nonce;
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  // No route takes more than an import (8 MB, src/server/api.ts); a larger declared body is
  // refused here before anyone reads it, server actions included.
  // The rest of the body is read and dropped, so the client reads the 413 (src/server/refuse-body.ts).
  if (Number(req.headers["content-length"] ?? 0) > MAX_REQUEST_BODY) return refuseTooLarge(req, res);
  // Next's own compression is off (next.config.ts); src/server/compression.ts says why. Socket.IO
  // answers its own path before this handler runs; the check keeps it so if that ever changes.
  // Metrics on the app's port only with a token set (QUIZDECK_METRICS_TOKEN); without one the
  // path is Next's 404 like any other. The stats port serves them to loopback without a token.
  const pathname = req.url?.split("?", 1)[0] ?? "/";
  if (metricsToken && pathname === "/metrics" && req.method === "GET") {
    void serveMetrics(req, res, metricsToken);
    return;
  }
  // A request for the other half of a split (QUIZDECK_ROLE): the balancer is set up wrong; say so.
  const kind = requestKind(pathname, LIVE_SOCKET_PATH);
  if (!serves(role, kind)) return void sendError(res, 404, "not_found", misroutedMessage(role, kind));
  if (!handle) return void answerProbe(pathname, res);
  if (kind !== "live") compressResponse(req, res);
  // A server action from another site: 403 here, where Next would answer 500 (src/core/http/action-origin.ts).
  if (mayBeServerAction({ method: req.method, contentType: req.headers["content-type"], action: header(req, "next-action") })) {
    if (crossSiteAction({ origin: header(req, "origin"), forwardedHost: header(req, "x-forwarded-host"), host: req.headers.host })) {
      req.resume();
      return void sendError(res, 403, "forbidden", CROSS_SITE_MESSAGE);
    }
  }
  // A server action's body is checked before Next decodes it (src/server/action-body.ts).
  if (isActionRequest(req)) {
    const next = handle;
    void checkActionBody(req, MAX_REQUEST_BODY).then(
      (checked) => {
        if (checked.ok) void next(checked.req, res);
        else if (checked.status === 413) refuseTooLarge(req, res);
        else sendError(res, checked.status, checked.code, checked.message);
      },
      () => res.destroy(), // the client went away while sending
    );
    return;
  }
  void handle(req, res);
}

/** A header's first value. */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** A live-only process answers /api/health and /api/ready itself, as Next's routes do elsewhere. */
async function answerProbe(pathname: string, res: ServerResponse) {
  const path = pathname.replace(/\/$/, "");
  const probe = path === "/api/health" ? probes.health : path === "/api/ready" ? probes.ready : null;
  if (!probe) return sendError(res, 404, "not_found", "This page could not be found.");
  try {
    const { status, body } = await probe();
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
  } catch (err) {
    log().error(errorFields(err), "probe failed");
    sendError(res, 500, "internal_error", "Something went wrong on our side. Try again in a moment.");
  }
}

// Live games: Socket.IO on this server and port (path in src/core/live/connection.ts).
// Not in a web-only process: its balancer sends the live-game path elsewhere.
const { getDatabase } = await import("../db");
const live = liveGames
  ? // The live games' own connections (DbHandle.liveDb): a group commit never queues behind pages.
    (await import("./live/socket")).attachLiveServer(server, async () => (await getDatabase()).liveDb, {
      // The name this process goes by in the live games' leases (which instance runs which game).
      instanceId: `${hostname()}:${config.PORT}:${process.pid}`,
    })
  : null;
setMetricSources({ ...(live ? { live: () => live.games.stats() } : {}), database: () => databaseRegistry()?.usage?.() });

// The counters, for operators and bench:live, on a loopback-only port of their own.
const { startStatsServer } = await import("./stats-server");
const statsServer = config.QUIZDECK_STATS_PORT
  ? await startStatsServer(config.QUIZDECK_STATS_PORT, (reset) => {
      const ms = (ns: number) => Math.round(ns / 1e4) / 100;
      const body = {
        ...live?.stats(),
        role,
        memory: process.memoryUsage(),
        // CPU time and minor page faults (first touches of memory) so far: bench:live reads them per question.
        cpuMs: Math.round(Object.values(process.cpuUsage()).reduce((a, b) => a + b, 0) / 1000),
        minorPageFaults: process.resourceUsage().minorPageFault,
        eventLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
      };
      if (reset) loopDelay.reset();
      return body;
    }, serveMetrics)
  : null;
// Redis (REDIS_URL) connected before the first request: rate limits count in it from the start.
const { closeRedis, pingRedis, redis } = await import("./redis");
const sharedRedis = redis();
if (sharedRedis && !(await pingRedis(sharedRedis, 5_000))) {
  log().warn({ component: "redis" }, "Redis did not answer at start-up; rate limits count in this process until it does");
}

// src/db/index.ts keeps the open database here (one per process; see the comment there).
type Registry = { close?: () => Promise<void>; usage?: () => DbUsage };
const databaseRegistry = () => (globalThis as Record<symbol, Registry | undefined>)[Symbol.for("quizdeck.database")];

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log().info({ signal }, `${signal}: finishing requests and closing the database`);
  // Stop taking connections, let requests in flight end (at most 10 s), then close the database,
  // which for PGlite flushes it to disk.
  // Whatever happens below, the process ends: a stop that hangs would stall a rolling deploy.
  setTimeout(() => {
    log().error("shutdown took longer than 20 s; exiting anyway");
    process.exit(1);
  }, 20_000).unref();
  const started = performance.now();
  const since = () => `${Math.round(performance.now() - started)} ms`;
  statsServer?.close();
  adminChannel?.close();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  // Live games first: their sockets are closed so that they reconnect elsewhere, what waits is
  // written and the leases are released, so another instance takes the games over at once.
  const liveClosed = (live ?? { close: async () => 0 })
    .close()
    .then((n) => log().info({ games: n }, `live games: ${n} written and handed back after ${since()}`))
    .catch((err: unknown) => log().error(errorFields(err), "closing live games failed"));
  await closed;
  log().info(`HTTP connections closed after ${since()}`);
  clearTimeout(force);
  await liveClosed;
  try {
    await databaseRegistry()?.close?.();
  } catch (err) {
    log().error(errorFields(err), "closing the database failed");
  }
  await closeRedis();
  dataDirClaim?.release();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

// Phones reconnect as soon as the port answers: their games wait until the open ones are restored.
live?.games.holdUntilRestored();
await new Promise<void>((resolve) => server.listen(config.PORT, config.HOSTNAME, resolve));
const host = config.HOSTNAME === "0.0.0.0" ? "localhost" : config.HOSTNAME;
// Next runs instrumentation (migrations, demo content) on the first request; make that request
// now, so the database is ready, or its failure visible, before anyone else arrives. (A live-only
// process answers it itself: the probe opens, migrates and seeds the database the same way.)
const health = await fetch(`http://127.0.0.1:${config.PORT}/api/health`).catch((err: unknown) => err as Error);
if (health instanceof Error || !health.ok) {
  log().error(`the database is not ready: ${health instanceof Error ? health.message : await health.text()}`);
}
// Resume every open game where it was (timers run again; players reconnect by themselves).
if (live) {
  try {
    // On PGlite this is the only process: leases left by its previous run mean nothing.
    const resumed = await live.games.restoreOpenGames({ forgetLeases: async () => (await getDatabase()).kind === "pglite" });
    if (resumed > 0) log().info({ resumed }, `resumed ${resumed} open game(s)`);
  } catch (err) {
    log().error(errorFields(err), "resuming open games failed");
  }
}
// On PGlite, `npm run admin` reaches the database through this process (src/server/admin-channel.ts).
if (dataDirClaim) {
  try {
    const [{ startAdminChannel }, { runAdminCommand }] = await Promise.all([import("./admin-channel"), import("./admin-commands")]);
    adminChannel = await startAdminChannel(config.QUIZDECK_DATA_DIR, async (command) => runAdminCommand((await getDatabase()).db, command, { via: "cli" }));
  } catch (err) {
    log().error(errorFields(err), "the admin channel could not start: npm run admin will not reach this server");
  }
}
const serving = { all: "pages and live games", web: "pages only", live: "live games only" }[role];
log().info({ port: config.PORT, mode: dev ? "development" : "production", role, nice: getPriority() }, `Quizdeck ready on http://${host}:${config.PORT} (${dev ? "development" : "production"}; ${serving})`);
