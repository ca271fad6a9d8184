import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { quizInput } from "../quiz-schema";
import { CSV_COLUMNS, exportCsv, parseCsv } from "./csv";
import { plain } from "./test-utils";

const sample = (name: string) => readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url), "utf8");
const HEADER = CSV_COLUMNS.join(",");

describe("Quizdeck CSV", () => {
  it("reads the sample: quiz rows and one question of each type by spreadsheet row", () => {
    const r = parseCsv(sample("quizdeck.csv"));
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({ title: "Trains and Tracks", category: "general", difficulty: "easy", tags: ["trains", "railways", "transport"] });
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [8, "single"],
      [9, "multiple"],
      [10, "boolean"],
      [11, "text"],
      [12, "order"],
      [13, "number"],
    ]);
    const [single, multiple, boolean, text, order, number] = r.questions.map((q) => q.question);
    expect(single).toMatchObject({ options: ["France", "England", "Germany", "United States"], correct: 1, hint: "It is in Europe." });
    expect(multiple).toMatchObject({ correct: [0, 1, 3], timeLimit: 30, points: 2000 });
    expect(boolean).toMatchObject({ prompt: 'A "gauge" is the distance between the two rails of a track.', correct: true });
    expect(text).toMatchObject({ accepted: ["locomotive", "a locomotive", "loco"] });
    expect(order).toMatchObject({ items: ["Steam locomotive", "Diesel locomotive", "Electric high-speed train", "Maglev in passenger service"] });
    expect(number).toMatchObject({ answer: 574.8, min: 300, max: 700, tolerance: 10, unit: "km/h", points: 0 });
  });

  it("reports each bad row by its spreadsheet row, a multi-line cell counting as one row", () => {
    const r = parseCsv(sample("csv-with-errors.csv"));
    expect(r.questions.map((q) => q.line)).toEqual([2]);
    expect(r.problems.map((p) => [p.line, p.reason, p.skipped ?? false])).toEqual([
      [3, "Question 2 (row 3): a single-choice question needs exactly one correct option (the correct column is empty)", false],
      [4, "Question 3 (row 4): correct names option 5, which is empty", false],
      [5, 'Question 4 (row 5): correct must be true or false (found "maybe")', false],
      [6, 'Question 5 (row 6): type "essay" is not a Quizdeck question type (single, multiple, boolean, text, order, number, poll, slide, wordcloud, open); skipped', true],
      [7, "Question 6 (row 7): the time limit must be a whole number of seconds from 5 to 240 (found 500)", false],
      [8, "Question 7 (row 8): points must be 0, 1000 or 2000 (found 3000)", false],
    ]);
  });

  it("keeps commas, quotes and line breaks inside quoted cells", () => {
    const r = parseCsv(`type,prompt,option1,option2,correct\r\nsingle,"One, two\nor ""three""?","a, b","c\nd",2\r\n`);
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions[0]?.question).toMatchObject({ prompt: 'One, two\nor "three"?', options: ["a, b", "c\nd"], correct: 1 });
  });

  it("reads semicolon-separated files with decimal commas and header aliases", () => {
    const r = parseCsv("Type;Question;Correct;Tolerance;Unit;Time limit\nnumber;Pi?;3,14;0,01;;20 s\n");
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions[0]?.question).toMatchObject({ answer: 3.14, tolerance: 0.01, min: 0, max: 20, timeLimit: 20 });
  });

  it("accepts the correct option by its text and several answers for multiple", () => {
    const r = parseCsv(`${HEADER}\nsingle,Capital of Peru?,Quito,Lima,,,,,lima\nmultiple,Primes?,2,4,5,,,,"1, 3"\n`);
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions.map((q) => q.question)).toMatchObject([{ correct: 1 }, { correct: [0, 2] }]);
  });

  it("refuses several correct options for a single-choice row", () => {
    const r = parseCsv(`${HEADER}\nsingle,Pick,a,b,c,,,,1;3\n`);
    expect(r.problems[0]?.reason).toBe("Question 1 (row 2): a single-choice question needs exactly one correct option (found \"1;3\"); use type multiple for several");
  });

  it("derives a slider range for a number row without min and max", () => {
    const r = parseCsv(`${HEADER}\nnumber,Legs of a spider?,,,,,,,8\n`);
    expect(r.questions[0]?.question).toMatchObject({ answer: 8, tolerance: 0, min: 0, max: 20 });
  });

  it("reports a header without type and prompt", () => {
    const r = parseCsv("question text,answer\nWhat?,that\n");
    expect(r.questions).toEqual([]);
    expect(plain(r.problems)).toEqual([{ line: 1, reason: expect.stringContaining('Row 1: the header row must name the columns, at least "type" and "prompt"') }]);
  });

  it("reports an unclosed quote at its row", () => {
    const r = parseCsv(`${HEADER}\nboolean,Fine?,,,,,,,true\nboolean,"Broken?,,,,,,,,true\nboolean,Lost?,,,,,,,true\n`);
    expect(r.questions.map((q) => q.line)).toEqual([2]);
    expect(plain(r.problems)).toEqual([{ line: 3, reason: expect.stringContaining("Question 2 (row 3): a quoted cell is not closed") }]);
  });

  it("reports bad quiz rows at their row", () => {
    const r = parseCsv(`#category,space\n#title,Fine title\n${HEADER}\nboolean,Yes?,,,,,,,true\n`);
    expect(r.quiz).toMatchObject({ title: "Fine title", category: "general" });
    expect(plain(r.problems)).toEqual([{ line: 1, reason: expect.stringContaining('Row 1: the category "space" is not one of') }]);
  });

  it("exports a header and one row per question, formula-like cells escaped and read back", () => {
    const quiz = quizInput.parse({
      title: "Sums",
      category: "maths",
      questions: [
        { type: "text", prompt: "=1+1 in a spreadsheet gives?", accepted: ["2", "two|deux", "-2?"] },
        { type: "number", prompt: "Freezing point of water in °F?", answer: -40, min: -100, max: 100, tolerance: 0 },
      ],
    });
    const csv = exportCsv(quiz);
    expect(csv.split("\r\n")).toContain(HEADER);
    expect(csv).toContain("'=1+1 in a spreadsheet gives?");
    expect(csv).toContain(",-40,");
    const back = parseCsv(csv);
    expect(plain(back.problems)).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
  });
});
