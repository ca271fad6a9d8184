import { z } from "./zod";
import { QUESTION_TYPES, type Choice, type QuestionData } from "./question";
import { CONTROL_MESSAGE, hasControlChars } from "./text";
import { WORDCLOUD_LIMITS } from "./wordcloud-limits";
import { OPEN_LIMITS } from "./open-answer";
import { CATEGORIES, DIFFICULTIES, LIMITS, POINTS, VISIBILITIES } from "./quiz-limits";

/**
 * The authoring shape of a quiz (docs/rules.md §5 rules): what the demo content, the Quizdeck JSON
 * format and the editor write. Options and items are plain strings; ids are given when stored.
 */
export { CATEGORIES, DIFFICULTIES, LIMITS, POINTS, VISIBILITIES, type Category } from "./quiz-limits";

// Quiz text may hold tabs and line breaks (GIFT, CSV) but no other control character.
const text = () => z.string().refine((v) => !hasControlChars(v, true), CONTROL_MESSAGE);
const trimmed = (max: number, min = 1) => text().trim().min(min).max(max);
const timeLimit = z.number().int().min(LIMITS.timeMin).max(LIMITS.timeMax);

/**
 * A question's picture is a link the author gives, shown to every player by their own browser.
 * Only an absolute http(s) address: a `javascript:` link cannot run from an <img>, but nothing
 * else belongs there either (a `data:` URL would put megabytes into every question row and
 * payload, `ftp:` and relative paths do not load), and the rule says so at the field rather than
 * leaving a picture that never shows. Trimmed first, as a pasted address often carries spaces.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.imageUrlMax)
  .refine((v) => !hasControlChars(v), CONTROL_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/, message: "Use a web address that starts with http:// or https://" }));

/**
 * A question's audio clip (docs/rules.md §5 "Audio"): like a picture, a link to the author's own
 * address that each browser loads itself: an absolute http(s) address of at most 2,000
 * characters. Its file name decides nothing when it has no extension (a streaming address, say);
 * when the last part of the path has one, it is .mp3, .ogg, .oga, .opus or .m4a (any case),
 * so a picture or a page pasted by mistake is refused at the field.
 */
export const AUDIO_EXTENSIONS = ["mp3", "ogg", "oga", "opus", "m4a"] as const;

/** Whether an address's path names an audio file by the rule above (no extension passes). */
export function audioExtensionOk(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  if (dot <= 0 || dot === last.length - 1) return true;
  return (AUDIO_EXTENSIONS as readonly string[]).includes(last.slice(dot + 1).toLowerCase());
}

export const audioUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.imageUrlMax)
  .refine((v) => !hasControlChars(v), CONTROL_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/, message: "Use a web address that starts with http:// or https://" }))
  .refine(audioExtensionOk, "Use a link to an .mp3, .ogg or .m4a file");

const common = {
  prompt: trimmed(LIMITS.promptMax),
  explanation: text().trim().max(LIMITS.explanationMax).default(""),
  hint: text().trim().max(LIMITS.hintMax).optional(),
  timeLimit: timeLimit.optional(),
  points: z.union(POINTS.map((p) => z.literal(p))).default(1000),
  imageUrl: imageUrlSchema.optional(),
  /** What the picture shows, for people who cannot see it (the image's alt text). */
  imageAlt: text().trim().max(LIMITS.imageAltMax).optional(),
  /** A sound to play with the question (see audioUrlSchema). */
  audioUrl: audioUrlSchema.optional(),
};

/** A poll, a slide or a word cloud is worth nothing: any points given (an import's) are read as 0. */
const noPoints = z
  .union(POINTS.map((p) => z.literal(p)))
  .optional()
  .transform((): 0 => 0);

const options = z
  .array(trimmed(LIMITS.optionMax))
  .min(LIMITS.optionsMin)
  .max(LIMITS.optionsMax)
  .refine((opts) => new Set(opts.map((o) => o.trim().toLowerCase())).size === opts.length, {
    message: "Two options are the same",
  });

const feedbackText = text().trim().max(LIMITS.feedbackMax);
/** Per-option feedback, one entry per option ("" for none). */
const optionFeedback = z.array(feedbackText).max(LIMITS.optionsMax).optional();
const sameLength = (q: { options: string[]; optionFeedback?: string[] | undefined }) => !q.optionFeedback || q.optionFeedback.length === q.options.length;
const sameLengthMessage = { message: "Give one feedback per option (empty for none)", path: ["optionFeedback"] };

