// GET /api/v1/quizzes/{slug}/export?format=json|csv|gift|apkg – the whole quiz with its answers, for its owner (and admins)
import { exportApkg, exportQuiz, FORMAT_FILES } from "@/core/import";
import { apiRoute } from "@/server/api";
import { exportQuery } from "@/server/api-schemas";
import { AppError } from "@/server/errors";
import { canManageQuiz, requireViewer } from "@/server/permissions";
import { quizForExport, viewableQuiz } from "@/server/quizzes";

export const GET = apiRoute<{ slug: string }, typeof exportQuery>({ query: exportQuery }, async ({ params, query }) => {
  const viewer = await requireViewer();
  const found = await quizForExport(params.slug);
  if (!found || !canManageQuiz(viewer, found)) {
    // A quiz the caller can see but does not own is forbidden; anything else does not exist for them.
    if (found && (await viewableQuiz(params.slug))) throw new AppError("forbidden", "Only the quiz's owner can export it.");
    throw new AppError("not_found");
  }
  const file = FORMAT_FILES[query.format];
  const disposition = `attachment; filename="${params.slug}.${file.extension}"`;
  if (query.format === "apkg") {
    // A quiz is at most 200 questions: the package is a few kB, written in memory in milliseconds.
    const bytes = (await exportApkg(found.quiz, { now: Date.now() })) as Uint8Array<ArrayBuffer>;
    return new Response(bytes, { headers: { "content-type": file.mime, "content-disposition": disposition, "cache-control": "no-store" } });
  }
  return new Response(exportQuiz(query.format, found.quiz), {
    headers: { "content-type": `${file.mime}; charset=utf-8`, "content-disposition": disposition, "cache-control": "no-store" },
  });
});
