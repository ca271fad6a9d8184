import { describe, expect, it } from "vitest";
import { quizInput } from "../quiz-schema";
import { exportQuiz, parseImport } from "./index";

/** Polls and slides through import and export (docs/rules.md §5): JSON and CSV carry them, GIFT leaves them out. */
const quiz = quizInput.parse({
  title: "Poll and slide",
  category: "general",
  questions: [
    { type: "single", prompt: "Red planet?", options: ["Venus", "Mars"], correct: 1 },
    { type: "poll", prompt: "Which would you visit?", options: ["Mars", "Titan", "Europa"] },
    { type: "slide", prompt: "Break", text: "Eight planets.\nOne dwarf.", imageUrl: "https://example.org/sun.png" },
  ],
});

describe("polls and slides in import and export", () => {
  it.each(["json", "csv"] as const)("%s: a round trip keeps them as they were", async (format) => {
    const back = await parseImport(format, exportQuiz(format, quiz));
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
  });

  it("gift: has no poll or slide, so they are left out", async () => {
    const text = exportQuiz("gift", quiz);
    expect(text).not.toContain("Which would you visit?");
    expect(text).not.toContain("Eight planets");
    const back = await parseImport("gift", text);
    expect(back.questions.map((q) => q.question.type)).toEqual(["single"]);
  });
});
