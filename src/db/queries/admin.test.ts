import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizListQuery } from "@/core/quiz-list";
import type { DbHandle } from "../client";
import { quizzes, reports, users } from "../schema";
import { seedDemoContent } from "../seed";
import { testBackends } from "../test-databases";
import { createAttempt } from "@/test/solo-play";
import { dismissReport, hideQuiz, listHiddenQuizzes, listOpenReports, restoreQuiz, searchUsers } from "./admin";
import { findPublicQuizId, getPublicQuiz, listCategories, listLanguages, listQuizzes } from "./quizzes";
import { reportQuiz } from "./social";
import { makeQuiz, makeUser, quizRow } from "./social.test-helpers";

describe.each(testBackends)("moderation on $name", (backend) => {
  let handle: DbHandle;
  let owner: { id: string };
  let admin: { id: string };
  beforeAll(async () => {
    handle = await backend.open();
    await seedDemoContent(handle.db);
    owner = await makeUser(handle.db);
    admin = await makeUser(handle.db, { role: "admin" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists open reports with their quiz and reporter, oldest first", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, owner.id);
    const reporter = await makeUser(db, { handle: `rep-${Date.now()}` });
    const first = await reportQuiz(db, { quizId: quiz.id, reporterId: reporter.id, reason: "wrong_answers", details: "Q1 is wrong" });
    const queue = await listOpenReports(db);
    const mine = queue.find((r) => r.id === first.id);
    expect(mine).toMatchObject({
      reason: "wrong_answers",
      details: "Q1 is wrong",
      quiz: { id: quiz.id, slug: quiz.slug, title: `Quiz ${quiz.slug}`, status: "published" },
      reporter: { handle: reporter.handle, name: `Name ${reporter.handle}` },
    });
    // A deleted reporter leaves the report in the queue, anonymous.
    await db.delete(users).where(eq(users.id, reporter.id));
    expect((await listOpenReports(db)).find((r) => r.id === first.id)?.reporter).toBeNull();
    expect(await dismissReport(db, first.id, admin.id)).toBe(true);
    expect(await dismissReport(db, first.id, admin.id)).toBe(false);
    expect((await listOpenReports(db)).some((r) => r.id === first.id)).toBe(false);
    const [row] = await db.select().from(reports).where(eq(reports.id, first.id));
    expect(row).toMatchObject({ status: "dismissed", resolvedBy: admin.id });
    expect(row?.resolvedAt).toBeInstanceOf(Date);
  });

  it("hiding takes a quiz out of the library, search, categories, reads and play, and resolves its reports; restoring brings it back", async () => {
    const db = handle.db;
    const slug = "olympic-games-history";
    const id = (await findPublicQuizId(db, slug))!;
    const reporter = await makeUser(db);
    const other = await makeUser(db);
    const r1 = await reportQuiz(db, { quizId: id, reporterId: reporter.id, reason: "spam", details: null });
    const r2 = await reportQuiz(db, { quizId: id, reporterId: other.id, reason: "copyright", details: null });
    const all = async (params: Record<string, string> = {}) =>
      (await listQuizzes(db, quizListQuery.parse({ limit: "100", ...params }))).items.map((i) => i.slug);
    const sportsCount = async () => (await listCategories(db)).find((c) => c.category === "sport")?.count ?? 0;
    const before = { total: (await all()).length, sports: await sportsCount() };
    expect(before.sports).toBeGreaterThan(0);
    expect(await all()).toContain(slug);
    expect(await all({ q: "olympic" })).toContain(slug);

    expect(await hideQuiz(db, id, admin.id)).toBe(true);
    expect((await quizRow(db, id)).status).toBe("hidden");
    for (const params of [{}, { q: "olympic" }, { sort: "rating" }, { sort: "new" }, { category: "sport" }] as Record<string, string>[]) {
      expect(await all(params)).not.toContain(slug);
    }
    expect((await all()).length).toBe(before.total - 1);
    expect(await sportsCount()).toBe(before.sports - 1);
    expect(await getPublicQuiz(db, slug)).toBeNull();
    expect(await findPublicQuizId(db, slug)).toBeNull();
    expect(await createAttempt(db, { quizSlug: slug, who: { userId: reporter.id, guestId: null }, nickname: "X" })).toBeNull();
    expect((await listHiddenQuizzes(db)).map((q) => q.slug)).toContain(slug);
    const closed = await db.select().from(reports).where(eq(reports.quizId, id));
    for (const r of closed.filter((r) => [r1.id, r2.id].includes(r.id))) expect(r).toMatchObject({ status: "resolved", resolvedBy: admin.id });
    expect((await listOpenReports(db)).some((r) => r.quiz.id === id)).toBe(false);

    expect(await restoreQuiz(db, id)).toBe(true);
    expect(await restoreQuiz(db, id)).toBe(false);
    expect((await quizRow(db, id)).status).toBe("published");
    expect(await all({ q: "olympic" })).toContain(slug);
    expect(await getPublicQuiz(db, slug)).not.toBeNull();
    expect((await listHiddenQuizzes(db)).map((q) => q.slug)).not.toContain(slug);
  });

  it("a hidden quiz's only language disappears from the language filter", async () => {
    const db = handle.db;
    const lonely = await makeQuiz(db, owner.id);
    await db.update(quizzes).set({ language: "xx" }).where(eq(quizzes.id, lonely.id));
    expect(await listLanguages(db)).toContain("xx");
    await hideQuiz(db, lonely.id, admin.id);
    expect(await listLanguages(db)).not.toContain("xx");
  });

  it("does not hide a draft (restoring it would publish it unchecked)", async () => {
    const draft = await makeQuiz(handle.db, owner.id, { status: "draft" });
    expect(await hideQuiz(handle.db, draft.id, admin.id)).toBe(false);
    expect((await quizRow(handle.db, draft.id)).status).toBe("draft");
    expect(await restoreQuiz(handle.db, draft.id)).toBe(false);
  });

  it("finds members by handle, name or email, taking % and _ literally", async () => {
    const db = handle.db;
    const tag = Date.now().toString(36);
    const ana = await makeUser(db, { handle: `ana_${tag}`, email: `ana.${tag}@school.test` });
    await makeUser(db, { handle: `anabel${tag}`, email: `x${tag}@other.test` });
    expect((await searchUsers(db, `ANA_${tag}`)).map((u) => u.id)).toEqual([ana.id]);
    expect((await searchUsers(db, `${tag}@school`)).map((u) => u.id)).toEqual([ana.id]);
    expect((await searchUsers(db, `ana${tag}`)).map((u) => u.handle)).toEqual([]); // "_" is not a wildcard
    expect(await searchUsers(db, `%${tag}`)).toEqual([]);
    expect((await searchUsers(db, undefined)).length).toBeGreaterThan(2);
  });
});
