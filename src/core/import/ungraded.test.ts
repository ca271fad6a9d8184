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

describe("word clouds in import and export", () => {
  const clouds = quizInput.parse({
    title: "Clouds",
    category: "general",
    questions: [
      { type: "wordcloud", prompt: "One word for Monday?" },
      { type: "wordcloud", prompt: "Three things you pack", maxWords: 3, timeLimit: 40, explanation: "Any three." },
      { type: "single", prompt: "Red planet?", options: ["Venus", "Mars"], correct: 1 },
    ],
  });

  it.each(["json", "csv"] as const)("%s: a round trip keeps them as they were", async (format) => {
    const back = await parseImport(format, exportQuiz(format, clouds));
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(clouds.questions);
    expect(back.questions[1]?.question).toMatchObject({ type: "wordcloud", maxWords: 3, points: 0 });
  });

  it("gift: has no word cloud, so it is left out", async () => {
    const text = exportQuiz("gift", clouds);
    expect(text).not.toContain("Monday");
    const back = await parseImport("gift", text);
    expect(back.questions.map((q) => q.question.type)).toEqual(["single"]);
  });

  it("csv: a word cloud row takes its answers per player from max, 1 when empty", async () => {
    const csv = "type,prompt,max\nwordcloud,Favourite fruit?,2\nword cloud,Favourite colour?,\n";
    const back = await parseImport("csv", csv);
    expect(back.questions.map((q) => q.question)).toMatchObject([
      { type: "wordcloud", prompt: "Favourite fruit?", maxWords: 2 },
      { type: "wordcloud", prompt: "Favourite colour?", maxWords: 1 },
    ]);
  });
});
