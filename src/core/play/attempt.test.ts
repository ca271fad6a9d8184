import { describe, expect, it } from "vitest";
import {
  ABANDON_AFTER_MS,
  SOLO_ANSWER_GRACE_MS,
  applyAnswer,
  deadlineOf,
  hintHelpful,
  isAbandoned,
  isLate,
  misplacedAnswerError,
  owns,
  reviewItemOf,
  toPlayQuestion,
  type AttemptState,
  type QuestionRecord,
} from "./attempt";

const T0 = new Date(Date.UTC(2026, 0, 1));
const at = (ms: number) => new Date(T0.getTime() + ms);
const quiz = { speedBonus: true, streakBonus: true, timeLimit: 20 };

const single: QuestionRecord = {
  id: "q1",
  type: "single",
  prompt: "Largest planet?",
  points: 1000,
  timeLimit: null,
  imageUrl: null,
  imageAlt: null,
  hint: null,
  explanation: "Jupiter is the largest.",
  data: { type: "single", options: [{ id: "a", text: "Mars" }, { id: "b", text: "Jupiter" }, { id: "c", text: "Venus" }], correct: "b" },
};
const text: QuestionRecord = { ...single, id: "q2", type: "text", timeLimit: 10, data: { type: "text", accepted: ["Ciudad de México"] } };
const boolean: QuestionRecord = { ...single, id: "q3", type: "boolean", data: { type: "boolean", correct: false } };

