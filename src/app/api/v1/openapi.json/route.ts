// GET /api/v1/openapi.json – the OpenAPI 3.1 description of this API, generated from its zod schemas.
import { NextResponse } from "next/server";
import { openApiDocument } from "@/server/openapi";
import { originFromHeaders } from "@/server/public-url";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return NextResponse.json(openApiDocument(originFromHeaders(req.headers)));
}
