import { describe, expect, it } from "vitest";
import { quizInput } from "../quiz-schema";
import { exportQuiz, parseImport } from "./index";

/** Open questions through import and export (docs/rules.md §5): JSON, CSV and GIFT (Moodle's essay) carry them. */
const quiz = quizInput.parse({
  title: "Open answers",
  category: "general",
  questions: [
    { type: "open", prompt: "Why is the sky blue?", maxLength: 300, modelAnswer: "Rayleigh scattering: blue light scatters more.", explanation: "Short wavelengths." },
    { type: "open", prompt: "Describe your weekend", points: 2000 },
    { type: "single", prompt: "Red planet?", options: ["Venus", "Mars"], correct: 1 },
  ],
});

describe("open questions in import and export", () => {
  it.each(["json", "csv", "gift"] as const)("%s: a round trip keeps them as they were", async (format) => {
    const back = await parseImport(format, exportQuiz(format, quiz));
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
  });

  it("defaults: 200 characters, worth the usual points, no model answer", () => {
    expect(quiz.questions[1]).toMatchObject({ type: "open", maxLength: 200, points: 2000 });
    expect(quiz.questions[1]).not.toHaveProperty("modelAnswer");
  });

  it("gift: writes Moodle's essay form and reads a plain essay as open", async () => {
    const text = exportQuiz("gift", quiz);
    expect(text).toMatch(/Why is the sky blue\? \{\n####Short wavelengths\.\n\}/);
    const moodle = "::Q1:: Explain photosynthesis in your own words. {}\n\n::Q2:: Capital of France? {=Paris}\n";
    const back = await parseImport("gift", moodle);
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question)).toMatchObject([
      { type: "open", prompt: "Explain photosynthesis in your own words.", maxLength: 200 },
      { type: "text", accepted: ["Paris"] },
    ]);
  });

  it("csv: essay and open rows; the longest answer in max, the model answer in correct", async () => {
    const csv = "type,prompt,correct,max\nfree text,Tell us why,,\nopen,Name a reason,Because,50\n";
    const back = await parseImport("csv", csv);
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question)).toMatchObject([
      { type: "open", prompt: "Tell us why", maxLength: 200 },
      { type: "open", prompt: "Name a reason", maxLength: 50, modelAnswer: "Because" },
    ]);
  });

  it.each([
    ["maxLength over 500", { maxLength: 501 }],
    ["maxLength of 0", { maxLength: 0 }],
    ["a model answer over 1,000 characters", { modelAnswer: "x".repeat(1001) }],
  ])("refuses %s", (_, extra) => {
    const r = quizInput.safeParse({ title: "Bad", category: "general", questions: [{ type: "open", prompt: "Q?", ...extra }] });
    expect(r.success).toBe(false);
  });
});
