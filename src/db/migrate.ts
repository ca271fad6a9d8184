import "server-only";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DbHandle } from "./client";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "src/db/migrations");

// Any fixed number: it names the lock that keeps two servers starting at once from both migrating.
const MIGRATION_LOCK = 7_220_411;

/** Applies the committed SQL migrations (src/db/migrations) that this database has not seen. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
