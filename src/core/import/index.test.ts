import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, test } from "vitest";
import { quizInput, type QuestionInput, type QuizInput } from "../quiz-schema";
import { EXPORT_FORMATS, exportQuiz, IMPORT_FORMATS, MAX_IMPORT_BYTES, parseImport, type ImportFormat, type ImportResult } from "./index";
import { plain } from "./test-utils";

const samplesDir = new URL("../../../samples/import/", import.meta.url);
const bytesOf = (name: string) => new Uint8Array(readFileSync(new URL(name, samplesDir)));
const VALID: Record<ImportFormat, string> = {
  json: "quizdeck.json",
  csv: "quizdeck.csv",
  gift: "moodle.gift",
  aiken: "aiken.txt",
  opentdb: "opentdb.json",
  kahoot: "kahoot.xlsx",
  apkg: "anki.apkg",
};
/** Formats read as bytes (base64 through the JSON API), not as text. */
const binary = (f: ImportFormat) => f === "kahoot" || f === "apkg";

/** What a file with no correct answer looks like in each format. */
const NO_CORRECT: Record<ImportFormat, () => Promise<string | Uint8Array>> = {
  json: async () => '{"title":"Quiz","category":"art","questions":[\n{"type":"single","prompt":"Which?","options":["a","b"]}\n]}',
  csv: async () => "type,prompt,option1,option2,correct\nsingle,Which?,a,b,\n",
  gift: async () => "Which? {~a ~b}\n",
  aiken: async () => "Which?\nA. a\nB. b\n",
  opentdb: async () => '{"response_code":0,"results":[{"type":"multiple","question":"Which?","incorrect_answers":["a","b"]}]}',
  kahoot: async () => {
    const { default: writeExcelFile } = await import("write-excel-file/node");
    return new Uint8Array(await writeExcelFile([["Question", "Answer 1", "Answer 2", "Correct answer(s)"], ["Which?", "a", "b", null]]).toBuffer());
  },
  apkg: async () => {
    const { ankiPackage } = await import("@/test/anki-fixture");
    return ankiPackage([{ model: "basic", fields: ["Which?", ""] }]);
  },
};

function expectWellFormed(r: ImportResult) {
  expect(Array.isArray(r.questions)).toBe(true);
  expect(Array.isArray(r.problems)).toBe(true);
  expect(r.quiz.title.length).toBeGreaterThanOrEqual(3);
  for (const p of r.problems) {
    expect(Number.isInteger(p.line) && p.line >= 0).toBe(true);
    expect(typeof p.reason).toBe("string");
    expect(p.reason.length).toBeGreaterThan(0);
  }
  for (const q of r.questions) expect(q.line).toBeGreaterThan(0);
}

