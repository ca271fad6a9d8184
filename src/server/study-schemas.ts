import { z } from "zod";
import { RATINGS } from "@/core/study/scheduler";
import { playQuestion } from "./api-schemas";

/** Study inputs, shared by the server actions, the API and the OpenAPI document. */
export const studyAnswerInput = z.object({
  questionId: z.uuid(),
  answer: z
    .union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()])
    .describe("As in solo play; null: reveal without answering"),
  timeMs: z.number().int().min(0).max(86_400_000),
});

export const studyReviewInput = z.object({
  questionId: z.uuid(),
  rating: z.enum(RATINGS),
  /** The client's id for this review: sending the same review twice records it once. */
  clientReviewId: z.string().min(8).max(64).regex(/^[A-Za-z0-9_.:-]+$/),
  durationMs: z.number().int().min(0).max(86_400_000).nullable().optional(),
});

export const studyDueQuery = z.object({
  quiz: z.string().min(1).max(120).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// Responses, for the OpenAPI document.
const answerValue = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);
const intervalLabel = z.object({ count: z.number(), unit: z.enum(["minute", "hour", "day", "month", "year"]) });
const cardState = z.enum(["new", "learning", "review", "relearning"]);

export const studyDueResult = z.object({
  total: z.int().describe("Cards due now in all (or in the quiz asked for)"),
  items: z.array(
    z.object({
      questionId: z.uuid(),
      quiz: z.string().describe("The quiz's slug"),
      state: cardState,
      due: z.iso.datetime(),
      question: playQuestion.describe("The question without its answer key; POST a review to get the key"),
    }),
  ),
});

export const studyReviewResult = z.object({
  saved: z.boolean(),
  duplicate: z.boolean().describe("This clientReviewId was recorded before: nothing changed"),
  state: cardState,
  due: z.iso.datetime(),
  interval: intervalLabel,
  correctAnswer: answerValue,
  explanation: z.string(),
});

const day = z.object({ date: z.iso.date(), count: z.int() });
export const studyStatsResult = z.object({
  settings: z.object({
    desiredRetention: z.number(),
    newPerDay: z.int(),
    maxReviewsPerDay: z.int(),
    weights: z.array(z.number()).nullable(),
    timeZone: z.string(),
  }),
  today: z.object({ newStudied: z.int(), reviewsDone: z.int(), newLeft: z.int(), reviewsLeft: z.int() }),
  decks: z.array(z.object({ slug: z.string(), title: z.string(), due: z.int(), new: z.int(), total: z.int() })),
  streak: z.int(),
  forecast: z.array(day),
  heatmap: z.array(day),
  retention: z.object({ desired: z.number(), achieved: z.number().nullable(), reviews: z.int() }),
  totalReviews: z.int(),
});
