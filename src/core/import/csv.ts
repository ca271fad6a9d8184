import Papa from "papaparse";
import { csvDocument, unescapeCsvCell } from "../csv";
import type { QuestionInput, QuizInput } from "../quiz-schema";
import { buildMeta, Collector, deriveRange, quoted, type ImportResult, type QuestionRef } from "./common";
import { problemText, type ProblemDetail } from "./problems";
import { dropSecondsSuffix } from "./text";

/**
 * Quizdeck CSV: one row per question under a header row, optional `#key,value` rows for the
 * quiz itself. Rows are numbered as a spreadsheet shows them (the first row of the file is 1;
 * a quoted cell with line breaks is still one row). docs/import-formats.md has the full table.
 */
export const CSV_COLUMNS = [
  "type",
  "prompt",
  "option1",
  "option2",
  "option3",
  "option4",
  "option5",
  "option6",
  "correct",
  "explanation",
  "hint",
  "time_limit",
  "points",
  "min",
  "max",
  "tolerance",
  "unit",
  "image_url",
] as const;
type Column = (typeof CSV_COLUMNS)[number];

const OPTION_COLUMNS = ["option1", "option2", "option3", "option4", "option5", "option6"] as const;

/** Header spellings people use, after lower-casing and removing spaces, `_` and `-`. */
const HEADER_ALIASES: Record<string, Column> = {
  type: "type",
  questiontype: "type",
  prompt: "prompt",
  question: "prompt",
  correct: "correct",
  correctanswer: "correct",
  correctanswers: "correct",
  explanation: "explanation",
  hint: "hint",
  timelimit: "time_limit",
  time: "time_limit",
  points: "points",
  min: "min",
  minimum: "min",
  max: "max",
  maximum: "max",
  tolerance: "tolerance",
  unit: "unit",
  imageurl: "image_url",
  image: "image_url",
  ...Object.fromEntries(OPTION_COLUMNS.map((c, i) => [`option${i + 1}`, c])),
};

const TYPE_ALIASES: Record<string, QuestionInput["type"]> = {
  single: "single",
  singlechoice: "single",
  choice: "single",
  mc: "single",
  multiplechoice: "single",
  multiple: "multiple",
  multi: "multiple",
  multipleresponse: "multiple",
  multipleanswer: "multiple",
  boolean: "boolean",
  truefalse: "boolean",
  tf: "boolean",
  text: "text",
  shortanswer: "text",
  short: "text",
  typed: "text",
  order: "order",
  ordering: "order",
  sequence: "order",
  number: "number",
  numeric: "number",
  numerical: "number",
  poll: "poll",
  survey: "poll",
  slide: "slide",
  wordcloud: "wordcloud",
  cloud: "wordcloud",
  open: "open",
  freetext: "open",
  openended: "open",
};

const META_ALIASES: Record<string, string> = {
  title: "title",
  description: "description",
  category: "category",
  difficulty: "difficulty",
  language: "language",
  tags: "tags",
  visibility: "visibility",
  timelimit: "timeLimit",
  speedbonus: "speedBonus",
  streakbonus: "streakBonus",
  source: "source",
  licence: "licence",
  license: "licence",
};

const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");


