// GET /api/v1/challenges/{code} – the challenge, its state, the caller's attempts used and its leaderboard.
import { NextResponse } from "next/server";
import { challengeParams } from "@/core/challenge/schema";
import { apiRoute } from "@/server/api";
import { challengeView } from "@/server/challenges";
import { AppError } from "@/server/errors";
import { publicUrl } from "@/server/public-url";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ code: string }, never>({ params: challengeParams }, async ({ params }) => {
  const view = await challengeView(params.code, await publicUrl());
  if (!view) throw new AppError("not_found", "There is no such challenge.");
  return NextResponse.json(view, { headers: { "cache-control": "no-store" } });
});
