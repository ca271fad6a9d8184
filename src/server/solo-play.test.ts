import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryAttemptStore } from "./attempt-store-memory";
import { answerQuestion, createAttempt, finishAttempt, readAttempt, takeHint } from "./solo-play";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const who = { userId: null, guestId: "g-1" };

/** A memory store holding one public quiz of `n` true-or-false questions (10 s each). */
function setup(n = 3) {
  const store = new MemoryAttemptStore();
  const quiz = { id: randomUUID(), slug: "truths", title: "Truths", language: "en", speedBonus: true, streakBonus: true, timeLimit: 20 };
  const questions = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    type: "boolean" as const,
    prompt: `Statement ${i + 1}`,
    points: 1000,
    timeLimit: 10,
    imageUrl: null,
    imageAlt: null,
    hint: "Think",
    explanation: "",
    data: { type: "boolean" as const, correct: true },
  }));
  store.addQuiz({ ...quiz, ownerId: "u-owner", status: "published", visibility: "public", questions });
  return { store, questions };
}

describe("solo play's steps over the memory store", () => {
  it("plays a quiz through: graded on the given clock, finished by the last answer, a play counted", async () => {
    const { store, questions } = setup(2);
    const { id } = (await createAttempt(store, { quizSlug: "truths", who, nickname: "Ada", now: T0 }))!;
    const first = await readAttempt(store, id, who, { deliver: true, now: at(0) });
    expect(first).toMatchObject({ ok: true, value: { position: 0, question: { id: questions[0]!.id }, deadline: at(10).toISOString() } });
    const a1 = await answerQuestion(store, id, who, { questionId: questions[0]!.id, answer: true }, { deliverNext: true, now: at(0.2) });
    expect(a1).toMatchObject({ ok: true, value: { feedback: { correct: true, points: 1000 }, next: { position: 1, question: { id: questions[1]!.id } } } });
    const a2 = await answerQuestion(store, id, who, { questionId: questions[1]!.id, answer: false }, { deliverNext: true, now: at(3) });
    expect(a2).toMatchObject({ ok: true, value: { feedback: { correct: false, points: 0 }, next: { status: "finished", score: 1000, question: null } } });
    expect(store.playCount((await store.transaction((tx) => tx.lockAttempt(id)))!.attempt.quizId)).toBe(1);
  });

  it("keeps a late answer as unanswered, refuses it, and a second try is already answered", async () => {
    const { store, questions } = setup(2);
    const { id } = (await createAttempt(store, { quizSlug: "truths", who, nickname: "Ada", now: T0 }))!;
    await readAttempt(store, id, who, { deliver: true, now: at(0) });
    const late = await answerQuestion(store, id, who, { questionId: questions[0]!.id, answer: true }, { deliverNext: true, now: at(13) });
    expect(late).toEqual({ ok: false, error: "answer_too_late" });
    const again = await answerQuestion(store, id, who, { questionId: questions[0]!.id, answer: true }, { deliverNext: true, now: at(14) });
    expect(again).toEqual({ ok: false, error: "already_answered" });
    expect(await readAttempt(store, id, who, { deliver: false, now: at(14) })).toMatchObject({ ok: true, value: { position: 1, score: 0 } });
  });

  it("records a question that ran out while the player was away, once", async () => {
    const { store } = setup(2);
    const { id } = (await createAttempt(store, { quizSlug: "truths", who, nickname: "Ada", now: T0 }))!;
    await readAttempt(store, id, who, { deliver: true, now: at(0) });
    const back = await readAttempt(store, id, who, { deliver: true, now: at(60) });
    expect(back).toMatchObject({ ok: true, value: { position: 1, expired: { answered: false, points: 0 } } });
    expect(await readAttempt(store, id, who, { deliver: true, now: at(61) })).toMatchObject({ ok: true, value: { position: 1, expired: null } });
  });

  it("refuses someone else, a hint before its question is shown, and ends early with the rest unanswered", async () => {
    const { store } = setup(3);
    const { id } = (await createAttempt(store, { quizSlug: "truths", who, nickname: "Ada", now: T0 }))!;
    expect(await readAttempt(store, id, { userId: null, guestId: "g-2" }, { deliver: true, now: at(0) })).toEqual({ ok: false, error: "forbidden" });
    expect(await takeHint(store, id, who, { now: at(0) })).toEqual({ ok: false, error: "not_current" });
    await readAttempt(store, id, who, { deliver: true, now: at(0) });
    expect(await takeHint(store, id, who, { now: at(1) })).toMatchObject({ ok: true, value: { hint: { text: "Think" } } });
    expect(await finishAttempt(store, id, who, { now: at(2) })).toEqual({ ok: true, value: { id } });
    expect(await readAttempt(store, id, who, { deliver: true, now: at(3) })).toMatchObject({ ok: true, value: { status: "finished", position: 3, score: 0 } });
  });
});

