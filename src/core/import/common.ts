import type { z } from "zod";
import {
  CATEGORIES,
  LIMITS,
  QUESTION_TYPES,
  questionInput,
  quizInput,
  type Category,
  type QuestionInput,
  type QuizInput,
} from "../quiz-schema";
import { CONTROL_MESSAGE } from "../text";
import { fieldKey, problemText, type ProblemDetail, type ProblemParams } from "./problems";

/**
 * What every import parser returns, and the helpers they share: problem collection with
 * numbered, located messages, question validation against the authoring schema, quiz metadata
 * with defaults, and the number-slider range rule. Pure: no framework or database imports.
 */

/** One thing wrong with an import file. `line` is a 1-based line (text formats) or spreadsheet
 * row (CSV, xlsx); 0 for the file as a whole. `skipped` marks a question Quizdeck cannot
 * represent at all (an essay, a matching question): it is left out, not fixable in place. */
export type ImportProblem = {
  line: number;
  /** In English, for the API and logs; screens say `details` from the catalogue when it is there. */
  reason: string;
  skipped?: boolean;
  /** The question's number in the file ("Question 3"), for a problem with one question. */
  question?: number;
  /** The reason by code (src/core/import/problems.ts); absent for a reason not coded yet. */
  details?: ProblemDetail[];
};

/** The quiz-level part of a quiz: everything but its questions (and the slug, which the server
 * chooses). Always complete: a format without metadata gets the defaults. */
export type QuizMeta = Omit<QuizInput, "questions" | "slug">;

export type ImportedQuestion = { line: number; question: QuestionInput };

export type ImportResult = {
  quiz: QuizMeta;
  questions: ImportedQuestion[];
  problems: ImportProblem[];
  /** What was left out without costing a question (an Anki deck's pictures and sounds): shown, never blocking. */
  notices?: string[];
};

export const DEFAULT_TITLE = "Imported quiz";
/** After this many problems the rest of a file is only counted, not checked. */
export const MAX_PROBLEMS = 500;

const metaSchema = quizInput.omit({ questions: true, slug: true });

/** The defaults for a format that carries no quiz metadata. */
export function defaultMeta(title?: string): QuizMeta {
  return metaSchema.parse({ title: fitTitle(title) ?? DEFAULT_TITLE, category: "general" });
}

/** Makes free text (a comment, a category path, a file name) usable as a quiz title, or undefined. */
export function fitTitle(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let t = text.replace(/\s+/g, " ").trim();
  if (t.length > LIMITS.titleMax) {
    const cut = t.slice(0, LIMITS.titleMax - 1);
    const space = cut.lastIndexOf(" ");
    t = `${space > LIMITS.titleMax / 2 ? cut.slice(0, space) : cut}…`;
  }
  return t.length >= LIMITS.titleMin ? t : undefined;
}

/** "solar-system_quiz.gift" → "Solar system quiz". */
export function titleFromFileName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const base = fileName.replace(/^.*[\\/]/, "").replace(/\.[a-z0-9]{1,5}$/i, "");
  const words = base.replace(/[-_.]+/g, " ").trim();
  return fitTitle(words.charAt(0).toUpperCase() + words.slice(1));
}

const CATEGORY_SYNONYMS: Record<string, Category> = {
  sports: "sport",
  math: "maths",
  mathematics: "maths",
  films: "film",
  movies: "film",
  movie: "film",
  cinema: "film",
  television: "film",
  tv: "film",
  computers: "programming",
  computing: "programming",
  coding: "programming",
  "computer science": "programming",
  language: "languages",
  animals: "nature",
  biology: "science",
  physics: "science",
  chemistry: "science",
  astronomy: "science",
  cooking: "food",
  cuisine: "food",
  literature: "art",
  "general knowledge": "general",
};

/** Our category for a free-text name ("Sports", "Mathematics"), or undefined. */
export function guessCategory(text: string): Category | undefined {
  const t = text.trim().toLowerCase();
  if ((CATEGORIES as readonly string[]).includes(t)) return t as Category;
  return CATEGORY_SYNONYMS[t];
}

function describeMetaIssue(key: string, issue: z.core.$ZodIssue, value: unknown): ProblemDetail {
  switch (key) {
    case "title":
      return { code: "quiz_title", params: { min: LIMITS.titleMin, max: LIMITS.titleMax } };
    case "description":
      return { code: "quiz_description", params: { max: LIMITS.descriptionMax } };
    case "category":
      return { code: "quiz_category", params: { quote: quoted(value), list: CATEGORIES.join(", ") } };
    case "difficulty":
      return { code: "quiz_difficulty", params: { quote: quoted(value) } };
    case "language":
      return { code: "quiz_language" };
    case "tags":
      return { code: "quiz_tags", params: { max: LIMITS.tagsMax, tagMax: LIMITS.tagMax } };
    case "timeLimit":
      return { code: "quiz_time_limit", params: { min: LIMITS.timeMin, max: LIMITS.timeMax } };
    case "visibility":
      return { code: "quiz_visibility", params: { quote: quoted(value) } };
    case "speedBonus":
    case "streakBonus":
      return { code: "quiz_bonus", params: { name: key } };
    default:
      return { code: "quiz_field_invalid", params: { name: key === "source" ? "the source" : key === "licence" ? "the licence" : key, message: lowerFirst(issue.message) } };
  }
}

