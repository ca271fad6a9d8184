/**
 * Points for an answer (docs/rules.md §9). Pure: the server calls it with times it measured itself.
 */
export const STREAK_STEP = 100;
export const STREAK_CAP = 500;
/** Answers faster than this score full points (no speed deduction). */
export const FULL_POINTS_UNDER_MS = 500;

export type ScoringSwitches = { speedBonus: boolean; streakBonus: boolean };

export type ScoreInput = {
  /** The question's points: 0, 1000 or 2000. */
  points: number;
  /** How much of the answer was right: 1 fully, 0 not at all, in between for a partly right multiple-select. */
  share: number;
  /** Exactly right (all correct choices and no wrong one); only this keeps a streak going. */
  correct: boolean;
  timeMs: number;
  timeLimitMs: number;
  hintUsed: boolean;
  /** Correct answers in a row before this one. */
  streakBefore: number;
  switches: ScoringSwitches;
};

export type ScoreResult = { points: number; base: number; streakBonus: number; streak: number };

/** The bonus for the n-th correct answer in a row: +100 for the 2nd, +200 for the 3rd, … at most +500. */
export function streakBonusFor(streak: number): number {
  return Math.min(Math.max(streak - 1, 0) * STREAK_STEP, STREAK_CAP);
}

/** The streak after an answer: one more when it is exactly right, otherwise back to 0. */
export function nextStreak(streakBefore: number, correct: boolean): number {
  return correct ? streakBefore + 1 : 0;
}

export function scoreAnswer(input: ScoreInput): ScoreResult {
  const streak = nextStreak(input.streakBefore, input.correct);
  if (input.share <= 0) return { points: 0, base: 0, streakBonus: 0, streak };
  const t = Math.min(Math.max(input.timeMs, 0), input.timeLimitMs);
  const speedFactor =
    !input.switches.speedBonus || input.timeMs < FULL_POINTS_UNDER_MS ? 1 : 1 - t / input.timeLimitMs / 2;
  const hintFactor = input.hintUsed ? 0.5 : 1;
  const base = Math.round(input.points * speedFactor * hintFactor * Math.min(input.share, 1));
  const streakBonus = input.correct && input.switches.streakBonus && input.points > 0 ? streakBonusFor(streak) : 0;
  return { points: base + streakBonus, base, streakBonus, streak };
}
