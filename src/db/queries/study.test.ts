import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../client";
import { countDecks } from "@/core/study/decks";
import { cards, quizzes } from "../schema";
import { testBackends } from "../test-databases";
import { makeQuiz, makeUser } from "./social.test-helpers";
import type { GuestCard, GuestReview } from "@/core/study/merge";
import { newCardMemory, reviewCard, schedulerFor, type StudyRating } from "@/core/study/scheduler";
import { adoptStudyTimeZone, deckQueue, getStudySettings, hasStudySettings, listDue, mergeGuestStudy, questionDecks, recordReview, reviewsSince, saveStudySettings, studyOverview, studyStats } from "./study";

const T0 = new Date(Date.UTC(2026, 2, 10, 12)); // noon UTC: the study day began at 04:00 UTC
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const DAY = 86_400_000;

describe.each(testBackends)("study on $name", (backend) => {
  let handle: DbHandle;
  let owner: string;
  beforeAll(async () => {
    handle = await backend.open();
    owner = (await makeUser(handle.db)).id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  let n = 0;
  const review = (userId: string, questionId: string, rating: "again" | "hard" | "good" | "easy", now: Date, id = `r${++n}`) =>
    recordReview(handle.db, { userId, questionId, rating, clientReviewId: id, durationMs: 3000, now });

  it("a first session is the quiz's questions in order as new cards; a review schedules and logs", async () => {
    const me = (await makeUser(handle.db)).id;
    const quiz = await makeQuiz(handle.db, owner, { questions: 3 });
    const first = await deckQueue(handle.db, quiz.id, me, T0);
    expect(first.queue.map((c) => c.kind)).toEqual(["new", "new", "new"]);
    const [q1, q2, q3] = first.queue.map((c) => c.question.id) as [string, string, string];
    const r = await review(me, q1, "good", T0);
    expect(r).toMatchObject({ duplicate: false, card: { state: "learning", reps: 1 } });
    expect(r!.card.due).toEqual(at(10 * MIN));
    await review(me, q2, "easy", T0);
    // Right after: q2 is days away, q3 is still new, q1 is learning and due within the
    // learn-ahead limit, so it comes after the rest.
    expect((await deckQueue(handle.db, quiz.id, me, at(MIN))).queue.map((c) => [c.kind, c.question.id])).toEqual([
      ["new", q3],
      ["learning", q1],
    ]);
    // Ten minutes on, q1 comes back first.
    expect((await deckQueue(handle.db, quiz.id, me, at(10 * MIN))).queue.map((c) => [c.kind, c.question.id])).toEqual([
      ["learning", q1],
      ["new", q3],
    ]);
    const logs = await reviewsSince(handle.db, me, at(-DAY));
    expect(logs.map((l) => [l.grade, l.state])).toEqual([
      [3, "new"],
      [4, "new"],
    ]);
  });

  it("the same client review id is recorded once", async () => {
    const me = (await makeUser(handle.db)).id;
    const quiz = await makeQuiz(handle.db, owner, { questions: 1 });
    const [q] = (await deckQueue(handle.db, quiz.id, me, T0)).queue;
    const a = await review(me, q!.question.id, "good", T0, "same-id");
    const b = await review(me, q!.question.id, "again", at(1000), "same-id");
    expect(b).toMatchObject({ duplicate: true, card: { reps: 1, state: "learning" } });
    expect(b!.card.due).toEqual(a!.card.due);
    expect(await reviewsSince(handle.db, me, at(-DAY))).toHaveLength(1);
    // Concurrent retries too.
    const c = await Promise.all([1, 2, 3].map(() => review(me, q!.question.id, "good", at(11 * MIN), "retry-id")));
    expect(c.filter((x) => !x!.duplicate)).toHaveLength(1);
    expect(await reviewsSince(handle.db, me, at(-DAY))).toHaveLength(2);
  });

  it("keeps to the new-cards-per-day limit until the next study day", async () => {
    const me = (await makeUser(handle.db)).id;
    await saveStudySettings(handle.db, me, { desiredRetention: 0.9, newPerDay: 2, maxReviewsPerDay: 200, timeZone: "UTC" });
    const quiz = await makeQuiz(handle.db, owner, { questions: 5 });
    const q = await deckQueue(handle.db, quiz.id, me, T0);
    expect(q.queue).toHaveLength(2);
    for (const c of q.queue) await review(me, c.question.id, "easy", T0);
    expect((await deckQueue(handle.db, quiz.id, me, at(MIN))).queue).toHaveLength(0);
    // 03:59 next morning is still today; 04:00 starts a new study day with two more new cards.
    expect((await deckQueue(handle.db, quiz.id, me, new Date(Date.UTC(2026, 2, 11, 3, 59)))).queue).toHaveLength(0);
    const tomorrow = await deckQueue(handle.db, quiz.id, me, new Date(Date.UTC(2026, 2, 11, 4)));
    expect(tomorrow.queue.map((c) => c.kind)).toEqual(["new", "new"]);
  });

  it("a member without saved settings takes their device's zone once; saved settings stay", async () => {
    const me = (await makeUser(handle.db)).id;
    expect(await hasStudySettings(handle.db, me)).toBe(false);
    expect(await adoptStudyTimeZone(handle.db, me, "Asia/Tokyo")).toBe(true);
    expect(await hasStudySettings(handle.db, me)).toBe(true);
    expect(await getStudySettings(handle.db, me)).toMatchObject({ timeZone: "Asia/Tokyo", newPerDay: 20, desiredRetention: 0.9 });
    // Another device later (or the same one again) changes nothing.
    expect(await adoptStudyTimeZone(handle.db, me, "America/Lima")).toBe(false);
    expect((await getStudySettings(handle.db, me)).timeZone).toBe("Asia/Tokyo");
    // UTC chosen in the form is a choice: a device's zone does not replace it.
    const chose = (await makeUser(handle.db)).id;
    await saveStudySettings(handle.db, chose, { desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" });
    expect(await adoptStudyTimeZone(handle.db, chose, "Europe/Madrid")).toBe(false);
    expect((await getStudySettings(handle.db, chose)).timeZone).toBe("UTC");
  });

  it("the default limit is 20 new cards a day", async () => {
    const me = (await makeUser(handle.db)).id;
    expect((await getStudySettings(handle.db, me)).newPerDay).toBe(20);
    const quiz = await makeQuiz(handle.db, owner, { questions: 25 });
    expect((await deckQueue(handle.db, quiz.id, me, T0)).queue).toHaveLength(20);
  });

  it("keeps to the maximum reviews per day, oldest due first", async () => {
    const me = (await makeUser(handle.db)).id;
    await saveStudySettings(handle.db, me, { desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 2, timeZone: "UTC" });
    const quiz = await makeQuiz(handle.db, owner, { questions: 4 });
    const ids = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id);
    // Easy on a new card: in review, due in days. Reviewed at different times, due at different times.
    for (const [i, id] of ids.entries()) await review(me, id, "easy", at(i * MIN));
    const later = at(60 * DAY);
    const due = await deckQueue(handle.db, quiz.id, me, later);
    expect(due.queue.map((c) => c.kind)).toEqual(["review", "review"]);
    expect((await listDue(handle.db, me, later, 10, quiz.id)).total).toBe(4);
    await review(me, due.queue[0]!.question.id, "good", later);
    await review(me, due.queue[1]!.question.id, "good", later);
    expect((await deckQueue(handle.db, quiz.id, me, at(60 * DAY + MIN))).queue).toHaveLength(0);
  });

  it("a guest gets the quiz's questions (their browser applies the limits) and nothing is stored", async () => {
    const quiz = await makeQuiz(handle.db, owner, { questions: 22 });
    const q = await deckQueue(handle.db, quiz.id, null, T0);
    expect(q.queue).toHaveLength(22);
    expect(q.queue[0]!.question.prompt).toBe("Statement 1 is true");
  });

  it("stats: decks, streak, forecast, heatmap, retention", async () => {
    const me = (await makeUser(handle.db)).id;
    const quiz = await makeQuiz(handle.db, owner, { questions: 3 });
    const ids = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id);
    // Yesterday and today: a two-day streak.
    await review(me, ids[0]!, "easy", at(-DAY));
    const r = await review(me, ids[0]!, "again", T0); // an early review, forgotten
    expect(r!.card.state).toBe("relearning");
    await review(me, ids[1]!, "good", T0);
    const s = await studyStats(handle.db, me, at(MIN));
    expect(s.streak).toBe(2);
    expect(s.decks).toEqual([{ slug: quiz.slug, title: `Quiz ${quiz.slug}`, due: 0, new: 1, total: 3 }]);
    expect(s.heatmap).toHaveLength(365);
    expect(s.heatmap.at(-1)).toEqual({ date: "2026-03-10", count: 2 });
    expect(s.heatmap.at(-2)).toEqual({ date: "2026-03-09", count: 1 });
    expect(s.forecast[0]).toEqual({ date: "2026-03-10", count: 2 });
    // One review of a card in review state, forgotten: retention 0 of 1.
    expect(s.retention).toEqual({ desired: 0.9, achieved: 0, reviews: 1 });
    // 19 new cards are allowed today, but the deck holds only 1 more.
    expect(s.today).toMatchObject({ newStudied: 1, reviewsDone: 1, newLeft: 1, reviewsLeft: 199 });
  });

  it("overview: each deck's due and studied cards and its soonest one to come, with today's use of the limits", async () => {
    const me = (await makeUser(handle.db)).id;
    const a = await makeQuiz(handle.db, owner, { questions: 3 });
    const b = await makeQuiz(handle.db, owner, { questions: 2 });
    expect((await studyOverview(handle.db, me, T0)).decks).toEqual([]);
    const [a1, a2] = (await deckQueue(handle.db, a.id, me, T0)).queue.map((c) => c.question.id) as [string, string];
    const [b1] = (await deckQueue(handle.db, b.id, me, T0)).queue.map((c) => c.question.id) as [string];
    await review(me, a1, "again", T0); // learning: due in a minute
    const easy = await review(me, a2, "easy", T0); // review: days away
    const good = await review(me, b1, "good", T0); // learning: due in ten minutes
    const o = await studyOverview(handle.db, me, at(2 * MIN));
    expect(o.settings.newPerDay).toBe(20);
    expect(o.used).toEqual({ newStudied: 3, reviewsDone: 0 });
    const bySlug = new Map(o.decks.map((d) => [d.slug, d]));
    expect(bySlug.get(a.slug)).toEqual({ slug: a.slug, title: `Quiz ${a.slug}`, total: 3, due: 1, studied: 2, nextDue: easy!.card.due });
    expect(bySlug.get(b.slug)).toEqual({ slug: b.slug, title: `Quiz ${b.slug}`, total: 2, due: 0, studied: 1, nextDue: good!.card.due });
    expect(good!.card.due).toEqual(at(10 * MIN));
    // The dashboard lists the same counts, most due first.
    expect((await studyStats(handle.db, me, at(2 * MIN))).decks.map((d) => [d.slug, d.due, d.new])).toEqual([
      [a.slug, 1, 1],
      [b.slug, 0, 1],
    ]);
  });

  it("a member's decks are counted as a guest's are: the same cards give the same numbers", async () => {
    const me = (await makeUser(handle.db)).id;
    const a = await makeQuiz(handle.db, owner, { questions: 4 });
    const b = await makeQuiz(handle.db, owner, { questions: 2 });
    const grades: StudyRating[] = ["again", "easy", "good", "hard"];
    for (const quiz of [a, b]) {
      const ids = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id);
      for (const [i, id] of ids.slice(0, 3).entries()) await review(me, id, grades[i]!, T0);
    }
    const now = at(5 * MIN);
    const mine = await handle.db.select({ questionId: cards.questionId, due: cards.due }).from(cards).where(eq(cards.userId, me));
    const asGuest = countDecks(mine, await questionDecks(handle.db, mine.map((c) => c.questionId), { userId: me, admin: false }), now);
    const bySlug = (d: { slug: string }, e: { slug: string }) => d.slug.localeCompare(e.slug);
    const asMember = (await studyOverview(handle.db, me, now)).decks;
    expect(asMember.length).toBe(2);
    expect([...asMember].sort(bySlug)).toEqual([...asGuest].sort(bySlug));
  });

  it("overview and dashboard: a deck whose quiz was made private since is left out, unless it is the member's own", async () => {
    const me = (await makeUser(handle.db)).id;
    const theirs = await makeQuiz(handle.db, owner, { questions: 2 });
    const mine = await makeQuiz(handle.db, me, { questions: 2 });
    for (const quiz of [theirs, mine]) {
      const [first] = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id) as [string];
      await review(me, first, "again", T0);
    }
    const slugs = async () => ({
      overview: (await studyOverview(handle.db, me, at(2 * MIN))).decks.map((d) => d.slug).sort(),
      dashboard: (await studyStats(handle.db, me, at(2 * MIN))).decks.map((d) => d.slug).sort(),
    });
    expect(await slugs()).toEqual({ overview: [mine.slug, theirs.slug].sort(), dashboard: [mine.slug, theirs.slug].sort() });
    await handle.db.update(quizzes).set({ visibility: "private" }).where(eq(quizzes.id, theirs.id));
    await handle.db.update(quizzes).set({ visibility: "private" }).where(eq(quizzes.id, mine.id));
    expect(await slugs()).toEqual({ overview: [mine.slug], dashboard: [mine.slug] });
  });

  it("places a guest's questions in their decks, only in quizzes the caller may see", async () => {
    const other = (await makeUser(handle.db)).id;
    const open = await makeQuiz(handle.db, owner, { questions: 3 });
    const unlisted = await makeQuiz(handle.db, owner, { questions: 2, visibility: "unlisted" });
    const hidden = await makeQuiz(handle.db, other, { questions: 4, visibility: "private" });
    const ids = async (quizId: string) => (await deckQueue(handle.db, quizId, null, T0)).queue.map((c) => c.question.id);
    const [o1, o2] = await ids(open.id);
    const [u1] = await ids(unlisted.id);
    const [h1] = await ids(hidden.id);
    const gone = "00000000-0000-4000-8000-000000000000";
    const asked = [o1!, o2!, o1!, u1!, h1!, gone];
    const guest = await questionDecks(handle.db, asked, null);
    expect(Object.fromEntries(guest)).toEqual({
      [o1!]: { slug: open.slug, title: `Quiz ${open.slug}`, total: 3 },
      [o2!]: { slug: open.slug, title: `Quiz ${open.slug}`, total: 3 },
      [u1!]: { slug: unlisted.slug, title: `Quiz ${unlisted.slug}`, total: 2 },
    });
    // The private quiz's owner sees it; nobody asked about no question.
    expect((await questionDecks(handle.db, asked, { userId: other, admin: false })).get(h1!)).toEqual({ slug: hidden.slug, title: `Quiz ${hidden.slug}`, total: 4 });
    expect(await questionDecks(handle.db, [], null)).toEqual(new Map());
  });

  /** A guest's first review of a question, as their browser schedules and logs it. */
  const guestStudied = (questionId: string, rating: StudyRating, when: Date, id: string): { card: GuestCard; review: GuestReview } => {
    const r = reviewCard(schedulerFor(), newCardMemory(when), questionId, rating, when);
    return { card: { questionId, memory: r.card }, review: { ...r.log, id, questionId, durationMs: 2500, reviewedAt: when } };
  };

  it("merges a guest's progress: the later review's state wins, logs are a union, twice is once", async () => {
    const me = (await makeUser(handle.db)).id;
    const quiz = await makeQuiz(handle.db, owner, { questions: 3 });
    const [q1, q2, q3] = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id) as [string, string, string];
    // The member reviewed q1 at T0 + 1 h (Again: learning); the guest reviewed q1 earlier (Easy)
    // and q2 later, and sent a review of a question that was since deleted.
    const mine = await review(me, q1, "again", at(60 * MIN), "member-q1");
    const g1 = guestStudied(q1, "easy", T0, "guest-q1");
    const g2 = guestStudied(q2, "good", at(2 * 60 * MIN), "guest-q2");
    const gone = guestStudied("00000000-0000-4000-8000-000000000000", "good", T0, "guest-gone");
    const progress = { cards: [g1.card, g2.card, gone.card], reviews: [g1.review, g2.review, gone.review] };
    const merged = await mergeGuestStudy(handle.db, me, progress, at(3 * 60 * MIN));
    expect(merged).toEqual({ cards: 1, reviews: 2, skipped: 1 });

    const queue = await deckQueue(handle.db, quiz.id, me, at(3 * 60 * MIN));
    // q1 keeps the member's later state (learning, due since 10 min after their review); q2 is
    // the guest's (learning, due 10 min after Good); q3 is still new.
    expect(queue.queue.map((c) => [c.kind, c.question.id])).toEqual([
      ["learning", q1],
      ["learning", q2],
      ["new", q3],
    ]);
    expect(queue.queue[0]!.due).toEqual(mine!.card.due);
    expect(queue.queue[1]!.due).toEqual(g2.card.memory.due);
    const logs = await reviewsSince(handle.db, me, at(-DAY));
    expect(logs.map((l) => [l.clientReviewId, l.grade])).toEqual([
      ["guest-q1", 4],
      ["member-q1", 1],
      ["guest-q2", 3],
    ]);
    // Sent again (a retry, or a second tab): nothing changes.
    expect(await mergeGuestStudy(handle.db, me, progress, at(3 * 60 * MIN))).toEqual({ cards: 0, reviews: 0, skipped: 1 });
    expect(await reviewsSince(handle.db, me, at(-DAY))).toHaveLength(3);
    const stats = await studyStats(handle.db, me, at(3 * 60 * MIN));
    expect(stats.totalReviews).toBe(3);
    expect(stats.decks).toEqual([{ slug: quiz.slug, title: `Quiz ${quiz.slug}`, due: 2, new: 1, total: 3 }]);
  });

  it("a guest's later review replaces the member's card", async () => {
    const me = (await makeUser(handle.db)).id;
    const quiz = await makeQuiz(handle.db, owner, { questions: 1 });
    const [q] = (await deckQueue(handle.db, quiz.id, me, T0)).queue.map((c) => c.question.id) as [string];
    await review(me, q, "again", T0, "member-first");
    const g = guestStudied(q, "easy", at(5 * MIN), "guest-later");
    expect(await mergeGuestStudy(handle.db, me, { cards: [g.card], reviews: [g.review] }, at(6 * MIN))).toEqual({ cards: 1, reviews: 1, skipped: 0 });
    // Easy on a new card: days away, so nothing is due and the deck has no new card left.
    expect((await deckQueue(handle.db, quiz.id, me, at(7 * MIN))).queue).toEqual([]);
    expect((await listDue(handle.db, me, at(g.card.memory.due.getTime() - T0.getTime()), 10)).items.map((i) => i.questionId)).toEqual([q]);
  });
});
