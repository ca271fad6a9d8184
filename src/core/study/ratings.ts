/**
 * The four answers to "how well did you know it?", in Anki's and ts-fsrs's order (1–4, the
 * keyboard keys too). Apart from the scheduler so that the study page's buttons and keys come
 * without ts-fsrs, which only a guest's session needs in the browser.
 */
export const RATINGS = ["again", "hard", "good", "easy"] as const;
export type StudyRating = (typeof RATINGS)[number];

export const ratingOfNumber = (n: number): StudyRating | null => RATINGS[n - 1] ?? null;
