import "server-only";
import { getDb } from "@/db";
import { attemptInProgress, getAttemptResult, leaderboard, openAttempt, type PlayerIdentity } from "@/db/queries/attempts";

/**
 * What pages read about solo attempts: a quiz's leaderboard, the attempt a player may continue and
 * an attempt's result. Playing one goes through src/server/play.ts.
 */

/** A quiz's best attempts, with this player's own rank. */
export async function quizLeaderboard(quizId: string, who: PlayerIdentity | null) {
  return leaderboard(await getDb(), quizId, who);
}

/** This player's attempt at a quiz that is still being played (offered as "Continue"), if any. */
export async function continuableAttempt(quizId: string, who: PlayerIdentity) {
  return openAttempt(await getDb(), quizId, who);
}

/** A finished attempt's result as `who` may see it (null: a shared link, no private details), or null. */
export async function attemptResult(attemptId: string, who: PlayerIdentity | null) {
  return getAttemptResult(await getDb(), attemptId, who);
}

/** Whether an attempt exists and is not finished yet. */
export async function isAttemptInProgress(attemptId: string) {
  return attemptInProgress(await getDb(), attemptId);
}
