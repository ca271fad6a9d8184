/**
 * A guest's study progress (kept in their browser) joining a member's account on sign-up or
 * sign-in. Pure: the server loads the member's side, asks this rule what to write, and writes it.
 */
import type { CardMemory, ReviewRecord } from "./scheduler";

/** One review as the browser logged it; `id` is the client review id (unique per learner). */
export type GuestReview = ReviewRecord & {
  id: string;
  questionId: string;
  durationMs: number | null;
};

export type GuestCard = { questionId: string; memory: CardMemory };

export type GuestProgress = { cards: GuestCard[]; reviews: GuestReview[] };

export type MergePlan = {
  /** Cards whose state the guest's copy replaces (or creates): the guest reviewed them last. */
  cards: GuestCard[];
  /** Reviews the member's log does not hold yet. */
  reviews: GuestReview[];
};

const time = (d: Date | null) => (d ? d.getTime() : -Infinity);

/**
 * For each card the state left by its latest review wins: the guest's copy replaces the
 * member's only when the guest reviewed it strictly later (a tie keeps the member's, which the
 * server already trusts). A card the guest never reviewed changes nothing. Review logs are a
 * union by client review id, so merging the same progress twice adds nothing the second time.
 */
export function mergeGuestProgress(
  member: { cards: ReadonlyMap<string, Pick<CardMemory, "lastReview">>; reviewIds: ReadonlySet<string> },
  guest: GuestProgress,
): MergePlan {
  const latest = new Map<string, GuestCard>();
  for (const card of guest.cards) {
    if (!card.memory.lastReview) continue;
    const seen = latest.get(card.questionId);
    if (!seen || time(card.memory.lastReview) > time(seen.memory.lastReview)) latest.set(card.questionId, card);
  }
  const cards = [...latest.values()].filter((c) => {
    const mine = member.cards.get(c.questionId);
    return !mine || time(c.memory.lastReview) > time(mine.lastReview);
  });
  const ids = new Set(member.reviewIds);
  const reviews: GuestReview[] = [];
  for (const r of [...guest.reviews].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())) {
    if (ids.has(r.id)) continue;
    ids.add(r.id);
    reviews.push(r);
  }
  return { cards, reviews };
}
