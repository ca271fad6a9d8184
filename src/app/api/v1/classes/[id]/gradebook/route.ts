// GET /api/v1/classes/{id}/gradebook?format=json|csv|xlsx – students × assignments (teacher only).
import { classParams, gradebookQuery } from "@/core/classes/schema";
import { apiRoute } from "@/server/api";
import { classGradebook } from "@/server/classes";
import { gradebookResponse } from "@/server/class-files";
import { gradebookJson } from "@/server/class-json";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }, typeof gradebookQuery>({ params: classParams, query: gradebookQuery }, async ({ params, query }) => {
  const { c, gradebook } = await classGradebook(params.id);
  return gradebookResponse(gradebookJson(gradebook), gradebook, query.format, { code: c.code, title: c.name });
});
