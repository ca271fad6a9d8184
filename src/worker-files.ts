import path from "node:path";

/**
 * Where the server's worker threads' scripts are. Run from source (`npm start`, `npm run dev`,
 * the tests) they are .mjs files under the working directory (src/server, or src/db for PGlite's),
 * and the import worker compiles the parsers of src/core with tsx. The bundled server
 * (dist/server/main.mjs, the container image) has its workers bundled beside it by
 * scripts/build-server.mjs and says so at start (`runBundledWorkers`): then neither src/ nor tsx
 * is needed at run time.
 *
 * Here, beside env.ts and log.ts, because both src/server and src/db start workers, and src/db
 * never imports from src/server. The path is worked out at run time, never a
 * `new URL(..., import.meta.url)`: Next's webpack would bundle that, and its server bundles
 * (route handlers, instrumentation) may be what opens the database first.
 *
 * A registry on globalThis, not a module variable: Next bundles route handlers and server actions
 * apart from the custom server, so each has its own copy of this module.
 */
export type WorkerName = "import-worker" | "fsrs-worker" | "pglite-worker";

const SOURCE_DIR: Record<WorkerName, string> = {
  "import-worker": "src/server",
  "fsrs-worker": "src/server",
  "pglite-worker": "src/db",
};

const KEY = Symbol.for("quizdeck.workerDir");

export function runBundledWorkers(dir: string): void {
  (globalThis as Record<symbol, string | undefined>)[KEY] = dir;
}

export function workerFile(name: WorkerName): string {
  const dir = (globalThis as Record<symbol, string | undefined>)[KEY];
  return dir ? path.join(dir, `${name}.mjs`) : path.join(process.cwd(), SOURCE_DIR[name], `${name}.mjs`);
}
