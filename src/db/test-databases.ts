import "server-only";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { pgliteTemplates } from "@/test/pglite-templates";

/**
 * The backends every database test runs on: PGlite always, and a real PostgreSQL server when
 * TEST_DATABASE_URL is set. Each opened database is new and empty (migrated), and dropped after.
 */
export type TestBackend = { name: "pglite" | "postgres"; open(): Promise<DbHandle> };

export const testBackends: TestBackend[] = [
  // A copy of the run's migrated template (src/test/pglite-templates.ts); migrating it again finds
  // nothing to do, which keeps the same check as PostgreSQL's.
  { name: "pglite", open: () => openMigrated(openDatabase({ kind: "pglite", dataDir: "memory://", from: pgliteTemplates().migrated })) },
];

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  testBackends.push({
    name: "postgres",
    async open() {
      const name = `quizdeck_test_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openMigrated(openDatabase({ kind: "postgres", url: url.toString(), poolMax: 5 }));
      return {
        ...handle,
        async close() {
          await handle.close();
          const dropper = new pg.Client({ connectionString: serverUrl });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
        },
      };
    },
  });
}

async function openMigrated(opening: Promise<DbHandle>): Promise<DbHandle> {
  const handle = await opening;
  await migrateDatabase(handle);
  return handle;
}
