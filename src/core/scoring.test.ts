import { describe, expect, it } from "vitest";
import { defaultMultipliers, multiplierOfPoints, questionPoints, scoreAnswer, streakBonusFor, type ScoreInput } from "./scoring";

const base: ScoreInput = {
  points: 1000,
  share: 1,
  correct: true,
  timeMs: 2000,
  timeLimitMs: 30_000,
  hintUsed: false,
  streakBefore: 0,
  switches: { speedBonus: true, streakBonus: true },
};

describe("scoreAnswer: speed points", () => {
  it.each([
    // [points, timeMs, limitMs, expected]
    [1000, 2000, 30_000, 967], // docs/rules.md §9's worked case
    [1000, 0, 30_000, 1000],
    [1000, 499, 30_000, 1000], // full points under 0.5 s
    [1000, 500, 30_000, 992],
    [1000, 15_000, 30_000, 750],
    [1000, 30_000, 30_000, 500], // the last moment still earns half
    [1000, 45_000, 30_000, 500], // a late clock never goes below half
    [2000, 10_000, 20_000, 1500],
    [0, 1000, 20_000, 0],
  ])("%i points, %i ms of %i ms → %i", (points, timeMs, timeLimitMs, expected) => {
    expect(scoreAnswer({ ...base, points, timeMs, timeLimitMs }).points).toBe(expected);
  });

  it("gives full points at any time when the speed bonus is off", () => {
    expect(scoreAnswer({ ...base, timeMs: 29_000, switches: { speedBonus: false, streakBonus: true } }).points).toBe(1000);
  });

  it("scores a wrong answer 0 and resets the streak", () => {
    expect(scoreAnswer({ ...base, share: 0, correct: false, streakBefore: 4 })).toEqual({
      points: 0,
      base: 0,
      streakBonus: 0,
      streak: 0,
    });
  });
});

describe("scoreAnswer: hints and multiple-select", () => {
  it.each([
    // [share, correct, hintUsed, expected]
    [1, true, true, 483], // 967 halved
    [2 / 3, false, false, 644], // two of three correct choices picked
    [1 / 3, false, true, 161],
    [0, false, false, 0], // any wrong choice picked: nothing
  ])("share %d, correct %s, hint %s → %i", (share, correct, hintUsed, expected) => {
    expect(scoreAnswer({ ...base, share, correct, hintUsed }).points).toBe(expected);
  });

  it("a partly right answer scores but breaks the streak", () => {
    expect(scoreAnswer({ ...base, share: 0.5, correct: false, streakBefore: 3 }).streak).toBe(0);
  });
});

describe("streak bonus", () => {
  it.each([
    [1, 0],
    [2, 100],
    [3, 200],
    [5, 400],
    [6, 500],
    [7, 500], // capped
    [50, 500],
  ])("answer %i in a row → +%i", (streak, bonus) => {
    expect(streakBonusFor(streak)).toBe(bonus);
  });

  it("adds the bonus on top of the speed points", () => {
    expect(scoreAnswer({ ...base, streakBefore: 2 })).toEqual({ points: 1167, base: 967, streakBonus: 200, streak: 3 });
  });

  it("is capped at +500 however long the streak", () => {
    expect(scoreAnswer({ ...base, timeMs: 0, streakBefore: 20 }).points).toBe(1500);
  });

  it("counts the streak but adds nothing when switched off", () => {
    expect(scoreAnswer({ ...base, streakBefore: 4, switches: { speedBonus: true, streakBonus: false } })).toMatchObject({
      points: 967,
      streak: 5,
    });
  });

  it("adds no bonus on a 0-point question", () => {
    expect(scoreAnswer({ ...base, points: 0, streakBefore: 3 })).toMatchObject({ points: 0, streak: 4 });
  });
});

describe("the teacher's points per question", () => {
  it.each([
    // [own points, list, index, expected]: worked by hand, ×N of 1000
    [1000, [0, 1, 2], 0, 0],
    [1000, [0, 1, 2], 1, 1000],
    [1000, [0, 1, 2], 2, 2000],
    [2000, [1], 0, 1000], // the list wins over the quiz's own points
    [2000, [1], 1, 2000], // a question past the list keeps its own
    [0, null, 0, 0],
    [1000, undefined, 3, 1000],
    [1000, [7], 0, 1000], // not a multiplier: ignored
  ])("own %i, list %j, question %i → %i", (own, list, index, expected) => {
    expect(questionPoints(own, list as number[] | null | undefined, index)).toBe(expected);
  });

  it("starts a game's or challenge's list from the quiz's own points", () => {
    expect(defaultMultipliers([{ points: 1000 }, { points: 0 }, { points: 2000 }, { points: 500 }])).toEqual([1, 0, 2, 1]);
    expect(multiplierOfPoints(-5)).toBe(0);
  });

  it.each([
    // [switches, points, timeMs, streakBefore, expected points], worked by hand over a 20 s limit:
    // speed on at 10 s: 1000 × (1 − 10/20/2) = 750; off: 1000. Streak 3rd in a row: +200.
    [{ speedBonus: true, streakBonus: true }, 1000, 10_000, 2, 750 + 200],
    [{ speedBonus: false, streakBonus: true }, 1000, 10_000, 2, 1000 + 200],
    [{ speedBonus: true, streakBonus: false }, 1000, 10_000, 2, 750],
    [{ speedBonus: false, streakBonus: false }, 1000, 10_000, 2, 1000],
    [{ speedBonus: false, streakBonus: false }, 1000, 19_000, 0, 1000], // accuracy only: any time
    [{ speedBonus: false, streakBonus: false }, 2000, 3_000, 0, 2000], // ×2 doubled
    [{ speedBonus: true, streakBonus: false }, 2000, 10_000, 0, 1500],
    [{ speedBonus: false, streakBonus: true }, 0, 1_000, 4, 0], // ×0: nothing, not even a streak bonus
  ])("%j: %i points at %i ms after a streak of %i → %i", (switches, points, timeMs, streakBefore, expected) => {
    expect(scoreAnswer({ ...base, points, timeMs, timeLimitMs: 20_000, streakBefore, switches }).points).toBe(expected);
  });
});