describe("parseImport: malformed input gives problems, never an exception", () => {
  test.each(IMPORT_FORMATS)("%s: empty file", async (format) => {
    for (const content of ["", new Uint8Array(0), ...(binary(format) ? [] : [" \n\t\n", new Uint8Array([0xef, 0xbb, 0xbf])])]) {
      expect(await parseImport(format, content)).toMatchObject({ questions: [], problems: [{ line: 0, reason: "The file is empty" }] });
    }
  });

  test.each(IMPORT_FORMATS.filter((f) => !binary(f)))("%s: Latin-1 bytes are not UTF-8", async (format) => {
    const r = await parseImport(format, new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(r.questions).toEqual([]);
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("The file is not UTF-8 text; save it as UTF-8") }]);
  });

  it("kahoot: Latin-1 bytes are not a workbook", async () => {
    const r = await parseImport("kahoot", new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("not a readable Excel workbook") }]);
  });

  it("apkg: Latin-1 bytes are not an Anki package", async () => {
    const r = await parseImport("apkg", new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("not an Anki package") }]);
  });

  test.each(IMPORT_FORMATS)("%s: 5 MB + 1 byte is one problem and nothing else", async (format) => {
    const tooBig = [new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61)];
    if (binary(format)) tooBig.push(new TextEncoder().encode("A".repeat(Math.ceil(((MAX_IMPORT_BYTES + 1) * 4) / 3) + 4)));
    const strings = binary(format) ? ["A".repeat(Math.ceil(((MAX_IMPORT_BYTES + 3) * 4) / 3))] : ["a".repeat(MAX_IMPORT_BYTES + 1), "é".repeat(MAX_IMPORT_BYTES / 2 + 1)];
    for (const content of [...tooBig.slice(0, 1), ...strings]) {
      const r = await parseImport(format, content);
      expect(r.questions).toEqual([]);
      expect(plain(r.problems)).toEqual([{ line: 0, reason: "The file is 5.0 MB; an import file may be at most 5 MB" }]);
    }
  });

  it("exactly 5 MB passes the size check", async () => {
    const r = await parseImport("aiken", "a".repeat(MAX_IMPORT_BYTES));
    expect(r.problems[0]?.reason).not.toContain("at most 5 MB");
  });

  test.each(IMPORT_FORMATS)("%s: a file cut in half", async (format) => {
    const whole = bytesOf(VALID[format]);
    const r = await parseImport(format, whole.slice(0, Math.floor(whole.length / 2)));
    expectWellFormed(r);
    expect(r.problems.length).toBeGreaterThan(0);
  });

  test.each(IMPORT_FORMATS)("%s: a question with no correct answer", async (format) => {
    const r = await parseImport(format, await NO_CORRECT[format]());
    expectWellFormed(r);
    expect(r.questions).toEqual([]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.line).toBeGreaterThan(0);
    expect(r.problems[0]?.reason).toMatch(/^Question 1 \((line|row|note) \d+\): .*correct/);
  });

  test.each(IMPORT_FORMATS)("%s: random bytes and mangled samples", async (format) => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const sample = bytesOf(VALID[format]);
    const text = new TextDecoder().decode(sample);
    const inputs: (string | Uint8Array)[] = [];
    for (let i = 0; i < 25; i++) {
      inputs.push(Uint8Array.from({ length: 1 + Math.floor(rand() * 400) }, () => Math.floor(rand() * 256)));
      const a = Math.floor(rand() * sample.length);
      const b = a + Math.floor(rand() * 200);
      inputs.push(new Uint8Array([...sample.slice(0, a), ...sample.slice(b)]));
      const chars = '{}[]":,=~#\\/\n\r%-> ;|\'ABCabc0123.éあ';
      inputs.push(Array.from({ length: 1 + Math.floor(rand() * 300) }, () => chars.charAt(Math.floor(rand() * chars.length))).join(""));
      const c = Math.floor(rand() * text.length);
      inputs.push(text.slice(0, c) + chars.charAt(Math.floor(rand() * chars.length)) + text.slice(c + 1));
    }
    for (const input of inputs) {
      const r = await parseImport(format, input);
      expectWellFormed(r);
    }
  });

  it("keeps reasons short and parsing quick on hostile input", async () => {
    const cases: [ImportFormat, string][] = [
      ["csv", `type,prompt\n${'"'.repeat(1_000_000)}`],
      ["csv", `type,prompt,correct\nsingle,Q,${"9".repeat(100_000)}`],
      ["json", `{"title":"Quiz","category":"${"x".repeat(100_000)}","questions":[{"type":"${"y".repeat(100_000)}"}]}`],
      ["gift", `[html]${"<script".repeat(50_000)} {T}`],
      ["gift", `[markdown]${"*a".repeat(50_000)} {T}`],
      ["aiken", `Q?\nA. a\nB. b\nANSWER: ${"Z".repeat(100_000)}`],
      ["opentdb", `{"results":[{"type":"${"t".repeat(100_000)}"}]}`],
    ];
    const started = Date.now();
    for (const [format, text] of cases) {
      const r = await parseImport(format, text);
      expect(r.problems.length).toBeGreaterThan(0);
      for (const p of r.problems) expect(p.reason.length).toBeLessThanOrEqual(400);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("an unknown format or missing content is a problem too", async () => {
    expect((await parseImport("pdf" as ImportFormat, "x")).problems[0]?.reason).toContain('Unknown import format "pdf"');
    expect((await parseImport("csv", undefined as unknown as string)).problems[0]?.reason).toBe("The file content is missing");
  });

  it("points at the Kahoot! format when an xlsx is given as CSV", async () => {
    const r = await parseImport("csv", bytesOf("kahoot.xlsx"));
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("spreadsheet or zip file") }]);
  });
});

