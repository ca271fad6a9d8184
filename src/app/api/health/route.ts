// GET /api/health – is the service up and does its database answer? (readiness: /api/ready)
import { NextResponse } from "next/server";
import { env } from "@/env";
import { getDatabase } from "@/db";
import { log } from "@/log";

export const dynamic = "force-dynamic";

export async function GET() {
  const database = env().DATABASE_URL ? "postgres" : "pglite";
  const headers = { "cache-control": "no-store" };
  try {
    const handle = await getDatabase();
    if (await handle.ping()) return NextResponse.json({ status: "ok", database: handle.kind }, { headers });
  } catch (err) {
    log().error({ component: "health", err: err instanceof Error ? err.message : String(err) }, "database unavailable");
  }
  return NextResponse.json({ status: "unavailable", database }, { status: 503, headers });
}
