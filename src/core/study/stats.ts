import { dayKey } from "./day";

/**
 * Consecutive study days with at least one review, ending today, or yesterday when today has
 * none yet (a streak is not lost before the day is over).
 */
export function studyStreak(days: Iterable<number>, today: number): number {
  const set = new Set(days);
  let day = set.has(today) ? today : today - 1;
  let n = 0;
  while (set.has(day)) {
    n++;
    day--;
  }
  return n;
}

/** Due cards per day for the next `days` days; cards already overdue count on day 0. */
export function forecast(dueDays: { day: number; count: number }[], today: number, days = 30): { date: string; count: number }[] {
  const counts = new Array<number>(days).fill(0);
  for (const d of dueDays) {
    const i = Math.max(0, d.day - today);
    if (i < days) counts[i] = (counts[i] ?? 0) + d.count;
  }
  return counts.map((count, i) => ({ date: dayKey(today + i), count }));
}

/** Reviews per day over the last `days` days, oldest first, with 0 for days without any. */
export function heatmap(reviewDays: { day: number; count: number }[], today: number, days = 365): { date: string; count: number }[] {
  const map = new Map(reviewDays.map((d) => [d.day, d.count]));
  return Array.from({ length: days }, (_, i) => {
    const day = today - days + 1 + i;
    return { date: dayKey(day), count: map.get(day) ?? 0 };
  });
}

/**
 * The share of reviews of cards in review (not learning) that were recalled: what FSRS's desired
 * retention aims at. Null when there are none yet.
 */
export function achievedRetention(reviews: { recalled: number; total: number }): number | null {
  return reviews.total === 0 ? null : reviews.recalled / reviews.total;
}
