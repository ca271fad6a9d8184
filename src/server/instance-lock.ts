import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is PostgreSQL inside this process: two processes on one data directory corrupt it, and
 * PGlite itself takes no lock. So the server claims the directory with a pid file before it opens
 * the database, and a second server on the same directory stops with a message instead.
 * A file left by a process that died (SIGKILL, power cut) names a pid that no longer runs and is
 * taken over.
 */
export const LOCK_FILE = "quizdeck.pid";

export type DirClaim = { ok: true; release(): void } | { ok: false; pid: number; file: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // runs, as another user
  }
}

export function claimDataDir(dir: string): DirClaim {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      return {
        ok: true,
        release() {
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let pid = 0;
    try {
      pid = Number(readFileSync(file, "utf8").trim());
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) return { ok: false, pid, file };
    try {
      unlinkSync(file); // stale
    } catch {
      // another starting server removed it first
    }
  }
  throw new Error(`could not claim ${file}`);
}

/** What a second server on one PGlite directory prints before it exits. */
export function secondInstanceMessage(dir: string, claim: { pid: number; file: string }): string {
  return [
    `Another Quizdeck server (pid ${claim.pid}) is already using the data directory ${dir}.`,
    "PGlite, the built-in database, can be opened by one process only. To run several instances,",
    "give every instance the same PostgreSQL server (DATABASE_URL) and Redis (REDIS_URL) instead;",
    `see docs/operations.md. If no other server runs, delete ${claim.file} and start again.`,
  ].join("\n");
}
