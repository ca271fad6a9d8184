// POST /api/v1/study/reviews – record a review (Again/Hard/Good/Easy) once per clientReviewId
import { NextResponse } from "next/server";
import { apiRoute, jsonBody } from "@/server/api";
import { apiReview } from "@/server/study";
import { studyReviewInput } from "@/server/study-schemas";

export const dynamic = "force-dynamic";

export const POST = apiRoute({}, async ({ req }) => {
  const input = await jsonBody(req, studyReviewInput);
  const result = await apiReview(input);
  return NextResponse.json(result, { status: result.duplicate ? 200 : 201, headers: { "cache-control": "no-store" } });
});
