// GET /api/v1/quizzes – list and search published public quizzes.
import { NextResponse } from "next/server";
import { quizListQuery } from "@/core/quiz-list";
import { apiRoute } from "@/server/api";
import { searchQuizzes } from "@/server/quizzes";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: quizListQuery }, async ({ query }) => {
  const result = await searchQuizzes(query);
  return NextResponse.json(result);
});
