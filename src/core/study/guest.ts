/**
 * A guest's study, run in their browser with the same rules as a member's on the server: FSRS
 * with the default settings, the same daily limits and the same session order. Their cards and
 * review log are kept in the browser until they sign in (see merge.ts).
 */
import { buildQueue, dayAllowance, usedToday, type QueueCard } from "./limits";
import type { GuestCard, GuestReview } from "./merge";
import { newCardMemory, previewDue, reviewCard, schedulerFor, type StudyRating } from "./scheduler";
import { DEFAULT_STUDY_SETTINGS } from "./settings";

const scheduler = schedulerFor(DEFAULT_STUDY_SETTINGS);

/**
 * A guest's session of one quiz: `questions` in the quiz's order, their cards by question id.
 * Questions without a card (or with one never reviewed) are new.
 */
export function guestQueue<T extends { id: string }>(
  questions: readonly T[],
  cards: ReadonlyMap<string, GuestCard>,
  reviews: readonly Pick<GuestReview, "state" | "reviewedAt">[],
  now: Date,
  timeZone: string,
): QueueCard<T>[] {
  const due: { item: T; due: Date; state: "learning" | "review" | "relearning" }[] = [];
  const fresh: T[] = [];
  for (const q of questions) {
    const card = cards.get(q.id)?.memory;
    if (!card || card.state === "new") fresh.push(q);
    else due.push({ item: q, due: card.due, state: card.state });
  }
  return buildQueue(due, fresh, dayAllowance(DEFAULT_STUDY_SETTINGS, usedToday(reviews, now, timeZone)), now);
}

/** When each button would bring the guest's card back (seeded by the question id, as on the server). */
export function guestPreview(card: GuestCard | undefined, questionId: string, now: Date): Record<StudyRating, Date> {
  return previewDue(scheduler, card?.memory ?? newCardMemory(now), questionId, now);
}

/** One review of a guest's card: the card after it, and the log line, under the client's review id. */
export function guestReview(
  card: GuestCard | undefined,
  questionId: string,
  rating: StudyRating,
  now: Date,
  reviewId: string,
  durationMs: number | null,
): { card: GuestCard; review: GuestReview } {
  const next = reviewCard(scheduler, card?.memory ?? newCardMemory(now), questionId, rating, now);
  return {
    card: { questionId, memory: next.card },
    review: { ...next.log, id: reviewId, questionId, durationMs, reviewedAt: now },
  };
}
