import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { correctAnswerOf, type Answer } from "@/core/grading";
import type { QuestionData } from "@/core/question";
import type { DbHandle } from "@/db/client";
import { getAttemptResult, leaderboard, openAttempt, type PlayerIdentity } from "@/db/queries/attempts";
import { attempts, questions, quizzes } from "@/db/schema";
import { seedDemoContent } from "@/db/seed";
import { testBackends } from "@/db/test-databases";
import { answerQuestion, createAttempt, finishAttempt, readAttempt, takeHint } from "@/test/solo-play";

const guest = (id: string): PlayerIdentity => ({ userId: null, guestId: id });
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe.each(testBackends)("solo play on $name", (backend) => {
  let handle: DbHandle;
  let keys: Map<string, QuestionData>;
  let quizId: string;
  beforeAll(async () => {
    handle = await backend.open();
    await seedDemoContent(handle.db);
    const [quiz] = await handle.db.select().from(quizzes).where(eq(quizzes.slug, "solar-system-basics"));
    quizId = quiz!.id;
    const rows = await handle.db.select().from(questions).where(eq(questions.quizId, quizId));
    keys = new Map(rows.map((r) => [r.id, r.data as QuestionData]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** Plays a whole attempt, answering right (or wrong) `ms` after each question is shown. */
  async function play(who: PlayerIdentity, nickname: string, opts: { right: (i: number) => boolean; ms: number; start: number }) {
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname, now: at(opts.start) });
    let clock = opts.start;
    let state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(clock) });
    let i = 0;
    while (state.ok && state.value.question) {
      const q = state.value.question;
      const key = keys.get(q.id)!;
      const answer: Answer | null = opts.right(i) ? correctAnswerOf(key) : null;
      clock += opts.ms;
      const res = await answerQuestion(handle.db, created!.id, who, { questionId: q.id, answer }, { deliverNext: true, now: at(clock) });
      expect(res.ok).toBe(true);
      if (!res.ok) break;
      state = { ok: true, value: res.value.next };
      i++;
    }
    return created!.id;
  }

  it("grades on the server clock and keeps score, streak and position", async () => {
    const who = guest("g-score");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Ada" });
    const first = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    expect(first.ok && first.value.question?.position).toBe(0);
    if (!first.ok || !first.value.question) throw new Error("no question");
    const q = first.value.question;
    expect(JSON.stringify(first.value)).not.toMatch(/"correct"|"accepted"|"tolerance"|"answer":/);
    const answer = correctAnswerOf(keys.get(q.id)!);
    const res = await answerQuestion(handle.db, created!.id, who, { questionId: q.id, answer }, { deliverNext: false, now: at(2000) });
    if (!res.ok) throw new Error(res.error);
    const expected = Math.round(q.points * (1 - 2000 / (q.timeLimit * 1000) / 2));
    expect(res.value.feedback).toMatchObject({ correct: true, points: expected, streak: 1, score: expected });
    expect(res.value.next.position).toBe(1);
    expect(res.value.next.question).toBeNull(); // not delivered: its clock has not started
  });

  it("refuses a second answer to the same question and an answer from someone else", async () => {
    const who = guest("g-twice");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Bo" });
    const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = state.ok ? state.value.question! : null;
    const again = () =>
      answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: null }, { deliverNext: true, now: at(1000) });
    expect((await again()).ok).toBe(true);
    expect(await again()).toEqual({ ok: false, error: "already_answered" });
    const other = await readAttempt(handle.db, created!.id, guest("intruder"), { deliver: true });
    expect(other).toEqual({ ok: false, error: "forbidden" });
    expect(await readAttempt(handle.db, "00000000-0000-0000-0000-000000000000", who, { deliver: true })).toEqual({
      ok: false,
      error: "not_found",
    });
  });

  it("rejects a late answer and counts the question as unanswered", async () => {
    const who = guest("g-late");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Cy" });
    const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = state.ok ? state.value.question! : null;
    const late = at(q!.timeLimit * 1000 + 5000);
    const res = await answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: correctAnswerOf(keys.get(q!.id)!) }, { deliverNext: true, now: late });
    expect(res).toEqual({ ok: false, error: "answer_too_late" });
    const after = await readAttempt(handle.db, created!.id, who, { deliver: false, now: late });
    expect(after.ok && after.value).toMatchObject({ position: 1, score: 0, streak: 0 });
  });

  it("records a question that timed out while the player was away, once", async () => {
    const who = guest("g-away");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Di" });
    const first = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = first.ok ? first.value.question! : null;
    const back = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(600_000) });
    expect(back.ok && back.value.expired).toMatchObject({ questionId: q!.id, answered: false, points: 0 });
    expect(back.ok && back.value.question?.position).toBe(1);
    const reload = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(601_000) });
    expect(reload.ok && reload.value.expired).toBeNull();
    expect(reload.ok && reload.value.question?.position).toBe(1);
  });

  it("rejects an answer of the wrong shape without using up the question", async () => {
    const who = guest("g-shape");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Ed" });
    const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = state.ok ? state.value.question! : null;
    const bad = await answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: { hack: true } }, { deliverNext: true, now: at(10) });
    expect(bad).toEqual({ ok: false, error: "bad_answer" });
    const still = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(20) });
    expect(still.ok && still.value.question?.id).toBe(q!.id);
  });

  it("a hint halves the points and helps", async () => {
    const who = guest("g-hint");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Fa" });
    const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = state.ok ? state.value.question! : null;
    const hint = await takeHint(handle.db, created!.id, who, { now: at(50) });
    expect(hint.ok).toBe(true);
    const reread = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(100) });
    expect(reread.ok && reread.value.hint).not.toBeNull();
    const res = await answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: correctAnswerOf(keys.get(q!.id)!) }, { deliverNext: true, now: at(200) });
    expect(res.ok && res.value.feedback.points).toBe(Math.round(q!.points / 2));
  });

  it("finishes, counts a play, ranks players by best score then time", async () => {
    const [before] = await handle.db.select({ n: quizzes.playCount }).from(quizzes).where(eq(quizzes.id, quizId));
    const slow = await play(guest("g-slow"), "Slow", { right: () => true, ms: 9000, start: 1_000_000 });
    const fast = await play(guest("g-fast"), "Fast", { right: () => true, ms: 1000, start: 2_000_000 });
    const weak = await play(guest("g-weak"), "Weak", { right: (i) => i % 2 === 0, ms: 1000, start: 3_000_000 });
    await play(guest("g-fast"), "Fast", { right: () => false, ms: 1000, start: 4_000_000 }); // a worse second try
    const [after] = await handle.db.select({ n: quizzes.playCount }).from(quizzes).where(eq(quizzes.id, quizId));
    expect(after!.n - before!.n).toBe(4);

    const board = await leaderboard(handle.db, quizId, guest("g-weak"));
    const names = board.top.map((e) => e.nickname);
    expect(names.indexOf("Fast")).toBeLessThan(names.indexOf("Slow"));
    expect(names.filter((n) => n === "Fast")).toHaveLength(1); // best attempt only
    expect(board.viewer?.nickname).toBe("Weak");

    const result = await getAttemptResult(handle.db, fast, guest("g-fast"));
    expect(result).toMatchObject({ status: "finished", rank: 1, isOwner: true });
    expect(result!.review).toHaveLength(keys.size);
    expect(result!.correctCount).toBe(keys.size);
    const publicView = await getAttemptResult(handle.db, slow, null);
    expect(publicView?.review).toBeNull();
    expect(publicView?.rank).toBeGreaterThan(1);
    expect((await getAttemptResult(handle.db, weak, null))?.rank).toBeGreaterThan(publicView!.rank);
  });

  it("an attempt untouched for 24 hours is abandoned and takes no more answers", async () => {
    const who = guest("g-gone");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Ha", now: at(0) });
    const first = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(0) });
    const q = first.ok ? first.value.question! : null;
    // updated_at is the database's clock, so measure a day from it.
    const [row] = await handle.db.select().from(attempts).where(eq(attempts.id, created!.id));
    const dayLater = new Date(row!.updatedAt.getTime() + 24 * 3600_000 + 1000);
    const late = await answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: null }, { deliverNext: true, now: dayLater });
    expect(late).toEqual({ ok: false, error: "abandoned" });
    const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: dayLater });
    expect(state.ok && state.value).toMatchObject({ status: "abandoned", question: null });
  });

  it("breaks a tie in score by the shorter time", async () => {
    // Two players who answer nothing both score 0; the quicker one ranks higher.
    await play(guest("g-tie-slow"), "TieSlow", { right: () => false, ms: 3000, start: 5_000_000 });
    await play(guest("g-tie-fast"), "TieFast", { right: () => false, ms: 1000, start: 6_000_000 });
    const board = await leaderboard(handle.db, quizId, null, 1000);
    const rank = (name: string) => board.top.find((e) => e.nickname === name)?.rank ?? 0;
    expect(rank("TieFast")).toBeGreaterThan(0);
    expect(rank("TieFast")).toBeLessThan(rank("TieSlow"));
  });

  it("finds the attempt a player has in progress, and only theirs", async () => {
    const who = guest("g-continue");
    const older = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Cont", now: at(0) });
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Cont", now: at(1_000) });
    const first = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(2_000) });
    const q = first.ok ? first.value.question! : null;
    await answerQuestion(handle.db, created!.id, who, { questionId: q!.id, answer: null }, { deliverNext: false, now: at(3_000) });
    expect(await openAttempt(handle.db, quizId, who, at(4_000))).toEqual({ id: created!.id, position: 1, total: 13 });
    expect(older).not.toBeNull();
    // Someone else's, a member with no attempt, and a finished or day-old one are not offered.
    expect(await openAttempt(handle.db, quizId, guest("g-stranger"), at(4_000))).toBeNull();
    expect(await openAttempt(handle.db, quizId, { userId: "nobody", guestId: "g-continue" }, at(4_000))).toBeNull();
    expect(await openAttempt(handle.db, quizId, who, at(3_000 + 25 * 3600_000))).toBeNull();
    await finishAttempt(handle.db, created!.id, who, { now: at(5_000) });
    expect((await openAttempt(handle.db, quizId, who, at(6_000)))?.id).toBe(older!.id);
  });

  it("ending early counts the rest as unanswered", async () => {
    const who = guest("g-quit");
    const created = await createAttempt(handle.db, { quizSlug: "solar-system-basics", who, nickname: "Gi" });
    await readAttempt(handle.db, created!.id, who, { deliver: true });
    expect((await finishAttempt(handle.db, created!.id, who)).ok).toBe(true);
    const result = await getAttemptResult(handle.db, created!.id, who);
    expect(result).toMatchObject({ status: "finished", score: 0, correctCount: 0 });
    expect(result!.review?.every((r) => r.answer === null)).toBe(true);
  });
});
