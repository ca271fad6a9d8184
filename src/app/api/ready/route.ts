// GET /api/ready – should this instance get traffic? (database, migrations, Redis when set)
import { NextResponse } from "next/server";
import { getDatabase } from "@/db";
import { log } from "@/log";
import { checkReadiness } from "@/server/readiness";
import { redis } from "@/server/redis";

export const dynamic = "force-dynamic";

export async function GET() {
  const result = await checkReadiness({ database: getDatabase, redis: redis() });
  if (result.status !== "ready") log().warn({ component: "ready", checks: result.checks }, "not ready");
  return NextResponse.json(result, { status: result.status === "ready" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