/** A partial answer's worth: percent of the points, above 0 and below 100 (docs/rules.md, Partial credit). */
const partialWeight = z.number().finite().gt(0).lt(100);
/** Per-option weights of a single-choice question, in percent (0: none); the correct option's is ignored (100). */
const optionWeights = z.array(z.number().finite().min(0).max(100)).max(LIMITS.optionsMax).optional();
/** Numbers worth part of the points (GIFT's `=%50%1822:2`). */
const numberPartial = z.array(z.object({ answer: z.number().finite(), tolerance: z.number().finite().min(0).default(0), weight: partialWeight })).max(LIMITS.acceptedMax).optional();

export const questionInput = z.discriminatedUnion("type", [
  z
    .object({ type: z.literal("single"), ...common, options, optionFeedback, optionWeights, correct: z.number().int().min(0) })
    .refine((q) => q.correct < q.options.length, { message: "Pick the correct option", path: ["correct"] })
    .refine(sameLength, sameLengthMessage)
    .refine((q) => !q.optionWeights || q.optionWeights.length === q.options.length, { message: "Give one weight per option (0 for none)", path: ["optionWeights"] })
    .refine((q) => (q.optionWeights ?? []).every((w, i) => i === q.correct || w < 100), {
      message: "Only the correct option is worth 100 %",
      path: ["optionWeights"],
    }),
  z
    .object({
      type: z.literal("multiple"),
      ...common,
      options,
      optionFeedback,
      correct: z.array(z.number().int().min(0)).min(1, "Pick at least one correct option"),
    })
    .refine((q) => q.correct.every((c) => c < q.options.length) && new Set(q.correct).size === q.correct.length, {
      message: "Correct options must be distinct options of this question",
      path: ["correct"],
    })
    .refine(sameLength, sameLengthMessage),
  z.object({
    type: z.literal("boolean"),
    ...common,
    correct: z.boolean(),
    /** Feedback for a right and for a wrong answer. */
    feedback: z.object({ right: feedbackText.optional(), wrong: feedbackText.optional() }).optional(),
  }),
  z
    .object({
      type: z.literal("text"),
      ...common,
      accepted: z.array(trimmed(LIMITS.acceptedLenMax)).min(1).max(LIMITS.acceptedMax),
      /** Percent per accepted answer, in its order (absent: all 100 %). */
      acceptedWeights: z.array(z.number().finite().gt(0).max(100)).max(LIMITS.acceptedMax).optional(),
    })
    .refine((q) => !q.acceptedWeights || q.acceptedWeights.length === q.accepted.length, {
      message: "Give one weight per accepted answer",
      path: ["acceptedWeights"],
    })
    .refine((q) => !q.acceptedWeights || q.acceptedWeights.includes(100), { message: "At least one answer must be worth 100 %", path: ["acceptedWeights"] }),
  z.object({
    type: z.literal("order"),
    ...common,
    items: z.array(trimmed(LIMITS.optionMax)).min(LIMITS.optionsMin).max(LIMITS.optionsMax),
  }),
  z
    .object({
      type: z.literal("number"),
      ...common,
      answer: z.number().finite(),
      min: z.number().finite(),
      max: z.number().finite(),
      tolerance: z.number().finite().min(0).default(0),
      unit: text().trim().max(20).optional(),
      partial: numberPartial,
      /** "closest": an estimation (docs/rules.md, Estimation). */
      scoring: z.enum(["exact", "closest"]).optional(),
    })
    .refine((q) => q.min < q.max, { message: "Minimum must be below maximum", path: ["max"] })
    .refine((q) => q.answer >= q.min && q.answer <= q.max, {
      message: "The answer must lie between minimum and maximum",
      path: ["answer"],
    }),
  /** A poll: options to vote on, none right; it carries no points (docs/rules.md §5). */
  z.object({ type: z.literal("poll"), ...common, points: noPoints, options }),
  /** A slide: a title (the prompt), text and an optional picture; no answer, no points. */
  z.object({
    type: z.literal("slide"),
    ...common,
    points: noPoints,
    text: text().trim().max(LIMITS.slideTextMax).default(""),
  }),
  /** A word cloud: each player gives 1–maxWords short answers; no right answer, no points. */
  z.object({
    type: z.literal("wordcloud"),
    ...common,
    points: noPoints,
    maxWords: z.number().int().min(WORDCLOUD_LIMITS.maxWordsMin).max(WORDCLOUD_LIMITS.maxWordsMax).default(1),
  }),
  /** An open answer: free text of at most maxLength characters, not auto-graded (docs/rules.md §5). */
  z.object({
    type: z.literal("open"),
    ...common,
    maxLength: z.number().int().min(OPEN_LIMITS.maxLengthMin).max(OPEN_LIMITS.maxLengthMax).default(OPEN_LIMITS.maxLengthDefault),
    modelAnswer: text().trim().max(OPEN_LIMITS.modelAnswerMax).optional(),
  }),
]);
export type QuestionInput = z.infer<typeof questionInput>;

