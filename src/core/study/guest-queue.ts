/**
 * A guest's session order, apart from their scheduler (guest.ts, ts-fsrs): the study page lays out
 * a new guest's first card with this alone, before any scheduler code has loaded.
 */
import { buildQueue, dayAllowance, usedToday, type QueueCard } from "./limits";
import type { GuestCard, GuestReview } from "./merge";
import { DEFAULT_STUDY_SETTINGS } from "./settings";

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

/**
 * The session of a guest who has studied nothing yet (no cards, no reviews): the same as
 * guestQueue's for any time and zone, so the server and the browser lay it out alike.
 */
export function freshGuestQueue<T extends { id: string }>(questions: readonly T[]): QueueCard<T>[] {
  return guestQueue(questions, new Map(), [], new Date(0), "UTC");
}
