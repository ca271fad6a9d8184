// POST /api/v1/imports – import a quiz file (JSON, CSV, GIFT, Aiken, Open Trivia DB; Kahoot! xlsx and Anki apkg as base64) as a new draft
import { NextResponse } from "next/server";
import { apiRoute, IMPORT_BODY_LIMIT, jsonBody } from "@/server/api";
import { importInput } from "@/server/api-schemas";
import { importQuiz } from "@/server/imports";
import { requireViewer } from "@/server/permissions";

export const POST = apiRoute({ maxBody: IMPORT_BODY_LIMIT }, async ({ req }) => {
  const viewer = await requireViewer();
  const input = await jsonBody(req, importInput);
  return NextResponse.json(await importQuiz(viewer, input), { status: 201, headers: { "cache-control": "no-store" } });
});
