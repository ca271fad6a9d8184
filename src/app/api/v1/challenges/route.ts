// POST /api/v1/challenges – hand out a published quiz as a self-paced challenge (members).
import { NextResponse } from "next/server";
import { challengeInput } from "@/core/challenge/schema";
import { apiRoute, jsonBody } from "@/server/api";
import { createChallenge } from "@/server/challenges";
import { requireViewer } from "@/server/permissions";
import { publicUrl } from "@/server/public-url";

export const dynamic = "force-dynamic";

export const POST = apiRoute({}, async ({ req }) => {
  const viewer = await requireViewer();
  const input = await jsonBody(req, challengeInput(new Date()));
  return NextResponse.json(await createChallenge(viewer, input, await publicUrl()), { status: 201, headers: { "cache-control": "no-store" } });
});
