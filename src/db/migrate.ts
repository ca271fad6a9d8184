import "server-only";
import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DbHandle } from "./client";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "src/db/migrations");

// Any fixed number: it names the lock that keeps two servers starting at once from both migrating.
export const MIGRATION_LOCK = 7_220_411;

/** Applies the committed SQL migrations (src/db/migrations) that this database has not seen. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!handle.pool) throw new Error("a PostgreSQL handle without its pool cannot take the migration lock");
  // An advisory lock belongs to the connection that took it: taking it, migrating and letting it
  // go all happen on this one connection. Through the pool, the unlock could land on another
  // connection (and do nothing), leaving the lock held and the next server waiting for ever.
  // A second server starting at the same time waits here, then finds every migration applied.
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
