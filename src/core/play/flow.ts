/**
 * The decisions of solo play's steps (src/server/solo-play.ts runs them against an AttemptStore):
 * what becomes of an answer (a late one included), when reading an attempt first records a
 * question that ran out of time, whether a hint may be taken, and what the player is shown.
 */
import { cleanOpenAnswer } from "../open-answer";
import { parseAnswer, type Answer } from "../grading";
import { deadlineOf, hintView, isLate, toPlayQuestion, type AttemptView, type Feedback, type PlayError, type QuestionRecord } from "./attempt";
import type { PlayQuiz, StoredAttempt } from "./attempt-store";

/** What becomes of an answer sent for `questionId`. */
export type AnswerFate =
  /** Not the question being played: `misplacedAnswerError` says why, once the store says whether it was answered. */
  | { fate: "misplaced" }
  /** Not an answer this question takes: refused, and the question is not used up. */
  | { fate: "refused"; error: PlayError }
  /**
   * Graded and recorded (`answer` null: none given). A late answer (past the time limit and the
   * grace) is recorded as unanswered, so there is no second chance at the question, and the
   * player is told `answer_too_late`.
   */
  | { fate: "recorded"; answer: Answer | null; usedHint: boolean; late: boolean };

export function answerFate(
  attempt: Pick<StoredAttempt, "questionStartedAt" | "currentHintUsed">,
  quiz: Pick<PlayQuiz, "timeLimit" | "timeFactor">,
  current: QuestionRecord | undefined,
  input: { questionId: string; answer: unknown; usedHint?: boolean },
  now: Date,
): AnswerFate {
  if (!current || current.id !== input.questionId) return { fate: "misplaced" };
  let answer: Answer | null = null;
  if (input.answer !== null && input.answer !== undefined) {
    answer = parseAnswer(current.type, input.answer);
    // A word cloud takes at most its maxWords answers.
    const tooMany = current.data.type === "wordcloud" && Array.isArray(answer) && answer.length > current.data.maxWords;
    // An open answer takes at most its maxLength characters.
    if (current.data.type === "open" && answer !== null) answer = cleanOpenAnswer(answer, current.data.maxLength);
    if (answer === null || tooMany) return { fate: "refused", error: "bad_answer" };
  }
  return { fate: "recorded", answer, usedHint: Boolean(input.usedHint) || attempt.currentHintUsed, late: isLate(attempt.questionStartedAt, current, quiz, now) };
}

/** Reading an attempt whose current question ran out of time while its player was away records it as unanswered first. */
export const expiresOnRead = (
  attempt: Pick<StoredAttempt, "status" | "questionStartedAt">,
  quiz: Pick<PlayQuiz, "timeLimit" | "timeFactor">,
  current: QuestionRecord | undefined,
  now: Date,
): boolean => attempt.status === "in_progress" && current !== undefined && isLate(attempt.questionStartedAt, current, quiz, now);

/** Whether the current question's hint may be taken: only while it is shown. */
export function hintRefusal(attempt: Pick<StoredAttempt, "status" | "questionStartedAt">, current: QuestionRecord | undefined): PlayError | null {
  if (attempt.status !== "in_progress" || !current) return "finished";
  return attempt.questionStartedAt ? null : "not_current";
}

/**
 * The attempt as its player sees it. With `deliver`, the current question is shown, and its
 * clock starts now unless it already runs (`startClock`: the caller stores that).
 */
export function attemptView(
  attempt: StoredAttempt,
  quiz: PlayQuiz,
  current: QuestionRecord | undefined,
  now: Date,
  deliver: boolean,
  expired: Feedback | null,
): { view: AttemptView; startClock: boolean } {
  const base = {
    id: attempt.id,
    status: attempt.status,
    nickname: attempt.nickname,
    quiz: { slug: quiz.slug, title: quiz.title, language: quiz.language },
    position: attempt.currentPosition,
    total: attempt.questionCount,
    score: attempt.score,
    correctCount: attempt.correctCount,
    streak: attempt.streak,
    bestStreak: attempt.bestStreak,
    serverNow: now.toISOString(),
    expired,
  };
  const q = attempt.status === "in_progress" ? current : undefined;
  if (!q || !deliver) return { view: { ...base, question: null, hint: null, deadline: null }, startClock: false };
  const started = attempt.questionStartedAt ?? now;
  return {
    view: {
      ...base,
      question: toPlayQuestion(q, quiz, attempt.currentPosition),
      hint: attempt.currentHintUsed ? hintView(q, attempt.id) : null,
      // A slide has no clock: it stays until its player continues.
      deadline: q.type === "slide" ? null : deadlineOf(started, q, quiz).toISOString(),
    },
    startClock: attempt.questionStartedAt === null,
  };
}
