import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { quizInput } from "../quiz-schema";
import { exportQuizdeckJson, parseQuizdeckJson } from "./json";
import { plain } from "./test-utils";

const sample = (name: string) => readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url), "utf8");

describe("Quizdeck JSON", () => {
  it("reads the sample: quiz details and one question of each type with its line", () => {
    const r = parseQuizdeckJson(sample("quizdeck.json"));
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({
      title: "Weather Watch",
      category: "science",
      difficulty: "medium",
      tags: ["weather", "clouds", "climate"],
      timeLimit: 25,
      streakBonus: false,
    });
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [15, "single"],
      [23, "multiple"],
      [31, "boolean"],
      [38, "text"],
      [45, "order"],
      [52, "number"],
    ]);
    expect(r.questions[1]?.question).toMatchObject({ correct: [0, 2, 3], points: 2000 });
    expect(r.questions[5]?.question).toMatchObject({ answer: 100, min: 0, max: 200, tolerance: 1, unit: "°C", points: 0 });
  });

  it("reports each bad question at the line where it starts, and imports the rest", () => {
    const r = parseQuizdeckJson(sample("json-with-errors.json"));
    expect(r.questions.map((q) => q.line)).toEqual([8]);
    expect(plain(r.problems)).toEqual([
      { line: 14, reason: "Question 2 (line 14): the correct answer is not one of its options" },
      { line: 20, reason: "Question 3 (line 20): two options are the same; a multiple-choice question needs at least one correct option" },
      {
        line: 26,
        reason: 'Question 4 (line 26): type "essay" is not a Quizdeck question type (single, multiple, boolean, text, order, number, poll, slide, wordcloud, open); skipped',
        skipped: true,
      },
      { line: 30, reason: "Question 5 (line 30): minimum must be below maximum; the answer must lie between minimum and maximum" },
      { line: 37, reason: "Question 6 (line 37): points must be 0, 1000 or 2000 (found 500)" },
    ]);
  });

  it("reads a bare quiz object, as the demo content is written", () => {
    const text = readFileSync(new URL("../../db/seed/quizzes/solar-system-basics.json", import.meta.url), "utf8");
    const r = parseQuizdeckJson(text);
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions).toHaveLength(quizInput.parse(JSON.parse(text)).questions.length);
    expect(r.questions[0]?.line).toBe(text.split("\n").findIndex((l) => l.includes('"questions"')) + 2);
  });

  it("reads a bare list of questions with default quiz details", () => {
    const r = parseQuizdeckJson('[\n{"type":"boolean","prompt":"Ice floats.","correct":true}\n]', "Fallback name");
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions).toEqual([{ line: 2, question: expect.objectContaining({ type: "boolean", correct: true }) }]);
    expect(r.quiz).toMatchObject({ title: "Fallback name", category: "general" });
  });

  it("refuses an unknown version with a clear problem at its line", () => {
    const r = parseQuizdeckJson('{\n  "format": "quizdeck",\n  "version": 2,\n  "quiz": {}\n}');
    expect(r.questions).toEqual([]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.line).toBe(3);
    expect(r.problems[0]?.reason).toContain("is version 2; this Quizdeck reads version 1");
    expect(parseQuizdeckJson('{"format":"quizdeck","quiz":{}}').problems[0]?.reason).toContain("has no version");
    expect(parseQuizdeckJson('{"format":"moodle"}').problems[0]?.reason).toContain('"format": "moodle"');
  });

  it("points an Open Trivia DB file at the right format", () => {
    const r = parseQuizdeckJson('{"response_code":0,"results":[]}');
    expect(r.problems[0]?.reason).toContain("Open Trivia DB format");
  });

  it("reports a syntax error with its line and column", () => {
    const r = parseQuizdeckJson('{\n  "title": "Quiz",\n  "questions": [\n    {"type": "boolean",}\n  ]\n}');
    expect(r.questions).toEqual([]);
    expect(plain(r.problems)).toEqual([{ line: 4, reason: expect.stringMatching(/^The file is not valid JSON: line 4, column \d+: /) }]);
  });

  it("reports bad quiz details at their line and still imports the questions", () => {
    const r = parseQuizdeckJson(
      '{\n  "title": "Quiz",\n  "category": "astronomy",\n  "questions": [{"type":"boolean","prompt":"Yes?","correct":true}]\n}',
    );
    expect(r.quiz.category).toBe("general");
    expect(r.questions).toHaveLength(1);
    expect(plain(r.problems)).toEqual([{ line: 3, reason: expect.stringContaining('Quiz: the category "astronomy" is not one of') }]);
  });

  it("reports a missing questions list and non-object questions", () => {
    expect(parseQuizdeckJson('{"title":"Quiz","category":"art"}').problems[0]?.reason).toBe('The quiz has no "questions" list');
    expect(parseQuizdeckJson('{"title":"Quiz","questions":{}}').problems[0]?.reason).toBe('"questions" must be a list of questions');
    const r = parseQuizdeckJson('{"title":"Quiz","questions":[\n42,\n{"prompt":"no type"}\n]}');
    expect(r.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, "Question 1 (line 2): is not an object"],
      [3, 'Question 2 (line 3): has no "type" (one of single, multiple, boolean, text, order, number, poll, slide, wordcloud, open)'],
    ]);
    expect(parseQuizdeckJson('"just a string"').problems[0]?.reason).toContain("not a Quizdeck quiz");
  });

  it("carries a question's picture and its description there and back", () => {
    const quiz = quizInput.parse({
      title: "Paintings",
      category: "art",
      questions: [
        { type: "boolean", prompt: "This portrait hangs in the Louvre.", correct: true, imageUrl: "https://example.org/mona-lisa.jpg", imageAlt: "A smiling woman with folded hands" },
        { type: "boolean", prompt: "A picture without a description", correct: false, imageUrl: "https://example.org/scream.png" },
        { type: "boolean", prompt: "No picture", correct: false },
      ],
    });
    const text = exportQuizdeckJson(quiz);
    const written = (JSON.parse(text) as { quiz: { questions: Record<string, unknown>[] } }).quiz.questions;
    expect(written[0]).toMatchObject({ imageUrl: "https://example.org/mona-lisa.jpg", imageAlt: "A smiling woman with folded hands" });
    expect(written[2]).not.toHaveProperty("imageUrl");
    const r = parseQuizdeckJson(text);
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions.map((q) => q.question)).toEqual(quiz.questions);
  });

  it("refuses a picture that is not an http(s) address, or a description too long, at the question's line", () => {
    const file = [
      "[",
      '{"type":"boolean","prompt":"A","correct":true,"imageUrl":"javascript:alert(1)"},',
      '{"type":"boolean","prompt":"B","correct":true,"imageUrl":"data:image/png;base64,AAAA"},',
      `{"type":"boolean","prompt":"C","correct":true,"imageUrl":"https://example.org/c.png","imageAlt":"${"x".repeat(201)}"},`,
      '{"type":"boolean","prompt":"D","correct":true,"imageUrl":"https://example.org/d.png","imageAlt":"Fine"}',
      "]",
    ].join("\n");
    const r = parseQuizdeckJson(file);
    expect(r.questions.map((q) => q.line)).toEqual([5]);
    expect(plain(r.problems)).toEqual([
      { line: 2, reason: "Question 1 (line 2): the image URL is not a valid URL" },
      { line: 3, reason: "Question 2 (line 3): the image URL is not a valid URL" },
      { line: 4, reason: "Question 3 (line 4): the image description is longer than 200 characters" },
    ]);
  });

  it("exports the versioned document without the slug", () => {
    const quiz = quizInput.parse({ slug: "x-y", title: "Quiz", category: "art", questions: [{ type: "boolean", prompt: "Yes?", correct: true }] });
    const doc = JSON.parse(exportQuizdeckJson(quiz)) as Record<string, unknown>;
    expect(doc).toMatchObject({ format: "quizdeck", version: 1, quiz: { title: "Quiz", category: "art" } });
    expect((doc.quiz as Record<string, unknown>).slug).toBeUndefined();
  });
});
