import { z } from "zod";
import { QUESTION_TYPES } from "@/core/question";
import { quizListQuery } from "@/core/quiz-list";
import { CATEGORIES, DIFFICULTIES, VISIBILITIES } from "@/core/quiz-schema";
import { QUIZ_STATUSES } from "@/core/quiz-visibility";
import { ERRORS } from "./errors";

/** Response shapes of /api/v1, written once: the OpenAPI document is generated from them. */
const choice = z.object({ id: z.string(), text: z.string() });

export const publicQuestionData = z.discriminatedUnion("type", [
  z.object({ type: z.literal("single"), options: z.array(choice) }),
  z.object({ type: z.literal("multiple"), options: z.array(choice) }),
  z.object({ type: z.literal("boolean") }),
  z.object({ type: z.literal("text") }),
  z.object({ type: z.literal("order"), items: z.array(choice).describe("Shown shuffled; never in the correct order") }),
  z.object({ type: z.literal("number"), min: z.number(), max: z.number(), unit: z.string().optional() }),
  z.object({ type: z.literal("poll"), options: z.array(choice).describe("None is right; answer with an option id") }),
  z.object({ type: z.literal("slide"), text: z.string().describe("Content only: answer null to continue") }),
  z.object({
    type: z.literal("wordcloud"),
    maxWords: z.int().min(1).max(3).describe("Answer with a list of 1 to maxWords words of at most 40 characters each"),
  }),
  z.object({
    type: z.literal("open"),
    maxLength: z.int().min(1).max(500).describe("Answer with free text of at most maxLength characters; not auto-graded (0 points, graded false)"),
  }),
]);

export const publicQuestion = z.object({
  id: z.uuid(),
  position: z.int(),
  type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  timeLimit: z.int().describe("Seconds"),
  points: z.union([z.literal(0), z.literal(1000), z.literal(2000)]),
  imageUrl: z.string().nullable().describe("The question's picture: an http(s) address of any host"),
  imageAlt: z.string().nullable().describe("What the picture shows, for people who cannot see it (its alt text)"),
  audioUrl: z.string().optional().describe("The question's audio clip: an http(s) address of any host (.mp3, .ogg, .oga, .opus, .m4a or no extension); absent without one"),
  hasHint: z.boolean(),
  data: publicQuestionData,
});

const rating = z.object({ average: z.number(), count: z.int() });
const author = z.object({ handle: z.string(), name: z.string() });

export const quizSummary = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  language: z.string(),
  questionCount: z.int(),
  questionTypes: z.array(z.enum(QUESTION_TYPES)),
  playCount: z.int(),
  rating,
  author,
  createdAt: z.iso.datetime(),
});

export const quizList = z.object({ items: z.array(quizSummary), total: z.int() });

export const publicQuiz = quizSummary.omit({ questionCount: true, questionTypes: true }).extend({
  id: z.uuid(),
  tags: z.array(z.string()),
  timeLimit: z.int(),
  speedBonus: z.boolean(),
  streakBonus: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  status: z.enum(QUIZ_STATUSES).describe("published, or hidden by a moderator (seen only by its owner and admins); draft for the owner's unpublished quiz"),
  source: z.string().nullable(),
  licence: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  questions: z.array(publicQuestion),
});

export const health = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["pglite", "postgres"]) });

export const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERRORS) as [keyof typeof ERRORS, ...(keyof typeof ERRORS)[]]),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    fieldCodes: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("validation_failed: each field's problems as stable codes (the messages of `fields` in English)"),
    lines: z.array(z.object({ line: z.int(), reason: z.string() })).optional(),
    window: z
      .object({ state: z.enum(["upcoming", "closed"]), at: z.iso.datetime() })
      .optional()
      .describe("challenge_closed: whether the challenge opens later or has closed, and when"),
  }),
});

export { quizListQuery };

/** Solo play (issue 3). */
export const playQuestion = publicQuestion.omit({ hasHint: true }).extend({ hasHint: z.boolean() });
const answerValue = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);
/** docs/rules.md, "Formatting and math": the HTML of the texts shown that have formatting, by their source. */
const richTexts = z
  .record(z.string(), z.string())
  .optional()
  .describe("Safe HTML of each shown text that has formatting or math, keyed by the text (absent when all are plain)");

export const attemptStarted = z.object({
  attemptId: z.uuid(),
  question: playQuestion.nullable(),
  deadline: z.iso.datetime().nullable().describe("When the question's answer window closes, by the server's clock"),
  total: z.int(),
});

export const attemptState = z.object({
  id: z.uuid(),
  status: z.enum(["in_progress", "finished", "abandoned"]),
  nickname: z.string(),
  quiz: z.object({ slug: z.string(), title: z.string(), language: z.string() }),
  position: z.int(),
  total: z.int(),
  score: z.int(),
  correctCount: z.int(),
  streak: z.int(),
  bestStreak: z.int(),
  question: playQuestion.nullable(),
  hint: z
    .object({ text: z.string().nullable(), removedOptionIds: z.array(z.string()).optional(), firstLetter: z.string().optional(), rich: richTexts })
    .nullable(),
  deadline: z.iso.datetime().nullable(),
  serverNow: z.iso.datetime(),
  expired: z.object({ questionId: z.uuid(), correctAnswer: answerValue, points: z.int() }).passthrough().nullable(),
  rich: richTexts,
});

