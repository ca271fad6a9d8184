// GET /api/ready – should this instance get traffic? (database, migrations, Redis when set)
import { NextResponse } from "next/server";
import { ready } from "@/server/probes";

export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await ready();
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}
