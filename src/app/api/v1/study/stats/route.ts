// GET /api/v1/study/stats – the caller's study dashboard: decks, streak, forecast, heatmap, retention
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/api";
import { memberStudyStats } from "@/server/study";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => NextResponse.json(await memberStudyStats(), { headers: { "cache-control": "no-store" } }));
