import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "./env";

/**
 * The server's logs: one JSON object a line on stdout (pino), at QUIZDECK_LOG_LEVEL. Every line
 * logged while an HTTP request is handled carries its `reqId` (from the request's context, set in
 * src/server/main.ts), and every line about a live game its `gameId` (a child logger per game).
 * Not `server-only`: main.ts imports this before the hook that resolves that marker is in place.
 */

export type LogContext = { reqId?: string };
export type { Logger };

type Shared = { logger: Logger; context: AsyncLocalStorage<LogContext> };
// One logger and one context per process: Next bundles route handlers, pages and instrumentation
// separately from the custom server, so a module-level value would exist once per bundle.
const KEY = Symbol.for("quizdeck.log");
const slot = globalThis as typeof globalThis & { [KEY]?: Shared };

function level(): string {
  try {
    return env().QUIZDECK_LOG_LEVEL;
  } catch {
    return "info"; // a bad environment is reported by main.ts, through this logger
  }
}

/** A logger with Quizdeck's line format, writing to `destination` (stdout by default). */
export function createLogger(destination?: DestinationStream, options: { level?: string } = {}): Logger {
  const context = shared().context;
  return pino(
    {
      level: options.level ?? level(),
      // Level names, not numbers: readable by people and by every log shipper's default parser.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => context.getStore() ?? {},
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

function shared(): Shared {
  if (!slot[KEY]) {
    const context = new AsyncLocalStorage<LogContext>();
    // The logger needs the context first (its mixin reads it); fill it in right after.
    slot[KEY] = { context, logger: undefined as unknown as Logger };
    slot[KEY].logger = createLogger();
  }
  return slot[KEY];
}

/** The process's logger. Call it where you log (not at import), so tests can swap it (setLogger). */
export function log(): Logger {
  return shared().logger;
}

/** Replaces the process's logger (tests capture lines this way); returns the previous one. */
export function setLogger(logger: Logger): Logger {
  const s = shared();
  const previous = s.logger;
  s.logger = logger;
  return previous;
}

/** Runs `fn` with `ctx` on every line logged inside it, however deep in async calls. */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return shared().context.run(ctx, fn);
}

/** The current request's id, if a request is being handled. */
export function currentRequestId(): string | undefined {
  return shared().context.getStore()?.reqId;
}

/**
 * A request id: the one a trusted proxy sent (so its logs and ours join up), when it looks like
 * an id (visible ASCII, at most 128 characters, nothing a log viewer could be fooled by); a new
 * UUID otherwise.
 */
export function requestId(fromProxy: string | string[] | undefined, trusted: boolean): string {
  const value = Array.isArray(fromProxy) ? fromProxy[0] : fromProxy;
  if (trusted && value && /^[\x21-\x7e]{1,128}$/.test(value)) return value;
  return randomUUID();
}

/** An error as fields of a log line (pino's `err` serializer keeps the stack). */
export const errorFields = (err: unknown) => (err instanceof Error ? { err } : { err: String(err) });
