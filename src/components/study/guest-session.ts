import { guestPreview, guestQueue, guestReview } from "@/core/study/guest";
import { intervalLabel } from "@/core/study/interval";
import type { GuestCard, GuestReview } from "@/core/study/merge";
import { RATINGS, type StudyRating } from "@/core/study/ratings";
import type { StudyCard, StudyReveal } from "@/core/study/session";
import { browserTimeZone, loadGuestProgress, saveGuestReview } from "./guest-store";

/**
 * A guest's study session in their browser: their cards from IndexedDB and FSRS (ts-fsrs) to
 * schedule them. The study page loads this module only for a guest, after its first card is on
 * screen (src/components/study/study-session.tsx): members' pages never carry it.
 */
export type GuestState = { cards: Map<string, GuestCard>; reviews: GuestReview[] };

/** What this browser keeps, and the session it makes of the server's cards (none kept: null). */
export async function loadGuestSession(questions: StudyCard[]): Promise<{ state: GuestState; queue: StudyCard[] | null }> {
  const progress = await loadGuestProgress();
  const cards = new Map(progress.cards.map((c) => [c.questionId, c]));
  const state = { cards, reviews: progress.reviews };
  if (progress.cards.length === 0 && progress.reviews.length === 0) return { state, queue: null };
  const queue = guestQueue(questions, cards, progress.reviews, new Date(), browserTimeZone()).map((c) => ({ ...c.item, kind: c.kind }));
  return { state, queue };
}

/** The server knows nothing of a guest's card: each button's interval comes from the one kept here. */
export function guestIntervals(state: GuestState, questionId: string): StudyReveal["intervals"] {
  const now = new Date();
  const dues = guestPreview(state.cards.get(questionId), questionId, now);
  return Object.fromEntries(RATINGS.map((r) => [r, intervalLabel(now, dues[r])])) as StudyReveal["intervals"];
}

/** One review of a guest's card, kept when the browser can (the session goes on either way). */
export async function rateAsGuest(
  state: GuestState,
  questionId: string,
  rating: StudyRating,
  reviewId: string,
  durationMs: number | null,
): Promise<{ state: GuestState; due: Date }> {
  const reviewed = guestReview(state.cards.get(questionId), questionId, rating, new Date(), reviewId, durationMs);
  await saveGuestReview(reviewed.card, reviewed.review).catch(() => false);
  return {
    state: { cards: new Map(state.cards).set(questionId, reviewed.card), reviews: [...state.reviews, reviewed.review] },
    due: reviewed.card.memory.due,
  };
}
