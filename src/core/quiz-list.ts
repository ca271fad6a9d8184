import { z } from "zod";
import { QUESTION_TYPES } from "./question";
import { CATEGORIES, DIFFICULTIES } from "./quiz-schema";

export const SORTS = ["popular", "rating", "new"] as const;
export type Sort = (typeof SORTS)[number];
export const MAX_PAGE_SIZE = 100;

// Query-string values arrive as strings (or not at all); empty means "no filter".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** Filters and paging for the quiz library: the /explore URL and GET /api/v1/quizzes share it. */
export const quizListQuery = z.object({
  q: optional(z.string().trim().max(100)),
  category: optional(z.enum(CATEGORIES)),
  difficulty: optional(z.enum(DIFFICULTIES)),
  language: optional(z.string().regex(/^[a-z]{2}$/, "Use a two-letter language code")),
  type: optional(z.enum(QUESTION_TYPES)),
  minQuestions: optional(z.coerce.number().int().min(0).max(200)),
  maxQuestions: optional(z.coerce.number().int().min(0).max(200)),
  sort: optional(z.enum(SORTS)),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  limit: optional(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)).transform((v) => v ?? 24),
});
export type QuizListQuery = z.infer<typeof quizListQuery>;

/** Splits a search into words and builds a prefix tsquery ("sola sys" → "sola:* & sys:*"). */
export function toPrefixTsQuery(q: string): string | null {
  const words = q
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** Estimated minutes to play: the time limits plus a few seconds to read each explanation. */
export function estimatedMinutes(timeLimits: number[]): number {
  const seconds = timeLimits.reduce((sum, t) => sum + t * 0.6 + 5, 0);
  return Math.max(1, Math.round(seconds / 60));
}
