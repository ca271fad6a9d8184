import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ReportReason, SocialState } from "@/core/social";
import { queryRows, type Db } from "../client";
import { favorites, quizzes, ratings, reports } from "../schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What the social actions need to decide who may do what to a quiz. */
export type SocialTarget = { id: string; slug: string; ownerId: string; status: "draft" | "published" | "hidden"; visibility: "public" | "unlisted" | "private" };

export async function findSocialTarget(db: Db, slug: string): Promise<SocialTarget | null> {
  const [row] = await db
    .select({ id: quizzes.id, slug: quizzes.slug, ownerId: quizzes.ownerId, status: quizzes.status, visibility: quizzes.visibility })
    .from(quizzes)
    .where(eq(quizzes.slug, slug));
  return row ?? null;
}

/** A member's own relation to a quiz: favorite, rating, and whether a report of theirs is open. */
export async function getSocialState(db: Db, userId: string, quizId: string): Promise<SocialState> {
  const [row] = await queryRows<{ favorite: boolean; rating: number | null; reported: boolean }>(db, sql`
    select
      exists (select 1 from favorites where user_id = ${userId} and quiz_id = ${quizId}) as favorite,
      (select value from ratings where user_id = ${userId} and quiz_id = ${quizId}) as rating,
      exists (select 1 from reports where reporter_id = ${userId} and quiz_id = ${quizId} and status = 'open') as reported
  `);
  return { favorite: Boolean(row?.favorite), rating: row?.rating == null ? null : Number(row.rating), reported: Boolean(row?.reported) };
}

/**
 * Sets a favorite on or off. Idempotent: the caller says which state it wants (not "toggle"), so
 * a double click or a second tab cannot flip it back by accident.
 */
export async function setFavorite(db: Db, userId: string, quizId: string, favorite: boolean): Promise<{ favorite: boolean }> {
  if (favorite) await db.insert(favorites).values({ userId, quizId }).onConflictDoNothing();
  else await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.quizId, quizId)));
  return { favorite };
}

/** The quiz's rating average and count recomputed from its ratings, inside the caller's transaction. */
async function refreshRating(tx: Tx, quizId: string): Promise<{ average: number; count: number }> {
  const [row] = await tx
    .update(quizzes)
    .set({
      ratingAvg: sql`(select coalesce(avg(value), 0)::float8 from ${ratings} where ${ratings.quizId} = ${quizId})`,
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.quizId} = ${quizId})`,
    })
    .where(eq(quizzes.id, quizId))
    .returning({ average: quizzes.ratingAvg, count: quizzes.ratingCount });
  return { average: Math.round(Number(row?.average ?? 0) * 10) / 10, count: Number(row?.count ?? 0) };
}

/**
 * One rating per member and quiz, changeable. The quiz row is locked first, so two members rating
 * at once are counted one after the other and the average never misses a rating.
 */
export async function rateQuiz(db: Db, userId: string, quizId: string, value: number): Promise<{ value: number; average: number; count: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    await tx
      .insert(ratings)
      .values({ userId, quizId, value })
      .onConflictDoUpdate({ target: [ratings.userId, ratings.quizId], set: { value, updatedAt: sql`now()` } });
    return { value, ...(await refreshRating(tx, quizId)) };
  });
}

/** Takes a member's rating back. */
export async function removeRating(db: Db, userId: string, quizId: string): Promise<{ average: number; count: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    await tx.delete(ratings).where(and(eq(ratings.userId, userId), eq(ratings.quizId, quizId)));
    return refreshRating(tx, quizId);
  });
}

/**
 * Files a report. A member has at most one open report per quiz: a second one updates the reason
 * and details of the first instead of queueing the same complaint twice.
 */
export async function reportQuiz(
  db: Db,
  input: { quizId: string; reporterId: string; reason: ReportReason; details: string | null },
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // The lock serialises two reports of one member sent at once (there is no unique index on open reports).
    await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, input.quizId)).for("update");
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.quizId, input.quizId), eq(reports.reporterId, input.reporterId), eq(reports.status, "open")));
    if (open) {
      await tx.update(reports).set({ reason: input.reason, details: input.details }).where(eq(reports.id, open.id));
      return { id: open.id, created: false };
    }
    const [row] = await tx
      .insert(reports)
      .values({ quizId: input.quizId, reporterId: input.reporterId, reason: input.reason, details: input.details })
      .returning({ id: reports.id });
    return { id: row!.id, created: true };
  });
}
