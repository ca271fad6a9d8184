import { describe, expect, it } from "vitest";
import { nextStudyDayStart } from "./day";
import { byMostDue, countDecks, deckStats, guestStudySummary, newLeftToday, studyStrip, type DeckCounts, type DeckOf } from "./decks";
import { guestReview } from "./guest";
import type { GuestCard } from "./merge";

const T0 = new Date(Date.UTC(2026, 0, 10, 12)); // noon UTC: the study day began at 04:00 UTC
const plus = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TOMORROW = nextStudyDayStart(T0, "UTC");

const deck = (slug: string, counts: Partial<DeckCounts> = {}): DeckCounts => ({
  slug,
  title: slug.toUpperCase(),
  total: 10,
  due: 0,
  studied: 10,
  nextDue: null,
  ...counts,
});
const DEFAULT_LIMITS = { newLeft: 20, newPerDay: 20 };
const strip = (decks: DeckCounts[], limits = DEFAULT_LIMITS, size?: number) => studyStrip(decks, limits, TOMORROW, size);
const shown = (decks: DeckCounts[], limits = DEFAULT_LIMITS, size?: number) => {
  const s = strip(decks, limits, size);
  return s?.kind === "due" ? s.decks.map((d) => [d.slug, d.due, d.new]) : s;
};

describe("a deck's counts", () => {
  it("has as many new cards as questions without a card (never fewer than none)", () => {
    expect(deckStats(deck("a", { total: 13, studied: 3, due: 2 }))).toEqual({ slug: "a", title: "A", due: 2, new: 10, total: 13 });
    // Questions deleted after they were studied: more cards than questions.
    expect(deckStats(deck("a", { total: 2, studied: 3 })).new).toBe(0);
  });

  it("orders decks most due first, then most new, then by title", () => {
    const decks = [
      { slug: "c", title: "Cosmos", due: 0, new: 5, total: 9 },
      { slug: "b", title: "Birds", due: 3, new: 0, total: 9 },
      { slug: "a", title: "Atoms", due: 0, new: 5, total: 9 },
      { slug: "d", title: "Dunes", due: 3, new: 1, total: 9 },
      { slug: "e", title: "Eels", due: 0, new: 0, total: 9 },
    ];
    expect([...decks].sort(byMostDue).map((d) => d.slug)).toEqual(["d", "b", "a", "c", "e"]);
  });

  it("counts a guest's cards per deck as the member's are counted: due by now, studied, the soonest still to come", () => {
    const deckOf = new Map<string, DeckOf>([
      ["q1", { slug: "space", title: "Space", total: 13 }],
      ["q2", { slug: "space", title: "Space", total: 13 }],
      ["q3", { slug: "space", title: "Space", total: 13 }],
      ["q4", { slug: "maths", title: "Maths", total: 5 }],
    ]);
    const cards = [
      { questionId: "q1", due: plus(-DAY) },
      { questionId: "q2", due: T0 }, // due at this very instant: due
      { questionId: "q3", due: plus(3 * DAY) },
      { questionId: "q4", due: plus(2 * HOUR) },
      { questionId: "q4", due: plus(HOUR) }, // the soonest of a deck wins whatever the order
      { questionId: "gone", due: plus(-DAY) }, // no deck: its question was deleted
    ];
    expect(countDecks(cards, deckOf, T0)).toEqual([
      { slug: "space", title: "Space", total: 13, due: 2, studied: 3, nextDue: plus(3 * DAY) },
      { slug: "maths", title: "Maths", total: 5, due: 0, studied: 2, nextDue: plus(HOUR) },
    ]);
    expect(countDecks([], deckOf, T0)).toEqual([]);
  });
});

