/**
 * Decks as a learner sees them: the study dashboard's list and the home page's "due for study"
 * strip. Every learner's cards are counted per deck here (`countDecks`): a member's as the
 * database loads them (src/db/queries/study.ts, `deckCounts`), a guest's as their browser keeps
 * them; everything that follows from the counts is decided here too, once, for both. Light on purpose (no scheduler,
 * no zod): a guest's browser runs `guestStudySummary` on the home page.
 */
import { studyDayNumber } from "./day";
import { usedToday } from "./limits";
import type { GuestCard, GuestReview } from "./merge";
import { studyStreak } from "./stats";

/** One deck's cards as counted: due by now, studied (a card exists), the quiz's questions, and the soonest card not yet due. */
export type DeckCounts = { slug: string; title: string; total: number; due: number; studied: number; nextDue: Date | null };

export type DeckStats = { slug: string; title: string; due: number; new: number; total: number };

/** A deck's questions without a card are its new cards. */
export function deckStats(d: DeckCounts): DeckStats {
  return { slug: d.slug, title: d.title, due: d.due, new: Math.max(0, d.total - d.studied), total: d.total };
}

/** "New left today": the day's allowance of new cards, but never more than the decks hold. */
export function newLeftToday(allowance: number, decks: readonly Pick<DeckStats, "new">[]): number {
  return Math.min(allowance, decks.reduce((n, d) => n + d.new, 0));
}

/** Most due first, then most new, then by title: the dashboard's order and the strip's. */
export const byMostDue = (a: DeckStats, b: DeckStats): number => b.due - a.due || b.new - a.new || a.title.localeCompare(b.title);

/** The deck a question belongs to, as the server tells a guest's browser. */
export type DeckOf = { slug: string; title: string; total: number };

/**
 * A learner's cards counted per deck (a member's and a guest's alike): every card counts as
 * studied, a card is due once its due time has come, and nextDue is the soonest one still to
 * come. Cards placed in no deck (their question deleted, or its quiz no longer visible) are left
 * out. Decks come in the order their first card does.
 */
export function countDecks(cards: readonly { questionId: string; due: Date }[], deckOf: ReadonlyMap<string, DeckOf>, now: Date): DeckCounts[] {
  const decks = new Map<string, DeckCounts>();
  for (const card of cards) {
    const deck = deckOf.get(card.questionId);
    if (!deck) continue;
    const counts = decks.get(deck.slug) ?? { ...deck, due: 0, studied: 0, nextDue: null };
    counts.studied++;
    if (card.due.getTime() <= now.getTime()) counts.due++;
    else if (!counts.nextDue || card.due.getTime() < counts.nextDue.getTime()) counts.nextDue = card.due;
    decks.set(deck.slug, counts);
  }
  return [...decks.values()];
}

/** How many decks the home page's strip shows at most; "All" leads to the rest on /study. */
export const STRIP_DECKS = 4;

export type StudyStrip =
  /** Decks to study now (`new`: the new cards today's limit still allows), and how many more there are. */
  | { kind: "due"; decks: DeckStats[]; more: number }
  /** Nothing to study now: when the next card comes. */
  | { kind: "later"; next: Date };

/**
 * The home page's "due for study" strip, from the dashboard's counts: the decks with cards due or
 * with new cards today's limit still allows, most due first, at most `size` of them. With none,
 * when the next card comes: the soonest card due, or the next study day when new cards wait for
 * the limit to start over. Null for a learner without decks (never studied) or with nothing ever
 * coming: the strip then stays out of the way.
 */
export function studyStrip(
  decks: readonly DeckCounts[],
  limits: { newLeft: number; newPerDay: number },
  nextStudyDay: Date,
  size = STRIP_DECKS,
): StudyStrip | null {
  const stats = decks.map(deckStats);
  const ready = stats
    .map((d) => ({ ...d, new: Math.min(d.new, limits.newLeft) }))
    .filter((d) => d.due > 0 || d.new > 0)
    .sort(byMostDue);
  if (ready.length > 0) return { kind: "due", decks: ready.slice(0, size), more: Math.max(0, ready.length - size) };
  const times = decks.flatMap((d) => (d.nextDue ? [d.nextDue.getTime()] : []));
  if (limits.newPerDay > 0 && stats.some((d) => d.new > 0)) times.push(nextStudyDay.getTime());
  return times.length === 0 ? null : { kind: "later", next: new Date(Math.min(...times)) };
}

/**
 * What a guest's browser tells the server about the study it keeps: each studied card's question
 * and due time, today's use of the limits and the streak, at the browser's clock and time zone
 * (the ones their sessions are scheduled by). The server knows the decks; nothing else is sent.
 */
export type GuestStudySummary = {
  now: Date;
  timeZone: string;
  today: { newStudied: number; reviewsDone: number };
  streak: number;
  cards: { questionId: string; due: Date }[];
};

export function guestStudySummary(
  progress: { cards: readonly GuestCard[]; reviews: readonly Pick<GuestReview, "state" | "reviewedAt">[] },
  now: Date,
  timeZone: string,
): GuestStudySummary {
  const days = progress.reviews.map((r) => studyDayNumber(r.reviewedAt, timeZone));
  return {
    now,
    timeZone,
    today: usedToday(progress.reviews, now, timeZone),
    streak: studyStreak(days, studyDayNumber(now, timeZone)),
    // A card never reviewed is still new (as guestQueue counts it): no card yet.
    cards: progress.cards.filter((c) => c.memory.state !== "new").map((c) => ({ questionId: c.questionId, due: c.memory.due })),
  };
}
