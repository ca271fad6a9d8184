import { z } from "./zod";
import { QUESTION_TYPES } from "./question";
import { CATEGORIES, DIFFICULTIES } from "./quiz-schema";
import { stripControlChars } from "./text";

export const SORTS = ["popular", "rating", "new"] as const;
/** Named question-count ranges for the library's length filter. */
export const LENGTHS = { short: [1, 10], medium: [11, 20], long: [21, 200] } as const;
export type Length = keyof typeof LENGTHS;
export type Sort = (typeof SORTS)[number];
export const MAX_PAGE_SIZE = 100;
/** The longest search: the search boxes stop there (maxLength), and the API refuses more. */
export const SEARCH_MAX = 100;

// Query-string values arrive as strings (or not at all); empty means "no filter".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** Filters and paging for the quiz library: the /explore URL and GET /api/v1/quizzes share it. */
export const quizListQuery = z.object({
  // Free-form: control characters (a NUL cannot reach PostgreSQL) become spaces, not an error.
  q: optional(z.string().overwrite(stripControlChars).trim().max(SEARCH_MAX)),
  category: optional(z.enum(CATEGORIES)),
  difficulty: optional(z.enum(DIFFICULTIES)),
  language: optional(z.string().regex(/^[a-z]{2}$/, "Use a two-letter language code")),
  type: optional(z.enum(QUESTION_TYPES)),
  length: optional(z.enum(Object.keys(LENGTHS) as [Length, ...Length[]])),
  minQuestions: optional(z.coerce.number().int().min(0).max(200)),
  maxQuestions: optional(z.coerce.number().int().min(0).max(200)),
  sort: optional(z.enum(SORTS)),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  limit: optional(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)).transform((v) => v ?? 24),
});
export type QuizListQuery = z.infer<typeof quizListQuery>;

/** The question-count range a query asks for: an explicit min/max wins over a named length. */
export function questionCountRange(query: Pick<QuizListQuery, "length" | "minQuestions" | "maxQuestions">) {
  const named = query.length ? LENGTHS[query.length] : undefined;
  return { min: query.minQuestions ?? named?.[0], max: query.maxQuestions ?? named?.[1] };
}

/**
 * Parses library filters from a URL, dropping only the values that break a rule, so a hand-edited
 * or outdated link still shows results instead of an error page. A search longer than SEARCH_MAX
 * is cut there rather than dropped: dropping it would list every quiz as if it were the results.
 */
export function parseListQueryLenient(params: Record<string, string | string[] | undefined>): QuizListQuery {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v !== undefined) flat[key] = v;
  }
  if (flat.q !== undefined) flat.q = flat.q.trim().slice(0, SEARCH_MAX);
  const first = quizListQuery.safeParse(flat);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete flat[String(issue.path[0])];
  return quizListQuery.parse(flat);
}

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