describe("parseImport: content forms and limits", () => {
  test.each(IMPORT_FORMATS)("%s: the valid sample reads without problems, as bytes", async (format) => {
    const r = await parseImport(format, bytesOf(VALID[format]), { fileName: VALID[format] });
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions.length).toBeGreaterThanOrEqual(5);
  });

  it("drops a byte-order mark from bytes and from a string", async () => {
    const text = "type,prompt,correct\nboolean,Yes?,true\n";
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    for (const content of [withBom, `\uFEFF${text}`]) {
      const r = await parseImport("csv", content);
      expect(plain(r.problems)).toEqual([]);
      expect(r.questions).toHaveLength(1);
    }
  });

  it("reads a Kahoot! file sent as base64 or as a data: URL, and refuses other text", async () => {
    const b64 = Buffer.from(bytesOf("kahoot.xlsx")).toString("base64");
    expect((await parseImport("kahoot", b64)).questions).toHaveLength(6);
    expect((await parseImport("kahoot", `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${b64}`)).questions).toHaveLength(6);
    expect((await parseImport("kahoot", "Question,Answer 1\nWhy?,Because")).problems[0]?.reason).toContain("base64");
  });

  it("takes a title from the file name when the format has none", async () => {
    expect((await parseImport("aiken", bytesOf("aiken.txt"), { fileName: "board-games.txt" })).quiz.title).toBe("Board games");
    expect((await parseImport("aiken", bytesOf("aiken.txt"))).quiz.title).toBe("Imported quiz");
  });

  it("keeps 200 questions and reports the rest as one problem at the first one left out", async () => {
    const questions = Array.from({ length: 204 }, (_, i) => `  {"type":"boolean","prompt":"Q${i + 1}?","correct":${i === 0 ? '"yes"' : "true"}}`);
    const r = await parseImport("json", `{"title":"Many","category":"general","questions":[\n${questions.join(",\n")}\n]}`);
    expect(r.questions).toHaveLength(200);
    expect(r.questions.at(-1)?.line).toBe(202);
    expect(plain(r.problems)).toEqual([
      { line: 2, reason: "Question 1 (line 2): the correct answer must be a boolean" },
      { line: 203, reason: "Question 202 (line 203) and the 2 after it: a quiz holds at most 200 questions, so these were left out; split the file to import them" },
    ]);
  });

  // The binary formats have their own tests of this (kahoot.test.ts, apkg.test.ts).
  test.each(IMPORT_FORMATS.filter((f) => !binary(f)))("%s: a file of thousands of questions stops at 200", async (format) => {
    const one: Record<string, (i: number) => string> = {
      json: (i) => `{"type":"boolean","prompt":"Q${i}?","correct":true}`,
      csv: (i) => `boolean,Q${i}?,true`,
      gift: (i) => `Q${i}? {T}`,
      aiken: (i) => `Q${i}?\nA. a\nB. b\nANSWER: A`,
      opentdb: (i) => `{"type":"boolean","question":"Q${i}?","correct_answer":"True","incorrect_answers":["False"]}`,
    };
    const items = Array.from({ length: 5000 }, (_, i) => (one[format] as (i: number) => string)(i + 1));
    const text = {
      json: () => `{"title":"Many","category":"general","questions":[${items.join(",")}]}`,
      csv: () => `type,prompt,correct\n${items.join("\n")}`,
      gift: () => items.join("\n\n"),
      aiken: () => items.join("\n\n"),
      opentdb: () => `{"response_code":0,"results":[${items.join(",")}]}`,
    }[format as "json"]();
    const r = await parseImport(format, text);
    expect(r.questions).toHaveLength(200);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.reason).toMatch(/^Question 201 \((line|row) \d+\) and the 4799 after it: a quiz holds at most 200 questions/);
  });

  it("stops checking after 500 problems and says how many questions were not checked", async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `Q${i + 1}? {~a ~b}`).join("\n\n");
    const r = await parseImport("gift", text);
    expect(r.questions).toEqual([]);
    expect(r.problems).toHaveLength(501);
    expect(r.problems.at(-1)).toEqual({
      line: 1001,
      reason: "Question 501 (line 1001) and the 1499 after it: not checked, because the file already has 500 problems; fix those first",
      question: 501,
      details: [{ code: "too_many_problems", params: { max: 500, count: 1500 } }],
    });
  });

  it("says so when a file holds no questions at all", async () => {
    expect((await parseImport("gift", "// just a comment\n")).problems).toEqual([{ line: 0, reason: "The file has no questions", details: [{ code: "no_questions" }] }]);
  });
});

