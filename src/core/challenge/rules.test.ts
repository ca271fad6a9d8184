import { describe, expect, it } from "vitest";
import {
  ATTEMPTS_DEFAULT,
  ATTEMPTS_MAX,
  ATTEMPTS_MIN,
  attemptsLeft,
  canSeeChallenge,
  canStartChallenge,
  challengeCode,
  challengeState,
  challengeTimeProblems,
  closedNow,
  CODE_ALPHABET,
  CODE_LENGTH,
  dateTimeLocalValue,
  defaultClosesAt,
  effectiveOpensAt,
  latestClosesAt,
  normalizeChallengeCode,
  playerKey,
  refusalMessage,
  startRefusal,
  type QuizStatus,
} from "./rules";

const T0 = new Date("2026-05-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("challenge codes", () => {
  it("use Crockford's base32: 32 characters, none of I, L, O, U", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(CODE_LENGTH).toBe(8);
  });

  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7], "01234567"],
    [[31, 32, 63, 255, 224, 18, 19, 20], "Z0ZZ0JKM"],
    [[8, 9, 10, 11, 12, 13, 14, 15, 99], "89ABCDEF"],
  ])("bytes %j make %s", (bytes, code) => {
    expect(challengeCode(Uint8Array.from(bytes))).toBe(code);
  });

  it("take every byte value to the alphabet evenly (256 is 8 × 32)", () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const c = challengeCode(Uint8Array.from([b, 0, 0, 0, 0, 0, 0, 0]))[0]!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join("")).toBe([...CODE_ALPHABET].sort().join(""));
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it("refuse too few random bytes", () => {
    expect(() => challengeCode(new Uint8Array(7))).toThrow(RangeError);
  });

  it.each([
    ["7K3MQ9TZ", "7K3MQ9TZ"],
    ["7k3mq9tz", "7K3MQ9TZ"],
    ["7K3M-Q9TZ", "7K3MQ9TZ"],
    [" 7K3M Q9TZ ", "7K3MQ9TZ"],
    ["7K3M–Q9TZ", "7K3MQ9TZ"],
    ["OOOOIIII", "00001111"],
    ["lLoOiI00", "11001100"],
    ["７Ｋ３ＭＱ９ＴＺ", "7K3MQ9TZ"],
    ["7K3MQ9TU", null],
    ["7K3MQ9T", null],
    ["7K3MQ9TZZ", null],
    ["7K3MQ9T!", null],
    ["", null],
    [null, null],
  ])("%j reads as %j", (input, expected) => {
    expect(normalizeChallengeCode(input)).toBe(expected);
  });
});

describe("a challenge's times", () => {
  it("close 7 days after now unless asked, and at most a calendar year ahead", () => {
    expect(defaultClosesAt(T0).toISOString()).toBe("2026-05-08T10:00:00.000Z");
    expect(latestClosesAt(T0).toISOString()).toBe("2027-05-01T10:00:00.000Z");
    expect(latestClosesAt(new Date("2028-02-29T12:00:00Z")).toISOString()).toBe("2029-03-01T12:00:00.000Z");
  });

  it.each([
    ["a week ahead", null, at(7 * DAY), []],
    ["a minute ahead", null, at(MIN), []],
    ["exactly a year ahead", null, latestClosesAt(T0), []],
    ["now", null, T0, [{ field: "closesAt", code: "challenge_closes_past" }]],
    ["in the past", null, at(-MIN), [{ field: "closesAt", code: "challenge_closes_past" }]],
    ["a year and a minute ahead", null, new Date(latestClosesAt(T0).getTime() + MIN), [{ field: "closesAt", code: "challenge_closes_too_far" }]],
    ["opens later, before it closes", at(DAY), at(2 * DAY), []],
    ["opened yesterday", at(-DAY), at(DAY), []],
    ["opens when it closes", at(DAY), at(DAY), [{ field: "opensAt", code: "challenge_opens_after_closes" }]],
    ["opens after it closes", at(3 * DAY), at(DAY), [{ field: "opensAt", code: "challenge_opens_after_closes" }]],
    [
      "closed already and opens later",
      at(DAY),
      at(-DAY),
      [
        { field: "closesAt", code: "challenge_closes_past" },
        { field: "opensAt", code: "challenge_opens_after_closes" },
      ],
    ],
  ] as const)("%s", (_, opensAt, closesAt, problems) => {
    expect(challengeTimeProblems({ opensAt, closesAt }, T0)).toEqual(problems);
  });

  it.each([
    ["none asked: now", null, T0],
    ["in the past: now", at(-DAY), T0],
    ["now: now", T0, T0],
    ["later: as asked", at(DAY), at(DAY)],
  ])("opening %s", (_, asked, expected) => {
    expect(effectiveOpensAt(asked, T0)).toEqual(expected);
  });
});

