import "server-only";
import type { QuizAccess } from "@/db/queries/quizzes";
import { quizViewerOf } from "./permissions";
import { getViewer } from "./viewer";

/** The viewer as the quiz queries need it: who may see drafts, private and hidden quizzes. */
export async function quizAccess(): Promise<QuizAccess> {
  return quizViewerOf(await getViewer());
}
