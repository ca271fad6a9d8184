import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "./attempt";
import { answerFate, expiresOnRead, hintRefusal } from "./flow";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const quiz = { timeLimit: 20 };
const q: QuestionRecord = {
  id: "q1",
  type: "boolean",
  prompt: "True?",
  points: 1000,
  timeLimit: 10,
  imageUrl: null,
  imageAlt: null,
  hint: null,
  explanation: "",
  data: { type: "boolean", correct: true },
};
const shown = { status: "in_progress" as const, questionStartedAt: T0, currentHintUsed: false };

describe("an answer's fate", () => {
  it.each([
    ["in time", { questionId: "q1", answer: true }, at(5), { fate: "recorded", answer: true, usedHint: false, late: false }],
    ["within the 2 s grace", { questionId: "q1", answer: true }, at(12), { fate: "recorded", answer: true, usedHint: false, late: false }],
    ["late: recorded as unanswered, and the player is told", { questionId: "q1", answer: true }, at(12.001), { fate: "recorded", answer: true, usedHint: false, late: true }],
    ["none given (time ran out on the phone)", { questionId: "q1", answer: null }, at(11), { fate: "recorded", answer: null, usedHint: false, late: false }],
    ["with the hint the player says they used", { questionId: "q1", answer: false, usedHint: true }, at(3), { fate: "recorded", answer: false, usedHint: true, late: false }],
    ["of the wrong shape: refused, the question not used up", { questionId: "q1", answer: "yes" }, at(3), { fate: "refused", error: "bad_answer" }],
    ["to another question", { questionId: "q2", answer: true }, at(3), { fate: "misplaced" }],
  ])("%s", (_, input, now, expected) => {
    expect(answerFate(shown, quiz, q, input, now)).toEqual(expected);
  });

  it("a question not shown yet has no clock running, so nothing is late", () => {
    expect(answerFate({ ...shown, questionStartedAt: null }, quiz, q, { questionId: "q1", answer: true }, at(3600))).toMatchObject({ late: false });
  });

  it("an attempt with no current question takes no answer", () => {
    expect(answerFate(shown, quiz, undefined, { questionId: "q1", answer: true }, at(1))).toEqual({ fate: "misplaced" });
  });
});

describe("reading an attempt", () => {
  it.each([
    ["in time", shown, at(12), false],
    ["past the limit and the grace", shown, at(12.001), true],
    ["never shown", { ...shown, questionStartedAt: null }, at(3600), false],
    ["finished", { ...shown, status: "finished" as const }, at(3600), false],
  ])("%s: expires %s", (_, attempt, now, expected) => {
    expect(expiresOnRead(attempt, quiz, q, now)).toBe(expected);
  });
});

describe("taking a hint", () => {
  it.each([
    ["while the question is shown", shown, q, null],
    ["before it is shown", { ...shown, questionStartedAt: null }, q, "not_current"],
    ["after the last question", shown, undefined, "finished"],
    ["of an abandoned attempt", { ...shown, status: "abandoned" as const }, q, "finished"],
  ])("%s", (_, attempt, current, expected) => {
    expect(hintRefusal(attempt, current)).toBe(expected);
  });
});
