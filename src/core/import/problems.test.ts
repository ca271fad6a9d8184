import { describe, expect, it, test } from "vitest";
import en from "../../i18n/messages/en.json";
import es from "../../i18n/messages/es.json";
import { buildMeta, Collector, defaultMeta, validateQuestion } from "./common";
import { parseAiken } from "./aiken";
import { parseCsv } from "./csv";
import { parseImport } from "./index";
import { parseKahoot } from "./kahoot";
import { parseOpenTdb } from "./opentdb";
import { readFileSync } from "node:fs";
import { IMPORT_PROBLEMS, isImportProblemCode, problemText, type ProblemDetail } from "./problems";

const details = (raw: unknown): ProblemDetail[] => {
  const v = validateQuestion(raw);
  return v.ok ? [] : v.details;
};

describe("import problems by code", () => {
  test.each<[string, unknown, ProblemDetail[]]>([
    ["an unknown type", { type: "essay", prompt: "Q" }, [{ code: "question_type", params: { types: "single, multiple, boolean, text, order, number, poll, slide, wordcloud, open" } }]],
    ["a correct answer outside the options", { type: "single", prompt: "Q", options: ["a", "b"], correct: 2 }, [{ code: "correct_not_option" }]],
    ["two equal options", { type: "single", prompt: "Q", options: ["a", " A "], correct: 0 }, [{ code: "options_same" }]],
    ["an empty prompt", { type: "single", prompt: "  ", options: ["a", "b"], correct: 0 }, [{ code: "field_empty", params: { field: "prompt" } }]],
    ["a long prompt", { type: "single", prompt: "x".repeat(501), options: ["a", "b"], correct: 0 }, [{ code: "field_too_long", params: { field: "prompt", max: 500 } }]],
    ["one option", { type: "single", prompt: "Q", options: ["a"], correct: 0 }, [{ code: "too_few_options", params: { min: 2, found: 1 } }]],
    ["an empty option", { type: "single", prompt: "Q", options: ["a", " "], correct: 0 }, [{ code: "field_empty", params: { field: "option", index: 2 } }]],
    ["bad points", { type: "boolean", prompt: "Q", correct: true, points: 5 }, [{ code: "points", params: { found: "5" } }]],
    ["a time limit out of range", { type: "boolean", prompt: "Q", correct: true, timeLimit: 300 }, [{ code: "time_limit", params: { min: 5, max: 240, found: "300" } }]],
    ["no correct option", { type: "multiple", prompt: "Q", options: ["a", "b"], correct: [] }, [{ code: "correct_none" }]],
    ["a repeated correct option", { type: "multiple", prompt: "Q", options: ["a", "b"], correct: [0, 0] }, [{ code: "correct_distinct" }]],
    ["no accepted answer", { type: "text", prompt: "Q", accepted: [] }, [{ code: "accepted_none" }]],
    ["a missing answer", { type: "number", prompt: "Q", min: 0, max: 10 }, [{ code: "field_missing", params: { field: "answer" } }]],
    ["a range upside down", { type: "number", prompt: "Q", answer: 5, min: 10, max: 0 }, [{ code: "min_not_below_max" }, { code: "answer_out_of_range" }]],
    ["a negative tolerance", { type: "number", prompt: "Q", answer: 5, min: 0, max: 10, tolerance: -1 }, [{ code: "tolerance_negative" }]],
    ["options not a list", { type: "single", prompt: "Q", options: "a,b", correct: 0 }, [{ code: "field_wrong_type", params: { field: "options", expected: "array" } }]],
    ["a bad image URL", { type: "boolean", prompt: "Q", correct: true, imageUrl: "not a url" }, [{ code: "field_format", params: { field: "imageUrl", format: "url" } }]],
    ["a control character", { type: "boolean", prompt: "Q\u0007", correct: true }, [{ code: "control_chars" }]],
  ])("%s", (_, raw, expected) => {
    expect(details(raw)).toEqual(expected);
    // The English reason is the codes' English, so the API and the screen say the same thing.
    const v = validateQuestion(raw);
    expect(v.ok ? "" : v.reason).toBe(expected.map(problemText).join("; "));
  });

  it("codes the quiz details' problems, with the English sentence beside", () => {
    const seen: [string, string, ProblemDetail][] = [];
    buildMeta({ title: "Rivers", category: "rivers", difficulty: "brutal", visibility: "secret", streakBonus: "yes" }, (k, r, d) => seen.push([k, r, d]));
    expect(seen).toEqual([
      ["category", expect.stringContaining('the category "rivers" is not one of'), { code: "quiz_category", params: { quote: '"rivers"', list: expect.stringContaining("geography") } }],
      ["difficulty", 'the difficulty "brutal" is not one of easy, medium, hard, mixed', { code: "quiz_difficulty", params: { quote: '"brutal"' } }],
      ["visibility", 'the visibility "secret" is not one of public, unlisted, private', { code: "quiz_visibility", params: { quote: '"secret"' } }],
      ["streakBonus", "streakBonus must be true or false", { code: "quiz_bonus", params: { name: "streakBonus" } }],
    ]);
  });

  it("a question's problem carries its number, its codes and the English with its place", () => {
    const c = new Collector("row");
    c.next(2);
    c.add(c.next(3), { type: "single", prompt: "", options: ["a", "b"], correct: 0 });
    expect(c.result(defaultMeta()).problems).toEqual([
      { line: 3, question: 2, reason: "Question 2 (row 3): the question text is empty", details: [{ code: "field_empty", params: { field: "prompt" } }] },
    ]);
  });

  test.each<[string, string, ProblemDetail[]]>([
    ["an empty type", ",Q?,a,b,,1,", [{ code: "question_type_empty" }]],
    ["an unknown type", "essay,Q?,,,,,", [{ code: "question_type_unknown", params: { quote: '"essay"' } }]],
    ["a time limit that is not a number", "single,Q?,a,b,,1,soon", [{ code: "csv_not_number", params: { column: "time_limit", found: '"soon"' } }]],
    ["a number answer that is not a number", "number,Q?,,,,many,", [{ code: "csv_answer_not_number", params: { found: '"many"' } }]],
    ["correct naming an empty option", "single,Q?,a,b,,3,", [{ code: "csv_correct_empty_option", params: { option: "3" } }]],
    ["correct in words", "single,Q?,a,b,,first,", [{ code: "csv_correct_format", params: { found: '"first"' } }]],
    ["single choice without correct", "single,Q?,a,b,,,", [{ code: "csv_single_correct_empty" }]],
    ["single choice with two correct", "single,Q?,a,b,,1;2,", [{ code: "csv_single_correct_many", params: { found: '"1;2"' } }]],
    ["multiple choice without correct", "multiple,Q?,a,b,,,", [{ code: "csv_multiple_correct_empty" }]],
    ["true/false without correct", "boolean,Q?,,,,,", [{ code: "csv_boolean_correct_empty" }]],
    ["true/false with maybe", "boolean,Q?,,,,maybe,", [{ code: "csv_boolean_correct_invalid", params: { found: '"maybe"' } }]],
    ["an order with correct", "order,Q?,a,b,,1,", [{ code: "csv_order_correct_set" }]],
    ["a number without answer", "number,Q?,,,,,", [{ code: "csv_number_answer_empty" }]],
  ])("CSV: %s", (_, row, expected) => {
    const r = parseCsv(`type,prompt,option1,option2,option3,correct,time_limit\n${row}\n`);
    expect(r.problems.map((p) => [p.line, p.question, p.details])).toEqual([[2, 1, expected]]);
    expect(r.problems[0]?.reason).toBe(`Question 1 (row 2): ${expected.map(problemText).join("; ")}`);
  });

  it("CSV: a header without type and prompt, and an unclosed quote", () => {
    expect(parseCsv("a,b\n1,2\n").problems.map((p) => p.details?.[0]?.code)).toEqual(["csv_header_columns"]);
    expect(parseCsv('type,prompt,option1,option2,correct\nsingle,"Q?,a,b,1\n').problems[0]?.details).toEqual([{ code: "csv_quote_unclosed" }]);
  });

  it("Aiken: each reason by code, at its line", () => {
    const text = ["Q1?", "A. a", "C. c", "ANSWER: A", "", "Q2?", "ANSWER: B", "", "Q3?", "A. a", "B. b", "ANSWER: Z", "", "ANSWER: A", "", "Q4?", "A. a", "B. b"].join("\n");
    expect(parseAiken(text).problems.map((p) => [p.line, p.details])).toEqual([
      [1, [{ code: "aiken_option_order", params: { letter: "C", line: 3 } }]],
      [6, [{ code: "aiken_too_few_options", params: { found: 0 } }, { code: "aiken_answer_unknown_bare", params: { letter: "B", line: 7 } }]],
      [9, [{ code: "aiken_answer_unknown", params: { letter: "Z", line: 12, first: "A", last: "B" } }]],
      [14, [{ code: "aiken_answer_alone" }]],
      [16, [{ code: "aiken_answer_missing" }]],
    ]);
  });

  it("the file as a whole: empty, not UTF-8, a zip, not bytes, too big — each by code", async () => {
    const codes = async (...args: Parameters<typeof parseImport>) => (await parseImport(...args)).problems.map((p) => p.details);
    expect(await codes("csv", "  \n")).toEqual([[{ code: "file_empty" }]]);
    expect(await codes("csv", new Uint8Array([0x74, 0xff, 0xfe]))).toEqual([[{ code: "file_not_utf8" }]]);
    expect(await codes("csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toEqual([[{ code: "file_zip_not_text" }]]);
    expect(await codes("kahoot", "not base64 at all!")).toEqual([[{ code: "file_not_bytes", params: { what: "Kahoot! (.xlsx)" } }]]);
    const big = await parseImport("csv", "x".repeat(6 * 1024 * 1024));
    expect(big.problems[0]?.details).toEqual([{ code: "file_too_big", params: { size: "6.0", max: 5 } }]);
    expect(big.problems[0]?.reason).toBe("The file is 6.0 MB; an import file may be at most 5 MB");
  });

  it("Kahoot!: every problem of the sample with errors has a code", async () => {
    const file = new Uint8Array(readFileSync(new URL("../../../samples/import/kahoot-with-errors.xlsx", import.meta.url)));
    const r = await parseKahoot(file);
    expect(r.problems.length).toBeGreaterThan(0);
    for (const p of r.problems) expect(p.details?.length, p.reason).toBeGreaterThan(0);
    expect(r.problems.map((p) => p.details?.[0])).toContainEqual({ code: "kahoot_correct_empty" });
    expect(r.problems.map((p) => p.details?.[0])).toContainEqual({ code: "kahoot_correct_empty_answer", params: { answer: "4" } });
  });

  it("Open Trivia DB: each question's reason by code", () => {
    const results = [1, { type: "multiple", question: "Q?" }, { type: "boolean", question: "Q?", correct_answer: "Maybe", incorrect_answers: [] }, { type: "multiple", question: "Q?", correct_answer: "a" }];
    const r = parseOpenTdb(JSON.stringify({ response_code: 0, results }, null, 1));
    expect(r.problems.map((p) => p.details)).toEqual([
      [{ code: "opentdb_not_object" }],
      [{ code: "opentdb_no_correct" }],
      [{ code: "opentdb_boolean_correct", params: { found: '"Maybe"' } }],
      [{ code: "opentdb_no_incorrect" }],
    ]);
  });

  it("every code has its message in both catalogues, and only those", () => {
    for (const messages of [en, es]) {
      expect(Object.keys(messages.import.problems).sort()).toEqual(Object.keys(IMPORT_PROBLEMS).sort());
    }
    expect(isImportProblemCode("field_empty")).toBe(true);
    expect(isImportProblemCode("toString")).toBe(false);
  });
});