export const answerResult = z.object({
  correct: z.boolean(),
  correctAnswer: answerValue.describe("Same shape as the answer"),
  explanation: z.string(),
  points: z.int(),
  streak: z.int(),
  score: z.int().describe("Running total"),
  graded: z.boolean().describe("False for a poll, a slide, a word cloud or an open answer: no right answer, no points (an open answer is not marked; correctAnswer is its model answer or an empty string)"),
  poll: z
    .array(z.object({ id: z.string(), text: z.string(), count: z.int() }))
    .optional()
    .describe("A poll's votes from everyone who played it, this one included"),
  cloud: z
    .array(z.object({ text: z.string(), count: z.int() }))
    .optional()
    .describe("A word cloud's most given words (at most 50) from everyone who played it, this answer included"),
  next: playQuestion.nullable().describe("The following question (its clock has started), or null at the end"),
  deadline: z.iso.datetime().nullable(),
  finished: z.boolean(),
});

export const hintResult = z.object({
  questionId: z.uuid(),
  hint: z.object({ text: z.string().nullable(), removedOptionIds: z.array(z.string()).optional(), firstLetter: z.string().optional(), rich: richTexts }),
});

export const finishResult = z.object({
  attemptId: z.uuid(),
  score: z.int(),
  correctCount: z.int(),
  total: z.int(),
  bestStreak: z.int(),
  durationMs: z.int().nullable(),
  rank: z.int(),
  review: z.array(z.object({ position: z.int(), prompt: z.string(), correct: z.boolean(), points: z.int() }).passthrough()).nullable(),
});

const leaderboardEntry = z.object({
  rank: z.int(),
  attemptId: z.uuid(),
  nickname: z.string(),
  score: z.int(),
  durationMs: z.int(),
  finishedAt: z.iso.datetime(),
  isViewer: z.boolean(),
});
export const leaderboardResult = z.object({ top: z.array(leaderboardEntry), viewer: leaderboardEntry.nullable(), players: z.int() });

/** Self-paced challenges (docs/rules.md §11). */
const challengeTimes = {
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime().describe("Exclusive: from this moment nobody may start it"),
  attemptsAllowed: z.int(),
  scoring: z
    .object({
      speedBonus: z.boolean(),
      streakBonus: z.boolean(),
      pointsMultipliers: z.array(z.int()).nullable().describe("×0, ×1 or ×2 per question; null: each question's own points"),
    })
    .describe("How its attempts are scored (docs/rules.md §9, §11)"),
};
const challengeState = z.enum(["upcoming", "open", "closed"]).describe("By the server's clock");

export const challengeCreated = z.object({
  code: z.string().describe("8 characters of Crockford base32"),
  url: z.string().describe("The challenge's page, to hand out"),
  quiz: z.object({ slug: z.string(), title: z.string() }),
  ...challengeTimes,
});

export const challengeStateResult = z.object({
  code: z.string(),
  url: z.string(),
  quiz: z.object({ slug: z.string(), title: z.string(), language: z.string(), status: z.enum(QUIZ_STATUSES) }),
  owner: author,
  ...challengeTimes,
  state: challengeState,
  attemptsUsed: z.int().describe("The caller's attempts at it (a member by account, a guest by the guest cookie)"),
  attemptsLeft: z.int(),
  canManage: z.boolean().describe("The caller made it (or is an admin): GET …/results answers them"),
  openAttempt: z.object({ id: z.uuid(), position: z.int(), total: z.int() }).nullable().describe("The caller's attempt in progress"),
  leaderboard: leaderboardResult.describe("Each player's best finished attempt in this challenge: score, then time"),
});

export const challengeResultsResult = z.object({
  code: z.string(),
  quiz: z.object({ slug: z.string(), title: z.string() }),
  ...challengeTimes,
  state: challengeState,
  attempts: z.array(
    z.object({
      attemptId: z.uuid(),
      nickname: z.string(),
      handle: z.string().nullable().describe("The member's handle; null for a guest"),
      status: z.enum(["in_progress", "finished", "abandoned"]),
      score: z.int(),
      correctCount: z.int(),
      questionCount: z.int(),
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable(),
      durationMs: z.int().nullable(),
    }),
  ),
});

// Base64 of 5 MB is about 6.7 MB; the importer itself enforces the 5 MB limit on the decoded file.
export const importInput = z.object({
  format: z.enum(["json", "csv", "gift", "aiken", "opentdb", "kahoot", "apkg"]),
  // Text as is; a Kahoot! .xlsx or an Anki .apkg as base64 of its bytes.
  content: z.string().max(7_500_000, "The file is larger than 5 MB"),
  skipInvalid: z.boolean().default(false),
  fileName: z.string().max(200).optional(),
});
export type ImportInput = z.infer<typeof importInput>;

export const importResult = z.object({
  quiz: z.object({ slug: z.string() }),
  imported: z.int(),
  skipped: z.array(z.object({ line: z.int(), reason: z.string() })),
  /** Left out without costing a question (an Anki deck's pictures and sounds). */
  notices: z.array(z.string()),
});

export const exportQuery = z.object({ format: z.enum(["json", "csv", "gift", "apkg"]).default("json") });
