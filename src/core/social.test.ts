import { describe, expect, it } from "vitest";
import { mayActOnQuiz, ratingInput, reportInput, type QuizAct } from "./social";

describe("report input", () => {
  it.each([
    ["absent", undefined],
    ["null", null],
    ["empty", ""],
    ["blank", "   "],
  ])("takes %s details as none", (_, details) => {
    expect(reportInput.parse({ slug: "q", reason: "spam", details })).toEqual({ slug: "q", reason: "spam", details: null });
  });

  it("parses its own output again (a form may send what it parsed)", () => {
    const once = reportInput.parse({ slug: "q", reason: "wrong_answers", details: "  Q2 is wrong " });
    expect(once.details).toBe("Q2 is wrong");
    expect(reportInput.parse(once)).toEqual(once);
    expect(reportInput.parse(reportInput.parse({ slug: "q", reason: "spam" }))).toEqual({ slug: "q", reason: "spam", details: null });
  });

  it("needs a known reason, details for “other”, and at most 1,000 characters", () => {
    const fields = (input: unknown) => {
      const r = reportInput.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    };
    expect(fields({ slug: "q" })).toEqual(["reason"]);
    expect(fields({ slug: "q", reason: "boring" })).toEqual(["reason"]);
    expect(fields({ slug: "q", reason: "other" })).toEqual(["details"]);
    expect(fields({ slug: "q", reason: "other", details: "Off topic" })).toEqual([]);
    expect(fields({ slug: "q", reason: "spam", details: "x".repeat(1000) })).toEqual([]);
    expect(fields({ slug: "q", reason: "spam", details: "x".repeat(1001) })).toEqual(["details"]);
    expect(fields({ slug: "q", reason: "spam", details: "bell\u0007" })).toEqual(["details"]);
    expect(fields({ slug: "q", reason: "spam", details: "two\nlines\ttab" })).toEqual([]);
  });
});

describe("rating input", () => {
  it.each([1, 5, "3"])("takes %s", (value) => expect(ratingInput.safeParse({ slug: "q", value }).success).toBe(true));
  it.each([0, 6, 2.5, "x", null])("refuses %s", (value) => expect(ratingInput.safeParse({ slug: "q", value }).success).toBe(false));
});

describe("what a member may do to a quiz", () => {
  const quiz = { ownerId: "u-owner" };
  it.each<[QuizAct, string, boolean]>([
    ["favorite", "u-owner", true],
    ["favorite", "u-other", true],
    ["rate", "u-owner", false],
    ["rate", "u-other", true],
    ["report", "u-owner", false],
    ["report", "u-other", true],
  ])("%s by %s: %s", (act, memberId, expected) => {
    expect(mayActOnQuiz(act, memberId, quiz)).toBe(expected);
  });
});
