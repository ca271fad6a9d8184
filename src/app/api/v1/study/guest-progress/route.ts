// POST /api/v1/study/guest-progress – merge a guest's study progress (kept in their browser) into the caller's account
import { NextResponse } from "next/server";
import { apiRoute, jsonBody } from "@/server/api";
import { mergeGuestProgressForViewer } from "@/server/study";
import { GUEST_PROGRESS_BODY_LIMIT, guestProgressInput } from "@/server/study-schemas";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ maxBody: GUEST_PROGRESS_BODY_LIMIT }, async ({ req }) => {
  const input = await jsonBody(req, guestProgressInput);
  const result = await mergeGuestProgressForViewer(input);
  return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
});
