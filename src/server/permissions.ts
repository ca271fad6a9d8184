import "server-only";
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

type OwnedQuiz = { ownerId: string; visibility: string; status: string };

/** Owner or admin: may edit, export, delete and see the answer key (docs/rules.md §6). */
export const canManageQuiz = (viewer: Viewer | null, quiz: { ownerId: string }) =>
  Boolean(viewer && (viewer.id === quiz.ownerId || viewer.role === "admin"));

/**
 * Who may see a quiz at all: a published public or unlisted quiz, everyone; a private, draft or
 * hidden one, only its owner and admins (to anyone else it does not exist: `not_found`).
 */
export const canSeeQuiz = (viewer: Viewer | null, quiz: OwnedQuiz) =>
  (quiz.status === "published" && quiz.visibility !== "private") || canManageQuiz(viewer, quiz);
