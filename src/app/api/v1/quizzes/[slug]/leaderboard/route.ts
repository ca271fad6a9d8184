// GET /api/v1/quizzes/{slug}/leaderboard – top 10 best attempts and the caller's own rank.
import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { leaderboard } from "@/db/queries/attempts";
import { findPublicQuizId } from "@/db/queries/quizzes";
import { quizAccess } from "@/server/quiz-access";
import { apiRoute } from "@/server/api";
import { AppError } from "@/server/errors";
import { currentPlayer } from "@/server/viewer";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ slug: string }, never>({}, async ({ params }) => {
  const db = await getDb();
  const quizId = await findPublicQuizId(db, params.slug, await quizAccess());
  if (!quizId) throw new AppError("not_found", `There is no quiz "${params.slug}".`);
  return NextResponse.json(await leaderboard(db, quizId, await currentPlayer()));
});
