import { z } from "./zod";
import { uuidSchema } from "./ids";
import { QUESTION_TYPES } from "./question";
import { OPEN_LIMITS } from "./open-answer";
import { DIFFICULTIES, LIMITS, POINTS, VISIBILITIES, imageUrlSchema, publishableQuiz, type QuizInput } from "./quiz-schema";
import { audioUrlSchema } from "./quiz-schema";
import { CONTROL_MESSAGE, hasControlChars } from "./text";
import { booleanFeedbackOf, type EditorDoc, type EditorQuestion } from "./editor-doc";

/**
 * The editor's checks: a draft's schema, its conversion to the authoring shape and what
 * publishing finds wrong. The working copy itself and its edits are in editor-doc.ts, which the
 * editor's page loads without these (they are built on zod).
 */
export * from "./editor-doc";

// Generous caps on what a draft may hold, so a draft can be anything typed but not unbounded.
// A draft may hold anything typed, except control characters other than tab and line breaks
// (PostgreSQL cannot store NUL even inside jsonb).
const text = (max: number) => z.string().max(max).refine((v) => !hasControlChars(v, true), CONTROL_MESSAGE);
const optionId = z.string().min(1).max(64).refine((v) => !hasControlChars(v), CONTROL_MESSAGE);
const num = z.number().finite().nullable();
const editorQuestion = z.object({
  // Becomes the question row's id when the quiz is published.
  id: uuidSchema,
  type: z.enum(QUESTION_TYPES),
  prompt: text(5000),
  options: z.array(z.object({ id: optionId, text: text(2000), correct: z.boolean(), feedback: text(2000).optional(), weight: num.optional() })).max(20),
  booleanAnswer: z.boolean(),
  booleanFeedback: z.object({ right: text(2000).optional(), wrong: text(2000).optional() }).optional(),
  accepted: z.array(text(1000)).max(30),
  acceptedWeights: z.array(num).max(30).optional(),
  items: z.array(z.object({ id: optionId, text: text(2000) })).max(20),
  number: z.object({
    answer: num,
    min: num,
    max: num,
    tolerance: num,
    unit: text(100),
    partial: z.array(z.object({ answer: num, tolerance: num, weight: num })).max(10).optional(),
    scoring: z.enum(["exact", "closest"]).optional(),
  }),
  explanation: text(10_000),
  hint: text(2000),
  timeLimit: z.number().int().nullable(),
  points: z.number().int(),
  imageUrl: text(4000).optional(),
  imageAlt: text(2000).optional(),
  audioUrl: text(4000).optional(),
  slideText: text(10_000).optional(),
  maxWords: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  modelAnswer: text(10_000).optional(),
});
export const editorDocSchema = z.object({
  title: text(1000),
  description: text(20_000),
  category: text(40),
  difficulty: z.enum(DIFFICULTIES),
  language: text(10),
  tags: z.array(text(200)).max(50),
  visibility: z.enum(VISIBILITIES),
  speedBonus: z.boolean(),
  streakBonus: z.boolean(),
  timeLimit: z.number().int(),
  source: text(1000),
  licence: text(400),
  questions: z.array(editorQuestion).max(250),
});

const blankToUndefined = (s: string) => (s.trim() ? s : undefined);

/** Per-option feedback in the authoring shape, only when some option has any. */
const optionFeedbackOf = (q: EditorQuestion) =>
  q.options.some((o) => o.feedback?.trim()) ? { optionFeedback: q.options.map((o) => o.feedback?.trim() ?? "") } : {};

