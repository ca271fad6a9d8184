// GET /api/health – is the service up and does its database answer?
import { NextResponse } from "next/server";
import { env } from "@/env";
import { getDatabase } from "@/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const database = env().DATABASE_URL ? "postgres" : "pglite";
  const headers = { "cache-control": "no-store" };
  try {
    const handle = await getDatabase();
    if (await handle.ping()) return NextResponse.json({ status: "ok", database: handle.kind }, { headers });
  } catch (err) {
    console.error("[health] database unavailable:", err instanceof Error ? err.message : err);
  }
  return NextResponse.json({ status: "unavailable", database }, { status: 503, headers });
}
