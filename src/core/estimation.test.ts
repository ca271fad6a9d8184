import { describe, expect, it } from "vitest";
import { closestGuessers, liveEstimationGrade } from "./estimation";

const g = (entries: [string, number][]) => entries.map(([playerId, guess]) => ({ playerId, guess }));

describe("closestGuessers", () => {
  it.each([
    // [answer, guesses, closest]
    [420, [], []],
    [420, [["a", 500]], ["a"]],
    [420, [["a", 500], ["b", 300], ["c", 440]], ["c"]],
    // Equally close from either side: both.
    [420, [["a", 400], ["b", 440], ["c", 1000]], ["a", "b"]],
    // The same guess twice: both.
    [420, [["a", 430], ["b", 430], ["c", 431]], ["a", "b"]],
    // Exactly right beats near.
    [420, [["a", 420], ["b", 421]], ["a"]],
    // Decimals: 0.1 + 0.2 is as close to 0.3 as 0.3 is (floating-point noise is a tie).
    [0.3, [["a", 0.1 + 0.2], ["b", 0.3], ["c", 0.31]], ["a", "b"]],
    // Far from the answer, still the closest of the room.
    [8848.86, [["a", 1], ["b", 12000]], ["b"]],
    // Negative answers.
    [-40, [["a", -35], ["b", -50]], ["a"]],
  ] as [number, [string, number][], string[]][])("answer %s, %j → %j", (answer, guesses, expected) => {
    expect([...closestGuessers(answer, g(guesses))].sort()).toEqual(expected);
  });

  it("ignores a guess that is not a finite number", () => {
    expect([...closestGuessers(5, g([["a", Number.NaN], ["b", 9]]))]).toEqual(["b"]);
  });
});

describe("liveEstimationGrade", () => {
  it.each([
    [{ correct: false, share: 0.52 }, true, { correct: true, share: 1 }],
    [{ correct: false, share: 0.52 }, false, { correct: false, share: 0.52 }],
    [{ correct: true, share: 1 }, false, { correct: true, share: 1 }],
    [{ correct: false, share: 0 }, true, { correct: true, share: 1 }],
  ])("%j, closest %s → %j", (grade, closest, expected) => {
    expect(liveEstimationGrade(grade, closest)).toEqual(expected);
  });
});
