import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAiken } from "./aiken";
import { plain } from "./test-utils";

const sample = (name: string) => readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url), "utf8");

describe("Aiken", () => {
  it("reads the sample, with A. and A) options", () => {
    const r = parseAiken(sample("aiken.txt"), "Board games");
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({ title: "Board games", category: "general" });
    expect(r.questions.map((q) => q.line)).toEqual([1, 8, 15, 21, 27, 34]);
    expect(r.questions[0]?.question).toEqual({
      type: "single",
      prompt: "How many squares are there on a chess board?",
      options: ["32", "64", "81", "100"],
      correct: 1,
      explanation: "",
      points: 1000,
    });
    expect(r.questions[1]?.question).toMatchObject({ options: ["5", "8", "10", "12"], correct: 2 });
  });

  it("reports a letter with no option, too few options and a missing ANSWER at the question's line", () => {
    const r = parseAiken(sample("aiken-with-errors.txt"));
    expect(r.questions.map((q) => q.line)).toEqual([1, 22]);
    expect(plain(r.problems)).toEqual([
      { line: 7, reason: "Question 2 (line 7): ANSWER: E on line 11 names no option (the options are A–C)" },
      { line: 13, reason: 'Question 3 (line 13): needs at least 2 options written as "A. …" or "A) …" on their own lines (found 1)' },
      { line: 17, reason: 'Question 4 (line 17): has no correct answer: the "ANSWER:" line is missing (write e.g. "ANSWER: B" after the options)' },
    ]);
  });

  it("notices a missing ANSWER even when the next question follows without a blank line", () => {
    const r = parseAiken("First?\nA. x\nB. y\nSecond?\nA. p\nB. q\nANSWER: A\n");
    expect(r.questions.map((q) => q.line)).toEqual([4]);
    expect(r.problems.map((p) => p.line)).toEqual([1]);
  });

  it("reads several answer letters as a multiple-choice question and a prompt over two lines", () => {
    const r = parseAiken("Which are\nprime numbers?\nA. 2\nB. 4\nC. 5\nanswer: a, c\n");
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions[0]?.question).toMatchObject({ type: "multiple", prompt: "Which are\nprime numbers?", correct: [0, 2] });
  });

  it("keeps a line like 'I. Newton' before the options as question text", () => {
    const r = parseAiken("Who wrote the Principia?\nI. Newton said so.\nA. Newton\nB. Hooke\nANSWER: A");
    expect(r.questions[0]?.question).toMatchObject({ prompt: "Who wrote the Principia?\nI. Newton said so.", correct: 0 });
  });

  it("reports options out of order and an ANSWER line without a question", () => {
    const r = parseAiken("ANSWER: A\n\nQ?\nA. x\nC. y\nANSWER: C\n");
    expect(plain(r.problems)).toEqual([
      { line: 1, reason: "Line 1: an ANSWER: line without a question before it" },
      { line: 3, reason: "Question 1 (line 3): option C on line 5 is out of order (options are lettered A, B, C… in turn)" },
    ]);
  });
});
