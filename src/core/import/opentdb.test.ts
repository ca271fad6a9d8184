import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENTDB_LICENCE, OPENTDB_SOURCE, mapOpenTdbCategory, parseOpenTdb } from "./opentdb";
import { plain } from "./test-utils";

const sample = (name: string) => readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url), "utf8");
const result = (r: Record<string, unknown>) => ({
  type: "multiple",
  difficulty: "easy",
  category: "History",
  question: "Q?",
  correct_answer: "Right",
  incorrect_answers: ["Wrong 1", "Wrong 2", "Wrong 3"],
  ...r,
});
const file = (results: unknown[], code = 0) => JSON.stringify({ response_code: code, results }, null, 2);

describe("Open Trivia DB", () => {
  it("reads the sample: entities decoded, attribution kept, category by majority, mixed difficulty", () => {
    const r = parseOpenTdb(sample("opentdb.json"));
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({
      category: "science",
      difficulty: "mixed",
      language: "en",
      source: OPENTDB_SOURCE,
      licence: OPENTDB_LICENCE,
      tags: ["science & nature", "geography"],
    });
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [4, "single"],
      [12, "boolean"],
      [20, "single"],
      [28, "single"],
      [36, "boolean"],
      [44, "single"],
    ]);
    const q = r.questions.map((x) => x.question);
    expect(q[0]).toMatchObject({ prompt: 'Which planet is known as the "Red Planet"?' });
    expect(q[3]).toMatchObject({ options: expect.arrayContaining(["Rhône"]) as unknown });
    expect(q[5]).toMatchObject({ prompt: "Which of these is NOT one of a plant's basic needs?" });
    expect(q[1]).toMatchObject({ correct: true });
    expect(q[4]).toMatchObject({ correct: false });
  });

  it("shuffles options the same way every time, and not always with the correct one first", () => {
    const a = parseOpenTdb(sample("opentdb.json")).questions.map((x) => x.question);
    const b = parseOpenTdb(sample("opentdb.json")).questions.map((x) => x.question);
    expect(a).toEqual(b);
    const positions = a.flatMap((q) => (q.type === "single" ? [q.correct] : []));
    expect(new Set(positions).size).toBeGreaterThan(1);
    for (const q of a) if (q.type === "single") expect(q.options[q.correct]).toBe(["Mars", "Na", "Seine", "Salt"][a.filter((x) => x.type === "single").indexOf(q)]);
  });

  it("reports each bad result at the line where it starts", () => {
    const r = parseOpenTdb(sample("opentdb-with-errors.json"));
    expect(r.quiz).toMatchObject({ title: "Sports trivia", category: "sport", tags: ["sports"] });
    expect(r.questions.map((q) => q.line)).toEqual([4, 43]);
    expect(plain(r.problems)).toEqual([
      { line: 12, reason: 'Question 2 (line 12): type "fill_in" is not one Quizdeck reads (multiple, boolean); skipped', skipped: true },
      { line: 20, reason: 'Question 3 (line 20): has no "correct_answer"' },
      { line: 27, reason: 'Question 4 (line 27): a boolean question\'s correct_answer must be "True" or "False" (found "Maybe")' },
      { line: 35, reason: "Question 5 (line 35): two options are the same" },
    ]);
  });

  it("keeps a shared difficulty and titles a one-category file after it", () => {
    const r = parseOpenTdb(file([result({ category: "Entertainment: Music" }), result({ question: "Other?", category: "Entertainment: Music" })]));
    expect(r.quiz).toMatchObject({ title: "Music trivia", category: "music", difficulty: "easy", tags: ["music"] });
  });

  it("reads the base64 and url3986 encodings", () => {
    const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
    const encoded = file([
      { type: b64("multiple"), difficulty: b64("hard"), category: b64("Geography"), question: b64("Où est Lima?"), correct_answer: b64("Peru"), incorrect_answers: [b64("Chile")] },
    ]);
    expect(parseOpenTdb(encoded).questions[0]?.question).toMatchObject({ prompt: "Où est Lima?", options: expect.arrayContaining(["Peru", "Chile"]) as unknown });
    const url = file([result({ question: encodeURIComponent("Is 2 < 3 & 3 > 2?"), type: "boolean", correct_answer: "True", incorrect_answers: ["False"] })]);
    expect(parseOpenTdb(url).questions[0]?.question).toMatchObject({ prompt: "Is 2 < 3 & 3 > 2?", correct: true });
  });

  it("explains an error response code and a file that is not an API response", () => {
    const r = parseOpenTdb('{\n  "response_code": 5,\n  "results": []\n}');
    expect(plain(r.problems)).toEqual([{ line: 2, reason: expect.stringContaining("too many requests (response_code 5)") }]);
    expect(parseOpenTdb('{"format":"quizdeck","version":1,"quiz":{}}').problems[0]?.reason).toContain("looks like Quizdeck JSON");
  });

  it("maps every Open Trivia DB category to one of ours", () => {
    expect(mapOpenTdbCategory("Science & Nature")).toBe("science");
    expect(mapOpenTdbCategory("Entertainment: Film")).toBe("film");
    expect(mapOpenTdbCategory("Science: Computers")).toBe("programming");
    expect(mapOpenTdbCategory("Science: Mathematics")).toBe("maths");
    expect(mapOpenTdbCategory("Animals")).toBe("nature");
    expect(mapOpenTdbCategory("Sports")).toBe("sport");
    expect(mapOpenTdbCategory("Art")).toBe("art");
    expect(mapOpenTdbCategory("General Knowledge")).toBe("general");
    expect(mapOpenTdbCategory("Something new")).toBe("general");
  });
});
