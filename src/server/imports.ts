import "server-only";
import type { ImportResult } from "@/core/import";
import { getDb } from "@/db";
import { createDraftFromInput } from "@/db/queries/editor";
import type { ImportInput } from "./api-schemas";
import { AppError } from "./errors";
import { importPool } from "./import-pool";
import type { Viewer } from "./viewer";

/**
 * Reads an uploaded file without saving anything (the /import page's preview). The parsing runs
 * in the import worker (import-pool.ts), so no file can hold up the server.
 */
export async function previewImport(input: ImportInput): Promise<ImportResult> {
  return importPool().parse({ format: input.format, content: input.content, ...(input.fileName ? { fileName: input.fileName } : {}) });
}

export type ImportOutcome = { quiz: { slug: string }; imported: number; skipped: { line: number; reason: string }[]; notices: string[] };

/**
 * Imports a file as a new draft of `viewer`. Any problem fails the whole import (`import_failed`,
 * every problem with its line) unless `skipInvalid` is set; then the good questions are kept and
 * the rest listed as skipped. Nothing is saved when it fails.
 */
export async function importQuiz(viewer: Viewer, input: ImportInput): Promise<ImportOutcome> {
  const result = await previewImport(input);
  const problems = result.problems.map(({ line, reason, question, details }) => ({ line, reason, ...(question !== undefined ? { question } : {}), ...(details ? { details } : {}) }));
  const fatal = result.problems.some((p) => p.line === 0 && !p.skipped);
  if (result.questions.length === 0 || fatal || (problems.length > 0 && !input.skipInvalid)) {
    throw new AppError(
      "import_failed",
      result.questions.length === 0 && problems.length === 0
        ? "The file has no questions to import."
        : `The file could not be imported: ${problems.length} ${problems.length === 1 ? "problem" : "problems"}${
            input.skipInvalid || fatal ? "" : " (or import with skipInvalid to leave those questions out)"
          }.`,
      { lines: problems.length ? problems : [{ line: 0, reason: "The file has no questions to import", details: [{ code: "no_questions" }] }] },
    );
  }
  const draft = await createDraftFromInput(await getDb(), viewer.id, { ...result.quiz, questions: result.questions.map((q) => q.question) });
  return { quiz: { slug: draft.slug }, imported: result.questions.length, skipped: problems, notices: result.notices ?? [] };
}
