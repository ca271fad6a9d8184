import { describe, expect, it } from "vitest";
import { estimationShare, gradeAnswer, weighted } from "./grading";
import type { QuestionData } from "./question";
import { scoreAnswer } from "./scoring";

/** Moodle's own GIFT examples (docs.moodle.org, "GIFT format"), as Quizdeck stores them. */
const nazareth: QuestionData = { type: "text", accepted: ["Nazareth", "Nazereth", "Bethlehem"], weights: [100, 75, 25] };
const halfCredit: QuestionData = {
  type: "single",
  options: [
    { id: "a", text: "right" },
    { id: "b", text: "half credit answer", weight: 50 },
    { id: "c", text: "wrong" },
  ],
  correct: "a",
};
/** "When was Ulysses S. Grant born? {#=1822:0 =%50%1822:2}" */
const grant: QuestionData = { type: "number", min: 1700, max: 1900, answer: 1822, tolerance: 0, partial: [{ answer: 1822, tolerance: 2, weight: 50 }] };

describe("partial credit (weights)", () => {
  it.each([
    ["Nazareth", nazareth, "Nazareth", { correct: true, share: 1 }],
    ["Nazereth (75 %)", nazareth, "nazereth", { correct: false, share: 0.75 }],
    ["Bethlehem (25 %)", nazareth, " BETHLEHEM ", { correct: false, share: 0.25 }],
    ["Jerusalem", nazareth, "Jerusalem", { correct: false, share: 0 }],
    ["empty", nazareth, "", { correct: false, share: 0 }],
    ["text without weights: all 100 %", { type: "text", accepted: ["a", "b"] } as QuestionData, "b", { correct: true, share: 1 }],
    ["the same text twice takes its best weight", { type: "text", accepted: ["x", "X"], weights: [30, 60] } as QuestionData, "x", { correct: false, share: 0.6 }],
    ["single: the right option", halfCredit, "a", { correct: true, share: 1 }],
    ["single: half credit", halfCredit, "b", { correct: false, share: 0.5 }],
    ["single: wrong", halfCredit, "c", { correct: false, share: 0 }],
    ["number: exact", grant, 1822, { correct: true, share: 1 }],
    ["number: within ±2 (50 %)", grant, 1820, { correct: false, share: 0.5 }],
    ["number: outside", grant, 1825, { correct: false, share: 0 }],
  ])("%s", (_, data, answer, grade) => {
    expect(gradeAnswer(data, answer)).toEqual(grade);
  });

  it.each([
    [100, { correct: true, share: 1 }],
    [150, { correct: true, share: 1 }],
    [25, { correct: false, share: 0.25 }],
    [0, { correct: false, share: 0 }],
    [-100, { correct: false, share: 0 }],
    [Number.NaN, { correct: false, share: 0 }],
  ])("weighted(%s)", (percent, grade) => {
    expect(weighted(percent)).toEqual(grade);
  });

  it("a partial answer scores its share of the points and keeps no streak", () => {
    const grade = gradeAnswer(nazareth, "Nazereth");
    const scored = scoreAnswer({ points: 1000, share: grade.share, correct: grade.correct, timeMs: 0, timeLimitMs: 20_000, hintUsed: false, streakBefore: 3, switches: { speedBonus: false, streakBonus: true } });
    expect(scored).toEqual({ points: 750, base: 750, streakBonus: 0, streak: 0 });
  });
});

describe("estimation (scoring: closest)", () => {
  const jellybeans = { min: 0, max: 1000, answer: 420, tolerance: 10 };
  it.each([
    [420, 1],
    [430, 1],
    [410, 1],
    [440, 0.98], // 10 beyond the tolerance, of a 500 reach
    [170, 0.52],
    [920, 0.02],
    [0, 0.18],
    [1000, 0],
    [-5000, 0],
  ])("guess %s → share %s", (guess, share) => {
    expect(estimationShare(jellybeans, guess)).toBe(share);
    expect(gradeAnswer({ type: "number", ...jellybeans, scoring: "closest" }, guess)).toEqual({ correct: share === 1 && Math.abs(guess - 420) <= 10, share });
  });

  it("a range of zero width gives nothing beyond the tolerance", () => {
    expect(estimationShare({ min: 5, max: 5, answer: 5, tolerance: 0 }, 6)).toBe(0);
  });

  it("exact scoring is unchanged: outside the tolerance is wrong", () => {
    expect(gradeAnswer({ type: "number", ...jellybeans }, 440)).toEqual({ correct: false, share: 0 });
  });
});
