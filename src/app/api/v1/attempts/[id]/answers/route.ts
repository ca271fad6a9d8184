// POST /api/v1/attempts/{id}/answers – answer the current question; graded and timed on the server.
import { NextResponse } from "next/server";
import { attemptParams } from "@/server/play-schemas";
import { apiRoute, jsonBody } from "@/server/api";
import { answerInput, playAnswer } from "@/server/play";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }, never>({ params: attemptParams }, async ({ req, params }) => {
  const input = await jsonBody(req, answerInput);
  const { feedback, next } = await playAnswer(params.id, input, true);
  return NextResponse.json({
    correct: feedback.correct,
    correctAnswer: feedback.correctAnswer,
    explanation: feedback.explanation,
    points: feedback.points,
    streak: feedback.streak,
    score: feedback.score,
    graded: feedback.graded,
    ...(feedback.poll ? { poll: feedback.poll } : {}),
    ...(feedback.cloud ? { cloud: feedback.cloud } : {}),
    next: next.question,
    deadline: next.deadline,
    finished: next.status === "finished",
  });
});
