// GET /api/health – is the service up and does its database answer? (readiness: /api/ready)
import { NextResponse } from "next/server";
import { health } from "@/server/probes";

export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await health();
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}
