import "server-only";
import { getDb } from "@/db";
import { listHiddenQuizzes, listOpenReports, searchUsers } from "@/db/queries/admin";

/** The moderation queue's reads (docs/rules.md §6); the admin page checks who is asking. */

/** Open reports, oldest first, with their quiz and reporter. */
export async function openReports() {
  return listOpenReports(await getDb());
}

/** Hidden quizzes, most recently hidden first. */
export async function hiddenQuizzes() {
  return listHiddenQuizzes(await getDb());
}

/** Members by handle, display name or email (a substring, any case; everyone without `q`), newest first. */
export async function findMembers(q: string | undefined) {
  return searchUsers(await getDb(), q);
}
