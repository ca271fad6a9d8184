// Starts the end-to-end run's servers all at once and answers on READY_PORT when every one of them
// answers its own health URL. Playwright starts its webServers one after another, each waiting
// for the one before; this one webServer (playwright.config.ts) lets them start side by side,
// which brought the first test 8–14 s sooner in CI (docs/benchmarks.md).
//
// E2E_SERVERS is a JSON array of { name, command, env, url, after, timeout }: `command` runs in a
// shell with `env` over this process's environment; its output is printed line by line, prefixed
// with [name]. A server with `after` (another's name) starts at once, but its URL is asked only
// once that one answers (a proxy's health check goes through to the app behind it).
//
// The children stay in this process's group, so Playwright's signal at the end of the run
// (SIGTERM, then SIGKILL after its timeout) reaches every one of them; this process exits when
// they have. A server that exits while the run needs it ends this process too (exit 1), naming it.
import { spawn } from "node:child_process";
import { createServer, get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { createInterface } from "node:readline";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const readyPort = Number(process.env.READY_PORT);
if (!servers.length || !readyPort) {
  console.error("[servers] E2E_SERVERS and READY_PORT must be set (playwright.config.ts sets them).");
  process.exit(1);
}

// Playwright signals the whole group: each child stops by itself; this process waits for them.
let stopping = false;
const running = new Set();
function stop() {
  stopping = true;
  if (running.size === 0) process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

function start(server) {
  const child = spawn(server.command, { shell: true, env: { ...process.env, ...server.env }, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${server.name}] ${line}`));
  }
  running.add(child);
  child.on("exit", (code, signal) => {
    running.delete(child);
    if (stopping) {
      if (running.size === 0) process.exit(0);
      return;
    }
    console.error(`[servers] ${server.name} exited (${signal ?? code}): the run cannot go on without it`);
    process.exit(1);
  });
  return child;
}

/** Whether `url` answers 2xx now (a self-signed certificate accepted: the proxy's is one). */
function answers(url) {
  const get = url.startsWith("https:") ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const req = get(url, { rejectUnauthorized: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode >= 200 && res.statusCode < 300);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

async function healthy(server) {
  const timeout = server.timeout ?? 180_000;
  const deadline = Date.now() + timeout;
  while (!(await answers(server.url))) {
    if (Date.now() > deadline) throw new Error(`${server.name} did not answer ${server.url} within ${timeout / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const began = Date.now();
for (const server of servers) start(server);
const ready = new Map();
for (const server of servers) {
  ready.set(
    server.name,
    (async () => {
      await Promise.resolve();
      if (server.after) await ready.get(server.after);
      await healthy(server);
      console.log(`[servers] ${server.name} ready after ${((Date.now() - began) / 1000).toFixed(1)} s`);
    })(),
  );
}
try {
  await Promise.all(ready.values());
} catch (err) {
  console.error(`[servers] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
createServer((_req, res) => res.end("ready")).listen(readyPort, "127.0.0.1", () => {
  console.log(`[servers] all ${servers.length} ready after ${((Date.now() - began) / 1000).toFixed(1)} s`);
});
