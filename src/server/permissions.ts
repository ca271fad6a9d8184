import "server-only";
import { managesQuiz, quizVisibleTo, type QuizViewer, type QuizVisibilityFacts } from "@/core/quiz-visibility";
import { AppError } from "./errors";
import { getViewer, type Viewer } from "./viewer";

/** The signed-in viewer, or `unauthorized`. */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AppError("unauthorized");
  return viewer;
}

export async function requireAdmin(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (viewer.role !== "admin") throw new AppError("forbidden");
  return viewer;
}

/** The viewer as the quiz rules know them (src/core/quiz-visibility.ts). */
export const quizViewerOf = (viewer: Viewer | null): QuizViewer => (viewer ? { userId: viewer.id, admin: viewer.role === "admin" } : null);

/** Owner or admin: may edit, export, delete and see the answer key (docs/rules.md §6). */
export const canManageQuiz = (viewer: Viewer | null, quiz: { ownerId: string }) => managesQuiz(quizViewerOf(viewer), quiz);

/** Who may see a quiz at all (docs/rules.md §6): the rule is `quizVisibleTo` in core. */
export const canSeeQuiz = (viewer: Viewer | null, quiz: QuizVisibilityFacts) => quizVisibleTo(quizViewerOf(viewer), quiz);
