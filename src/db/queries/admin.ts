import "server-only";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { quizzes, reports, users } from "../schema";

export type OpenReport = {
  id: string;
  reason: string;
  details: string | null;
  createdAt: Date;
  quiz: { id: string; slug: string; title: string; status: "draft" | "published" | "hidden" };
  reporter: { handle: string; name: string } | null;
};

/** The moderation queue: open reports, oldest first, with their quiz and reporter. */
export async function listOpenReports(db: Db, limit = 100): Promise<OpenReport[]> {
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      quiz: { id: quizzes.id, slug: quizzes.slug, title: quizzes.title, status: quizzes.status },
      reporterHandle: users.handle,
      reporterName: users.name,
    })
    .from(reports)
    .innerJoin(quizzes, eq(quizzes.id, reports.quizId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, "open"))
    .orderBy(reports.createdAt, reports.id)
    .limit(limit);
  return rows.map(({ reporterHandle, reporterName, ...r }) => ({
    ...r,
    reporter: reporterHandle !== null && reporterName !== null ? { handle: reporterHandle, name: reporterName } : null,
  }));
}

export type HiddenQuiz = { id: string; slug: string; title: string; updatedAt: Date; owner: { handle: string; name: string } };

export async function listHiddenQuizzes(db: Db, limit = 100): Promise<HiddenQuiz[]> {
  return db
    .select({ id: quizzes.id, slug: quizzes.slug, title: quizzes.title, updatedAt: quizzes.updatedAt, owner: { handle: users.handle, name: users.name } })
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.ownerId))
    .where(eq(quizzes.status, "hidden"))
    .orderBy(desc(quizzes.updatedAt))
    .limit(limit);
}

/**
 * Hides a quiz (any status but draft) and closes every open report about it as resolved: hiding
 * is the answer to all of them. Returns false when there is no such quiz or it is a draft.
 */
export async function hideQuiz(db: Db, quizId: string, adminId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(quizzes)
      .set({ status: "hidden", updatedAt: sql`now()` })
      .where(and(eq(quizzes.id, quizId), sql`${quizzes.status} <> 'draft'`))
      .returning({ id: quizzes.id });
    if (!row) return false;
    await tx
      .update(reports)
      .set({ status: "resolved", resolvedAt: sql`now()`, resolvedBy: adminId })
      .where(and(eq(reports.quizId, quizId), eq(reports.status, "open")));
    return true;
  });
}

/** Puts a hidden quiz back in the library. Returns false when it was not hidden. */
export async function restoreQuiz(db: Db, quizId: string): Promise<boolean> {
  const rows = await db
    .update(quizzes)
    .set({ status: "published", updatedAt: sql`now()`, publishedAt: sql`coalesce(${quizzes.publishedAt}, now())` })
    .where(and(eq(quizzes.id, quizId), eq(quizzes.status, "hidden")))
    .returning({ id: quizzes.id });
  return rows.length > 0;
}

/** Closes a report without acting on the quiz. Returns false when it was not open. */
export async function dismissReport(db: Db, reportId: string, adminId: string): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status: "dismissed", resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return rows.length > 0;
}

export type UserRow = { id: string; handle: string; name: string; email: string; role: "member" | "admin"; createdAt: Date; disabledAt: Date | null };

/** Members by handle, display name or email (case-insensitive substring), newest first. */
export async function searchUsers(db: Db, q: string | undefined, limit = 50): Promise<UserRow[]> {
  const term = q?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({ id: users.id, handle: users.handle, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt, disabledAt: users.disabledAt })
    .from(users)
    .where(pattern ? or(ilike(users.handle, pattern), ilike(users.email, pattern), ilike(users.name, pattern)) : undefined)
    .orderBy(desc(users.createdAt), users.handle)
    .limit(limit);
}
