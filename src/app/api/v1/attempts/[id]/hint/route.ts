// POST /api/v1/attempts/{id}/hint – take the current question's hint (it then scores half).
import { NextResponse } from "next/server";
import { attemptParams } from "@/server/play-schemas";
import { apiRoute } from "@/server/api";
import { playHint } from "@/server/play";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }, never>({ params: attemptParams }, async ({ params }) => NextResponse.json(await playHint(params.id)));
