import { randomBytes, randomUUID } from "node:crypto";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_NICKNAME, DELETED_USER_NAME, DELETION_ORDER, DELETION_RULES, missingDeletionRules } from "@/core/account-deletion";
import { createAttempt } from "@/test/solo-play";
import type { DbHandle } from "../client";
import * as schema from "../schema";
import { testBackends } from "../test-databases";
import { deleteAccount, exportAccount } from "./account-deletion";
import { insertChallenge } from "./challenges";
import { insertApiToken } from "./profile";
import { rateQuiz, reportQuiz, setFavorite } from "./social";
import { makeQuiz, makeUser } from "./social.test-helpers";

const randomPin = () => String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, "0");

/** Every table of the Drizzle schema, with its columns that refer to users.id. */
function userReferences(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    out[config.name] = config.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableName(ref.foreignTable) === "users")
      .flatMap((ref) => ref.columns.map((c) => c.name));
  }
  out.users = ["id"];
  return out;
}

describe("every table has a deletion rule", () => {
  it("lists each table of the schema that refers to an account, and each has a rule for its columns", () => {
    const refs = userReferences();
    expect(Object.keys(refs).length).toBeGreaterThan(15);
    expect(missingDeletionRules(refs)).toEqual([]);
    // The rules name no table that does not exist, and deletion visits every rule.
    for (const table of Object.keys(DELETION_RULES)) expect(refs[table], table).toBeDefined();
    expect([...DELETION_ORDER].sort()).toEqual(Object.keys(DELETION_RULES).sort());
  });

  it("fails for a table added later without a rule", () => {
    expect(missingDeletionRules({ ...userReferences(), bookmarks: ["user_id"] })).toEqual(["bookmarks"]);
    expect(missingDeletionRules({ ...userReferences(), reports: ["reporter_id", "resolved_by", "assignee_id"] })).toEqual(["reports"]);
  });
});

