// GET /api/v1/classes/{id}/assignments – the challenges handed to the class; POST – assigns one of the teacher's challenges.
import { NextResponse } from "next/server";
import { assignInput, classParams } from "@/core/classes/schema";
import { apiRoute, jsonBody } from "@/server/api";
import { assignChallenge, classAssignments } from "@/server/classes";
import { assignmentsJson } from "@/server/class-json";

export const dynamic = "force-dynamic";
const noStore = { "cache-control": "no-store" };

export const GET = apiRoute<{ id: string }, never>({ params: classParams }, async ({ params }) =>
  NextResponse.json(assignmentsJson(await classAssignments(params.id)), { headers: noStore }),
);

export const POST = apiRoute<{ id: string }, never>({ params: classParams }, async ({ req, params }) => {
  const input = await jsonBody(req, assignInput);
  await assignChallenge(params.id, input.challenge);
  return NextResponse.json(assignmentsJson(await classAssignments(params.id)), { status: 201, headers: noStore });
});