const attempt = (over: Partial<AttemptState> = {}): AttemptState => ({
  id: "att",
  userId: null,
  guestId: "g1",
  status: "in_progress",
  questionCount: 3,
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

describe("lateness", () => {
  it.each([
    { name: "within the limit", ms: 20_000, late: false },
    { name: "within the grace", ms: 20_000 + SOLO_ANSWER_GRACE_MS, late: false },
    { name: "past the grace", ms: 20_000 + SOLO_ANSWER_GRACE_MS + 1, late: true },
  ])("quiz limit 20 s: $name", ({ ms, late }) => {
    expect(isLate(T0, single, quiz, at(ms))).toBe(late);
  });
  it("the question's own limit wins over the quiz's", () => {
    expect(isLate(T0, text, quiz, at(10_000 + SOLO_ANSWER_GRACE_MS + 1))).toBe(true);
    expect(deadlineOf(T0, text, quiz)).toEqual(at(10_000));
  });
  it("a question never shown is never late", () => {
    expect(isLate(null, single, quiz, at(10 ** 9))).toBe(false);
  });
});

describe("ownership and abandonment", () => {
  it.each([
    { a: { userId: "u1", guestId: null }, who: { userId: "u1", guestId: null }, owns: true },
    { a: { userId: "u1", guestId: null }, who: { userId: "u2", guestId: null }, owns: false },
    { a: { userId: "u1", guestId: "g1" }, who: { userId: null, guestId: "g1" }, owns: false },
    { a: { userId: null, guestId: "g1" }, who: { userId: null, guestId: "g1" }, owns: true },
    { a: { userId: null, guestId: "g1" }, who: { userId: "u1", guestId: "g2" }, owns: false },
    { a: { userId: null, guestId: null }, who: { userId: null, guestId: null }, owns: false },
  ])("$a / $who → $owns", ({ a, who, owns: expected }) => {
    expect(owns(a, who)).toBe(expected);
  });
  it("abandons an in-progress attempt untouched for more than a day", () => {
    expect(isAbandoned(attempt(), at(ABANDON_AFTER_MS))).toBe(false);
    expect(isAbandoned(attempt(), at(ABANDON_AFTER_MS + 1))).toBe(true);
    expect(isAbandoned(attempt({ status: "finished" }), at(ABANDON_AFTER_MS * 3))).toBe(false);
  });
});

describe("an answer moves the attempt on", () => {
  it.each([
    { name: "right at 2 s", answer: "b", ms: 2000, correct: true, points: 950, answered: true },
    { name: "wrong", answer: "a", ms: 2000, correct: false, points: 0, answered: true },
    { name: "none", answer: null, ms: 2000, correct: false, points: 0, answered: false },
    { name: "right but late", answer: "b", ms: 22_001, correct: false, points: 0, answered: false },
  ])("$name", ({ answer, ms, correct, points, answered }) => {
    const step = applyAnswer(attempt(), quiz, single, answer, at(ms));
    expect(step.feedback).toMatchObject({ correct, points, answered, correctAnswer: "b", explanation: "Jupiter is the largest.", score: points });
    expect(step.record).toMatchObject({ correct, points, answer: answered ? answer : null, timeMs: Math.min(ms, 20_000) });
    expect(step.patch).toMatchObject({ currentPosition: 1, questionStartedAt: null, correctCount: correct ? 1 : 0, streak: correct ? 1 : 0 });
    expect(step.finished).toBe(false);
    expect(step.patch.status).toBeUndefined();
  });

  it("grades typed answers ignoring case, spaces and accents", () => {
    expect(applyAnswer(attempt(), quiz, text, "  ciudad de  mexico ", at(100)).feedback.correct).toBe(true);
    expect(applyAnswer(attempt(), quiz, text, "mexico", at(100)).feedback.correct).toBe(false);
  });

  it("keeps the streak and the best streak, and counts a used hint", () => {
    const step = applyAnswer(attempt({ streak: 2, bestStreak: 2, score: 100, currentHintUsed: true }), quiz, boolean, false, at(100));
    expect(step.patch).toMatchObject({ streak: 3, bestStreak: 3, hintsUsed: 1, currentHintUsed: false });
    // Half points for the hint, full speed under 0.5 s, +200 for a third right answer in a row.
    expect(step.feedback.points).toBe(500 + 200);
    expect(step.patch.score).toBe(100 + 700);
    const broken = applyAnswer(attempt({ streak: 2, bestStreak: 2 }), quiz, boolean, true, at(100));
    expect(broken.patch).toMatchObject({ streak: 0, bestStreak: 2 });
  });

  it("the last answer finishes the attempt and measures its duration", () => {
    const step = applyAnswer(attempt({ currentPosition: 2, startedAt: at(-60_000) }), quiz, single, "b", at(1000));
    expect(step.finished).toBe(true);
    expect(step.patch).toMatchObject({ status: "finished", finishedAt: at(1000), durationMs: 61_000, currentPosition: 3 });
  });
});

describe("what the player sees", () => {
  it("a play question carries no answer key", () => {
    const view = toPlayQuestion(single, quiz, 4);
    expect(view).toMatchObject({ id: "q1", position: 4, timeLimit: 20, hasHint: true });
    expect(JSON.stringify(view)).not.toMatch(/"correct"|"accepted"|"answer"/);
  });
  it.each([
    { name: "two choices, no text: nothing to remove", q: { hint: null, data: { type: "single" as const, options: [{ id: "a", text: "x" }, { id: "b", text: "y" }], correct: "a" } }, helpful: false },
    { name: "authored text", q: { hint: "Think big", data: boolean.data }, helpful: true },
    { name: "true/false without text", q: { hint: null, data: boolean.data }, helpful: false },
    { name: "typed: first letter", q: { hint: null, data: text.data }, helpful: true },
  ])("hint offered: $name", ({ q, helpful }) => {
    expect(hintHelpful(q)).toBe(helpful);
  });
  it.each([
    { status: "in_progress" as const, before: true, error: "already_answered" },
    { status: "finished" as const, before: true, error: "already_answered" },
    { status: "abandoned" as const, before: false, error: "abandoned" },
    { status: "finished" as const, before: false, error: "finished" },
    { status: "in_progress" as const, before: false, error: "not_current" },
  ])("an answer to another question ($status, answered before: $before) → $error", ({ status, before, error }) => {
    expect(misplacedAnswerError(status, before)).toBe(error);
  });
  it("a review item names choices and keeps the unit", () => {
    const num: QuestionRecord = { ...single, type: "number", data: { type: "number", min: 0, max: 100, answer: 8, tolerance: 0, unit: "planets" } };
    expect(reviewItemOf(num, 0, undefined)).toMatchObject({ unit: "planets", correctAnswer: 8, answer: null, correct: false, choices: [] });
    expect(reviewItemOf(single, 1, { answer: "b", correct: true, points: 900, timeMs: 3000, hintUsed: false }).choices).toHaveLength(3);
  });
});
