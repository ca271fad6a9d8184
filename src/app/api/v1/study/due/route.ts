// GET /api/v1/study/due – the caller's cards due now (optionally of one quiz), without answer keys
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/api";
import { apiDue } from "@/server/study";
import { studyDueQuery } from "@/server/study-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: studyDueQuery }, async ({ query }) =>
  NextResponse.json(await apiDue(query), { headers: { "cache-control": "no-store" } }),
);
