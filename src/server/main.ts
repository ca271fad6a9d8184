/**
 * The Quizdeck server: Next.js behind Node's own HTTP server, so later parts (the live-game
 * Socket.IO server) share the process and port, and shutdown closes the database cleanly.
 * `npm start` runs it in production mode; `npm run dev` passes --dev.
 */
import { createServer } from "node:http";
import { register } from "node:module";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { env, EnvError } from "../env";

// The live-game server below imports modules marked `import "server-only"` (the database, the
// queries). Next resolves that marker to an empty module in its server bundles; this process is
// a server too, so resolve it the same way here.
register(
  `data:text/javascript,${encodeURIComponent(
    'export async function resolve(s, c, n) { return s === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : n(s, c); }',
  )}`,
);

const CLIENT_IP_HEADER = "x-quizdeck-client-ip"; // read by src/server/rate-limit.ts

const dev = process.argv.includes("--dev");
// Next decides its mode from NODE_ENV at import time, so set it before loading Next.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";

let config;
try {
  config = env();
} catch (err) {
  if (err instanceof EnvError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const { default: next } = await import("next");
const app = next({ dev, hostname: config.HOSTNAME, port: config.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const { LIVE_SOCKET_PATH, LIVE_STATS_PATH } = await import("./live/constants");
const { compressResponse } = await import("./compression");
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const server = createServer((req, res) => {
  // The address rate limits count by; overwritten, never trusted from the client.
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
  // The live server's counters for operators and bench:live: from this machine only.
  if (req.url?.startsWith(LIVE_STATS_PATH) && LOOPBACK.has(req.socket.remoteAddress ?? "")) {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const body = {
      ...live.stats(),
      memory: process.memoryUsage(),
      // CPU time and minor page faults (first touches of memory) so far: bench:live reads them per question.
      cpuMs: Math.round(Object.values(process.cpuUsage()).reduce((a, b) => a + b, 0) / 1000),
      minorPageFaults: process.resourceUsage().minorPageFault,
      eventLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
    };
    if (req.url.includes("reset=1")) loopDelay.reset();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    return;
  }
  // Next's own compression is off (next.config.ts); src/server/compression.ts says why. Socket.IO
  // answers its own path before this handler runs; the check keeps it so if that ever changes.
  if (!req.url?.startsWith(LIVE_SOCKET_PATH)) compressResponse(req, res);
  void handle(req, res);
});

// Live games: Socket.IO on this server and port (path in src/server/live/constants.ts).
const { getDatabase } = await import("../db");
const { attachLiveServer } = await import("./live/socket");
const live = attachLiveServer(server, async () => (await getDatabase()).db);

// src/db/index.ts keeps the open database here (one per process; see the comment there).
type Registry = { close?: () => Promise<void> };
const databaseRegistry = () => (globalThis as Record<symbol, Registry | undefined>)[Symbol.for("quizdeck.database")];

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing requests and closing the database`);
  // Stop taking connections, let requests in flight end (at most 10 s), then close the database,
  // which for PGlite flushes it to disk.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  const liveClosed = live.close().catch((err: unknown) => console.error("[server] closing live games failed:", err));
  await closed;
  clearTimeout(force);
  await liveClosed;
  try {
    await databaseRegistry()?.close?.();
  } catch (err) {
    console.error("[server] closing the database failed:", err);
  }
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await new Promise<void>((resolve) => server.listen(config.PORT, config.HOSTNAME, resolve));
const host = config.HOSTNAME === "0.0.0.0" ? "localhost" : config.HOSTNAME;
// Next runs instrumentation (migrations, demo content) on the first request; make that request
// now, so the database is ready, or its failure visible, before anyone else arrives.
const health = await fetch(`http://127.0.0.1:${config.PORT}/api/health`).catch((err: unknown) => err as Error);
if (health instanceof Error || !health.ok) {
  console.error(`[server] the database is not ready: ${health instanceof Error ? health.message : await health.text()}`);
}
// Resume every open game where it was (timers run again; players reconnect by themselves).
try {
  const resumed = await live.games.restoreOpenGames();
  if (resumed > 0) console.log(`[live] resumed ${resumed} open game(s)`);
} catch (err) {
  console.error(`[live] resuming open games failed: ${err instanceof Error ? err.message : String(err)}`);
}
console.log(`[server] Quizdeck ready on http://${host}:${config.PORT} (${dev ? "development" : "production"})`);