describe("a word cloud in solo play", () => {
  it("scores nothing and shows the cloud of everyone's answers, this one included", async () => {
    const store = new MemoryAttemptStore();
    const q = {
      id: randomUUID(),
      type: "wordcloud" as const,
      prompt: "One word for spring",
      points: 0,
      timeLimit: 20,
      imageUrl: null,
      imageAlt: null,
      hint: null,
      explanation: "",
      data: { type: "wordcloud" as const, maxWords: 2 },
    };
    const quiz = { id: randomUUID(), slug: "spring", title: "Spring", language: "en", speedBonus: true, streakBonus: true, timeLimit: 20 };
    store.addQuiz({ ...quiz, ownerId: "u-owner", status: "published", visibility: "public", questions: [q] });
    const play = async (guestId: string, answer: unknown) => {
      const me = { userId: null, guestId };
      const { id } = (await createAttempt(store, { quizSlug: "spring", who: me, nickname: guestId, now: T0 }))!;
      await readAttempt(store, id, me, { deliver: true, now: at(0) });
      return answerQuestion(store, id, me, { questionId: q.id, answer: answer as string[] }, { deliverNext: true, now: at(1) });
    };
    await play("g-1", ["Flowers", "rain"]);
    await play("g-2", ["FLOWERS "]);
    expect(await play("g-3", ["a", "b", "c"])).toEqual({ ok: false, error: "bad_answer" });
    const last = await play("g-4", ["flowers", "sun"]);
    expect(last).toMatchObject({ ok: true, value: { feedback: { graded: false, points: 0, correct: false, answer: ["flowers", "sun"] } } });
    if (!last.ok) throw new Error("refused");
    expect(last.value.feedback.cloud).toEqual([
      { text: "Flowers", count: 3 },
      { text: "rain", count: 1 },
      { text: "sun", count: 1 },
    ]);
  });
});

describe("an open question in solo play", () => {
  it("takes free text up to maxLength, scores 0, is not marked and shows the model answer", async () => {
    const store = new MemoryAttemptStore();
    const open = {
      id: randomUUID(),
      type: "open" as const,
      prompt: "Why do leaves fall?",
      points: 1000,
      timeLimit: 60,
      imageUrl: null,
      imageAlt: null,
      hint: null,
      explanation: "",
      data: { type: "open" as const, maxLength: 20, modelAnswer: "To save water in winter" },
    };
    const quiz = { id: randomUUID(), slug: "autumn", title: "Autumn", language: "en", speedBonus: true, streakBonus: true, timeLimit: 20 };
    store.addQuiz({ ...quiz, ownerId: "u-owner", status: "published", visibility: "public", questions: [open] });
    const play = async (guestId: string, answer: unknown) => {
      const me = { userId: null, guestId };
      const { id } = (await createAttempt(store, { quizSlug: "autumn", who: me, nickname: guestId, now: T0 }))!;
      const view = await readAttempt(store, id, me, { deliver: true, now: at(0) });
      return { view, out: await answerQuestion(store, id, me, { questionId: open.id, answer: answer as string }, { deliverNext: true, now: at(1) }) };
    };
    const first = await play("g-1", "  Less light  ");
    expect(first.view).toMatchObject({ ok: true, value: { question: { data: { type: "open", maxLength: 20 } } } });
    expect(JSON.stringify(first.view)).not.toContain("save water"); // no model answer before answering
    expect(first.out).toMatchObject({
      ok: true,
      value: { feedback: { graded: false, points: 0, correct: false, answer: "Less light", correctAnswer: "To save water in winter" }, next: { correctCount: 0, score: 0 } },
    });
    expect((await play("g-2", "x".repeat(21))).out).toEqual({ ok: false, error: "bad_answer" });
    expect((await play("g-3", "   ")).out).toEqual({ ok: false, error: "bad_answer" });
  });
});
