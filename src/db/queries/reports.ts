import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { QuestionData } from "@/core/question";
import type { Db } from "../client";
import { attemptAnswers, attempts, questions } from "../schema";

export type ReportQuestionRow = { id: string; prompt: string; data: QuestionData; imageUrl: string | null; imageAlt: string | null; points: number };

export type ChallengeAttemptRow = {
  id: string;
  nickname: string;
  /** `u:<user id>` for a member, `g:<guest id>` for a guest: who the attempt belongs to. */
  player: string;
  score: number;
  durationMs: number;
  finishedAt: Date;
};

export type ChallengeAnswerRow = { attemptId: string; questionId: string; answer: unknown; correct: boolean; points: number; timeMs: number };

/**
 * What a challenge's report is made of: its quiz's questions (answer keys included, for its owner
 * only), every finished attempt at it, and those attempts' answers.
 */
export async function challengeReportRows(db: Db, challengeId: string, quizId: string) {
  const [questionRows, attemptRows, answerRows] = await Promise.all([
    db
      .select({ id: questions.id, prompt: questions.prompt, data: questions.data, imageUrl: questions.imageUrl, imageAlt: questions.imageAlt, points: questions.points })
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position)),
    db
      .select({
        id: attempts.id,
        nickname: attempts.nickname,
        player: sql<string>`case when ${attempts.userId} is not null then 'u:' || ${attempts.userId} else 'g:' || ${attempts.guestId} end`,
        score: attempts.score,
        durationMs: attempts.durationMs,
        finishedAt: attempts.finishedAt,
      })
      .from(attempts)
      .where(and(eq(attempts.challengeId, challengeId), eq(attempts.status, "finished"))),
    db
      .select({
        attemptId: attemptAnswers.attemptId,
        questionId: attemptAnswers.questionId,
        answer: attemptAnswers.answer,
        correct: attemptAnswers.correct,
        points: attemptAnswers.points,
        timeMs: attemptAnswers.timeMs,
      })
      .from(attemptAnswers)
      .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
      .where(and(eq(attempts.challengeId, challengeId), eq(attempts.status, "finished"))),
  ]);
  return {
    questions: questionRows.map((q): ReportQuestionRow => ({ ...q, data: q.data as QuestionData })),
    attempts: attemptRows.map(
      (a): ChallengeAttemptRow => ({ ...a, durationMs: a.durationMs ?? 0, finishedAt: a.finishedAt ?? new Date(0) }),
    ),
    answers: answerRows as ChallengeAnswerRow[],
  };
}
