import { describe, expect, it } from "vitest";
import { SOLO_ANSWER_GRACE_MS, applyAnswer, deadlineOf, isLate, timeLimitMs, toPlayQuestion, type AttemptState, type QuestionRecord } from "./attempt";
import { answerFate, attemptView } from "./flow";
import type { PlayQuiz, StoredAttempt } from "./attempt-store";

// A class student's extra time in a challenge (docs/rules.md §13): the attempt's rules carry the
// roster's factor, and every limit, deadline and speed bonus follows it.

const T0 = new Date(Date.UTC(2026, 0, 1));
const at = (ms: number) => new Date(T0.getTime() + ms);
const base = { speedBonus: true, streakBonus: false, timeLimit: 20 };

const q: QuestionRecord = {
  id: "q1",
  type: "single",
  prompt: "Largest planet?",
  points: 1000,
  timeLimit: 6,
  imageUrl: null,
  imageAlt: null,
  hint: null,
  explanation: "",
  data: { type: "single", options: [{ id: "a", text: "Mars" }, { id: "b", text: "Jupiter" }], correct: "b" },
};

const attempt = (over: Partial<AttemptState> = {}): AttemptState => ({
  id: "att",
  userId: null,
  guestId: "g1",
  status: "in_progress",
  questionCount: 2,
  currentPosition: 0,
  score: 0,
  correctCount: 0,
  streak: 0,
  bestStreak: 0,
  hintsUsed: 0,
  currentHintUsed: false,
  questionStartedAt: T0,
  startedAt: T0,
  updatedAt: T0,
  ...over,
});

describe("a student's extra time in solo play", () => {
  it.each<[number | null | undefined, number]>([
    [undefined, 6_000],
    [null, 6_000],
    [1, 6_000],
    [1.5, 9_000],
    [2, 12_000],
    [5, 6_000], // not a factor offered: none
  ])("makes a 6 s question's limit, with ×%s, %d ms", (timeFactor, ms) => {
    expect(timeLimitMs(q, { ...base, timeFactor })).toBe(ms);
    expect(deadlineOf(T0, q, { ...base, timeFactor }).getTime() - T0.getTime()).toBe(ms);
  });

  it.each<[string, number | null, number, boolean]>([
    ["no extra time, at 1.5× the limit", null, 9_000, true],
    ["no extra time, within the grace", null, 6_000 + SOLO_ANSWER_GRACE_MS, false],
    ["×2, at 1.5× the limit", 2, 9_000, false],
    ["×2, within its own grace", 2, 12_000 + SOLO_ANSWER_GRACE_MS, false],
    ["×2, past its own grace", 2, 12_000 + SOLO_ANSWER_GRACE_MS + 1, true],
    ["×1.5, past its own grace", 1.5, 9_000 + SOLO_ANSWER_GRACE_MS + 1, true],
  ])("decides lateness: %s", (_name, timeFactor, ms, late) => {
    expect(isLate(T0, q, { ...base, timeFactor }, at(ms))).toBe(late);
    const fate = answerFate({ questionStartedAt: T0, currentHintUsed: false }, { ...base, timeFactor }, q, { questionId: "q1", answer: "b" }, at(ms));
    expect(fate).toMatchObject({ fate: "recorded", late });
  });

  it("counts a ×2 answer at 1.5× the limit, scored on its own limit", () => {
    const extended = applyAnswer(attempt(), { ...base, timeFactor: 2 }, q, "b", at(6_000));
    const plain = applyAnswer(attempt(), base, q, "b", at(3_000));
    expect(extended.feedback.answered).toBe(true);
    expect(extended.record.points).toBe(plain.record.points); // half of each one's limit
    expect(applyAnswer(attempt(), base, q, "b", at(9_000)).feedback.answered).toBe(false);
    expect(applyAnswer(attempt(), { ...base, timeFactor: 2 }, q, "b", at(9_000)).feedback.answered).toBe(true);
  });

  it("shows the student its own limit and deadline", () => {
    expect(toPlayQuestion(q, { ...base, timeFactor: 2 }, 0).timeLimit).toBe(12);
    expect(toPlayQuestion(q, { ...base, timeFactor: 1.5 }, 0).timeLimit).toBe(9);
    const quiz: PlayQuiz = { ...base, timeFactor: 2, id: "quiz", slug: "s", title: "t", language: "en" };
    const stored: StoredAttempt = { ...attempt(), quizId: "quiz", challengeId: "c", nickname: "Ana" };
    const { view } = attemptView(stored, quiz, q, T0, true, null);
    expect(view.deadline).toBe(at(12_000).toISOString());
  });
});
