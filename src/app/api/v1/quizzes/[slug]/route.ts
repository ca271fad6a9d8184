// GET /api/v1/quizzes/{slug} – one published quiz with its questions, never its answer key.
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/api";
import { AppError } from "@/server/errors";
import { viewableQuiz } from "@/server/quizzes";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ slug: string }, never>({}, async ({ params }) => {
  const quiz = await viewableQuiz(params.slug);
  if (!quiz) throw new AppError("not_found", `There is no quiz "${params.slug}".`);
  // Internal fields (the owner's account id) stay on the server; the author is in `author`.
  const { ownerId: _ownerId, ...body } = quiz;
  return NextResponse.json(body);
});