/** The delimiter of the header line: the most frequent of , ; and tab (a comma when unsure). */
function detectDelimiter(text: string): string {
  for (const line of text.split(/\r\n|\n|\r/, 200)) {
    if (line.trim() === "" || /^\s*"?#/.test(line)) continue;
    let best = ",";
    let bestCount = 0;
    for (const d of [",", ";", "\t"]) {
      const count = line.split(d).length - 1;
      if (count > bestCount) {
        best = d;
        bestCount = count;
      }
    }
    return best;
  }
  return ",";
}

function parseNumber(raw: string, delimiter: string): number | undefined | "invalid" {
  let s = raw.trim();
  if (s === "") return undefined;
  if (delimiter !== "," && /^-?\d+,\d+$/.test(s)) s = s.replace(",", ".");
  const n = Number(s);
  return s !== "" && Number.isFinite(n) ? n : "invalid";
}

function parseBoolean(raw: string): boolean | undefined {
  const s = raw.trim().toLowerCase();
  if (["true", "t", "yes", "y", "1"].includes(s)) return true;
  if (["false", "f", "no", "n", "0"].includes(s)) return false;
  return undefined;
}

export function parseCsv(text: string, fallbackTitle?: string): ImportResult {
  const c = new Collector("row");
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const quoteErrors = new Map<number, ProblemDetail>();
  for (const e of parsed.errors) {
    if (typeof e.row !== "number" || quoteErrors.has(e.row)) continue;
    quoteErrors.set(
      e.row,
      e.code === "MissingQuotes" ? { code: "csv_quote_unclosed" } : { code: "csv_quote_misplaced" },
    );
  }

  const metaCandidate: Record<string, unknown> = {};
  const metaRows: Record<string, number> = {};
  let header: Map<Column, number> | undefined;
  let headerRow = 0;

  parsed.data.forEach((rawRow, index) => {
    const rowNo = index + 1;
    const row = rawRow.map((cell) => unescapeCsvCell(cell ?? ""));
    if (row.every((cell) => cell.trim() === "")) return;
    const first = (row[0] ?? "").trim();
    if (first.startsWith("#")) {
      const key = META_ALIASES[squash(first.slice(1))];
      if (key && !(key in metaCandidate)) {
        const value = (row[1] ?? "").trim();
        metaRows[key] = rowNo;
        if (key === "tags") metaCandidate[key] = value.split(/[;|]/).map((t) => t.trim()).filter(Boolean);
        else if (key === "timeLimit") metaCandidate[key] = value === "" ? undefined : Number(dropSecondsSuffix(value));
        else if (key === "speedBonus" || key === "streakBonus") metaCandidate[key] = parseBoolean(value) ?? value;
        else metaCandidate[key] = value;
      }
      return; // any other # row is a comment
    }
    if (!header) {
      header = new Map();
      headerRow = rowNo;
      row.forEach((cell, col) => {
        const name = HEADER_ALIASES[squash(cell)];
        if (name && !header?.has(name)) header?.set(name, col);
      });
      if (!header.has("type") || !header.has("prompt")) {
        const detail: ProblemDetail = { code: "csv_header_columns", params: { columns: CSV_COLUMNS.join(", ") } };
        c.problem(rowNo, `Row ${rowNo}: ${problemText(detail)}`, [detail]);
      }
      return;
    }
    if (!header.has("type") || !header.has("prompt")) return;
    const cols = header;
    const get = (col: Column) => {
      const i = cols.get(col);
      return i === undefined ? "" : (row[i] ?? "").trim();
    };
    const ref = c.next(rowNo);
    if (c.full) return c.skip(ref);
    const quoteError = quoteErrors.get(index);
    if (quoteError) return c.fail(ref, [quoteError]);
    readQuestionRow(c, ref, get, delimiter);
  });

  if (!header && c.problems.length === 0) c.problem(0, problemText({ code: "csv_no_header" }), [{ code: "csv_no_header" }]);
  else if (header && c.size === 0 && c.problems.length === 0)
    c.problem(headerRow, `Row ${headerRow}: ${problemText({ code: "csv_no_rows" })}`, [{ code: "csv_no_rows" }]);

  const meta = buildMeta(metaCandidate, (key, reason, detail) => c.problem(metaRows[key] ?? 0, `Row ${metaRows[key] ?? 0}: ${reason}`, [detail]), fallbackTitle);
  return c.result(meta);
}

function readQuestionRow(c: Collector, ref: QuestionRef, get: (col: Column) => string, delimiter: string): void {
  const typeCell = get("type");
  if (typeCell === "") return c.fail(ref, [{ code: "question_type_empty" }]);
  const type = TYPE_ALIASES[squash(typeCell)];
  if (!type)
    return c.fail(ref, [{ code: "question_type_unknown", params: { quote: quoted(typeCell) } }], true);

  const reasons: ProblemDetail[] = [];
  const num = (col: Column): number | undefined => {
    const v = parseNumber(col === "time_limit" ? dropSecondsSuffix(get(col)) : get(col), delimiter);
    if (v === "invalid") {
      reasons.push(
        col === "correct" ? { code: "csv_answer_not_number", params: { found: quoted(get(col)) } } : { code: "csv_not_number", params: { column: col, found: quoted(get(col)) } },
      );
      return undefined;
    }
    return v;
  };
  const q: Record<string, unknown> = { type, prompt: get("prompt") };
  const explanation = get("explanation");
  if (explanation) q.explanation = explanation;
  const hint = get("hint");
  if (hint) q.hint = hint;
  const timeLimit = num("time_limit");
  if (timeLimit !== undefined) q.timeLimit = timeLimit;
  const points = num("points");
  if (points !== undefined) q.points = points;
  const imageUrl = get("image_url");
  if (imageUrl) q.imageUrl = imageUrl;

  // Options keep their column number, so "correct: 3" means the option3 column even with gaps.
  const filled = OPTION_COLUMNS.map((col, i) => ({ column: i + 1, text: get(col) })).filter((o) => o.text !== "");
  const correct = get("correct");

  const optionIndexes = (): number[] | undefined => {
    const parts = correct.split(/[;,]/).map((p) => p.trim()).filter(Boolean);
    const out: number[] = [];
    for (const part of parts) {
      let index: number;
      if (/^\d+$/.test(part)) {
        index = filled.findIndex((o) => o.column === Number(part));
        if (index < 0) {
          reasons.push({ code: "csv_correct_empty_option", params: { option: part.length > 6 ? quoted(part) : part } });
          return undefined;
        }
      } else {
        index = filled.findIndex((o) => o.text.toLowerCase() === part.toLowerCase());
        if (index < 0) {
          reasons.push({ code: "csv_correct_format", params: { found: quoted(part) } });
          return undefined;
        }
      }
      out.push(index);
    }
    return out;
  };

  switch (type) {
    case "single": {
      q.options = filled.map((o) => o.text);
      if (correct === "") {
        reasons.push({ code: "csv_single_correct_empty" });
        break;
      }
      const idx = optionIndexes();
      if (idx && idx.length !== 1)
        reasons.push({ code: "csv_single_correct_many", params: { found: quoted(correct) } });
      else if (idx) q.correct = idx[0];
      break;
    }
    case "multiple": {
      q.options = filled.map((o) => o.text);
      if (correct === "") {
        reasons.push({ code: "csv_multiple_correct_empty" });
        break;
      }
      const idx = optionIndexes();
      if (idx) q.correct = idx;
      break;
    }
    case "boolean": {
      const b = parseBoolean(correct);
      if (b === undefined)
        reasons.push(correct === "" ? { code: "csv_boolean_correct_empty" } : { code: "csv_boolean_correct_invalid", params: { found: quoted(correct) } });
      else q.correct = b;
      break;
    }
    case "text": {
      const accepted = correct.split("|").map((a) => a.trim()).filter(Boolean);
      q.accepted = accepted.length > 0 ? accepted : filled.map((o) => o.text);
      break;
    }
    case "order":
      q.items = filled.map((o) => o.text);
      if (correct !== "") reasons.push({ code: "csv_order_correct_set" });
      break;
    case "poll": // options, none right: a "correct" cell means nothing
      q.options = filled.map((o) => o.text);
      break;
    case "slide": // the title is the prompt, the text is in option1
      q.text = filled[0]?.text ?? "";
      break;
    case "wordcloud": // answers per player in "max" (1–3, 1 when empty); no right answer
      q.maxWords = num("max") ?? 1;
      break;
    case "open": { // the longest answer in "max" (empty: 200), the model answer in "correct"; not auto-graded
      const maxLength = num("max");
      if (maxLength !== undefined) q.maxLength = maxLength;
      if (correct !== "") q.modelAnswer = correct;
      break;
    }
    case "number": {
      const answer = num("correct");
      const tolerance = num("tolerance") ?? 0;
      const min = num("min");
      const max = num("max");
      if (answer === undefined) {
        if (correct === "") reasons.push({ code: "csv_number_answer_empty" });
        break;
      }
      const derived = deriveRange(answer, tolerance);
      Object.assign(q, { answer, tolerance, min: min ?? derived.min, max: max ?? derived.max });
      const unit = get("unit");
      if (unit) q.unit = unit;
      break;
    }
  }
  if (reasons.length > 0) return c.fail(ref, reasons);
  c.add(ref, q);
}

function questionRow(q: QuestionInput): Record<Column, string> {
  const row = Object.fromEntries(CSV_COLUMNS.map((col) => [col, ""])) as Record<Column, string>;
  row.type = q.type;
  row.prompt = q.prompt;
  row.explanation = q.explanation;
  row.hint = q.hint ?? "";
  row.time_limit = q.timeLimit === undefined ? "" : String(q.timeLimit);
  row.points = String(q.points);
  row.image_url = q.imageUrl ?? "";
  const setOptions = (texts: string[]) => texts.forEach((t, i) => (row[OPTION_COLUMNS[i] as Column] = t));
  switch (q.type) {
    case "single":
      setOptions(q.options);
      row.correct = String(q.correct + 1);
      break;
    case "multiple":
      setOptions(q.options);
      row.correct = q.correct.map((i) => i + 1).join(";");
      break;
    case "boolean":
      row.correct = String(q.correct);
      break;
    case "text":
      if (q.accepted.some((a) => a.includes("|")) && q.accepted.length <= OPTION_COLUMNS.length) setOptions(q.accepted);
      else row.correct = q.accepted.join("|");
      break;
    case "order":
      setOptions(q.items);
      break;
    case "poll":
      setOptions(q.options);
      break;
    case "slide":
      row.option1 = q.text;
      break;
    case "wordcloud":
      row.max = String(q.maxWords);
      break;
    case "open":
      row.max = String(q.maxLength);
      row.correct = q.modelAnswer ?? "";
      break;
    case "number":
      row.correct = String(q.answer);
      row.min = String(q.min);
      row.max = String(q.max);
      row.tolerance = String(q.tolerance);
      row.unit = q.unit ?? "";
      break;
  }
  return row;
}

/** A quiz as Quizdeck CSV: `#key,value` rows for the quiz, the header, one row per question. */
export function exportCsv(quiz: QuizInput): string {
  const meta: [string, string][] = [
    ["#title", quiz.title],
    ["#description", quiz.description],
    ["#category", quiz.category],
    ["#difficulty", quiz.difficulty],
    ["#language", quiz.language],
    ["#tags", quiz.tags.join(";")],
    ["#time_limit", String(quiz.timeLimit)],
    ["#speed_bonus", String(quiz.speedBonus)],
    ["#streak_bonus", String(quiz.streakBonus)],
  ];
  if (quiz.source) meta.push(["#source", quiz.source]);
  if (quiz.licence) meta.push(["#licence", quiz.licence]);
  const rows: string[][] = [
    ...meta,
    [...CSV_COLUMNS],
    ...quiz.questions.map((q) => {
      const r = questionRow(q);
      return CSV_COLUMNS.map((col) => r[col]);
    }),
  ];
  return csvDocument(null, rows);
}
