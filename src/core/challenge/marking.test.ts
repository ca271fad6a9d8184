import { describe, expect, it } from "vitest";
import { attemptTotals, markedAnswer, markOpenInput } from "./marking";

const ID = "3f2b6c1e-8d4a-4f7b-9c2e-1a5b6c7d8e9f";

describe("marking open answers in a challenge", () => {
  it.each([
    ["right, standard points", "right", { points: 1000, position: 0 }, null, { correct: true, points: 1000 }],
    ["right, the question's double points", "right", { points: 2000, position: 0 }, null, { correct: true, points: 2000 }],
    ["right, the challenge's ×2 at this position", "right", { points: 1000, position: 1 }, [1, 2], { correct: true, points: 2000 }],
    ["right, the challenge's ×0", "right", { points: 1000, position: 0 }, [0], { correct: true, points: 0 }],
    ["wrong", "wrong", { points: 1000, position: 0 }, null, { correct: false, points: 0 }],
  ] as const)("%s", (_, mark, q, multipliers, expected) => {
    expect(markedAnswer(mark, q, multipliers)).toEqual(expected);
  });

  it("totals an attempt from its answers", () => {
    expect(attemptTotals([])).toEqual({ score: 0, correctCount: 0 });
    expect(attemptTotals([{ points: 1200, correct: true }, { points: 0, correct: false }, { points: 1000, correct: true }])).toEqual({ score: 2200, correctCount: 2 });
  });

  it.each([
    ["a mark", { attemptId: ID, questionId: ID, mark: "right" }, true],
    ["no mark", { attemptId: ID, questionId: ID }, false],
    ["another mark", { attemptId: ID, questionId: ID, mark: "maybe" }, false],
    ["a malformed id", { attemptId: "x", questionId: ID, mark: "wrong" }, false],
  ])("input: %s", (_, input, ok) => {
    expect(markOpenInput.safeParse(input).success).toBe(ok);
  });
});
