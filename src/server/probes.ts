import "server-only";
import { getDatabase } from "@/db";
import { env } from "@/env";
import { log } from "@/log";
import { checkReadiness } from "./readiness";
import { redis } from "./redis";

/**
 * The two probes every process answers, whatever its role (src/core/http/roles.ts): Next's routes
 * (/api/health, /api/ready) for a process that serves pages, src/server/main.ts itself for a
 * live-only one, which loads no Next at all. Same answers either way.
 */
export type ProbeAnswer = { status: number; body: Record<string, unknown> };

/** Liveness: is the process up and does its database answer? */
export async function health(): Promise<ProbeAnswer> {
  const database = env().DATABASE_URL ? "postgres" : "pglite";
  try {
    const handle = await getDatabase();
    if (await handle.ping()) return { status: 200, body: { status: "ok", database: handle.kind } };
  } catch (err) {
    log().error({ component: "health", err: err instanceof Error ? err.message : String(err) }, "database unavailable");
  }
  return { status: 503, body: { status: "unavailable", database } };
}

/** Readiness: should this process get traffic? (database, migrations, Redis when set) */
export async function ready(): Promise<ProbeAnswer> {
  const result = await checkReadiness({ database: getDatabase, redis: redis() });
  if (result.status !== "ready") log().warn({ component: "ready", checks: result.checks }, "not ready");
  return { status: result.status === "ready" ? 200 : 503, body: result };
}
