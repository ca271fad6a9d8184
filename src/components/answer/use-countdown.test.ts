import { describe, expect, it } from "vitest";
import { msToNextSecond } from "./use-countdown";

describe("msToNextSecond: when the whole seconds shown (ceil) change", () => {
  it.each([
    [4300, 300],
    [4000, 1000],
    [4999.5, 999.5],
    [1, 1],
    [999, 999],
    [1000, 1000],
    [180_000, 1000],
  ])("%d ms left: the next change in %d ms", (left, next) => {
    expect(msToNextSecond(left)).toBe(next);
    // After that wait the number shown is one less.
    expect(Math.ceil((left - next) / 1000)).toBe(Math.ceil(left / 1000) - 1);
  });
});
