/**
 * A member's own FSRS parameters, fitted to their review log by the FSRS optimizer. What is pure
 * lives here: who may optimise, how the log becomes the optimizer's review histories, and whether
 * the new parameters are kept. The optimizer itself (native code) runs on the server, off the
 * request thread.
 */
import { studyDayNumber } from "./day";

/** Fewer reviews than this fit noise, not memory (Anki's FSRS asks for about as many). */
export const MIN_OPTIMIZER_REVIEWS = 400;

/** One review as the optimizer reads it: 1–4, and whole study days since the card's last review. */
export type OptimizerReview = { rating: number; deltaT: number };

/** How well a set of parameters predicts the log: lower is better for both. */
export type FitMetrics = { logLoss: number; rmse: number };

export type OptimizerOutcome = {
  before: FitMetrics;
  after: FitMetrics;
  /** True when the new parameters replaced the old ones. */
  kept: boolean;
  parameters: number[];
};

/**
 * Each card's reviews in time order, with the days between reviews counted in study days (a day
 * starts at 4:00 in the member's time zone, as the scheduler counts them); the first review's
 * delta is 0, and same-day reviews are 0 too.
 */
export function reviewHistories(logs: readonly { cardId: string; grade: number; reviewedAt: Date }[], timeZone: string): OptimizerReview[][] {
  const byCard = new Map<string, { grade: number; reviewedAt: Date }[]>();
  for (const l of logs) {
    if (l.grade < 1 || l.grade > 4) continue;
    const list = byCard.get(l.cardId) ?? [];
    list.push(l);
    byCard.set(l.cardId, list);
  }
  return [...byCard.values()].map((list) => {
    list.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    let previous: number | null = null;
    return list.map((l) => {
      const day = studyDayNumber(l.reviewedAt, timeZone);
      const deltaT = previous === null ? 0 : Math.max(0, day - previous);
      previous = day;
      return { rating: l.grade, deltaT };
    });
  });
}

/**
 * The new parameters are kept only when they fit the member's log better: a lower log-loss and
 * an RMSE no higher. Otherwise the old ones stay, as Anki does.
 */
export function isBetterFit(before: FitMetrics, after: FitMetrics): boolean {
  return Number.isFinite(after.logLoss) && Number.isFinite(after.rmse) && after.logLoss < before.logLoss && after.rmse <= before.rmse;
}
