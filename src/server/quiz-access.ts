import "server-only";
import type { QuizAccess } from "@/db/queries/quizzes";
import { getViewer } from "./viewer";

/** The viewer as the quiz queries need it: who may see drafts, private and hidden quizzes. */
export async function quizAccess(): Promise<QuizAccess> {
  const viewer = await getViewer();
  return viewer ? { userId: viewer.id, admin: viewer.role === "admin" } : null;
}
