import { describe, expect, it } from "vitest";
import { extendedLimitMs, extraTimeOf, ownTiming } from "./extra-time";

describe("extra time", () => {
  it.each<[unknown, number]>([
    [1, 1],
    [1.5, 1.5],
    [2, 2],
    [3, 1],
    [null, 1],
    [undefined, 1],
    ["2", 1],
  ])("reads %j as ×%d", (value, factor) => expect(extraTimeOf(value)).toBe(factor));

  it.each<[number, number | null, number]>([
    [20_000, null, 20_000],
    [20_000, 1.5, 30_000],
    [20_000, 2, 40_000],
    [5_000, 1.5, 7_500],
    [3_333, 1.5, 5_000],
  ])("stretches %d ms by ×%s to %d ms", (limit, factor, out) => expect(extendedLimitMs(limit, factor)).toBe(out));

  const base = { serverNow: 10_000, answersOpenAt: 5_000, closesAt: 25_000, remainingMs: 15_000, paused: false };
  it.each<[string, Partial<typeof base>, "reading" | "answering", number | null, { closesAt: number; remainingMs: number }]>([
    ["no extra time", {}, "answering", null, { closesAt: 25_000, remainingMs: 15_000 }],
    ["×2 while answering", {}, "answering", 2, { closesAt: 45_000, remainingMs: 35_000 }],
    ["×1.5 after everyone else's time", { serverNow: 30_000, remainingMs: 0 }, "answering", 1.5, { closesAt: 35_000, remainingMs: 5_000 }],
    ["×2 past its own time", { serverNow: 50_000, remainingMs: 0 }, "answering", 2, { closesAt: 45_000, remainingMs: 0 }],
    ["×2 paused", { paused: true, remainingMs: 4_000 }, "answering", 2, { closesAt: 45_000, remainingMs: 24_000 }],
    ["×2 while reading", { remainingMs: 2_000 }, "reading", 2, { closesAt: 25_000, remainingMs: 2_000 }],
  ])("shows the phone's own clock: %s", (_name, change, stage, factor, expected) => {
    expect(ownTiming({ ...base, ...change }, stage, factor)).toMatchObject(expected);
  });
});
