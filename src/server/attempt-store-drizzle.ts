import "server-only";
import type { Db } from "@/db/client";
import { findPlayableQuiz, hasAnswer, insertAttempt, lockAttempt, optionVotes, questionsFrom, wordAnswers, recordAnswer, updateAttempt, type Tx } from "@/db/queries/attempts";
import type { AttemptStore, AttemptTx, NewAttempt } from "@/core/play/attempt-store";
import type { PlayerIdentity } from "@/core/play/attempt";

const txOf = (tx: Tx): AttemptTx => ({
  lockAttempt: (attemptId) => lockAttempt(tx, attemptId),
  questionsFrom: (quizId, position, count) => questionsFrom(tx, quizId, position, count),
  hasAnswer: (attemptId, questionId) => hasAnswer(tx, attemptId, questionId),
  optionVotes: (questionId) => optionVotes(tx, questionId),
  wordAnswers: (questionId, limit) => wordAnswers(tx, questionId, limit),
  recordAnswer: (attempt, questionId, record, patch) => recordAnswer(tx, attempt, questionId, record, patch),
  updateAttempt: (attemptId, update) => updateAttempt(tx, attemptId, update),
});

/**
 * Solo play's store on the app's database: PGlite or PostgreSQL, through the same Drizzle queries
 * (src/db/queries/attempts.ts). `db` is asked for on every call, so a store can exist before the
 * database has opened.
 */
export class DrizzleAttemptStore implements AttemptStore {
  constructor(private readonly db: () => Promise<Db>) {}

  async transaction<T>(fn: (tx: AttemptTx) => Promise<T>): Promise<T> {
    return (await this.db()).transaction((tx) => fn(txOf(tx)));
  }
  async findPlayableQuiz(slug: string, who: PlayerIdentity) {
    return findPlayableQuiz(await this.db(), slug, who);
  }
  async insertAttempt(input: NewAttempt) {
    return insertAttempt(await this.db(), input);
  }
}
