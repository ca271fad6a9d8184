import { describe, expect, it } from "vitest";
import { DAY_STARTS_AT_HOUR, dayKey, nextStudyDayStart, offsetMinutes, studyDayNumber, studyDayStart } from "./day";
import { intervalLabel } from "./interval";
import { buildQueue, dayAllowance } from "./limits";
import { DEFAULT_STUDY_SETTINGS } from "./settings";
import { studySettingsInput } from "./settings-schema";
import { achievedRetention, forecast, heatmap, studyStreak } from "./stats";
import { revealCard } from "./session";
import { suggestRating } from "./suggest";

const T0 = new Date(Date.UTC(2026, 0, 10, 12));
const plus = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const DAY = 86_400_000;

describe("suggested rating", () => {
  it.each([
    { correct: false, answered: true, timeMs: 1000, limit: 20_000, rating: "again" },
    { correct: false, answered: false, timeMs: 1000, limit: 20_000, rating: "again" },
    { correct: true, answered: true, timeMs: 5000, limit: 20_000, rating: "easy" },
    { correct: true, answered: true, timeMs: 5001, limit: 20_000, rating: "good" },
    { correct: true, answered: true, timeMs: 15_000, limit: 20_000, rating: "good" },
    { correct: true, answered: true, timeMs: 15_001, limit: 20_000, rating: "hard" },
    { correct: true, answered: true, timeMs: 90_000, limit: 20_000, rating: "hard" },
    { correct: true, answered: true, timeMs: 10_000, limit: 60_000, rating: "easy" },
  ])("correct $correct, answered $answered, $timeMs ms of $limit → $rating", ({ correct, answered, timeMs, limit, rating }) => {
    expect(suggestRating({ correct, answered, timeMs, timeLimitMs: limit })).toBe(rating);
  });
});

describe("interval labels", () => {
  it.each([
    [30_000, 1, "minute"],
    [10 * MIN, 10, "minute"],
    [59 * MIN, 59, "minute"],
    [60 * MIN, 1, "hour"],
    [5 * 60 * MIN, 5, "hour"],
    [DAY, 1, "day"],
    [3 * DAY, 3, "day"],
    [29 * DAY, 29, "day"],
    [60 * DAY, 2, "month"],
    [45 * DAY, 1.5, "month"],
    [400 * DAY, 1.1, "year"],
    [12 * 365 * DAY, 12, "year"],
  ])("%i ms → %s %s", (ms, count, unit) => {
    expect(intervalLabel(T0, plus(ms))).toEqual({ count, unit });
  });
});

describe("study days", () => {
  it("start at 4 in the morning in the learner's zone", () => {
    expect(DAY_STARTS_AT_HOUR).toBe(4);
    // 02:00 UTC on the 10th is still the 9th's study day in UTC.
    expect(dayKey(studyDayNumber(new Date(Date.UTC(2026, 0, 10, 2)), "UTC"))).toBe("2026-01-09");
    expect(dayKey(studyDayNumber(new Date(Date.UTC(2026, 0, 10, 4)), "UTC"))).toBe("2026-01-10");
    // Madrid is UTC+1 in January: 03:30 UTC is 04:30 there, a new day.
    expect(offsetMinutes("Europe/Madrid", T0)).toBe(60);
    expect(dayKey(studyDayNumber(new Date(Date.UTC(2026, 0, 10, 3, 30)), "Europe/Madrid"))).toBe("2026-01-10");
    expect(studyDayStart(T0, "Europe/Madrid")).toEqual(new Date(Date.UTC(2026, 0, 10, 3)));
    // Mexico City is UTC−6: noon UTC is 06:00 there (today began at 10:00 UTC); 09:00 UTC is 03:00, still yesterday.
    expect(studyDayStart(T0, "America/Mexico_City")).toEqual(new Date(Date.UTC(2026, 0, 10, 10)));
    expect(studyDayStart(new Date(Date.UTC(2026, 0, 10, 9)), "America/Mexico_City")).toEqual(new Date(Date.UTC(2026, 0, 9, 10)));
    expect(offsetMinutes("Asia/Kolkata", T0)).toBe(330);
  });

  it.each([
    ["noon UTC", Date.UTC(2026, 0, 10, 12), "UTC", Date.UTC(2026, 0, 11, 4)],
    ["02:00 UTC, still the day before", Date.UTC(2026, 0, 10, 2), "UTC", Date.UTC(2026, 0, 10, 4)],
    ["Madrid before a 23-hour day (clocks go forward)", Date.UTC(2026, 2, 28, 12), "Europe/Madrid", Date.UTC(2026, 2, 29, 2)],
    ["Madrid before a 25-hour day (clocks go back)", Date.UTC(2026, 9, 24, 12), "Europe/Madrid", Date.UTC(2026, 9, 25, 3)],
    ["Madrid late in a 25-hour day", Date.UTC(2026, 9, 26, 2, 59), "Europe/Madrid", Date.UTC(2026, 9, 26, 3)],
  ])("the next one after %s", (_, now, zone, next) => {
    expect(nextStudyDayStart(new Date(now), zone)).toEqual(new Date(next));
  });
});

