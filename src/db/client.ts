import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { errorFields, log } from "@/log";
import { openPgliteThread } from "./pglite-thread";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export type DbHandle = {
  db: Db;
  /**
   * The same database through connections of their own, for the live games' group commits and
   * leases: an answer's acknowledgement waits for its commit, which must not queue behind the
   * pages' queries for a connection (on PGlite, it waits in the worker only for the page
   * request running, or the page transaction open, when it arrives).
   */
  liveDb: Db;
  kind: DbKind;
  /**
   * The node-postgres pool under `db`, for work that needs one connection throughout (the
   * migration lock). On PGlite its one connection goes to PGlite's worker thread.
   */
  pool: pg.Pool;
  /** Connections in use and queries waiting for one, for the metrics (src/server/metrics.ts). */
  usage(): { kind: DbKind; total: number; idle: number; waiting: number; max: number };
  /** Answers true when the database runs `select 1` within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export type DbConfig =
  | { kind: "postgres"; url: string; poolMax?: number }
  /**
   * dataDir: a folder for a durable database, or "memory://" for a throw-away one (tests).
   * from: a file PGlite's `dumpDataDir` wrote, for a new database to start as a copy of that one
   * instead of empty (the database tests open each of theirs from one migrated copy).
   */
  | { kind: "pglite"; dataDir: string; from?: string };

/** PostgreSQL connections each process keeps for its live games, beside DATABASE_POOL_MAX. */
export const LIVE_POOL_MAX = 4;

/**
 * Opens one database. Both run behind the same driver, node-postgres: PostgreSQL over TCP, PGlite
 * in a worker thread (pglite-thread.ts). PGlite is a single session, so each of its pools has one
 * connection: a transaction holds the session from begin to commit, and statements from
 * concurrent requests never interleave inside one.
 */
export async function openDatabase(config: DbConfig): Promise<DbHandle> {
  if (config.kind === "postgres") {
    const max = config.poolMax ?? 10;
    const pool = new pg.Pool({ connectionString: config.url, max });
    // Opened only when a live game first writes: a web process never does.
    const livePool = new pg.Pool({ connectionString: config.url, max: LIVE_POOL_MAX });
    return handleOver(pool, livePool, "postgres", () => Promise.all([pool.end(), livePool.end()]).then(() => {}));
  }
  const memory = config.dataDir.startsWith("memory://");
  const dir = memory ? config.dataDir : path.resolve(config.dataDir);
  if (!memory) mkdirSync(dir, { recursive: true });
  const thread = await openPgliteThread(dir, config.from);
  return handleOver(thread.pool, thread.livePool, "pglite", () => thread.close());
}

function handleOver(pool: pg.Pool, livePool: pg.Pool, kind: DbKind, end: () => Promise<void>): DbHandle {
  for (const p of [pool, livePool]) listenForErrors(p, kind);
  const db = drizzle(pool, { schema }) as unknown as Db;
  const liveDb = drizzle(livePool, { schema }) as unknown as Db;
  const pools = [pool, livePool];
  const sum = (f: (p: pg.Pool) => number) => pools.reduce((n, p) => n + f(p), 0);
  let closed = false;
  return {
    db,
    liveDb,
    kind,
    pool,
    usage: () => ({ kind, total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount), max: sum((p) => p.options.max) }),
    ping: (timeoutMs) => (closed ? Promise.resolve(false) : ping(db, timeoutMs)),
    close: async () => {
      if (closed) return;
      closed = true;
      // node-postgres's pool, once ending, never answers the queries still waiting for a
      // connection: let them have one first. Those that come after are refused.
      while (sum((p) => p.waitingCount) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await end();
    },
  };
}

function listenForErrors(pool: pg.Pool, kind: DbKind): void {
  // A connection that fails (its server went away, PGlite's worker stopped) fails its queries and
  // the pool drops it. node-postgres also emits the error as an "error" event, which would end the
  // process if nothing listened: on an idle connection the pool listens, on one checked out (a
  // transaction between two statements) nothing does. PGlite's worker stopping is logged where it
  // is seen (pglite-thread.ts).
  pool.on("connect", (client) =>
    client.on("error", (err) => {
      if (kind === "postgres") log().error({ ...errorFields(err), component: "db" }, "PostgreSQL connection error");
      else log().debug({ ...errorFields(err), component: "db" }, "PGlite connection error");
    }),
  );
  pool.on("error", () => {}); // an idle connection's error, logged by the listener above
}

async function ping(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs raw SQL and returns its rows: node-postgres's `{ rows }`, on either database. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A unique index refused the row (SQLSTATE 23505), found however deep Drizzle wrapped the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
