import "server-only";
import type { QuizListQuery } from "@/core/quiz-list";
import { getDb } from "@/db";
import { exportableQuiz, getEditableQuiz } from "@/db/queries/editor";
import { findPublicQuizId, getPublicQuiz, listCategories, listLanguages, listQuizzes } from "@/db/queries/quizzes";
import { quizAccess } from "./quiz-access";

/**
 * Quizzes as pages and route handlers read them: thin calls into src/db/queries, with the viewer's
 * access wherever it decides what may be seen (drafts, private and hidden quizzes).
 */

export type { QuizSummary } from "@/db/queries/quizzes";

/** One page of the published public quizzes that match a search and its filters, and their total. */
export async function searchQuizzes(query: QuizListQuery) {
  return listQuizzes(await getDb(), query);
}

/** The languages published public quizzes are written in (Explore's filter). */
export async function quizLanguages() {
  return listLanguages(await getDb());
}

/** The categories with how many published public quizzes each holds (the home page). */
export async function quizCategories() {
  return listCategories(await getDb());
}

/** A quiz with its questions (never its answer key) if this viewer may see it, else null. */
export async function viewableQuiz(slug: string) {
  return getPublicQuiz(await getDb(), slug, await quizAccess());
}

/** A quiz anyone may see, whoever asks (a link preview's image), else null. */
export async function publicQuiz(slug: string) {
  return getPublicQuiz(await getDb(), slug);
}

/** The id of a quiz this viewer may see, else null. */
export async function viewableQuizId(slug: string) {
  return findPublicQuizId(await getDb(), slug, await quizAccess());
}

/** A quiz as its editor opens it (draft document, version, owner), whoever owns it; the caller checks. */
export async function editableQuiz(slug: string) {
  return getEditableQuiz(await getDb(), slug);
}

/** A quiz with its answers, for export, and its owner; the caller checks who may have it. */
export async function quizForExport(slug: string) {
  return exportableQuiz(await getDb(), slug);
}