/** The authoring shape (quiz-schema.ts) of one editor question, for validation and export. */
export function editorQuestionToInput(q: EditorQuestion): unknown {
  const common = {
    type: q.type,
    prompt: q.prompt,
    explanation: q.explanation,
    hint: blankToUndefined(q.hint),
    timeLimit: q.timeLimit ?? undefined,
    points: q.points,
    // A picture's description without its picture means nothing, so it goes with the address.
    ...(q.imageUrl?.trim() ? { imageUrl: q.imageUrl, imageAlt: blankToUndefined(q.imageAlt ?? "") } : {}),
    ...(q.audioUrl?.trim() ? { audioUrl: q.audioUrl } : {}),
  };
  switch (q.type) {
    case "single": {
      const correct = q.options.filter((o) => o.correct).length === 1 ? q.options.findIndex((o) => o.correct) : -1;
      const weights = q.options.map((o) => (o.correct ? 100 : (o.weight ?? 0)));
      return { ...common, options: q.options.map((o) => o.text), ...optionFeedbackOf(q), ...(weights.some((w, i) => w > 0 && !q.options[i]?.correct) ? { optionWeights: weights } : {}), correct };
    }
    case "multiple":
      return {
        ...common,
        options: q.options.map((o) => o.text),
        ...optionFeedbackOf(q),
        correct: q.options.flatMap((o, i) => (o.correct ? [i] : [])),
      };
    case "boolean":
      return { ...common, correct: q.booleanAnswer, ...booleanFeedbackOf(q.booleanFeedback) };
    case "text": {
      const kept = q.accepted.flatMap((a, i) => (a.trim() || i === 0 ? [i] : []));
      const weights = kept.map((i) => q.acceptedWeights?.[i] ?? 100);
      return { ...common, accepted: kept.map((i) => q.accepted[i]), ...(weights.some((w) => w !== 100) ? { acceptedWeights: weights } : {}) };
    }
    case "order":
      return { ...common, items: q.items.map((i) => i.text) };
    case "number":
      return {
        ...common,
        answer: q.number.answer ?? Number.NaN,
        min: q.number.min ?? Number.NaN,
        max: q.number.max ?? Number.NaN,
        tolerance: q.number.tolerance ?? 0,
        unit: blankToUndefined(q.number.unit),
        ...(q.number.partial?.length
          ? { partial: q.number.partial.map((p) => ({ answer: p.answer ?? Number.NaN, tolerance: p.tolerance ?? 0, weight: p.weight ?? Number.NaN })) }
          : {}),
        ...(q.number.scoring === "closest" ? { scoring: "closest" } : {}),
      };
    case "poll":
      return { ...common, options: q.options.map((o) => o.text) };
    case "slide":
      return { ...common, text: q.slideText ?? "" };
    case "wordcloud":
      return { ...common, maxWords: q.maxWords ?? 1 };
    case "open":
      return { ...common, maxLength: q.maxLength ?? OPEN_LIMITS.maxLengthDefault, modelAnswer: blankToUndefined(q.modelAnswer ?? "") };
  }
}

export function docToInput(doc: EditorDoc): unknown {
  return {
    title: doc.title,
    description: doc.description,
    category: doc.category,
    difficulty: doc.difficulty,
    language: doc.language,
    tags: doc.tags,
    visibility: doc.visibility,
    speedBonus: doc.speedBonus,
    streakBonus: doc.streakBonus,
    timeLimit: doc.timeLimit,
    source: blankToUndefined(doc.source),
    licence: blankToUndefined(doc.licence),
    questions: doc.questions.map(editorQuestionToInput),
  };
}

/**
 * What can be wrong with a field at publishing, by code; `n` is the number a message names. The
 * editor says it from the catalogue (`editor.problem` in the messages), in the author's language;
 * this English (`{n}` filled in) is for tests and logs.
 */
export const EDITOR_PROBLEMS = {
  empty: "This cannot be empty",
  min_chars: "Use at least {n} characters",
  max_chars: "Use at most {n} characters",
  min_items: "Add at least {n}",
  max_items: "Use at most {n}",
  mark_one: "Mark exactly one option as correct",
  mark_some: "Mark at least one option as correct",
  accepted_needed: "Add at least one accepted answer",
  number_needed: "Enter a number",
  time_limit: "Use 5–240 seconds",
  points: "Use 0, 1000 or 2000 points",
  category: "Pick a category",
  // The authoring schema's own messages (src/core/quiz-schema.ts), by their English.
  duplicate_options: "Two options are the same",
  pick_correct: "Pick the correct option",
  pick_some_correct: "Pick at least one correct option",
  distinct_correct: "Correct options must be distinct options of this question",
  min_below_max: "Minimum must be below maximum",
  answer_in_range: "The answer must lie between minimum and maximum",
  slug_format: "Use lowercase letters, digits and hyphens",
  language_code: "Use a two-letter language code",
  question_needed: "Add at least one question",
  control_chars: "Remove control characters",
  feedback_per_option: "Give one feedback per option (empty for none)",
  weight_per_option: "Give one weight per option (0 for none)",
  only_correct_full: "Only the correct option is worth 100 %",
  weight_per_accepted: "Give one weight per accepted answer",
  one_full_answer: "At least one answer must be worth 100 %",
  image_url: "Use a web address that starts with http:// or https://",
  audio_url: "Use a link to an .mp3, .ogg or .m4a file",
  invalid: "Check this field",
} as const;
export type EditorProblemCode = keyof typeof EDITOR_PROBLEMS;
export type EditorProblem = { code: EditorProblemCode; n?: number };

