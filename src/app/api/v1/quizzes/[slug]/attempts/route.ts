// POST /api/v1/quizzes/{slug}/attempts – start a solo attempt (sets the guest cookie if needed).
import { NextResponse } from "next/server";
import { apiRoute, jsonBody } from "@/server/api";
import { playState, startInput, startPlay } from "@/server/play";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ slug: string }, never>({}, async ({ req, params }) => {
  const { nickname } = await jsonBody(req, startInput);
  const { id } = await startPlay(params.slug, nickname);
  const state = await playState(id, true);
  return NextResponse.json({ attemptId: id, question: state.question, deadline: state.deadline, total: state.total }, { status: 201 });
});
