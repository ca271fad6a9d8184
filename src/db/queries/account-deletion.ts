import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { DELETED_USER_NAME, DELETION_ORDER, DELETION_RULES, type AccountExport, type QuizChoice } from "@/core/account-deletion";
import type { Db } from "../client";
import {
  achievements,
  attempts,
  cards,
  challenges,
  favorites,
  games,
  questions,
  quizzes,
  ratings,
  reviewLogs,
  studySettings,
  users,
  verifications,
} from "../schema";

/**
 * Deletes an account by the rules of src/core/account-deletion.ts, in one transaction: quizzes
 * first (moved to a new "deleted user" account, or removed), then every other table by its rule,
 * the account's pending links (`verifications` by its address) and the account itself.
 * Returns false when there was no such account.
 */
export async function deleteAccount(db: Db, userId: string, quizChoice: QuizChoice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return false;
    if (quizChoice === "keep") {
      const [owned] = await tx.select({ n: sql<number>`count(*)::int` }).from(quizzes).where(eq(quizzes.ownerId, userId));
      if ((owned?.n ?? 0) > 0) {
        // An account nobody can sign in to: no password, no provider, an address that takes no mail.
        const id = randomUUID();
        const suffix = randomBytes(5).toString("hex");
        await tx.insert(users).values({ id, handle: `deleted-${suffix}`, name: DELETED_USER_NAME, email: `deleted-${suffix}@deleted.invalid` });
        await tx.update(quizzes).set({ ownerId: id }).where(eq(quizzes.ownerId, userId));
      }
    }
    for (const table of DELETION_ORDER) {
      const rule = DELETION_RULES[table]!;
      for (const column of rule.by) {
        const t = sql.identifier(table);
        const c = sql.identifier(column);
        if (rule.rule === "anonymise") {
          const nickname = rule.nickname ? sql`, nickname = ${rule.nickname}` : sql``;
          // An attempt keeps no guest identity either: the browser's cookie must not lead back to it.
          const guest = table === "attempts" ? sql`, guest_id = null` : sql``;
          await tx.execute(sql`update ${t} set ${c} = null${nickname}${guest} where ${c} = ${userId}`);
        } else {
          await tx.execute(sql`delete from ${t} where ${c} = ${userId}`);
        }
      }
    }
    await tx.delete(verifications).where(eq(verifications.identifier, user.email));
    // Password-reset links (Better Auth's `reset-password:<token>` rows hold the account's id).
    await tx.delete(verifications).where(eq(verifications.value, userId));
    return true;
  });
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Everything "Download my data" gives: the account's own rows, without secrets (no password hash, token or session). */
export async function exportAccount(db: Db, userId: string, now: Date): Promise<AccountExport | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const ownQuizzes = await db.select().from(quizzes).where(eq(quizzes.ownerId, userId));
  const quizIds = ownQuizzes.map((q) => q.id);
  const ownQuestions = quizIds.length ? await db.select().from(questions).where(inArray(questions.quizId, quizIds)) : [];
  const [ownAttempts, ownCards, ownReviews, [settings], ownChallenges, hosted, favs, rated, earned] = await Promise.all([
    db.select().from(attempts).where(eq(attempts.userId, userId)),
    db.select().from(cards).where(eq(cards.userId, userId)),
    db.select().from(reviewLogs).where(eq(reviewLogs.userId, userId)),
    db.select().from(studySettings).where(eq(studySettings.userId, userId)),
    db.select().from(challenges).where(eq(challenges.ownerId, userId)),
    db.select().from(games).where(eq(games.hostId, userId)),
    db.select().from(favorites).where(eq(favorites.userId, userId)),
    db.select().from(ratings).where(eq(ratings.userId, userId)),
    db.select().from(achievements).where(eq(achievements.userId, userId)),
  ]);
  return {
    format: "quizdeck-account-export",
    version: 1,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      handle: user.handle,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      locale: user.locale,
      createdAt: iso(user.createdAt)!,
    },
    quizzes: ownQuizzes.map((q) => ({ ...q, questions: ownQuestions.filter((x) => x.quizId === q.id) })),
    attempts: ownAttempts.map(({ guestId: _guest, ...a }) => a),
    studyCards: ownCards,
    studyReviews: ownReviews,
    studySettings: settings ?? null,
    challenges: ownChallenges,
    // The engine's snapshot holds other players' tokens' state: the game's own fields only.
    hostedGames: hosted.map(({ snapshot: _snapshot, ...g }) => g),
    favorites: favs,
    ratings: rated,
    achievements: earned,
  };
}
