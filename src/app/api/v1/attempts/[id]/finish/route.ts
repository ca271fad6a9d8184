// POST /api/v1/attempts/{id}/finish – end the attempt now; unanswered questions score 0.
import { NextResponse } from "next/server";
import { attemptParams } from "@/server/play-schemas";
import { apiRoute } from "@/server/api";
import { playFinish } from "@/server/play";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }, never>({ params: attemptParams }, async ({ params }) => {
  const r = await playFinish(params.id);
  return NextResponse.json({
    attemptId: r.id,
    score: r.score,
    correctCount: r.correctCount,
    total: r.total,
    bestStreak: r.bestStreak,
    durationMs: r.durationMs,
    rank: r.rank,
    review: r.review,
  });
});
