import { describe, expect, it } from "vitest";
import { apiTokenInput, displayNameSchema, handleSchema, RESERVED_HANDLES, signUpInput } from "./account";
import { passwordProblem } from "./password";

describe("handles", () => {
  it.each([
    ["ada", "ada"],
    ["Ada_Lovelace-1", "ada_lovelace-1"],
    ["  grace  ", "grace"],
    ["a".repeat(30), "a".repeat(30)],
  ])("accepts %j as %j", (raw, expected) => {
    expect(handleSchema.parse(raw)).toBe(expected);
  });

  it.each([
    "",
    "ab",
    "a".repeat(31),
    "a".repeat(5000),
    "Not A Handle <b>x</b>",
    "../admin",
    "admin",
    "ADMIN",
    "Api",
    "quizdeck",
    "quizdeck ",
    "QuizDeck",
    "quizd\u0435ck", // Cyrillic е
    "café",
    "tab\there",
    "nul\u0000nul",
  ])("refuses %j", (raw) => {
    expect(handleSchema.safeParse(raw).success).toBe(false);
  });

  it("reserved words are lower-case, so the lower-cased handle is what they are compared with", () => {
    for (const word of RESERVED_HANDLES) expect(word).toBe(word.toLowerCase());
  });
});

describe("display names", () => {
  it.each([
    ["Ada", true],
    ["  Ada Lovelace  ", true],
    ["Ñandú 🎉", true],
    ["N".repeat(50), true],
    ["N".repeat(51), false],
    ["N".repeat(300) + "\u0007", false],
    ["", false],
    ["   ", false],
    ["a\u0000b", false],
    ["a\nb", false],
  ])("%j is accepted: %s", (raw, ok) => {
    expect(displayNameSchema.safeParse(raw).success).toBe(ok);
  });
});

describe("passwords", () => {
  it.each([
    ["short", "too_short"],
    ["123456789", "too_short"],
    ["1234567890", "too_common"],
    ["qwertyuiop", "too_common"],
    ["Password123", "too_common"],
    ["q1w2e3r4t5", "too_common"],
    ["correct horse battery staple", null],
    ["pw-3fa9c2e1-secret", null],
    ["x".repeat(129), "too_long"],
  ])("%j → %s", (pw, problem) => {
    expect(passwordProblem(pw)).toBe(problem);
  });

  it("the form's schema asks for at least 10 characters", () => {
    const r = signUpInput.safeParse({ email: "a@b.example", handle: "abc", name: "A", password: "nine-char" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(["password"]);
  });
});

describe("API token names", () => {
  it("refuse control characters", () => {
    expect(apiTokenInput.safeParse({ name: "ci\u0000" }).success).toBe(false);
    expect(apiTokenInput.parse({ name: " ci " }).name).toBe("ci");
  });
});
