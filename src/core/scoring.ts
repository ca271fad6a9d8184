/**
 * Points for an answer (docs/rules.md §9). Pure: the server calls it with times it measured itself.
 */
export const STREAK_STEP = 100;
export const STREAK_CAP = 500;
/** Answers faster than this score full points (no speed deduction). */
export const FULL_POINTS_UNDER_MS = 500;

export type ScoringSwitches = { speedBonus: boolean; streakBonus: boolean };

/** A question's standard points: what ×1 gives. */
export const STANDARD_POINTS = 1000;
/** What a host or challenge owner may set per question: no points, standard, double. */
export const POINTS_MULTIPLIERS = [0, 1, 2] as const;
export type PointsMultiplier = (typeof POINTS_MULTIPLIERS)[number];

/**
 * The scoring a teacher chooses for one live game or one challenge (docs/rules.md §9): speed bonus
 * (off: accuracy only, full points for a right answer whatever the time), streak bonus, and a
 * ×0 / ×1 / ×2 per question, in the quiz's order. The list lives on the game's settings or the
 * challenge's row, never on the quiz: a quiz stays the same for everyone who plays it, and each
 * game or challenge starts from the quiz's own points (`multiplierOfPoints`).
 */
export type ScoringRules = ScoringSwitches & { pointsMultipliers: readonly PointsMultiplier[] };

export function isPointsMultiplier(n: unknown): n is PointsMultiplier {
  return n === 0 || n === 1 || n === 2;
}

/** The ×N a question's own points stand for: 0 → ×0, up to 1000 → ×1, more → ×2. */
export function multiplierOfPoints(points: number): PointsMultiplier {
  return points <= 0 ? 0 : points <= STANDARD_POINTS ? 1 : 2;
}

/** A game's or challenge's list from the quiz's questions: each question's own points. */
export function defaultMultipliers(questions: readonly { points: number }[]): PointsMultiplier[] {
  return questions.map((q) => multiplierOfPoints(q.points));
}

/**
 * The points question `index` is worth under a list of multipliers: ×N of the standard 1000; a
 * question the list does not reach (an older game or challenge without a list) keeps its own.
 */
export function questionPoints(ownPoints: number, multipliers: readonly number[] | null | undefined, index: number): number {
  const m = multipliers?.[index];
  return isPointsMultiplier(m) ? m * STANDARD_POINTS : ownPoints;
}

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
