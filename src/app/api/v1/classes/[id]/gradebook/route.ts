// GET /api/v1/classes/{id}/gradebook?format=json|csv|xlsx – students × assignments (teacher only).
import { namespaceTemplates } from "@/i18n/templates";
import { resolveLocale } from "@/i18n/request";
import { classParams, gradebookQuery } from "@/core/classes/schema";
import { apiRoute } from "@/server/api";
import { classGradebook } from "@/server/classes";
import { gradebookResponse } from "@/server/class-files";
import { gradebookJson } from "@/server/class-json";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }, typeof gradebookQuery>({ params: classParams, query: gradebookQuery }, async ({ params, query }) => {
  const { c, gradebook } = await classGradebook(params.id);
  // The files' headers in the viewer's language (their saved choice, else Accept-Language).
  const { default: messages } = (await import(`@/i18n/messages/${await resolveLocale()}.json`)) as { default: unknown };
  const m = namespaceTemplates(messages, "classes", (key) => key.startsWith("file"));
  const labels = { student: m.fileStudent!, average: m.fileAverage!, best: m.fileBest!, latest: m.fileLatest!, attempts: m.fileAttempts!, game: m.fileGame! };
  return gradebookResponse(gradebookJson(gradebook), gradebook, query.format, { code: c.code, title: c.name, labels });
});