describe.each(testBackends)("deleting an account on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** An account with a row in every table that can hold one, and another member's quiz it played. */
  async function fullAccount() {
    const db = handle.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const own = await makeQuiz(db, me.id);
    const theirs = await makeQuiz(db, other.id);
    const email = `${me.handle}@example.test`;
    const now = new Date();
    await db.insert(schema.sessions).values({ id: randomUUID(), token: randomBytes(16).toString("hex"), userId: me.id, expiresAt: new Date(now.getTime() + 3_600_000) });
    await db.insert(schema.accounts).values({ id: randomUUID(), accountId: me.id, providerId: "credential", userId: me.id, password: "hash" });
    await db.insert(schema.verifications).values({ id: randomUUID(), identifier: email, value: "token", expiresAt: new Date(now.getTime() + 3_600_000) });
    // An admin action by the account, and one on it: the audit rows stay, without its id.
    await db.insert(schema.adminAudit).values({ actorId: me.id, via: "web", action: "promote", targetUserId: other.id });
    await db.insert(schema.adminAudit).values({ actorId: other.id, via: "web", action: "disable", targetUserId: me.id });
    // A password-reset link made for the account (by "Forgot password?" or `npm run admin`).
    await db.insert(schema.verifications).values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: me.id, expiresAt: new Date(now.getTime() + 3_600_000) });
    await insertApiToken(db, { userId: me.id, name: "cli", tokenHash: randomBytes(16).toString("hex"), prefix: "qd_abcd" });
    await setFavorite(db, me.id, theirs.id, true);
    await rateQuiz(db, me.id, theirs.id, 4);
    await reportQuiz(db, { quizId: theirs.id, reporterId: me.id, reason: "spam", details: "my words" });
    await db.insert(schema.achievements).values({ userId: me.id, kind: "first-quiz" });
    const [question] = await db.select().from(schema.questions).where(eq(schema.questions.quizId, theirs.id)).limit(1);
    const [card] = await db.insert(schema.cards).values({ userId: me.id, questionId: question!.id, quizId: theirs.id }).returning();
    await db.insert(schema.reviewLogs).values({
      cardId: card!.id,
      userId: me.id,
      clientReviewId: "r1",
      grade: 3,
      state: "review",
      due: now,
      stability: 1,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: 1,
    });
    await db.insert(schema.studySettings).values({ userId: me.id });
    await insertChallenge(db, { quizId: own.id, ownerId: me.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 1, now }, () => randomBytes(4).toString("hex"));
    await createAttempt(db, { quizSlug: theirs.slug, who: { userId: me.id, guestId: null }, nickname: "Me Myself", now });
    const hostedGame = randomUUID();
    await db.insert(schema.games).values({ id: hostedGame, pin: randomPin(), quizId: own.id, hostId: me.id, settings: {} as schema.GameSettings });
    const theirGame = randomUUID();
    await db.insert(schema.games).values({ id: theirGame, pin: randomPin(), quizId: theirs.id, hostId: other.id, settings: {} as schema.GameSettings });
    await db.insert(schema.players).values({ gameId: theirGame, userId: me.id, nickname: "Me Myself", tokenHash: randomBytes(16).toString("hex") });
    // A class of theirs, and another member's class they joined.
    const [ownClass] = await db.insert(schema.classes).values({ code: randomBytes(3).toString("hex"), ownerId: me.id, name: "Mine" }).returning();
    await db.insert(schema.classStudents).values({ classId: ownClass!.id, name: "Pupil", nameKey: "pupil", tokenHash: randomBytes(16).toString("hex") });
    const [theirClass] = await db.insert(schema.classes).values({ code: randomBytes(3).toString("hex"), ownerId: other.id, name: "Theirs" }).returning();
    await db.insert(schema.classStudents).values({ classId: theirClass!.id, name: "Me Myself", nameKey: "me myself", userId: me.id });
    return { me, other, own, theirs, email, theirGame };
  }

  /** How many rows of each table still hold the account's id. */
  async function remaining(userId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [table, columns] of Object.entries(userReferences())) {
      for (const column of columns) {
        const res = await handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
        const n = Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
        if (n) out[`${table}.${column}`] = n;
      }
    }
    return out;
  }

  it("the export holds the account's own data and no secret", async () => {
    const { me } = await fullAccount();
    const data = await exportAccount(handle.db, me.id, new Date("2026-05-01T10:00:00Z"));
    expect(data?.profile.handle).toBe(me.handle);
    expect(data?.exportedAt).toBe("2026-05-01T10:00:00.000Z");
    expect(data?.quizzes).toHaveLength(1);
    expect((data?.quizzes[0] as { questions: unknown[] }).questions).toHaveLength(3);
    expect(data?.attempts).toHaveLength(1);
    expect(data?.studyCards).toHaveLength(1);
    expect(data?.studyReviews).toHaveLength(1);
    expect(data?.studySettings).not.toBeNull();
    expect(data?.challenges).toHaveLength(1);
    expect(data?.hostedGames).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain("tokenHash");
    expect(text).not.toContain("password");
    expect(await exportAccount(handle.db, "nobody", new Date())).toBeNull();
  });

  it.each(["keep", "remove"] as const)("leaves no row that names the account (%s quizzes)", async (choice) => {
    const { me, other, own, theirs, email, theirGame } = await fullAccount();
    expect(Object.keys(await remaining(me.id)).length).toBeGreaterThan(12);
    expect(await deleteAccount(handle.db, me.id, choice)).toBe(true);
    expect(await remaining(me.id)).toEqual({});
    const db = handle.db;
    expect(await db.select().from(schema.verifications).where(eq(schema.verifications.identifier, email))).toEqual([]);
    expect(await db.select().from(schema.verifications).where(eq(schema.verifications.value, me.id))).toEqual([]);
    // The audit log keeps both entries, the other admin's side intact.
    const audit = await db.select().from(schema.adminAudit).where(eq(schema.adminAudit.actorId, other.id));
    expect(audit.map((a) => [a.action, a.targetUserId])).toEqual([["disable", null]]);
    expect(await db.select().from(schema.adminAudit).where(eq(schema.adminAudit.targetUserId, other.id))).toHaveLength(1);
    // Its quiz stays under a "deleted user", or is gone.
    const [kept] = await db.select().from(schema.quizzes).where(eq(schema.quizzes.id, own.id));
    if (choice === "keep") {
      const [owner] = await db.select().from(schema.users).where(eq(schema.users.id, kept!.ownerId));
      expect(owner).toMatchObject({ name: DELETED_USER_NAME });
      expect(await db.select().from(schema.accounts).where(eq(schema.accounts.userId, owner!.id))).toEqual([]);
    } else {
      expect(kept).toBeUndefined();
    }
    // Another member's quiz keeps the attempt, anonymised, and their game keeps the player, anonymised.
    const [attempt] = await db.select().from(schema.attempts).where(eq(schema.attempts.quizId, theirs.id));
    expect(attempt).toMatchObject({ userId: null, guestId: null, nickname: ANONYMOUS_NICKNAME });
    const [player] = await db.select().from(schema.players).where(eq(schema.players.gameId, theirGame));
    expect(player).toMatchObject({ userId: null, nickname: ANONYMOUS_NICKNAME });
    expect(await db.select().from(schema.users).where(eq(schema.users.id, other.id))).toHaveLength(1);
    expect(await deleteAccount(handle.db, me.id, choice)).toBe(false);
  });
});
