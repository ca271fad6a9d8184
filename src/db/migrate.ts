import "server-only";
import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { queryRows, type DbHandle } from "./client";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "src/db/migrations");

// Any fixed number: it names the lock that keeps two servers starting at once from both migrating.
export const MIGRATION_LOCK = 7_220_411;

/** Applies the committed SQL migrations (src/db/migrations) that this database has not seen. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  // An advisory lock belongs to the connection that took it: taking it, migrating and letting it
  // go all happen on this one connection. Through the pool, the unlock could land on another
  // connection (and do nothing), leaving the lock held and the next server waiting for ever.
  // A second server starting at the same time waits here, then finds every migration applied.
  // PGlite has one process and needs no lock, but taking it there costs one round trip and keeps
  // one path for both databases (the worker lets go of it anyway when a connection ends).
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * How many committed migrations this database has not applied yet. drizzle's migrator applies
 * every migration newer than the newest one it recorded (drizzle.__drizzle_migrations), so the
 * same comparison says what it would apply; no table at all means nothing was applied.
 */
export async function pendingMigrations(handle: DbHandle): Promise<number> {
  const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const exists = await queryRows<{ t: string | null }>(handle.db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return committed.length;
  const rows = await queryRows<{ created_at: string | number | null }>(
    handle.db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  const last = Number(rows[0]?.created_at ?? 0);
  return committed.filter((m) => m.folderMillis > last).length;
}
