import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "./client";
import { MIGRATION_LOCK, MIGRATIONS_FOLDER, migrateDatabase } from "./migrate";

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

// Servers starting side by side against one PostgreSQL database: only a real server has that race.
describe.skipIf(!serverUrl)("migrations on PostgreSQL, several servers starting at once", () => {
  const name = `quizdeck_migrate_${randomBytes(5).toString("hex")}`;
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it("all succeed, each migration applied once, and the lock is free afterwards", async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 4 }));
    // Each "server" also serves other queries through its pool while it migrates, as a server
    // does on its first requests: the lock must not depend on which pooled connection is idle.
    let migrating = true;
    const traffic = async (h: DbHandle) => {
      while (migrating) await h.pool.query("select pg_sleep(0.01)");
    };
    const busy = handles.flatMap((h) => [traffic(h), traffic(h)]);
    const migrations = Promise.allSettled(handles.map((h) => migrateDatabase(h)));
    const results = await migrations;
    migrating = false;
    await Promise.all(busy);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);

    const { rows } = await handles[1]!.pool.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(journal.entries.length);

    const held = await admin((c) =>
      // Only this database's lock: other test files migrate their own databases on the same server.
      c.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = $2)",
        [MIGRATION_LOCK, name],
      ),
    );
    expect(held.rows[0].n).toBe(0);

    // A server starting later finds nothing to do and does not wait.
    await migrateDatabase(handles[0]!);
  });
});
