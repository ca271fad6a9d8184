// POST /api/v1/challenges/{code}/attempts – start an attempt at a challenge (sets the guest cookie if needed).
import { NextResponse } from "next/server";
import { challengeParams } from "@/core/challenge/schema";
import { apiRoute, jsonBody } from "@/server/api";
import { startChallenge } from "@/server/challenges";
import { playState, startInput } from "@/server/play";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ code: string }, never>({ params: challengeParams }, async ({ req, params }) => {
  const { nickname } = await jsonBody(req, startInput);
  const { id } = await startChallenge(params.code, nickname);
  const state = await playState(id, true);
  return NextResponse.json({ attemptId: id, question: state.question, deadline: state.deadline, total: state.total }, { status: 201 });
});
