import { answersByPlayer, err, question, rank, STATE_VERSION, type GameState, type PlayerState, type Result } from "./state";

/** A game's state to and from what the store keeps: snapshots, and a recount from the answers. */

/**
 * Recomputes every player's score, streak, time total and ranks from the recorded answers: what a
 * server restoring from the `game_answers` rows (rather than a snapshot) needs, and a check that
 * the incremental bookkeeping is right. Streaks follow from the `correct` flags alone.
 */
export function recomputeFromAnswers(s: GameState): GameState {
  const byQuestion = s.answers.map((_, i) => answersByPlayer(s, i));
  const players = s.players.map((p): PlayerState => {
    let score = 0;
    let streak = 0;
    let total = 0;
    let prevScore = 0;
    let prevTotal = 0;
    for (let i = p.firstQuestion; i <= s.lastRevealedIndex; i++) {
      prevScore = score;
      prevTotal = total;
      const rec = byQuestion[i]?.get(p.id);
      score += rec?.points ?? 0;
      streak = rec?.correct ? streak + 1 : 0;
      total += rec ? rec.timeMs : question(s, i).timeLimitSeconds * 1000;
    }
    return { ...p, score, streak, totalTimeMs: total, prevScore, prevTotalTimeMs: prevTotal, rank: null, previousRank: null };
  });
  return rank({ ...s, players });
}

/** The state as JSON for the games snapshot column. */
export function serializeGame(s: GameState): string {
  return JSON.stringify(s);
}

/**
 * The state as the server stores it at each phase change: without the answers, which have rows
 * of their own (game_answers) that a restore merges back in. Every answer in every snapshot would
 * make a 20-question game at 2,000 players rewrite ~6 MB at each phase change.
 */
export function serializeSnapshot(s: GameState): string {
  return JSON.stringify({ ...s, answers: s.answers.map(() => []) });
}

/** Reads a snapshot written by `serializeGame`; a snapshot of another version is refused. */
export function restoreGame(json: string): Result<GameState> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: err("validation_failed", "The game snapshot is not JSON.") };
  }
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { version?: unknown }).version !== STATE_VERSION ||
    !Array.isArray((value as { questions?: unknown }).questions) ||
    !Array.isArray((value as { players?: unknown }).players) ||
    !Array.isArray((value as { answers?: unknown }).answers)
  ) {
    return { ok: false, error: err("validation_failed", "The game snapshot has an unknown shape or version.") };
  }
  return { ok: true, value: value as GameState };
}