export const quizInput = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens")
    .max(80)
    .optional(),
  title: trimmed(LIMITS.titleMax, LIMITS.titleMin),
  description: text().trim().max(LIMITS.descriptionMax).default(""),
  category: z.enum(CATEGORIES),
  difficulty: z.enum(DIFFICULTIES).default("mixed"),
  language: z.string().regex(/^[a-z]{2}$/, "Use a two-letter language code").default("en"),
  tags: z.array(trimmed(LIMITS.tagMax).toLowerCase()).max(LIMITS.tagsMax).default([]),
  visibility: z.enum(VISIBILITIES).default("public"),
  speedBonus: z.boolean().default(true),
  streakBonus: z.boolean().default(true),
  timeLimit: timeLimit.default(20),
  source: text().max(500).optional(),
  licence: text().max(200).optional(),
  questions: z.array(questionInput).max(LIMITS.questionsMax),
});
export type QuizInput = z.infer<typeof quizInput>;

/** A quiz may be published only with 1–200 questions (a draft may have none). */
export const publishableQuiz = quizInput.extend({
  questions: z.array(questionInput).min(1, "Add at least one question").max(LIMITS.questionsMax),
});

/** Turns an authored question into stored data, giving each option and item an opaque id. */
export function toQuestionData(q: QuestionInput, newId: () => string): QuestionData {
  const choices = (texts: string[], feedback?: string[]): Choice[] =>
    texts.map((text, i) => (feedback?.[i] ? { id: newId(), text, feedback: feedback[i] } : { id: newId(), text }));
  switch (q.type) {
    case "single": {
      const opts = choices(q.options, q.optionFeedback).map((o, i) => (i !== q.correct && (q.optionWeights?.[i] ?? 0) > 0 ? { ...o, weight: q.optionWeights?.[i] as number } : o));
      return { type: "single", options: opts, correct: (opts[q.correct] as Choice).id };
    }
    case "multiple": {
      const opts = choices(q.options, q.optionFeedback);
      return { type: "multiple", options: opts, correct: q.correct.map((i) => (opts[i] as Choice).id) };
    }
    case "boolean": {
      const feedback = { ...(q.feedback?.right ? { right: q.feedback.right } : {}), ...(q.feedback?.wrong ? { wrong: q.feedback.wrong } : {}) };
      return Object.keys(feedback).length > 0 ? { type: "boolean", correct: q.correct, feedback } : { type: "boolean", correct: q.correct };
    }
    case "text":
      return q.acceptedWeights?.some((w) => w !== 100) ? { type: "text", accepted: q.accepted, weights: q.acceptedWeights } : { type: "text", accepted: q.accepted };
    case "order":
      return { type: "order", items: choices(q.items) };
    case "number":
      return {
        type: "number",
        min: q.min,
        max: q.max,
        answer: q.answer,
        tolerance: q.tolerance,
        ...(q.unit ? { unit: q.unit } : {}),
        ...(q.partial?.length ? { partial: q.partial } : {}),
        ...(q.scoring === "closest" ? { scoring: "closest" as const } : {}),
      };
    case "poll":
      return { type: "poll", options: choices(q.options) };
    case "slide":
      return { type: "slide", text: q.text };
    case "wordcloud":
      return { type: "wordcloud", maxWords: q.maxWords };
    case "open":
      return q.modelAnswer ? { type: "open", maxLength: q.maxLength, modelAnswer: q.modelAnswer } : { type: "open", maxLength: q.maxLength };
  }
}

export { QUESTION_TYPES };
