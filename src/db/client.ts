import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { errorFields, log } from "@/log";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** PostgreSQL's connection pool, for work that needs one connection throughout (the migration lock). */
  pool?: pg.Pool;
  /** Connections in use and queries waiting for one, for the metrics (src/server/metrics.ts). */
  usage(): { kind: DbKind; total: number; idle: number; waiting: number; max: number };
  /** Answers true when the database runs `select 1` within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export type DbConfig =
  | { kind: "postgres"; url: string; poolMax?: number }
  /** dataDir: a folder for a durable database, or "memory://" for a throw-away one (tests). */
  | { kind: "pglite"; dataDir: string };

/**
 * Opens one database. PGlite is a single connection: it queues queries and holds a lock for the
 * length of a transaction, so statements from concurrent requests never interleave inside one.
 */
export async function openDatabase(config: DbConfig): Promise<DbHandle> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax ?? 10 });
    // An idle client that loses its server must not crash the process.
    pool.on("error", (err) => log().error({ ...errorFields(err), component: "db" }, "idle PostgreSQL client error"));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const max = config.poolMax ?? 10;
    return {
      db,
      kind: "postgres",
      pool,
      usage: () => ({ kind: "postgres", total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      ping: (timeoutMs) => ping(db, timeoutMs),
      close: () => pool.end(),
    };
  }
  const memory = config.dataDir.startsWith("memory://");
  const dir = memory ? config.dataDir : path.resolve(config.dataDir);
  if (!memory) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  const pending = countPending(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    usage: () => ({ kind: "pglite", total: 1, idle: pending.count === 0 ? 1 : 0, waiting: Math.max(0, pending.count - 1), max: 1 }),
    ping: (timeoutMs) => (closed ? Promise.resolve(false) : ping(db, timeoutMs)),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * PGlite runs one query or transaction at a time and queues the rest inside; it does not say how
 * many wait. Counting the calls in flight on its three entry points (drizzle uses query and
 * transaction; a transaction's own queries do not go through them) gives that queue's depth.
 */
function countPending(client: PGlite): { count: number } {
  const pending = { count: 0 };
  const target = client as unknown as Record<"query" | "exec" | "transaction", (...args: unknown[]) => Promise<unknown>>;
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = target[method].bind(client);
    target[method] = (...args: unknown[]) => {
      pending.count++;
      return original(...args).finally(() => pending.count--);
    };
  }
  return pending;
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

/** Runs raw SQL and returns its rows; both drivers answer with a `{ rows }` result. */
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
