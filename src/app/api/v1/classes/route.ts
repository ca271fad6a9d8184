// GET /api/v1/classes – the caller's classes; POST – a new class (members).
import { NextResponse } from "next/server";
import { classInput } from "@/core/classes/schema";
import { apiRoute, jsonBody } from "@/server/api";
import { classJson, createClass, ownClasses } from "@/server/classes";
import { requireViewer } from "@/server/permissions";
import { publicUrl } from "@/server/public-url";

export const dynamic = "force-dynamic";
const noStore = { "cache-control": "no-store" };

export const GET = apiRoute({}, async () => {
  const viewer = await requireViewer();
  const origin = await publicUrl();
  const list = await ownClasses(viewer);
  return NextResponse.json({ classes: list.map((c) => ({ ...classJson(c, origin), students: c.students, assignments: c.assignments })) }, { headers: noStore });
});

export const POST = apiRoute({}, async ({ req }) => {
  const viewer = await requireViewer();
  const input = await jsonBody(req, classInput);
  const c = await createClass(viewer, input);
  return NextResponse.json(classJson(c, await publicUrl()), { status: 201, headers: noStore });
});
