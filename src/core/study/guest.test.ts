import { describe, expect, it } from "vitest";
import { freshGuestQueue, guestPreview, guestQueue, guestReview } from "./guest";
import { usedToday } from "./limits";
import type { GuestCard } from "./merge";
import { newCardMemory, previewDue, reviewCard, schedulerFor } from "./scheduler";

const T0 = new Date(Date.UTC(2026, 0, 10, 12));
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const qs = Array.from({ length: 25 }, (_, i) => ({ id: `q${i}` }));

describe("a guest's study in the browser", () => {
  it("schedules as the server does for a member with the default settings", () => {
    const first = guestReview(undefined, "q1", "good", T0, "r1", 4000);
    const server = reviewCard(schedulerFor(), newCardMemory(T0), "q1", "good", T0);
    expect(first.card.memory).toEqual(server.card);
    expect(first.review).toMatchObject({ id: "r1", questionId: "q1", rating: "good", state: "new", durationMs: 4000, reviewedAt: T0 });
    expect(guestPreview(first.card, "q1", at(10))).toEqual(previewDue(schedulerFor(), server.card, "q1", at(10)));
  });

  it("a first session is the first 20 questions, new, in order", () => {
    const queue = guestQueue(qs, new Map(), [], T0, "UTC");
    expect(queue.map((c) => c.item.id)).toEqual(qs.slice(0, 20).map((q) => q.id));
    expect(new Set(queue.map((c) => c.kind))).toEqual(new Set(["new"]));
  });

  it.each([
    ["2026-01-10T12:00:00Z", "UTC"],
    ["2026-01-10T03:59:00Z", "Asia/Tokyo"],
    ["2026-07-01T23:30:00Z", "America/Los_Angeles"],
  ])("a fresh guest's session, laid out before the browser is read, is the one it reads (%s, %s)", (now, zone) => {
    expect(freshGuestQueue(qs)).toEqual(guestQueue(qs, new Map(), [], new Date(now), zone));
  });

  it("after a review: the day's new cards are fewer, cards due come first, cards not due wait", () => {
    const cards = new Map<string, GuestCard>();
    const reviews = [];
    for (const [id, rating] of [["q0", "good"], ["q1", "easy"]] as const) {
      const r = guestReview(cards.get(id), id, rating, T0, `r-${id}`, null);
      cards.set(id, r.card);
      reviews.push(r.review);
    }
    // Ten minutes on: q0 (Good: 10 min step) is due, q1 (Easy: days away) is not, 18 new left.
    const queue = guestQueue(qs, cards, reviews, at(10), "UTC");
    expect(queue[0]).toMatchObject({ kind: "learning", item: { id: "q0" } });
    expect(queue.map((c) => c.item.id)).not.toContain("q1");
    expect(queue.filter((c) => c.kind === "new")).toHaveLength(18);
    expect(usedToday(reviews, at(10), "UTC")).toEqual({ newStudied: 2, reviewsDone: 0 });
    // The next study day (4:00 UTC) the new-card limit starts over.
    expect(usedToday(reviews, new Date(Date.UTC(2026, 0, 11, 4)), "UTC")).toEqual({ newStudied: 0, reviewsDone: 0 });
  });
});
