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

/**
 * What every import parser returns, and the helpers they share: problem collection with
 * numbered, located messages, question validation against the authoring schema, quiz metadata
 * with defaults, and the number-slider range rule. Pure: no framework or database imports.
 */

/** One thing wrong with an import file. `line` is a 1-based line (text formats) or spreadsheet
 * row (CSV, xlsx); 0 for the file as a whole. `skipped` marks a question Quizdeck cannot
 * represent at all (an essay, a matching question): it is left out, not fixable in place. */
export type ImportProblem = { line: number; reason: string; skipped?: boolean };

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

const META_FIELDS: Record<string, string> = {
  title: "the quiz title",
  description: "the quiz description",
  category: "the category",
  difficulty: "the difficulty",
  language: "the language",
  tags: "the tags",
  visibility: "the visibility",
  speedBonus: "speedBonus",
  streakBonus: "streakBonus",
  timeLimit: "the quiz time limit",
  source: "the source",
  licence: "the licence",
};

function describeMetaIssue(key: string, issue: z.core.$ZodIssue, value: unknown): string {
  const field = META_FIELDS[key] ?? key;
  switch (key) {
    case "title":
      return `${field} must be ${LIMITS.titleMin}–${LIMITS.titleMax} characters`;
    case "description":
      return `${field} is longer than ${LIMITS.descriptionMax} characters`;
    case "category":
      return `${field} ${quoted(value)} is not one of ${CATEGORIES.join(", ")}`;
    case "difficulty":
      return `${field} ${quoted(value)} is not one of easy, medium, hard, mixed`;
    case "language":
      return `${field} must be a two-letter code such as "en" or "es"`;
    case "tags":
      return `${field}: at most ${LIMITS.tagsMax} tags, each 1–${LIMITS.tagMax} characters`;
    case "timeLimit":
      return `${field} must be a whole number of seconds from ${LIMITS.timeMin} to ${LIMITS.timeMax}`;
    case "visibility":
      return `${field} ${quoted(value)} is not one of public, unlisted, private`;
    case "speedBonus":
    case "streakBonus":
      return `${field} must be true or false`;
    default:
      return `${field}: ${lowerFirst(issue.message)}`;
  }
}

/**
 * Validates quiz metadata against the authoring schema. Each invalid field is reported once
 * (through `report`, with its key so a parser can point at its line) and replaced by its default,
 * so a bad description never costs the questions.
 */
export function buildMeta(
  candidate: Record<string, unknown>,
  report: (key: string, reason: string) => void,
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
        report(key, describeMetaIssue(key, issue, input[key]));
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

const FIELD_NAMES: Record<string, string> = {
  type: "the type",
  prompt: "the question text",
  options: "the options",
  items: "the items",
  accepted: "the accepted answers",
  correct: "the correct answer",
  explanation: "the explanation",
  hint: "the hint",
  timeLimit: "the time limit",
  points: "points",
  imageUrl: "the image URL",
  answer: "the answer",
  min: "the minimum",
  max: "the maximum",
  tolerance: "the tolerance",
  unit: "the unit",
};
const ELEMENT_NAMES: Record<string, string> = {
  options: "option",
  items: "item",
  accepted: "accepted answer",
  correct: "correct option",
};

function fieldName(path: readonly PropertyKey[]): string {
  const [head, index] = path;
  const key = String(head ?? "");
  if (typeof index === "number") return `${ELEMENT_NAMES[key] ?? key} ${index + 1}`;
  return FIELD_NAMES[key] ?? (key || "the question");
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** A human sentence for one schema issue on a question, naming the field. */
function describeQuestionIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path;
  const key = String(path[0] ?? "");
  const field = fieldName(path);
  const value = valueAt(raw, path);
  const type = valueAt(raw, ["type"]);
  if (key === "points") return `points must be 0, 1000 or 2000 (found ${value === undefined ? "nothing" : quoted(value)})`;
  if (key === "timeLimit")
    return `the time limit must be a whole number of seconds from ${LIMITS.timeMin} to ${LIMITS.timeMax} (found ${value === undefined ? "nothing" : quoted(value)})`;
  if (key === "correct" && issue.code === "custom" && type === "single")
    return "the correct answer is not one of its options";
  if (key === "correct" && issue.code === "custom") return "each correct option must be a different option of this question";
  if (key === "correct" && issue.code === "too_small" && type === "multiple")
    return "a multiple-choice question needs at least one correct option";
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined) return `${field} is missing`;
      return `${field} must be ${issue.expected === "array" ? "a list" : `a ${issue.expected}`}`;
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? `${field} is empty` : `${field} is too short`;
      if (issue.origin === "array") {
        if (key === "options" || key === "items")
          return `needs at least ${LIMITS.optionsMin} ${key === "options" ? "options" : "items"} (found ${Array.isArray(value) ? value.length : 0})`;
        if (key === "accepted") return "needs at least one accepted answer";
      }
      if (key === "tolerance") return "the tolerance cannot be negative";
      return `${field} is too small`;
    case "too_big":
      if (issue.origin === "string") return `${field} is longer than ${String(issue.maximum)} characters`;
      if (issue.origin === "array")
        return `${field}: at most ${String(issue.maximum)} allowed (found ${Array.isArray(value) ? value.length : "more"})`;
      return `${field} is too big`;
    case "invalid_format":
      return `${field} is not a valid ${issue.format === "url" ? "URL" : issue.format}`;
    case "custom":
      return lowerFirst(issue.message);
    default:
      return `${field}: ${lowerFirst(issue.message)}`;
  }
}

export type Validated = { ok: true; question: QuestionInput } | { ok: false; reason: string };

/** Runs the authoring schema on a question a parser built; the reason names every bad field. */
export function validateQuestion(raw: unknown): Validated {
  const r = questionInput.safeParse(raw);
  if (r.success) return { ok: true, question: r.data };
  const type = valueAt(raw, ["type"]);
  if (typeof type !== "string" || !(QUESTION_TYPES as readonly string[]).includes(type))
    return { ok: false, reason: `the type must be one of ${QUESTION_TYPES.join(", ")}` };
  const reasons = [...new Set(r.error.issues.map((i) => describeQuestionIssue(raw, i)))];
  return { ok: false, reason: reasons.join("; ") };
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

  /** A problem with one question; `skipped` for a kind Quizdeck does not have. */
  fail(ref: QuestionRef, reason: string, skipped = false): void {
    this.problems.push({ line: ref.line, reason: clip(`${ref.label}: ${reason}`), ...(skipped ? { skipped: true } : {}) });
  }

  /** A problem at a line that is not a question (a header, a metadata row, the file). */
  problem(line: number, reason: string): void {
    this.problems.push({ line, reason: clip(reason) });
  }

  /** Validates a parsed question and keeps it, or records why not. */
  add(ref: QuestionRef, raw: Record<string, unknown>): void {
    const v = validateQuestion(raw);
    if (v.ok) this.questions.push({ line: ref.line, question: v.question });
    else this.fail(ref, v.reason);
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
      problems.push({
        line: first.line,
        reason:
          because === "limit"
            ? `${first.label}${more}: a quiz holds at most ${LIMITS.questionsMax} questions, so ${count > 1 ? "these were" : "it was"} left out; split the file to import them`
            : `${first.label}${more}: not checked, because the file already has ${MAX_PROBLEMS} problems; fix those first`,
      });
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