/**
 * Validates quiz metadata against the authoring schema. Each invalid field is reported once
 * (through `report`, with its key so a parser can point at its line) and replaced by its default,
 * so a bad description never costs the questions.
 */
export function buildMeta(
  candidate: Record<string, unknown>,
  report: (key: string, reason: string, detail: ProblemDetail) => void,
  fallbackTitle?: string,
): QuizMeta {
  const input: Record<string, unknown> = { title: fallbackTitle ?? DEFAULT_TITLE, category: "general" };
  for (const [k, v] of Object.entries(candidate)) if (v !== undefined && v !== null) input[k] = v;
  const reported = new Set<string>();
  for (let round = 0; round < 20; round++) {
    const r = metaSchema.safeParse(input);
    if (r.success) return r.data;
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (!reported.has(key)) {
        reported.add(key);
        const detail = describeMetaIssue(key, issue, input[key]);
        report(key, problemText(detail), detail);
      }
      if (key === "title") input.title = fallbackTitle ?? DEFAULT_TITLE;
      else if (key === "category") input.category = "general";
      else delete input[key];
    }
  }
  return defaultMeta(fallbackTitle);
}

/** A value from the file, quoted and cut short, for a problem's reason. */
export function quoted(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const s = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 59)}…` : s);
}

/** No reason grows with the input: a file cannot make a 1 MB error message. */
function clip(reason: string): string {
  return reason.length > 400 ? `${reason.slice(0, 399)}…` : reason;
}

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function fieldOf(path: readonly PropertyKey[]): ProblemParams {
  const [head, index] = path;
  return fieldKey(String(head ?? ""), typeof index === "number" ? index : undefined);
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** One schema issue on a question, by code, naming the field. */
function describeQuestionIssue(raw: unknown, issue: z.core.$ZodIssue): ProblemDetail {
  const path = issue.path;
  const key = String(path[0] ?? "");
  const field = fieldOf(path);
  const value = valueAt(raw, path);
  const type = valueAt(raw, ["type"]);
  const found: ProblemParams = value === undefined ? {} : { found: quoted(value) };
  if (key === "points") return { code: "points", params: found };
  if (key === "timeLimit") return { code: "time_limit", params: { min: LIMITS.timeMin, max: LIMITS.timeMax, ...found } };
  if (key === "correct" && issue.code === "custom" && type === "single") return { code: "correct_not_option" };
  if (key === "correct" && issue.code === "custom") return { code: "correct_distinct" };
  if (key === "correct" && issue.code === "too_small" && type === "multiple") return { code: "correct_none" };
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined) return { code: "field_missing", params: field };
      return { code: "field_wrong_type", params: { ...field, expected: issue.expected } };
    case "too_small":
      if (issue.origin === "string") return { code: issue.minimum === 1 ? "field_empty" : "field_too_short", params: field };
      if (issue.origin === "array") {
        if (key === "options" || key === "items")
          return { code: key === "options" ? "too_few_options" : "too_few_items", params: { min: LIMITS.optionsMin, found: Array.isArray(value) ? value.length : 0 } };
        if (key === "accepted") return { code: "accepted_none" };
      }
      if (key === "tolerance") return { code: "tolerance_negative" };
      return { code: "field_too_small", params: field };
    case "too_big":
      if (issue.origin === "string") return { code: "field_too_long", params: { ...field, max: Number(issue.maximum) } };
      if (issue.origin === "array") return { code: "too_many", params: { ...field, max: Number(issue.maximum), ...(Array.isArray(value) ? { found: value.length } : {}) } };
      return { code: "field_too_big", params: field };
    case "invalid_format":
      return { code: "field_format", params: { ...field, format: issue.format } };
    case "custom":
      return CUSTOM_CODES[issue.message] ? { code: CUSTOM_CODES[issue.message]! } : { code: "field_invalid", params: { ...field, message: lowerFirst(issue.message) } };
    default:
      return { code: "field_invalid", params: { ...field, message: lowerFirst(issue.message) } };
  }
}

/** The authoring schema's own messages (src/core/quiz-schema.ts) and their codes. */
const CUSTOM_CODES: Record<string, ProblemDetail["code"]> = {
  "Two options are the same": "options_same",
  "Give one feedback per option (empty for none)": "feedback_count",
  "Minimum must be below maximum": "min_not_below_max",
  "The answer must lie between minimum and maximum": "answer_out_of_range",
  [CONTROL_MESSAGE]: "control_chars",
};

export type Validated = { ok: true; question: QuestionInput } | { ok: false; reason: string; details: ProblemDetail[] };

/** Runs the authoring schema on a question a parser built; the reason names every bad field. */
export function validateQuestion(raw: unknown): Validated {
  const r = questionInput.safeParse(raw);
  if (r.success) return { ok: true, question: r.data };
  const type = valueAt(raw, ["type"]);
  if (typeof type !== "string" || !(QUESTION_TYPES as readonly string[]).includes(type)) {
    const detail: ProblemDetail = { code: "question_type", params: { types: QUESTION_TYPES.join(", ") } };
    return { ok: false, reason: problemText(detail), details: [detail] };
  }
  const byText = new Map<string, ProblemDetail>();
  for (const issue of r.error.issues) {
    const detail = describeQuestionIssue(raw, issue);
    if (!byText.has(problemText(detail))) byText.set(problemText(detail), detail);
  }
  return { ok: false, reason: [...byText.keys()].join("; "), details: [...byText.values()] };
}

/**
 * Collects questions and problems for one file. Questions are numbered in file order, counting
 * the ones that fail, so "Question 3" is the third question a person sees in the file.
 */
export class Collector {
  readonly questions: ImportedQuestion[] = [];
  readonly problems: ImportProblem[] = [];
  private count = 0;
  private overflow: { first: QuestionRef; count: number; because: "limit" | "problems" } | undefined;

  constructor(private readonly unit: "line" | "row" | "note") {}

  /** The next question's label, e.g. "Question 3 (line 14)". */
  next(line: number): QuestionRef {
    this.count += 1;
    return { n: this.count, line, label: `Question ${this.count} (${this.unit} ${line})` };
  }

  /**
   * A problem with one question; `skipped` for a kind Quizdeck does not have. `reason` is English
   * text (not coded yet) or the reason's codes, from which the English is built.
   */
  fail(ref: QuestionRef, reason: string | ProblemDetail[], skipped = false): void {
    const details = typeof reason === "string" ? undefined : reason;
    const text = details ? details.map(problemText).join("; ") : (reason as string);
    this.problems.push({
      line: ref.line,
      reason: clip(`${ref.label}: ${text}`),
      question: ref.n,
      ...(details ? { details } : {}),
      ...(skipped ? { skipped: true } : {}),
    });
  }

  /** A problem at a line that is not a question (a header, a metadata row, the file). */
  problem(line: number, reason: string, details?: ProblemDetail[]): void {
    this.problems.push({ line, reason: clip(reason), ...(details ? { details } : {}) });
  }

  /** Validates a parsed question and keeps it, or records why not. */
  add(ref: QuestionRef, raw: Record<string, unknown>): void {
    const v = validateQuestion(raw);
    if (v.ok) this.questions.push({ line: ref.line, question: v.question });
    else this.fail(ref, v.details);
  }

  get size(): number {
    return this.count;
  }

  /**
   * True once a quiz's worth of questions (200) is kept, or MAX_PROBLEMS problems are found: a
   * parser then only counts the rest with `skip`, so a 5 MB file is not checked question by
   * question to be thrown away, and nobody gets a list of 100,000 problems.
   */
  get full(): boolean {
    return this.questions.length >= LIMITS.questionsMax || this.problems.length >= MAX_PROBLEMS;
  }

  skip(ref: QuestionRef): void {
    if (this.overflow) this.overflow.count += 1;
    else this.overflow = { first: ref, count: 1, because: this.questions.length >= LIMITS.questionsMax ? "limit" : "problems" };
  }

  result(quiz: QuizMeta): ImportResult {
    const problems = [...this.problems];
    if (this.overflow) {
      const { first, count, because } = this.overflow;
      const more = count > 1 ? ` and the ${count - 1} after it` : "";
      const detail: ProblemDetail =
        because === "limit"
          ? { code: "too_many_questions", params: { max: LIMITS.questionsMax, count } }
          : { code: "too_many_problems", params: { max: MAX_PROBLEMS, count } };
      problems.push({ line: first.line, reason: `${first.label}${more}: ${problemText(detail)}`, question: first.n, details: [detail] });
    }
    return { quiz, questions: this.questions, problems };
  }
}

export type QuestionRef = { n: number; line: number; label: string };

/** Rounds to 12 significant digits, so 0.1 × 3 is 0.3 and not 0.30000000000000004. */
function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

/**
 * A slider range for a number question whose format gives only the answer and a tolerance:
 * answer ± max(10 × tolerance, |answer|, 10), widened outwards to round numbers (a multiple of
 * the power of ten below the span), and starting at 0 rather than below it when the answer is
 * not negative. So 180 → 0…400, 3.14 ± 0.01 → 0…20, −40 → −80…0, 1969 → 0…4000.
 */
export function deriveRange(answer: number, tolerance: number): { min: number; max: number } {
  const span = Math.max(10 * tolerance, Math.abs(answer), 10);
  const step = 10 ** Math.floor(Math.log10(span));
  let min = tidy(Math.floor((answer - span) / step) * step);
  const max = tidy(Math.ceil((answer + span) / step) * step);
  if (answer >= 0 && min < 0) min = 0;
  return { min, max };
}

/** Line and column (1-based) of an offset in a text; lines end at \n, \r\n or \r. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }
  line(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  column(offset: number): number {
    return offset - (this.starts[this.line(offset) - 1] as number) + 1;
  }
}

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
