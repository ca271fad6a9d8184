/**
 * The Quizdeck server: Next.js behind Node's own HTTP server, so later parts (the live-game
 * Socket.IO server) share the process and port, and shutdown closes the database cleanly.
 * `npm start` runs it in production mode; `npm run dev` passes --dev.
 */
import { createServer } from "node:http";
import { env, EnvError } from "../env";

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

const server = createServer((req, res) => {
  // The address rate limits count by; overwritten, never trusted from the client.
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
  void handle(req, res);
});

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
  await closed;
  clearTimeout(force);
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
console.log(`[server] Quizdeck ready on http://${host}:${config.PORT} (${dev ? "development" : "production"})`);