describe("the home page's due-for-study strip", () => {
  it.each([
    { name: "due cards, most first", decks: [deck("a", { due: 1 }), deck("b", { due: 7 })], want: [["b", 7, 0], ["a", 1, 0]] },
    { name: "new cards within the day's limit count", decks: [deck("a", { studied: 4 })], want: [["a", 0, 6]] },
    { name: "new cards only as many as the limit still allows", decks: [deck("a", { studied: 4 })], limits: { newLeft: 2, newPerDay: 20 }, want: [["a", 0, 2]] },
    { name: "new cards over the day's limit do not", decks: [deck("a", { studied: 4 })], limits: { newLeft: 0, newPerDay: 20 }, want: { kind: "later", next: TOMORROW } },
    { name: "a finished deck stays out", decks: [deck("done", { nextDue: plus(DAY) }), deck("a", { due: 2 })], want: [["a", 2, 0]] },
    { name: "due before new", decks: [deck("new", { studied: 0 }), deck("due", { due: 1 })], want: [["due", 1, 0], ["new", 0, 10]] },
  ])("$name", ({ decks, limits, want }) => {
    expect(shown(decks, limits)).toEqual(want);
  });

  it("shows a few decks at most and counts the rest", () => {
    const decks = ["a", "b", "c", "d", "e", "f"].map((slug, i) => deck(slug, { due: i + 1 }));
    expect(strip(decks)).toMatchObject({ kind: "due", more: 2, decks: [{ slug: "f" }, { slug: "e" }, { slug: "d" }, { slug: "c" }] });
    expect(strip(decks.slice(0, 4))).toMatchObject({ kind: "due", more: 0 });
    expect(strip(decks, DEFAULT_LIMITS, 2)).toMatchObject({ more: 4, decks: [{ slug: "f" }, { slug: "e" }] });
  });

  it("with nothing to study now, says when the next card comes", () => {
    expect(strip([deck("a", { nextDue: plus(3 * HOUR) }), deck("b", { nextDue: plus(HOUR) })])).toEqual({ kind: "later", next: plus(HOUR) });
    // New cards held back by today's limit come with the next study day, unless a card is due sooner.
    const waiting = deck("a", { studied: 4, nextDue: plus(2 * DAY) });
    expect(strip([waiting], { newLeft: 0, newPerDay: 20 })).toEqual({ kind: "later", next: TOMORROW });
    expect(strip([{ ...waiting, nextDue: plus(MIN) }], { newLeft: 0, newPerDay: 20 })).toEqual({ kind: "later", next: plus(MIN) });
    // No new cards a day at all: only the cards' own due times.
    expect(strip([waiting], { newLeft: 0, newPerDay: 0 })).toEqual({ kind: "later", next: plus(2 * DAY) });
  });

  it("stays out of the way for a learner who never studied, or with nothing ever coming", () => {
    expect(strip([])).toBeNull();
    expect(strip([deck("a")], { newLeft: 0, newPerDay: 0 })).toBeNull();
  });
});

describe("what a guest's browser sends", () => {
  it("each studied card's due time, today's use of the limits and the streak, at the browser's clock and zone", () => {
    const cards: GuestCard[] = [];
    const reviews = [];
    // Yesterday one card, today two (one of them again): a two-day streak.
    for (const [id, rating, at] of [
      ["q1", "easy", plus(-DAY)],
      ["q2", "good", T0],
      ["q1", "good", plus(MIN)],
    ] as const) {
      const r = guestReview(
        cards.find((c) => c.questionId === id),
        id,
        rating,
        at,
        `r-${reviews.length}`,
        null,
      );
      cards.splice(0, cards.length, ...cards.filter((c) => c.questionId !== id), r.card);
      reviews.push(r.review);
    }
    const never: GuestCard = { questionId: "q9", memory: { ...cards[0]!.memory, state: "new" } };
    const summary = guestStudySummary({ cards: [...cards, never], reviews }, plus(2 * MIN), "UTC");
    expect(summary).toMatchObject({ now: plus(2 * MIN), timeZone: "UTC", streak: 2, today: { newStudied: 1, reviewsDone: 1 } });
    expect(summary.cards).toEqual([
      { questionId: "q2", due: cards.find((c) => c.questionId === "q2")!.memory.due },
      { questionId: "q1", due: cards.find((c) => c.questionId === "q1")!.memory.due },
    ]);
    // The study day is the browser's: at 03:00 in Madrid (02:00 UTC) it is still yesterday's.
    expect(guestStudySummary({ cards, reviews }, new Date(Date.UTC(2026, 0, 11, 2)), "Europe/Madrid").today).toEqual({ newStudied: 1, reviewsDone: 1 });
    expect(guestStudySummary({ cards: [], reviews: [] }, T0, "UTC")).toEqual({ now: T0, timeZone: "UTC", today: { newStudied: 0, reviewsDone: 0 }, streak: 0, cards: [] });
  });
});

describe("new cards left today", () => {
  it.each([
    ["fewer new cards than the allowance: the cards", 12, [deck("a", { total: 10, studied: 5 })], 5],
    ["new cards in several decks count together", 12, [deck("a", { total: 10, studied: 5 }), deck("b", { total: 4, studied: 0 })], 9],
    ["more new cards than the allowance: the allowance", 12, [deck("a", { total: 40, studied: 0 })], 12],
    ["no allowance left", 0, [deck("a", { total: 40, studied: 0 })], 0],
    ["no decks", 12, [], 0],
  ])("%s", (_name, allowance, decks, expected) => {
    expect(newLeftToday(allowance, decks.map(deckStats))).toBe(expected);
  });
});
