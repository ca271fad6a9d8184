import { describe, expect, it } from "vitest";
import { isTotpReuse, TOTP_MEMORY_SECONDS, totpAccepts, totpCodeOf, usedCodeKeptUntil, usedCodeLive } from "./totp-reuse";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, 0) + seconds * 1000);
// 2026-11-27T12:00:00Z is a multiple of 30 s: step boundaries fall on whole half-minutes.
const STEP0 = Math.floor(at(0).getTime() / 30_000);

describe("totpCodeOf", () => {
  it.each([
    ["123456", "123456"],
    ["000000", "000000"],
    [" 123456", null],
    ["12345", null],
    ["1234567", null],
    ["12345a", null],
    [123456, null],
    [undefined, null],
  ])("%j", (typed, expected) => {
    expect(totpCodeOf(typed)).toBe(expected);
  });
});

describe("remembered codes", () => {
  it("are kept three periods (window 1 either side of the step, 30 s each)", () => {
    expect(TOTP_MEMORY_SECONDS).toBe(90);
    expect(usedCodeKeptUntil(at(0))).toEqual(at(90));
  });

  it.each([
    // [remembered codes (code, accepted at s), presented, now (s), reuse?]
    [[["123456", 0]], "123456", 1, true],
    [[["123456", 0]], "123456", 89, true],
    [[["123456", 0]], "123456", 90, false],
    [[["123456", 0]], "654321", 1, false],
    [[["111111", 0], ["123456", 40]], "123456", 100, true],
    [[["111111", 0], ["123456", 40]], "111111", 100, false],
    [[], "123456", 0, false],
  ] as const)("%j, %s at %ss → reuse %s", (remembered, code, now, reuse) => {
    const used = remembered.map(([c, s]) => ({ code: c, keptUntil: usedCodeKeptUntil(at(s)) }));
    expect(isTotpReuse(used, code, at(now))).toBe(reuse);
  });

  it("an expired one may be forgotten", () => {
    expect(usedCodeLive({ code: "1", keptUntil: at(10) }, at(9))).toBe(true);
    expect(usedCodeLive({ code: "1", keptUntil: at(10) }, at(10))).toBe(false);
  });

  // Every way Better Auth could accept a code twice: whenever it accepts it first, each later
  // second at which it would still accept it falls within the memory, so it is refused.
  it("cover every later moment Better Auth would accept the same code", () => {
    for (const codeStep of [STEP0 - 1, STEP0, STEP0 + 1]) {
      for (let first = -60; first <= 120; first += 1) {
        if (!totpAccepts(codeStep, at(first))) continue;
        const used = [{ code: "424242", keptUntil: usedCodeKeptUntil(at(first)) }];
        for (let again = first; again <= first + 200; again += 1) {
          if (totpAccepts(codeStep, at(again))) expect(isTotpReuse(used, "424242", at(again)), `step ${codeStep}, ${first}s then ${again}s`).toBe(true);
        }
      }
    }
  });

  it("Better Auth's window: the steps before and after now", () => {
    expect(totpAccepts(STEP0 - 1, at(0))).toBe(true);
    expect(totpAccepts(STEP0 + 1, at(29))).toBe(true);
    expect(totpAccepts(STEP0 + 2, at(29))).toBe(false);
    expect(totpAccepts(STEP0 - 2, at(0))).toBe(false);
  });
});
