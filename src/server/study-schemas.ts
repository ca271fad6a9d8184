import { z } from "zod";
import { RATINGS } from "@/core/study/scheduler";
import { timeZoneInput } from "@/core/study/settings-schema";
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

const cardState = z.enum(["new", "learning", "review", "relearning"]);

// Responses, for the OpenAPI document.
const answerValue = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);
const intervalLabel = z.object({ count: z.number(), unit: z.enum(["minute", "hour", "day", "month", "year"]) });

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

/** The most a guest's browser sends at once: far more than weeks of daily study. */
export const GUEST_MAX_CARDS = 5000;
export const GUEST_MAX_REVIEWS = 20000;
/** Room for GUEST_MAX_REVIEWS review lines of about 300 bytes and the cards. */
export const GUEST_PROGRESS_BODY_LIMIT = 8 * 1024 * 1024;

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const memory = {
  due: instant,
  stability: z.number().min(0).max(1e6),
  difficulty: z.number().min(0).max(10),
  elapsedDays: z.int().min(0).max(1e6),
  scheduledDays: z.int().min(0).max(1e6),
  learningSteps: z.int().min(0).max(100),
};

export const guestProgressInput = z.object({
  cards: z
    .array(
      z.object({
        questionId: z.uuid(),
        memory: z.object({
          ...memory,
          reps: z.int().min(0).max(1e6),
          lapses: z.int().min(0).max(1e6),
          state: cardState,
          lastReview: instant.nullable(),
        }),
      }),
    )
    .max(GUEST_MAX_CARDS),
  reviews: z
    .array(
      z.object({
        id: studyReviewInput.shape.clientReviewId,
        questionId: z.uuid(),
        rating: z.enum(RATINGS),
        state: cardState.describe("The card's state before the review"),
        ...memory,
        durationMs: z.int().min(0).max(86_400_000).nullable(),
        reviewedAt: instant,
      }),
    )
    .max(GUEST_MAX_REVIEWS),
});

export const guestProgressResult = z.object({
  cards: z.int().describe("Cards whose state came from the guest (they reviewed it last)"),
  reviews: z.int().describe("Reviews added to the member's log (those already there are skipped)"),
  skipped: z.int().describe("Questions that no longer exist"),
});

/**
 * What a guest's browser sends to see its decks (core/study/decks, GuestStudySummary): dates come
 * as Date objects through the server action.
 */
export const guestStudyInput = z.object({
  now: z.date(),
  timeZone: timeZoneInput,
  today: z.object({ newStudied: z.int().min(0).max(1e6), reviewsDone: z.int().min(0).max(1e6) }),
  streak: z.int().min(0).max(1e6),
  cards: z.array(z.object({ questionId: z.uuid(), due: z.date() })).max(GUEST_MAX_CARDS),
});

/** A member's first study page: the zone their device runs in. */
export const deviceTimeZoneInput = z.object({ timeZone: timeZoneInput });
