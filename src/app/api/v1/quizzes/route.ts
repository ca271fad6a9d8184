// GET /api/v1/quizzes – list and search published public quizzes.
import { NextResponse } from "next/server";
import { quizListQuery } from "@/core/quiz-list";
import { getDb } from "@/db";
import { listQuizzes } from "@/db/queries/quizzes";
import { apiRoute } from "@/server/api";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: quizListQuery }, async ({ query }) => {
  const result = await listQuizzes(await getDb(), query);
  return NextResponse.json(result);
});
