// GET /api/v1/classes/{id}/roster – the class's students with their recovery codes (teacher only).
import { NextResponse } from "next/server";
import { classParams } from "@/core/classes/schema";
import { apiRoute } from "@/server/api";
import { classRoster } from "@/server/classes";
import { rosterJson } from "@/server/class-json";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }, never>({ params: classParams }, async ({ params }) =>
  NextResponse.json(rosterJson(await classRoster(params.id)), { headers: { "cache-control": "no-store" } }),
);
