import "server-only";
import { AUDIT_PAGE_SIZE } from "@/core/admin";
import { getDb } from "@/db";
import { listAudit } from "@/db/queries/admin-users";
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

/** One page of the audit log of admin actions, newest first (src/core/admin.ts: AUDIT_PAGE_SIZE a page). */
export async function auditLog(page: number) {
  const { entries, total } = await listAudit(await getDb(), page, AUDIT_PAGE_SIZE);
  return { entries, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}
