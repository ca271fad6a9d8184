import type { StudyRating } from "./scheduler";

/**
 * The rating an answer suggests, as the learner would likely pick it: wrong → Again; right →
 * Easy when it came within FAST_SHARE of the question's time limit, Hard when it took more than
 * SLOW_SHARE of it, Good otherwise. The thresholds scale with the question's own limit, so a long
 * question (an ordering, a typed answer) is not marked slow for taking the time it needs. A
 * revealed card (no answer given) suggests Again.
 */
export const FAST_SHARE = 0.25;
export const SLOW_SHARE = 0.75;

export function suggestRating(input: { correct: boolean; answered: boolean; timeMs: number; timeLimitMs: number }): StudyRating {
  if (!input.answered || !input.correct) return "again";
  const limit = Math.max(input.timeLimitMs, 1000);
  if (input.timeMs <= limit * FAST_SHARE) return "easy";
  if (input.timeMs > limit * SLOW_SHARE) return "hard";
  return "good";
}
