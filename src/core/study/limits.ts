import { studyDayStart } from "./day";
import type { StudySettings } from "./settings";

/**
 * Today's use of the limits, from a review log (the study day starts at 4:00 in `timeZone`): the
 * first reviews of new cards, and the reviews of cards in review. A guest's browser counts its own
 * log with it, and so needs this module to stay light (no scheduler, no zod).
 */
export function usedToday(reviews: readonly { state: string; reviewedAt: Date }[], now: Date, timeZone: string) {
  const since = studyDayStart(now, timeZone).getTime();
  const today = reviews.filter((r) => r.reviewedAt.getTime() >= since && r.reviewedAt.getTime() <= now.getTime());
  return { newStudied: today.filter((r) => r.state === "new").length, reviewsDone: today.filter((r) => r.state === "review").length };
}

/**
 * What a study day still allows: new cards up to the day's limit, and reviews up to the maximum.
 * Cards in (re)learning are not limited: they were started today and must be finished, as Anki
 * does.
 */
export function dayAllowance(settings: Pick<StudySettings, "newPerDay" | "maxReviewsPerDay">, today: { newStudied: number; reviewsDone: number }) {
  return {
    newCards: Math.max(0, settings.newPerDay - today.newStudied),
    reviews: Math.max(0, settings.maxReviewsPerDay - today.reviewsDone),
  };
}

/**
 * As Anki's learn-ahead limit: when nothing else is left, (re)learning cards due within this
 * long are shown now rather than making the learner wait for a 10-minute step.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

export type QueueCard<T> = { item: T; kind: "learning" | "review" | "new"; due: Date };

/**
 * The order of a session: learning cards that are due, then due reviews (oldest first) within
 * the review allowance, then new cards within the new allowance, then learning cards due within
 * the learn-ahead limit.
 */
export function buildQueue<T>(
  due: { item: T; due: Date; state: "learning" | "review" | "relearning" }[],
  fresh: T[],
  allowance: { newCards: number; reviews: number },
  now: Date,
): QueueCard<T>[] {
  const byDue = [...due].sort((a, b) => a.due.getTime() - b.due.getTime());
  const isDue = (c: { due: Date }) => c.due.getTime() <= now.getTime();
  const learningCards = byDue.filter((c) => c.state !== "review" && c.due.getTime() <= now.getTime() + LEARN_AHEAD_MS);
  const learning = [...learningCards.filter(isDue), ...learningCards.filter((c) => !isDue(c))].map((c) => ({
    item: c.item,
    kind: "learning" as const,
    due: c.due,
  }));
  const reviews = byDue
    .filter((c) => c.state === "review" && isDue(c))
    .slice(0, allowance.reviews)
    .map((c) => ({ item: c.item, kind: "review" as const, due: c.due }));
  const news = fresh.slice(0, allowance.newCards).map((item) => ({ item, kind: "new" as const, due: new Date(0) }));
  // Learning cards not yet due wait behind everything that is.
  const early = learning.filter((c) => !isDue(c));
  return [...learning.filter(isDue), ...reviews, ...news, ...early];
}
