import { describe, expect, it } from "vitest";
import { isBetterFit, reviewHistories } from "./optimizer";

const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 0, d, hour));

describe("FSRS optimizer input", () => {
  it("groups the log by card in time order, counting study days between reviews", () => {
    const histories = reviewHistories(
      [
        { cardId: "b", grade: 3, reviewedAt: day(2) },
        { cardId: "a", grade: 1, reviewedAt: day(5) },
        { cardId: "a", grade: 3, reviewedAt: day(1) },
        { cardId: "a", grade: 3, reviewedAt: day(1, 13) }, // same day: 0
        { cardId: "a", grade: 4, reviewedAt: day(2, 3) }, // 03:00 is still the 1st's study day
        { cardId: "a", grade: 9, reviewedAt: day(3) }, // not a grade: ignored
      ],
      "UTC",
    );
    expect(histories).toEqual([
      [{ rating: 3, deltaT: 0 }],
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 0 },
        { rating: 4, deltaT: 0 },
        { rating: 1, deltaT: 4 },
      ],
    ]);
  });

  it("counts days in the member's time zone", () => {
    const h = reviewHistories(
      [
        { cardId: "a", grade: 3, reviewedAt: new Date(Date.UTC(2026, 0, 1, 6)) },
        { cardId: "a", grade: 3, reviewedAt: new Date(Date.UTC(2026, 0, 1, 23)) },
      ],
      "Asia/Tokyo",
    );
    // 15:00 and 08:00 the next morning in Tokyo: one study day apart (days start at 04:00).
    expect(h[0]!.map((r) => r.deltaT)).toEqual([0, 1]);
    expect(reviewHistories([{ cardId: "a", grade: 3, reviewedAt: new Date(Date.UTC(2026, 0, 1, 6)) }, { cardId: "a", grade: 3, reviewedAt: new Date(Date.UTC(2026, 0, 1, 23)) }], "UTC")[0]!.map((r) => r.deltaT)).toEqual([0, 0]);
  });
});

describe("keeping the new parameters", () => {
  it.each([
    { name: "both better", after: { logLoss: 0.3, rmse: 0.04 }, kept: true },
    { name: "log-loss better, RMSE equal", after: { logLoss: 0.3, rmse: 0.05 }, kept: true },
    { name: "log-loss better, RMSE worse", after: { logLoss: 0.3, rmse: 0.06 }, kept: false },
    { name: "log-loss equal", after: { logLoss: 0.35, rmse: 0.04 }, kept: false },
    { name: "log-loss worse", after: { logLoss: 0.4, rmse: 0.01 }, kept: false },
    { name: "not a number", after: { logLoss: Number.NaN, rmse: 0.01 }, kept: false },
  ])("$name → kept $kept", ({ after, kept }) => {
    expect(isBetterFit({ logLoss: 0.35, rmse: 0.05 }, after)).toBe(kept);
  });
});
