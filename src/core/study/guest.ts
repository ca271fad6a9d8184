/**
 * A guest's study, run in their browser with the same rules as a member's on the server: FSRS
 * with the default settings, the same daily limits and the same session order. Their cards and
 * review log are kept in the browser until they sign in (see merge.ts).
 */
import type { GuestCard, GuestReview } from "./merge";
import { newCardMemory, previewDue, reviewCard, schedulerFor, type StudyRating } from "./scheduler";
import { DEFAULT_STUDY_SETTINGS } from "./settings";

export { freshGuestQueue, guestQueue } from "./guest-queue";

const scheduler = schedulerFor(DEFAULT_STUDY_SETTINGS);

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
