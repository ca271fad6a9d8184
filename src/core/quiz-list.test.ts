import { describe, expect, it } from "vitest";
import { estimatedMinutes, parseListQueryLenient, questionCountRange, quizListQuery, toPrefixTsQuery } from "./quiz-list";

describe("quizListQuery", () => {
  it("applies defaults and treats empty values as no filter", () => {
    expect(quizListQuery.parse({ q: "", category: "" })).toEqual({ page: 1, limit: 24 });
  });
  it("caps the page size at 100", () => {
    expect(quizListQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(quizListQuery.parse({ limit: "100" }).limit).toBe(100);
  });
  it("rejects unknown categories, sorts and types", () => {
    for (const bad of [{ category: "cooking" }, { sort: "random" }, { type: "essay" }, { page: "0" }]) {
      expect(quizListQuery.safeParse(bad).success).toBe(false);
    }
  });
});

describe("parseListQueryLenient", () => {
  it("keeps the good filters of a link and drops the broken ones", () => {
    expect(parseListQueryLenient({ q: "space", category: "cooking", sort: "new", page: "x" })).toEqual({
      q: "space",
      sort: "new",
      page: 1,
      limit: 24,
    });
  });
  it("takes the first of repeated values", () => {
    expect(parseListQueryLenient({ difficulty: ["easy", "hard"] }).difficulty).toBe("easy");
  });
  it("cuts a search longer than the box takes instead of dropping it", () => {
    const long = `solar ${"x".repeat(200)}`;
    expect(parseListQueryLenient({ q: long }).q).toBe(long.slice(0, 100));
    expect(parseListQueryLenient({ q: `  ${"y".repeat(100)}  ` }).q).toBe("y".repeat(100));
    expect(quizListQuery.safeParse({ q: long }).success).toBe(false);
  });
});

describe("questionCountRange", () => {
  it.each([
    [{ length: "short" as const }, { min: 1, max: 10 }],
    [{ length: "long" as const }, { min: 21, max: 200 }],
    [{ length: "short" as const, maxQuestions: 5 }, { min: 1, max: 5 }],
    [{}, { min: undefined, max: undefined }],
  ])("%o → %o", (query, range) => {
    expect(questionCountRange(query)).toEqual(range);
  });
});

describe("toPrefixTsQuery", () => {
  it.each([
    ["solar system", "solar:* & system:*"],
    ["  Música  clásica ", "musica:* & clasica:*"],
    ["c++ & (drop)", "c:* & drop:*"],
    ["!!!", null],
    ["", null],
  ])("%j → %j", (q, expected) => {
    expect(toPrefixTsQuery(q)).toBe(expected);
  });
});

describe("estimatedMinutes", () => {
  it("is at least one minute and grows with the time limits", () => {
    expect(estimatedMinutes([])).toBe(1);
    expect(estimatedMinutes(Array(12).fill(20))).toBe(3);
  });
});

describe("search text", () => {
  it.each([
    ["\u0000", undefined],
    ["capitals\u0000", "capitals"],
    ["sol\u0000ar", "sol ar"],
    ["a\tb\nc", "a b c"],
  ])("control characters in %j become spaces: %j", (q, expected) => {
    const parsed = quizListQuery.parse({ q });
    expect(parsed.q || undefined).toBe(expected);
    expect(parseListQueryLenient({ q }).q || undefined).toBe(expected);
  });
});
