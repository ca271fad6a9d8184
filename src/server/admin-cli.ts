/**
 * `npm run admin -- <command>` (src/core/admin.ts has the commands; docs/operations.md,
 * "Administrators"): list accounts, promote, demote, disable, enable, or make a password-reset
 * link, on the configured database, whether or not the server runs.
 *
 * - PostgreSQL (DATABASE_URL): the command runs on the database directly, as one more client
 *   beside the servers; what it changes is what every server reads at the next request.
 * - PGlite (QUIZDECK_DATA_DIR): only one process may open it. When no server holds the directory,
 *   the command claims it (src/server/instance-lock.ts) and opens it itself; when a server runs,
 *   the command goes to that server's admin channel (src/server/admin-channel.ts).
 *
 * Either way the same code runs it (src/server/admin-commands.ts) and the audit log records it
 * with actor "cli". Exit status: 0 done, 1 refused or failed, 2 wrong arguments.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAdminArgs, type AdminCommand } from "../core/admin";
import { formatOutcome, type PrintedOutcome } from "../core/admin-output";
import type { DbHandle, openDatabase as OpenDatabase } from "../db/client";
import { env } from "../env";
import { CHANNEL_PATH, readChannelInfo } from "./admin-channel";
import { AppError } from "./errors";
import { claimDataDir } from "./instance-lock";
import { runBundledWorkers } from "../worker-files";

// Bundled (dist/server/admin.mjs in the image), PGlite's worker is the one bundled beside it.
const self = fileURLToPath(import.meta.url);
if (self.endsWith(".mjs")) runBundledWorkers(path.dirname(self));

class Refused extends Error {}

/**
 * The database's code (drizzle, PGlite, pg; over a second to load) is loaded only on the paths
 * that open a database: a wrong argument or a command sent to a running server's channel answers
 * in a fraction of that.
 */
const openDatabase: typeof OpenDatabase = async (...args) => (await import("../db/client")).openDatabase(...args);

async function onDatabase(handle: DbHandle, command: AdminCommand): Promise<PrintedOutcome> {
  const [{ migrateDatabase }, { runAdminCommand }] = await Promise.all([import("../db/migrate"), import("./admin-commands")]);
  try {
    await migrateDatabase(handle);
    return JSON.parse(JSON.stringify(await runAdminCommand(handle.db, command, { via: "cli" }))) as PrintedOutcome;
  } catch (err) {
    if (err instanceof AppError) throw new Refused(`${err.code}: ${err.message}`);
    throw err;
  } finally {
    await handle.close();
  }
}

async function throughChannel(dataDir: string, pid: number, command: AdminCommand): Promise<PrintedOutcome> {
  const info = readChannelInfo(dataDir);
  if (!info || info.pid !== pid) {
    throw new Refused(`The server (pid ${pid}) holds ${dataDir} but has not opened its admin channel yet: it may still be starting. Try again in a moment.`);
  }
  const res = await fetch(`http://127.0.0.1:${info.port}${CHANNEL_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${info.secret}`, "content-type": "application/json" },
    body: JSON.stringify(command),
  }).catch((err: unknown) => {
    throw new Refused(`The server's admin channel (127.0.0.1:${info.port}) did not answer: ${(err as Error).message}`);
  });
  const body = (await res.json().catch(() => null)) as { outcome?: PrintedOutcome; error?: { code: string; message: string } } | null;
  if (!res.ok || !body?.outcome) throw new Refused(body?.error ? `${body.error.code}: ${body.error.message}` : `the admin channel answered ${res.status}`);
  return body.outcome;
}

async function run(command: AdminCommand): Promise<PrintedOutcome> {
  const config = env();
  if (config.DATABASE_URL) return onDatabase(await openDatabase({ kind: "postgres", url: config.DATABASE_URL, poolMax: 2 }), command);
  const dir = config.QUIZDECK_DATA_DIR;
  if (dir.startsWith("memory://")) throw new Refused("QUIZDECK_DATA_DIR is memory://: there is no database to administer outside the server that holds it.");
  const claim = claimDataDir(dir);
  if (!claim.ok) return throughChannel(dir, claim.pid, command);
  try {
    return await onDatabase(await openDatabase({ kind: "pglite", dataDir: dir }), command);
  } finally {
    claim.release();
  }
}

const parsed = parseAdminArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(2);
}
try {
  console.log(formatOutcome(await run(parsed.command)));
  process.exit(0);
} catch (err) {
  console.error(err instanceof Refused ? err.message : `admin command failed: ${(err as Error).message}`);
  process.exit(1);
}
