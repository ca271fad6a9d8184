import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { default_w } from "ts-fsrs";
import type { DbHandle } from "@/db/client";
import { getStudySettings, saveStudyWeights } from "@/db/queries/study";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { cards, questions, reviewLogs } from "@/db/schema";
import { testBackends } from "@/db/test-databases";
import { eq } from "drizzle-orm";
import { AppError } from "./errors";
import { optimizeForMember } from "./study-optimize";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1, 12);

/**
 * `cardsCount` cards, each reviewed `perCard` times, by a learner whose memory is not FSRS's
 * default one: recall falls off with the interval, intervals grow after a success and reset
 * after a lapse. Deterministic (a fixed-seed generator).
 */
async function seedReviews(db: DbHandle["db"], userId: string, cardsCount: number, perCard: number) {
  const owner = (await makeUser(db)).id;
  const quiz = await makeQuiz(db, owner, { questions: cardsCount });
  const qs = await db.select({ id: questions.id }).from(questions).where(eq(questions.quizId, quiz.id));
  const made = await db
    .insert(cards)
    .values(qs.map((q) => ({ userId, questionId: q.id, quizId: quiz.id, due: new Date(T0), state: "review" as const, lastReview: new Date(T0) })))
    .returning({ id: cards.id });
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows: (typeof reviewLogs.$inferInsert)[] = [];
  made.forEach((card, c) => {
    let day = 0;
    let interval = 1;
    let stability = 2 + rand() * 3;
    for (let i = 0; i < perCard; i++) {
      let grade = 3;
      if (i > 0) {
        const recalled = rand() < Math.pow(1 + interval / (9 * stability), -1);
        grade = recalled ? (rand() < 0.2 ? 4 : 3) : 1;
        if (recalled) stability *= 2.5;
        else stability = Math.max(0.5, stability * 0.3);
        day += interval;
        interval = recalled ? Math.min(365, Math.max(1, Math.round(stability))) : 1;
      }
      rows.push({
        cardId: card.id,
        userId,
        clientReviewId: `seed-${c}-${i}`,
        grade,
        state: i === 0 ? "new" : "review",
        due: new Date(T0),
        stability: 1,
        difficulty: 5,
        elapsedDays: 0,
        scheduledDays: 0,
        reviewedAt: new Date(T0 + day * DAY),
      });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(reviewLogs).values(rows.slice(i, i + 500));
  return rows.length;
}

describe.each(testBackends)("FSRS optimizer on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("fits a member's parameters from 500 reviews, reports both fits, and the scheduler uses them", async () => {
    const me = (await makeUser(handle.db)).id;
    expect(await seedReviews(handle.db, me, 100, 5)).toBe(500);
    const outcome = await optimizeForMember(handle.db, me);
    for (const m of [outcome.before, outcome.after]) {
      expect(m.logLoss).toBeGreaterThan(0);
      expect(m.rmse).toBeGreaterThan(0);
    }
    expect(outcome.kept).toBe(true);
    expect(outcome.after.logLoss).toBeLessThan(outcome.before.logLoss);
    expect(outcome.parameters).toHaveLength(21);
    expect(outcome.parameters).not.toEqual([...default_w]);
    expect((await getStudySettings(handle.db, me)).weights).toEqual(outcome.parameters);
  });

  it("keeps the old parameters when the new ones fit no better", async () => {
    const me = (await makeUser(handle.db)).id;
    await seedReviews(handle.db, me, 100, 4);
    const mine = [...default_w].map((w, i) => (i === 0 ? w * 1.1 : w));
    await saveStudyWeights(handle.db, me, mine);
    const worse = async () => ({ before: { logLoss: 0.3, rmse: 0.05 }, after: { logLoss: 0.31, rmse: 0.04 }, parameters: [...default_w], items: 300 });
    const outcome = await optimizeForMember(handle.db, me, worse);
    expect(outcome).toMatchObject({ kept: false, parameters: mine, before: { logLoss: 0.3 }, after: { logLoss: 0.31 } });
    expect((await getStudySettings(handle.db, me)).weights).toEqual(mine);
  });

  it("fewer than 400 reviews: a clear catalogue error, and nothing changes", async () => {
    const me = (await makeUser(handle.db)).id;
    await seedReviews(handle.db, me, 99, 4); // 396
    const err = await optimizeForMember(handle.db, me).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "not_enough_reviews", status: 422 });
    expect((err as AppError).message).toContain("at least 400 reviews; you have 396");
    expect((await getStudySettings(handle.db, me)).weights).toBeNull();
  });

  it("enough reviews of too few cards: the optimizer's own 'not enough data' is the same catalogue error", async () => {
    const me = (await makeUser(handle.db)).id;
    await seedReviews(handle.db, me, 2, 250); // 500 reviews of 2 cards
    const err = await optimizeForMember(handle.db, me).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "not_enough_reviews", status: 422 });
    expect((err as AppError).message).toContain("not yet varied enough");
    expect((await getStudySettings(handle.db, me)).weights).toBeNull();
  });
});
