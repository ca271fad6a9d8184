import "server-only";
import { env } from "@/env";
import { log } from "@/log";
import { openDatabase, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { seedDemoContent } from "./seed";

export type { Db, DbHandle, DbKind } from "./client";

type Registry = { handle?: Promise<DbHandle>; close?: () => Promise<void>; usage?: DbHandle["usage"]; migrated?: boolean };

// One database per process. Next bundles server components, route handlers and instrumentation
// separately, so a module-level variable would exist once per bundle; a second PGlite instance on
// the same directory corrupts it. The custom server (src/server/main.ts) reads `close` from here
// to shut the database down on SIGINT/SIGTERM.
const REGISTRY = Symbol.for("quizdeck.database");
const globalRegistry = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
const registry: Registry = (globalRegistry[REGISTRY] ??= {});

async function start(): Promise<DbHandle> {
  const config = env();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
      : { kind: "pglite", dataDir: config.QUIZDECK_DATA_DIR },
  );
  registry.close = () => handle.close();
  registry.usage = () => handle.usage();
  await migrateDatabase(handle);
  registry.migrated = true;
  if (config.QUIZDECK_SEED_DEMO) {
    const result = await seedDemoContent(handle.db);
    if (result.quizzes > 0) log().info({ component: "db", ...result }, `loaded ${result.quizzes} demo quizzes (${result.questions} questions)`);
  }
  return handle;
}

/** The process's database, opened, migrated and seeded on first use. */
export function getDatabase(): Promise<DbHandle> {
  registry.handle ??= start().catch((err: unknown) => {
    registry.handle = undefined; // let the next request try again (e.g. PostgreSQL came up later)
    throw err;
  });
  return registry.handle;
}

export async function getDb() {
  return (await getDatabase()).db;
}
