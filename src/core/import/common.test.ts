import { describe, expect, it, test } from "vitest";
import { buildMeta, deriveRange, fitTitle, LineIndex, titleFromFileName, validateQuestion } from "./common";

describe("deriveRange", () => {
  test.each([
    [180, 0, 0, 400],
    [3.14, 0.01, 0, 20],
    [-40, 0, -80, 0],
    [1969, 0, 0, 4000],
    [2.5, 1.5, 0, 20],
    [0, 0, 0, 10],
    [0.25, 0.5, 0, 20],
    [10935, 100, 0, 30000],
  ])("answer %s ± %s → %s…%s", (answer, tolerance, min, max) => {
    expect(deriveRange(answer, tolerance)).toEqual({ min, max });
  });

  it("always gives min < max with the answer and its tolerance inside", () => {
    for (const answer of [-123456.5, -1, -0.001, 0, 0.3, 7, 99.99, 1e6, 1e-9]) {
      for (const tolerance of [0, 0.001, 1, 50]) {
        const { min, max } = deriveRange(answer, tolerance);
        expect(min).toBeLessThan(max);
        expect(min).toBeLessThanOrEqual(answer);
        expect(max).toBeGreaterThanOrEqual(answer + tolerance);
      }
    }
  });
});

describe("validateQuestion", () => {
  const reason = (raw: unknown) => {
    const v = validateQuestion(raw);
    return v.ok ? "ok" : v.reason;
  };
  test.each([
    [{ type: "single", prompt: "Q", options: ["a", "b"], correct: 2 }, "the correct answer is not one of its options"],
    [{ type: "single", prompt: "Q", options: ["a", " A "], correct: 0 }, "two options are the same"],
    [{ type: "single", prompt: "   ", options: ["a", "b"], correct: 0 }, "the question text is empty"],
    [{ type: "single", prompt: "x".repeat(501), options: ["a", "b"], correct: 0 }, "the question text is longer than 500 characters"],
    [{ type: "single", prompt: "Q", options: ["a"], correct: 0 }, "needs at least 2 options (found 1)"],
    [{ type: "single", prompt: "Q", options: ["1", "2", "3", "4", "5", "6", "7"], correct: 0 }, "the options: at most 6 allowed (found 7)"],
    [{ type: "single", prompt: "Q", options: ["a", ""], correct: 0 }, "option 2 is empty"],
    [{ type: "multiple", prompt: "Q", options: ["a", "b"], correct: [] }, "a multiple-choice question needs at least one correct option"],
    [{ type: "boolean", prompt: "Q", correct: true, points: 500 }, "points must be 0, 1000 or 2000 (found 500)"],
    [{ type: "boolean", prompt: "Q", correct: true, timeLimit: 3 }, "the time limit must be a whole number of seconds from 5 to 240 (found 3)"],
    [{ type: "boolean", prompt: "Q" }, "the correct answer is missing"],
    [{ type: "text", prompt: "Q", accepted: [] }, "needs at least one accepted answer"],
    [{ type: "text", prompt: "Q", accepted: ["x".repeat(101)] }, "accepted answer 1 is longer than 100 characters"],
    [{ type: "order", prompt: "Q", items: ["only"] }, "needs at least 2 items (found 1)"],
    [{ type: "number", prompt: "Q", answer: 5, min: 10, max: 0 }, "minimum must be below maximum; the answer must lie between minimum and maximum"],
    [{ type: "number", prompt: "Q", answer: 5, min: 0, max: 10, tolerance: -1 }, "the tolerance cannot be negative"],
    [{ type: "boolean", prompt: "Q", correct: true, hint: "h".repeat(201) }, "the hint is longer than 200 characters"],
    [{ type: "essay", prompt: "Q" }, "the type must be one of single, multiple, boolean, text, order, number, poll, slide, wordcloud, open"],
    [{ type: "boolean", prompt: "Q", correct: false }, "ok"],
  ])("%j → %s", (raw, expected) => {
    expect(reason(raw)).toBe(expected);
  });
});

describe("buildMeta", () => {
  it("keeps valid fields and fills defaults", () => {
    const problems: string[] = [];
    const meta = buildMeta({ title: "Rivers", category: "geography", tags: ["Water"] }, (k, r) => problems.push(`${k}: ${r}`));
    expect(problems).toEqual([]);
    expect(meta).toMatchObject({ title: "Rivers", category: "geography", tags: ["water"], difficulty: "mixed", language: "en", timeLimit: 20 });
  });

  it("reports each bad field once and falls back to its default", () => {
    const problems: string[] = [];
    const meta = buildMeta(
      { title: "ab", category: "astronomy", language: "english", timeLimit: 999, description: "fine" },
      (k, r) => problems.push(`${k}: ${r}`),
    );
    expect(meta).toMatchObject({ title: "Imported quiz", category: "general", language: "en", timeLimit: 20, description: "fine" });
    expect(problems).toEqual([
      "title: the quiz title must be 3–120 characters",
      'category: the category "astronomy" is not one of science, geography, history, languages, programming, music, sport, art, film, food, nature, maths, general',
      'language: the language must be a two-letter code such as "en" or "es"',
      "timeLimit: the quiz time limit must be a whole number of seconds from 5 to 240",
    ]);
  });
});

describe("titles", () => {
  it("fits free text into a title", () => {
    expect(fitTitle("  Ocean\n life ")).toBe("Ocean life");
    expect(fitTitle("ab")).toBeUndefined();
    const long = fitTitle("word ".repeat(40));
    expect(long?.length).toBeLessThanOrEqual(120);
    expect(long?.endsWith("…")).toBe(true);
  });

  it("derives a title from a file name", () => {
    expect(titleFromFileName("C:\\quizzes\\solar-system_basics.gift")).toBe("Solar system basics");
    expect(titleFromFileName("x.csv")).toBeUndefined();
    expect(titleFromFileName(undefined)).toBeUndefined();
  });
});

describe("LineIndex", () => {
  it("counts \\n, \\r\\n and \\r line ends", () => {
    const text = "a\nb\r\nc\rd";
    const idx = new LineIndex(text);
    expect([0, 2, 5, 7].map((o) => idx.line(o))).toEqual([1, 2, 3, 4]);
    expect(idx.column(text.indexOf("d"))).toBe(1);
    expect(idx.column(1)).toBe(2);
  });
});