/** Field path (e.g. "questions.2.options.1") → the first problem with it. */
export type EditorErrors = Record<string, EditorProblem>;

export const editorProblemEnglish = (p: EditorProblem) => EDITOR_PROBLEMS[p.code].replace("{n}", String(p.n ?? ""));

const BY_ENGLISH = new Map(Object.entries(EDITOR_PROBLEMS).map(([code, english]) => [english as string, code as EditorProblemCode]));

// Problems for rules whose zod message is generic; keyed by the last part of the path and the issue.
function problemFor(issue: z.core.$ZodIssue, doc: EditorDoc): EditorProblem {
  const path = issue.path.map(String);
  const last = path[path.length - 1];
  if (path[0] === "questions" && path.length >= 3) {
    const q = doc.questions[Number(path[1])];
    if (last === "correct" && q?.type === "single") return { code: "mark_one" };
    if (last === "correct" && q?.type === "multiple") return { code: "mark_some" };
    if (q?.type === "number" && (last === "answer" || last === "min" || last === "max") && issue.code === "invalid_type") return { code: "number_needed" };
  }
  if (issue.code === "too_small" && issue.origin === "string") {
    return issue.minimum === 1 ? { code: "empty" } : { code: "min_chars", n: Number(issue.minimum) };
  }
  if (issue.code === "too_big" && issue.origin === "string") return { code: "max_chars", n: Number(issue.maximum) };
  if (issue.code === "too_small" && issue.origin === "array") {
    if (last === "options" || last === "items") return { code: "min_items", n: Number(issue.minimum) };
    if (last === "accepted") return { code: "accepted_needed" };
  }
  if (issue.code === "too_big" && issue.origin === "array") return { code: "max_items", n: Number(issue.maximum) };
  if (last === "timeLimit") return { code: "time_limit" };
  if (last === "points") return { code: "points" };
  if (last === "category") return { code: "category" };
  return { code: BY_ENGLISH.get(issue.message) ?? "invalid" };
}

/**
 * A picture address as the editor checks it while the author types, by the same rule publishing
 * applies: the address to load (trimmed), or the problem to show at the field. Blank is no picture.
 */
export function checkImageUrl(url: string | undefined): { ok: true; url: string | null } | { ok: false; problem: EditorProblem } {
  if (!url?.trim()) return { ok: true, url: null };
  const parsed = imageUrlSchema.safeParse(url);
  if (parsed.success) return { ok: true, url: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_big") return { ok: false, problem: { code: "max_chars", n: LIMITS.imageUrlMax } };
  return { ok: false, problem: { code: BY_ENGLISH.get(issue?.message ?? "") ?? "image_url" } };
}

/** An audio link as the editor checks it while the author types (blank: no clip), by the rule publishing applies. */
export function checkAudioUrl(url: string | undefined): { ok: true; url: string | null } | { ok: false; problem: EditorProblem } {
  if (!url?.trim()) return { ok: true, url: null };
  const parsed = audioUrlSchema.safeParse(url);
  if (parsed.success) return { ok: true, url: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_big") return { ok: false, problem: { code: "max_chars", n: LIMITS.imageUrlMax } };
  return { ok: false, problem: { code: BY_ENGLISH.get(issue?.message ?? "") ?? "audio_url" } };
}

/**
 * Checks a draft against every rule of docs/rules.md §5. On success, the quiz as the authoring schema
 * reads it; otherwise every problem, keyed by the editor field it belongs to.
 */
export function validateForPublish(doc: EditorDoc): { ok: true; quiz: QuizInput } | { ok: false; errors: EditorErrors } {
  const parsed = publishableQuiz.safeParse(docToInput(doc));
  if (parsed.success) return { ok: true, quiz: parsed.data };
  const errors: EditorErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    errors[key] ??= problemFor(issue, doc);
  }
  return { ok: false, errors };
}

export const POINT_CHOICES = POINTS;
