// GET /api/v1/quizzes/{slug}/leaderboard – top 10 best attempts and the caller's own rank.
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/api";
import { quizLeaderboard } from "@/server/attempts";
import { AppError } from "@/server/errors";
import { viewableQuizId } from "@/server/quizzes";
import { currentPlayer } from "@/server/viewer";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ slug: string }, never>({}, async ({ params }) => {
  const quizId = await viewableQuizId(params.slug);
  if (!quizId) throw new AppError("not_found", `There is no quiz "${params.slug}".`);
  return NextResponse.json(await quizLeaderboard(quizId, await currentPlayer()));
});