describe("the window: open from opensAt until closesAt (exclusive), by the server's clock", () => {
  const w = { opensAt: at(0), closesAt: at(DAY) };
  it.each([
    ["a millisecond before it opens", at(-1), "upcoming"],
    ["the moment it opens", at(0), "open"],
    ["in the middle", at(DAY / 2), "open"],
    ["a millisecond before it closes", at(DAY - 1), "open"],
    ["the moment it closes", at(DAY), "closed"],
    ["after", at(2 * DAY), "closed"],
  ] as const)("%s: %s", (_, now, state) => {
    expect(challengeState(w, now)).toBe(state);
  });

  it("reads closed when closed early before it opened", () => {
    expect(challengeState({ opensAt: at(DAY), closesAt: at(0) }, at(0))).toBe("closed");
  });

  it.each([
    ["an open one closes now", { opensAt: at(-DAY), closesAt: at(DAY) }, { opensAt: at(-DAY), closesAt: T0 }],
    ["an upcoming one never opens", { opensAt: at(DAY), closesAt: at(2 * DAY) }, { opensAt: T0, closesAt: T0 }],
    ["a closed one keeps its times", { opensAt: at(-2 * DAY), closesAt: at(-DAY) }, { opensAt: at(-2 * DAY), closesAt: at(-DAY) }],
  ])("close now: %s", (_, w, expected) => {
    const closed = closedNow(w, T0);
    expect(closed).toEqual(expected);
    expect(challengeState(closed, T0)).toBe("closed");
  });
});

describe("attempts", () => {
  it("allow 1–10, 1 by default", () => {
    expect([ATTEMPTS_MIN, ATTEMPTS_MAX, ATTEMPTS_DEFAULT]).toEqual([1, 10, 1]);
  });

  it.each([
    [1, 0, 1],
    [1, 1, 0],
    [3, 1, 2],
    [3, 5, 0],
  ])("%i allowed, %i used: %i left", (allowed, used, left) => {
    expect(attemptsLeft(allowed, used)).toBe(left);
  });

  it.each([
    ["a member by user id", { userId: "u1", guestId: null }, "u:u1"],
    ["a member with a guest cookie still by user id", { userId: "u1", guestId: "g1" }, "u:u1"],
    ["a guest by guest id", { userId: null, guestId: "g1" }, "g:g1"],
    ["nobody", null, null],
    ["an empty identity", { userId: null, guestId: null }, null],
  ])("count %s", (_, who, key) => {
    expect(playerKey(who)).toBe(key);
  });
});

describe("starting a challenge", () => {
  const c = { opensAt: at(0), closesAt: at(DAY), attemptsAllowed: 2 };
  it.each([
    ["open, none used", 0, at(1), null],
    ["open, one of two used", 1, at(1), null],
    ["open, both used", 2, at(1), { code: "no_attempts_left", allowed: 2 }],
    ["not open yet", 0, at(-1), { code: "challenge_closed", state: "upcoming", at: at(0) }],
    ["closed", 0, at(DAY), { code: "challenge_closed", state: "closed", at: at(DAY) }],
    ["closed with every attempt used: closed says more", 2, at(DAY), { code: "challenge_closed", state: "closed", at: at(DAY) }],
  ] as const)("%s", (_, used, now, refusal) => {
    expect(startRefusal(c, used, now)).toEqual(refusal);
  });

  it.each([
    [{ code: "challenge_closed", state: "upcoming", at: at(0) }, "This challenge is not open yet: it opens at 2026-05-01T10:00:00.000Z."],
    [{ code: "challenge_closed", state: "closed", at: at(DAY) }, "This challenge has closed: it closed at 2026-05-02T10:00:00.000Z."],
    [{ code: "no_attempts_left", allowed: 1 }, "You have used the one attempt this challenge allows."],
    [{ code: "no_attempts_left", allowed: 3 }, "You have used all 3 attempts this challenge allows."],
  ] as const)("says %j as %s", (refusal, message) => {
    expect(refusalMessage(refusal)).toBe(message);
  });
});

describe("who sees a challenge", () => {
  const anyone = { ownsChallenge: false, admin: false };
  const owner = { ownsChallenge: true, admin: false };
  const admin = { ownsChallenge: false, admin: true };
  it.each([
    ["published", anyone, true],
    ["published", owner, true],
    ["draft", anyone, false],
    ["draft", owner, true],
    ["draft", admin, true],
    ["hidden", anyone, false],
    ["hidden", owner, false],
    ["hidden", admin, true],
  ] as const)("a %s quiz, %j: %s", (status, viewer, seen) => {
    expect(canSeeChallenge(status, viewer)).toBe(seen);
  });

  it.each([
    ["published", true],
    ["draft", false],
    ["hidden", false],
  ] as const)("a %s quiz may be started: %s", (status: QuizStatus, ok) => {
    expect(canStartChallenge(status)).toBe(ok);
  });
});

describe("datetime-local values", () => {
  it.each([
    ["UTC", 0, "2026-05-01T10:00"],
    ["Madrid in summer (+2 h)", 120, "2026-05-01T12:00"],
    ["New York in summer (−4 h)", -240, "2026-05-01T06:00"],
    ["Kiritimati (+14 h), the next day", 14 * 60, "2026-05-02T00:00"],
    ["Kolkata (+5:30)", 330, "2026-05-01T15:30"],
  ])("%s", (_, offset, value) => {
    expect(dateTimeLocalValue(new Date("2026-05-01T10:00:42.123Z"), offset)).toBe(value);
  });
});
