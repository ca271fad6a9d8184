import { describe, expect, it } from "vitest";
import { challengeInput, challengeParams, challengeResultsQuery } from "./schema";

const NOW = new Date("2026-05-01T10:00:00.000Z");

/** Each field's first problem, by its code. */
function problems(input: unknown): Record<string, string> | null {
  const r = challengeInput(NOW).safeParse(input);
  if (r.success) return null;
  const got: Record<string, string> = {};
  for (const issue of r.error.issues) got[String(issue.path[0] ?? "_")] ??= issue.message;
  return got;
}

describe("the create input", () => {
  it("takes a slug and a closing time, and allows one attempt by default", () => {
    expect(challengeInput(NOW).parse({ quiz: "world-capitals", closesAt: "2026-05-08T10:00:00Z" })).toEqual({
      quiz: "world-capitals",
      closesAt: "2026-05-08T10:00:00Z",
      attemptsAllowed: 1,
    });
  });

  it("takes times with an offset, as a browser in another zone sends them", () => {
    expect(problems({ quiz: "q", closesAt: "2026-05-08T12:00:00+02:00", opensAt: "2026-05-02T08:00:00.000-04:00", attemptsAllowed: 10 })).toBeNull();
  });

  it.each([
    ["no closing time", { quiz: "q" }, { closesAt: "challenge_date_invalid" }],
    ["a date without a time", { quiz: "q", closesAt: "2026-05-08" }, { closesAt: "challenge_date_invalid" }],
    ["a time without an offset", { quiz: "q", closesAt: "2026-05-08T10:00" }, { closesAt: "challenge_date_invalid" }],
    ["nonsense", { quiz: "q", closesAt: "next friday", opensAt: "soon" }, { closesAt: "challenge_date_invalid", opensAt: "challenge_date_invalid" }],
    ["closing in the past", { quiz: "q", closesAt: "2026-05-01T09:59:00Z" }, { closesAt: "challenge_closes_past" }],
    ["closing more than a year ahead", { quiz: "q", closesAt: "2027-05-01T10:01:00Z" }, { closesAt: "challenge_closes_too_far" }],
    ["opening after it closes", { quiz: "q", closesAt: "2026-05-03T10:00:00Z", opensAt: "2026-05-04T10:00:00Z" }, { opensAt: "challenge_opens_after_closes" }],
    ["no attempts", { quiz: "q", closesAt: "2026-05-08T10:00:00Z", attemptsAllowed: 0 }, { attemptsAllowed: "challenge_attempts_range" }],
    ["eleven attempts", { quiz: "q", closesAt: "2026-05-08T10:00:00Z", attemptsAllowed: 11 }, { attemptsAllowed: "challenge_attempts_range" }],
    ["half an attempt", { quiz: "q", closesAt: "2026-05-08T10:00:00Z", attemptsAllowed: 1.5 }, { attemptsAllowed: "challenge_attempts_range" }],
    ["attempts as text", { quiz: "q", closesAt: "2026-05-08T10:00:00Z", attemptsAllowed: "2" }, { attemptsAllowed: "challenge_attempts_range" }],
    ["no quiz", { closesAt: "2026-05-08T10:00:00Z" }, { quiz: "Invalid input: expected string, received undefined" }],
    ["a quiz slug with a NUL", { quiz: "a\u0000b", closesAt: "2026-05-08T10:00:00Z" }, { quiz: "Remove control characters" }],
  ])("refuses %s", (_, input, expected) => {
    expect(problems(input)).toEqual(expected);
  });
});

describe("the code in a path", () => {
  it.each([
    ["7K3MQ9TZ", "7K3MQ9TZ"],
    ["7k3m-q9tz", "7K3MQ9TZ"],
  ])("%s reads as %s", (code, expected) => {
    expect(challengeParams.parse({ code })).toEqual({ code: expected });
  });

  it.each(["7K3MQ9TU", "short", "", "7K3MQ9TZ/x"])("%j is no code", (code) => {
    expect(challengeParams.safeParse({ code }).success).toBe(false);
  });

  it("results come as JSON unless CSV is asked for", () => {
    expect(challengeResultsQuery.parse({})).toEqual({ format: "json" });
    expect(challengeResultsQuery.parse({ format: "csv" })).toEqual({ format: "csv" });
    expect(challengeResultsQuery.safeParse({ format: "xlsx" }).success).toBe(false);
  });
});
