import { describe, expect, it } from "vitest";
import { mergeGuestProgress, type GuestCard, type GuestReview } from "./merge";
import { newCardMemory, reviewCard, schedulerFor, type StudyRating } from "./scheduler";

const T0 = new Date(Date.UTC(2026, 0, 10, 12));
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const Q = "00000000-0000-4000-8000-00000000000";

/** A card reviewed once with `rating` at `minutes`, and the log of that review. */
function studied(q: string, rating: StudyRating, minutes: number, id = `${q}-${minutes}`): { card: GuestCard; review: GuestReview } {
  const r = reviewCard(schedulerFor(), newCardMemory(at(minutes)), q, rating, at(minutes));
  return {
    card: { questionId: q, memory: r.card },
    review: { ...r.log, id, questionId: q, durationMs: 3000, reviewedAt: at(minutes) },
  };
}

describe("guest → member merge", () => {
  it.each([
    { name: "the member never studied the card: the guest's is taken", member: null, guest: 5, takes: true },
    { name: "the guest reviewed it later: the guest's replaces the member's", member: 5, guest: 10, takes: true },
    { name: "the member reviewed it later: the member's is kept", member: 10, guest: 5, takes: false },
    { name: "reviewed at the same moment: the member's is kept", member: 5, guest: 5, takes: false },
  ])("$name", ({ member, guest, takes }) => {
    const g = studied(`${Q}1`, "easy", guest);
    const cards = new Map(member === null ? [] : [[`${Q}1`, { lastReview: at(member) }]]);
    const plan = mergeGuestProgress({ cards, reviewIds: new Set() }, { cards: [g.card], reviews: [g.review] });
    expect(plan.cards).toEqual(takes ? [g.card] : []);
    // The review itself is kept either way: the log is a union.
    expect(plan.reviews.map((r) => r.id)).toEqual([g.review.id]);
  });

  it("keeps a card's latest copy when the guest sends it twice, and skips cards never reviewed", () => {
    const older = studied(`${Q}1`, "again", 1);
    const newer = studied(`${Q}1`, "good", 20);
    const unseen: GuestCard = { questionId: `${Q}2`, memory: newCardMemory(T0) };
    const plan = mergeGuestProgress({ cards: new Map(), reviewIds: new Set() }, { cards: [newer.card, older.card, unseen], reviews: [] });
    expect(plan.cards).toEqual([newer.card]);
  });

  it("adds only reviews the member does not have, once each, oldest first", () => {
    const a = studied(`${Q}1`, "good", 1, "review-a");
    const b = studied(`${Q}2`, "hard", 2, "review-b");
    const c = studied(`${Q}3`, "again", 3, "review-c");
    const plan = mergeGuestProgress(
      { cards: new Map(), reviewIds: new Set(["review-b"]) },
      { cards: [], reviews: [c.review, a.review, b.review, a.review] },
    );
    expect(plan.reviews.map((r) => r.id)).toEqual(["review-a", "review-c"]);
  });

  it("merging the same progress again plans nothing new", () => {
    const a = studied(`${Q}1`, "good", 1, "review-a");
    const first = mergeGuestProgress({ cards: new Map(), reviewIds: new Set() }, { cards: [a.card], reviews: [a.review] });
    const member = {
      cards: new Map(first.cards.map((c) => [c.questionId, c.memory])),
      reviewIds: new Set(first.reviews.map((r) => r.id)),
    };
    expect(mergeGuestProgress(member, { cards: [a.card], reviews: [a.review] })).toEqual({ cards: [], reviews: [] });
  });
});
