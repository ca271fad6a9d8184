import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizListQuery } from "@/core/quiz-list";
import type { DbHandle } from "../client";
import { favorites, ratings, reports } from "../schema";
import { seedDemoContent } from "../seed";
import { testBackends } from "../test-databases";
import { dismissReport } from "./admin";
import { listQuizzes } from "./quizzes";
import { findSocialTarget, getSocialState, rateQuiz, removeRating, reportQuiz, setFavorite } from "./social";
import { makeQuiz, makeUser, quizRow } from "./social.test-helpers";

describe.each(testBackends)("favorites, ratings and reports on $name", (backend) => {
  let handle: DbHandle;
  let owner: { id: string };
  beforeAll(async () => {
    handle = await backend.open();
    await seedDemoContent(handle.db);
    owner = await makeUser(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("finds a quiz's owner, status and visibility by slug", async () => {
    const quiz = await makeQuiz(handle.db, owner.id, { visibility: "unlisted" });
    expect(await findSocialTarget(handle.db, quiz.slug)).toEqual({ id: quiz.id, slug: quiz.slug, ownerId: owner.id, status: "published", visibility: "unlisted" });
    expect(await findSocialTarget(handle.db, "no-such-quiz")).toBeNull();
  });

  it("sets a favorite idempotently: twice on is one favorite, twice off is none", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const member = await makeUser(db);
    const count = async () => (await db.select().from(favorites).where(and(eq(favorites.userId, member.id), eq(favorites.quizId, quiz.id)))).length;
    expect(await getSocialState(db, member.id, quiz.id)).toEqual({ favorite: false, rating: null, reported: false });
    await setFavorite(db, member.id, quiz.id, true);
    await setFavorite(db, member.id, quiz.id, true);
    expect(await count()).toBe(1);
    expect((await getSocialState(db, member.id, quiz.id)).favorite).toBe(true);
    await setFavorite(db, member.id, quiz.id, false);
    await setFavorite(db, member.id, quiz.id, false);
    expect(await count()).toBe(0);
    expect((await getSocialState(db, member.id, quiz.id)).favorite).toBe(false);
  });

  it("keeps one changeable rating per member and the quiz's average and count in step", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const [a, b] = [await makeUser(db), await makeUser(db)];
    expect(await rateQuiz(db, a.id, quiz.id, 4)).toEqual({ value: 4, average: 4, count: 1 });
    expect(await rateQuiz(db, b.id, quiz.id, 2)).toEqual({ value: 2, average: 3, count: 2 });
    expect(await rateQuiz(db, a.id, quiz.id, 5)).toEqual({ value: 5, average: 3.5, count: 2 });
    expect(await db.select().from(ratings).where(eq(ratings.quizId, quiz.id))).toHaveLength(2);
    const row = await quizRow(db, quiz.id);
    expect([row.ratingAvg, row.ratingCount]).toEqual([3.5, 2]);
    expect((await getSocialState(db, a.id, quiz.id)).rating).toBe(5);
    expect(await removeRating(db, b.id, quiz.id)).toEqual({ average: 5, count: 1 });
    expect(await removeRating(db, a.id, quiz.id)).toEqual({ average: 0, count: 0 });
  });

  it("refuses a rating outside 1–5 in the database too", async () => {
    const quiz = await makeQuiz(handle.db, owner.id);
    const member = await makeUser(handle.db);
    await expect(rateQuiz(handle.db, member.id, quiz.id, 6)).rejects.toThrow();
    expect((await quizRow(handle.db, quiz.id)).ratingCount).toBe(0);
  });

  it("counts every one of many ratings sent at once", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const members = await Promise.all(Array.from({ length: 8 }, () => makeUser(db)));
    await Promise.all(members.map((m, i) => rateQuiz(db, m.id, quiz.id, (i % 5) + 1)));
    const row = await quizRow(db, quiz.id);
    expect(row.ratingCount).toBe(8);
    expect(row.ratingAvg).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1 + 2 + 3) / 8, 10);
  });

  it("the library's top rated sort follows the ratings", async () => {
    const db = handle.db;
    const top = await makeQuiz(db, owner.id);
    const second = await makeQuiz(db, owner.id);
    const raters = await Promise.all(Array.from({ length: 3 }, () => makeUser(db)));
    for (const r of raters) {
      await rateQuiz(db, r.id, top.id, 5);
      await rateQuiz(db, r.id, second.id, 4);
    }
    const sorted = async () => (await listQuizzes(db, quizListQuery.parse({ sort: "rating", limit: "100" }))).items;
    let items = await sorted();
    expect(items.slice(0, 2).map((i) => i.slug)).toEqual([top.slug, second.slug]);
    expect(items[0]?.rating).toEqual({ average: 5, count: 3 });
    // One member changes their mind: 5,5,1 averages 3.7, below the other quiz's 4.
    await rateQuiz(db, raters[0]!.id, top.id, 1);
    items = await sorted();
    expect(items.slice(0, 2).map((i) => i.slug)).toEqual([second.slug, top.slug]);
    expect(items[1]?.rating).toEqual({ average: 3.7, count: 3 });
  });

  it("keeps one open report per member and quiz; a dismissed one makes room for a new one", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const [a, b, admin] = [await makeUser(db), await makeUser(db), await makeUser(db, { role: "admin" })];
    const first = await reportQuiz(db, { quizId: quiz.id, reporterId: a.id, reason: "spam", details: null });
    expect(first.created).toBe(true);
    const again = await reportQuiz(db, { quizId: quiz.id, reporterId: a.id, reason: "wrong_answers", details: "Question 2 is false" });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await getSocialState(db, a.id, quiz.id)).reported).toBe(true);
    const other = await reportQuiz(db, { quizId: quiz.id, reporterId: b.id, reason: "other", details: "Odd" });
    expect(other.created).toBe(true);
    let rows = await db.select().from(reports).where(eq(reports.quizId, quiz.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ reason: "wrong_answers", details: "Question 2 is false", status: "open" });

    expect(await dismissReport(db, first.id, admin.id)).toBe(true);
    expect((await getSocialState(db, a.id, quiz.id)).reported).toBe(false);
    const third = await reportQuiz(db, { quizId: quiz.id, reporterId: a.id, reason: "copyright", details: null });
    expect(third.created).toBe(true);
    rows = await db.select().from(reports).where(eq(reports.quizId, quiz.id));
    expect(rows.filter((r) => r.status === "open")).toHaveLength(2);
  });

  it("two identical reports sent at once still make one", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const a = await makeUser(db);
    await Promise.all([1, 2, 3].map(() => reportQuiz(db, { quizId: quiz.id, reporterId: a.id, reason: "spam", details: null })));
    expect(await db.select().from(reports).where(eq(reports.quizId, quiz.id))).toHaveLength(1);
  });
});
