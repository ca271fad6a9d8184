import "server-only";
import type { Redis } from "ioredis";
import type { DbHandle } from "@/db";
import { pendingMigrations } from "@/db/migrate";
import { pingRedis } from "./redis";

export type Check = { ok: boolean; detail?: string };
export type Readiness = {
  status: "ready" | "unavailable";
  checks: { database: Check; migrations: Check; redis?: Check };
};

/**
 * Whether this instance should get traffic (/api/ready): its database answers, every committed
 * migration is applied, and Redis answers when REDIS_URL is set. Liveness (/api/health) is a
 * separate question: a process waiting for its database is alive and must not be restarted.
 */
export async function checkReadiness(deps: { database: () => Promise<DbHandle>; redis: Redis | null }): Promise<Readiness> {
  const checks: Readiness["checks"] = { database: { ok: false }, migrations: { ok: false } };
  const redisCheck = deps.redis ? pingRedis(deps.redis) : null;
  try {
    const handle = await deps.database();
    checks.database = (await handle.ping()) ? { ok: true } : { ok: false, detail: "the database does not answer" };
    if (checks.database.ok) {
      const pending = await pendingMigrations(handle);
      checks.migrations = pending === 0 ? { ok: true } : { ok: false, detail: `${pending} migration(s) not applied` };
    } else {
      checks.migrations = { ok: false, detail: "unknown while the database does not answer" };
    }
  } catch (err) {
    checks.database = { ok: false, detail: err instanceof Error ? err.message : String(err) };
    checks.migrations = { ok: false, detail: "unknown while the database does not answer" };
  }
  if (redisCheck) checks.redis = (await redisCheck) ? { ok: true } : { ok: false, detail: "Redis does not answer" };
  const ready = Object.values(checks).every((c) => c.ok);
  return { status: ready ? "ready" : "unavailable", checks };
}