describe("day limits and the queue", () => {
  it("counts down what is left of the day", () => {
    expect(dayAllowance(DEFAULT_STUDY_SETTINGS, { newStudied: 0, reviewsDone: 0 })).toEqual({ newCards: 20, reviews: 200 });
    expect(dayAllowance(DEFAULT_STUDY_SETTINGS, { newStudied: 25, reviewsDone: 199 })).toEqual({ newCards: 0, reviews: 1 });
  });
  it("puts learning first, then reviews oldest first within the limit, then new cards within theirs", () => {
    const due = [
      { item: "r2", due: plus(-MIN), state: "review" as const },
      { item: "l1", due: plus(-2 * MIN), state: "learning" as const },
      { item: "r1", due: plus(-DAY), state: "review" as const },
      { item: "r3", due: plus(-1), state: "review" as const },
      { item: "x1", due: plus(-3), state: "relearning" as const },
    ];
    const queue = buildQueue(
      [...due, { item: "soon", due: plus(19 * MIN), state: "learning" as const }, { item: "later", due: plus(21 * MIN), state: "learning" as const }, { item: "r4", due: plus(MIN), state: "review" as const }],
      ["n1", "n2", "n3"],
      { newCards: 2, reviews: 2 },
      T0,
    );
    // A learning card due within the 20-minute learn-ahead comes last; one due later, and a review not yet due, not at all.
    expect(queue.map((c) => `${c.kind}:${c.item}`)).toEqual(["learning:l1", "learning:x1", "review:r1", "review:r2", "new:n1", "new:n2", "learning:soon"]);
  });
});

describe("settings", () => {
  it.each([
    [{ desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" }, true],
    [{ desiredRetention: 0.7, newPerDay: 0, maxReviewsPerDay: 0, timeZone: "Europe/Madrid" }, true],
    [{ desiredRetention: 0.97, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" }, true],
    [{ desiredRetention: 0.69, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" }, false],
    [{ desiredRetention: 0.98, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" }, false],
    [{ desiredRetention: 0.9, newPerDay: -1, maxReviewsPerDay: 200, timeZone: "UTC" }, false],
    [{ desiredRetention: 0.9, newPerDay: 2.5, maxReviewsPerDay: 200, timeZone: "UTC" }, false],
    [{ desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "Mars/Olympus" }, false],
  ])("%j valid: %s", (input, valid) => {
    expect(studySettingsInput.safeParse(input).success).toBe(valid);
  });
});

describe("stats", () => {
  it("a streak runs back from today, or from yesterday before today's first review", () => {
    expect(studyStreak([10, 9, 8, 6], 10)).toBe(3);
    expect(studyStreak([9, 8, 6], 10)).toBe(2);
    expect(studyStreak([8, 7], 10)).toBe(0);
    expect(studyStreak([], 10)).toBe(0);
  });
  it("the forecast puts overdue cards on today and leaves out those past the window", () => {
    const f = forecast([{ day: 95, count: 3 }, { day: 100, count: 2 }, { day: 102, count: 4 }, { day: 130, count: 9 }], 100, 30);
    expect(f).toHaveLength(30);
    expect(f.slice(0, 3).map((d) => d.count)).toEqual([5, 0, 4]);
    expect(f.reduce((n, d) => n + d.count, 0)).toBe(9);
    expect(f[0]!.date).toBe(dayKey(100));
  });
  it("the heatmap covers the last days, oldest first", () => {
    const h = heatmap([{ day: 100, count: 7 }, { day: 50, count: 1 }], 100, 7);
    expect(h.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 7]);
    expect(h[6]!.date).toBe(dayKey(100));
  });
  it("retention achieved", () => {
    expect(achievedRetention({ recalled: 9, total: 10 })).toBe(0.9);
    expect(achievedRetention({ recalled: 0, total: 0 })).toBeNull();
  });
});

describe("the study reveal's feedback", () => {
  const q = {
    id: "q1",
    type: "boolean" as const,
    prompt: "Pluto is a planet",
    points: 1000,
    timeLimit: null,
    imageUrl: null,
    imageAlt: null,
    hint: null,
    explanation: "Reclassified in 2006.",
    data: { type: "boolean" as const, correct: false, feedback: { wrong: "It is a dwarf planet.", right: "Right." } },
  };
  const dues = { again: T0, hard: T0, good: T0, easy: T0 };
  it.each([
    { answer: true, feedback: ["It is a dwarf planet."] },
    { answer: false, feedback: ["Right."] },
    { answer: null, feedback: [] },
  ])("answer $answer → $feedback", ({ answer, feedback }) => {
    const reveal = revealCard(q, answer, 3000, 20_000, dues, T0);
    expect(reveal.feedback).toEqual(feedback);
    expect(reveal.explanation).toBe("Reclassified in 2006.");
  });
});
