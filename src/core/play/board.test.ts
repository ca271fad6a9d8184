import { describe, expect, it } from "vitest";
import { compareBoard, type BoardAttempt } from "./board";

const at = (score: number, answered: number, durationMs: number, finishedAt = 0): BoardAttempt => ({ score, answered, durationMs, finishedAt });
const sign = (n: number) => Math.sign(n);

describe("compareBoard", () => {
  it.each([
    ["a higher score wins whatever the time", at(300, 3, 90_000), at(200, 3, 1_000), -1],
    ["ended at once (0:00, nothing answered) loses to a slower attempt with the same score that answered", at(0, 0, 0), at(0, 5, 60_000), 1],
    ["more answered wins a tie of scores before time is looked at", at(100, 5, 80_000), at(100, 2, 5_000), -1],
    ["time breaks the tie between attempts that answered as many", at(100, 5, 30_000), at(100, 5, 40_000), -1],
    ["then the earlier finish", at(100, 5, 30_000, 10), at(100, 5, 30_000, 20), -1],
    ["the same in every key shares a rank", at(100, 5, 30_000, 10), at(100, 5, 30_000, 10), 0],
  ])("%s", (_name, a, b, expected) => {
    expect(sign(compareBoard(a, b))).toBe(expected);
    expect(sign(compareBoard(b, a))).toBe(-expected || 0);
  });

  it("sorts a board", () => {
    const board = [at(0, 0, 0), at(50, 1, 9_000), at(0, 4, 70_000), at(50, 2, 20_000), at(50, 2, 10_000)];
    expect([...board].sort(compareBoard)).toEqual([at(50, 2, 10_000), at(50, 2, 20_000), at(50, 1, 9_000), at(0, 4, 70_000), at(0, 0, 0)]);
  });
});
