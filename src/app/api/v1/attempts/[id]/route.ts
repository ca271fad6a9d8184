// GET /api/v1/attempts/{id} – the attempt and its current question (this starts the question's clock).
import { NextResponse } from "next/server";
import { attemptParams } from "@/server/play-schemas";
import { apiRoute } from "@/server/api";
import { playState } from "@/server/play";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }, never>({ params: attemptParams }, async ({ params }) => NextResponse.json(await playState(params.id, true)));
