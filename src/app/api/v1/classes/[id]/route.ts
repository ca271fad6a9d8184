// GET /api/v1/classes/{id} – a class, for its teacher; DELETE – deletes it with its roster data.
import { NextResponse } from "next/server";
import { classParams } from "@/core/classes/schema";
import { apiRoute } from "@/server/api";
import { classJson, removeClass, teacherClass } from "@/server/classes";
import { publicUrl } from "@/server/public-url";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }, never>({ params: classParams }, async ({ params }) => {
  const { c } = await teacherClass(params.id);
  return NextResponse.json(classJson(c, await publicUrl()), { headers: { "cache-control": "no-store" } });
});

export const DELETE = apiRoute<{ id: string }, never>({ params: classParams }, async ({ params }) => {
  await removeClass(params.id);
  return new NextResponse(null, { status: 204, headers: { "cache-control": "no-store" } });
});
