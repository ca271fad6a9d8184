/**
 * The authoring limits and choices of a quiz (docs/rules.md §5): what the editor's fields offer
 * and cap. Apart from the schema that enforces them (quiz-schema.ts, built on zod) so that the
 * editor's page takes these without the schema.
 */
export const DIFFICULTIES = ["easy", "medium", "hard", "mixed"] as const;
export const VISIBILITIES = ["public", "unlisted", "private"] as const;
export const CATEGORIES = [
  "science",
  "geography",
  "history",
  "languages",
  "programming",
  "music",
  "sport",
  "art",
  "film",
  "food",
  "nature",
  "maths",
  "general",
] as const;
export type Category = (typeof CATEGORIES)[number];
export const POINTS = [0, 1000, 2000] as const;
export const LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 2000,
  questionsMax: 200,
  tagsMax: 10,
  tagMax: 30,
  promptMax: 500,
  optionsMin: 2,
  optionsMax: 6,
  optionMax: 200,
  acceptedMax: 10,
  acceptedLenMax: 100,
  timeMin: 5,
  timeMax: 240,
  explanationMax: 1000,
  hintMax: 200,
  feedbackMax: 500,
  imageUrlMax: 2000,
  imageAltMax: 200,
  slideTextMax: 2000,
} as const;
