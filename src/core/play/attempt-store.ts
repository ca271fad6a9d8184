import type { AnswerRecord, AttemptPatch, AttemptState, PlayerIdentity, QuestionRecord, QuizRules } from "./attempt";

/** A stored attempt as solo play reads it. */
export type StoredAttempt = AttemptState & { quizId: string; challengeId: string | null; nickname: string };

/** The quiz an attempt plays: what its player sees of it and what the rules read. */
export type PlayQuiz = QuizRules & { id: string; slug: string; title: string; language: string };

export type NewAttempt = { quizId: string; who: PlayerIdentity; nickname: string; challengeId: string | null; now: Date };

/** What may change on an attempt besides an answer: abandoning it, its question's clock, the hint. */
export type AttemptUpdate = Partial<Pick<StoredAttempt, "status" | "questionStartedAt" | "currentHintUsed" | "updatedAt">>;

/** One transaction of the store: the reads and writes of one step of play, all or nothing. */
export interface AttemptTx {
  /** The attempt and its quiz, held until the transaction ends (a second answer to it waits). */
  lockAttempt(attemptId: string): Promise<{ attempt: StoredAttempt; quiz: PlayQuiz } | null>;
  /** At most `count` of a quiz's questions from `position` (0-based) on, in order. */
  questionsFrom(quizId: string, position: number, count: number): Promise<QuestionRecord[]>;
  /** Whether the attempt has an answer (given or not) to that question. */
  hasAnswer(attemptId: string, questionId: string): Promise<boolean>;
  /** How many stored answers to a question, from every attempt, name each option id (a poll's votes). */
  optionVotes(questionId: string): Promise<Map<string, number>>;
  /** The latest `limit` stored answers to a question that are lists of words (a word cloud's), from every attempt. */
  wordAnswers(questionId: string, limit: number): Promise<string[][]>;
  /**
   * Stores an answer to a question and what it changes on the attempt; an answer that finishes
   * the attempt (`patch.status` "finished") counts one more play of its quiz.
   */
  recordAnswer(attempt: Pick<StoredAttempt, "id" | "quizId">, questionId: string, record: AnswerRecord, patch: AttemptPatch): Promise<StoredAttempt>;
  updateAttempt(attemptId: string, update: AttemptUpdate): Promise<StoredAttempt>;
}

/**
 * Everything solo play (src/server/solo-play.ts) reads and writes, and nothing else: the seam
 * between its flows and their storage. Implemented over the Drizzle database (PGlite or
 * PostgreSQL: src/server/attempt-store-drizzle.ts) and in memory for unit tests
 * (src/server/attempt-store-memory.ts); src/test/attempt-store-contract.ts is the one test suite
 * both pass.
 */
export interface AttemptStore {
  /** Runs `fn` in one transaction: every write or none, and one attempt's steps one at a time. */
  transaction<T>(fn: (tx: AttemptTx) => Promise<T>): Promise<T>;
  /** The id of a published quiz `who` may play: public or unlisted, or private and theirs. */
  findPlayableQuiz(slug: string, who: PlayerIdentity): Promise<string | null>;
  /** A new attempt in progress at its first question; null when the quiz has no questions. */
  insertAttempt(input: NewAttempt): Promise<{ id: string } | null>;
}
