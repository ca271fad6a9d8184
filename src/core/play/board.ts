/**
 * The leaderboard's order (docs/rules.md §9): higher score first; on equal scores the attempt
 * that answered more questions; time breaks a tie only between attempts that answered the same
 * number of questions (shorter first), so an attempt ended at once with "End quiz" (0:00, nothing
 * answered) never wins on time; then the earlier finish. The SQL of src/db/queries/attempts.ts
 * (`bestAttempts`, `rankedBoard`, `rankOf`) orders by the same keys.
 */
export type BoardAttempt = { score: number; answered: number; durationMs: number; finishedAt: number };

/** Negative when `a` ranks above `b`, positive when below, 0 when they share a rank. */
export function compareBoard(a: BoardAttempt, b: BoardAttempt): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.answered !== b.answered) return b.answered - a.answered;
  if (a.durationMs !== b.durationMs) return a.durationMs - b.durationMs;
  return a.finishedAt - b.finishedAt;
}