/** The parts of a question every export format must carry back. */
function comparable(q: QuestionInput) {
  const { hint, ...rest } = q;
  const out: Record<string, unknown> = { ...rest };
  if (hint) out.hint = hint;
  if ("unit" in out && !out.unit) delete out.unit;
  return out;
}

const demoQuizzes: [string, QuizInput][] = readdirSync(new URL("../../db/seed/quizzes/", import.meta.url))
  .filter((f) => f.endsWith(".json"))
  .map((f) => [f, quizInput.parse(JSON.parse(readFileSync(new URL(`../../db/seed/quizzes/${f}`, import.meta.url), "utf8")))]);

const allTypes = quizInput.parse({
  title: "Every type, every option",
  description: "Round-trip fixture: hints, explanations, points, time limits.\nTwo lines.",
  category: "science",
  difficulty: "hard",
  language: "es",
  tags: ["round trip", "fixture"],
  timeLimit: 45,
  speedBonus: false,
  streakBonus: true,
  source: "Written for the Quizdeck tests",
  licence: "CC0",
  questions: [
    { type: "single", prompt: "Capital of Chile?", options: ["Lima", "Santiago", "Quito"], correct: 1, explanation: "Santiago.", hint: "Starts with S", points: 0 },
    { type: "multiple", prompt: "Which are noble gases?", options: ["Neon", "Oxygen", "Argon", "Xenon", "Iron", "Helium"], correct: [0, 2, 3, 5], points: 2000, timeLimit: 60 },
    { type: "multiple", prompt: "Only one right here", options: ["Yes", "No"], correct: [0] },
    { type: "boolean", prompt: "Water is wet.", correct: true, explanation: "Mostly.", timeLimit: 5, imageUrl: "https://example.org/water.jpg" },
    { type: "boolean", prompt: "The Sun orbits the Earth.", correct: false, hint: "Copernicus" },
    { type: "text", prompt: "Chemical symbol of gold?", accepted: ["Au", "au."], explanation: "From Latin aurum.", points: 1000, timeLimit: 240 },
    { type: "order", prompt: "Smallest first", items: ["Atom", "Cell", "Organ", "Organism"], hint: "Think size", points: 2000 },
    { type: "number", prompt: "Speed of light in km/s?", answer: 299792.458, min: 0, max: 500000, tolerance: 1000, unit: "km/s", explanation: "About 300 000 km/s." },
    { type: "number", prompt: "Absolute zero?", answer: -273.15, min: -300, max: 0, tolerance: 0.5, unit: "°C" },
  ],
});

describe("round trip: parseImport(f, exportQuiz(f, quiz)) gives the same questions", () => {
  const cases: [string, ExportFormatCase, QuizInput][] = [];
  type ExportFormatCase = (typeof EXPORT_FORMATS)[number];
  for (const format of EXPORT_FORMATS) {
    for (const [name, quiz] of demoQuizzes) cases.push([name, format, quiz]);
    cases.push(["all six types", format, allTypes]);
  }

  test.each(cases)("%s as %s", async (_name, format, quiz) => {
    const r = await parseImport(format, exportQuiz(format, quiz));
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions.map((q) => comparable(q.question))).toEqual(quiz.questions.map(comparable));
    const { slug: _slug, questions: _questions, ...meta } = quiz;
    expect(r.quiz).toEqual(meta);
  });

  it("JSON carries a picture's description; CSV and GIFT keep their mapping, the address alone", async () => {
    const [first, ...rest] = allTypes.questions;
    const quiz = { ...allTypes, questions: [{ ...first!, imageUrl: "https://example.org/chile.png", imageAlt: "A map of South America" }, ...rest] };
    const back = async (format: (typeof EXPORT_FORMATS)[number]) => (await parseImport(format, exportQuiz(format, quiz))).questions[0]?.question;
    expect(await back("json")).toMatchObject({ imageUrl: "https://example.org/chile.png", imageAlt: "A map of South America" });
    for (const format of ["csv", "gift"] as const) {
      const q = await back(format);
      expect(q?.imageUrl, format).toBe("https://example.org/chile.png");
      expect(q?.imageAlt, format).toBeUndefined();
    }
  });

  it("covers what the task asks of the fixture", () => {
    const types = new Set(allTypes.questions.map((q) => q.type));
    expect(types.size).toBe(6);
    expect(new Set(allTypes.questions.map((q) => q.points))).toEqual(new Set([0, 1000, 2000]));
    expect(demoQuizzes.length).toBeGreaterThan(0);
  });
});
