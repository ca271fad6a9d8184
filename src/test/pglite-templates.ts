import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

/** What the database tests start their PGlite databases from (vitest's provide/inject). */
export type PgliteTemplates = {
  /** A data directory PGlite made and nothing else did: copy it for a durable database. */
  bareDir: string;
  /** The same, dumped (PGlite's dumpDataDir): `from` for a database before its migrations. */
  bare: string;
  /** A database with every migration applied, dumped: `from` for the tests' usual database. */
  migrated: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

async function dump(dir: string, file: string): Promise<void> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  const tar = await db.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  await db.close();
}

/**
 * The db project's global setup: PGlite's initdb and the migrations run once for the whole run
 * instead of once per database a test opens (each took seconds of the 2-core machine's time).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(path.join(tmpdir(), "quizdeck-pglite-templates-"));
  const bareDir = path.join(root, "bare");
  const migratedDir = path.join(root, "migrated");
  mkdirSync(bareDir);
  const templates: PgliteTemplates = { bareDir, bare: path.join(root, "bare.tar"), migrated: path.join(root, "migrated.tar") };
  await dump(bareDir, templates.bare);
  cpSync(bareDir, migratedDir, { recursive: true });
  const handle = await openDatabase({ kind: "pglite", dataDir: migratedDir });
  await migrateDatabase(handle);
  await handle.close();
  await dump(migratedDir, templates.migrated);
  project.provide("pgliteTemplates", templates);
  return () => rmSync(root, { recursive: true, force: true });
}

/** In a database test: where the templates are (made by the setup above for this run). */
export function pgliteTemplates(): PgliteTemplates {
  return inject("pgliteTemplates");
}

/** A new data directory, a copy of the bare template, for a test of durable PGlite. */
export function bareDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-pglite-test-"));
  cpSync(pgliteTemplates().bareDir, dir, { recursive: true });
  return dir;
}
