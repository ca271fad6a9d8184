import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { attemptTotals, markedAnswer, type MarkOpenInput, type OpenAnswerRow } from "@/core/challenge/marking";

export type { OpenAnswerRow };
import type { Db } from "../client";
import { attemptAnswers, attempts, challenges, questions } from "../schema";

/** Every open answer given in a challenge's finished attempts, by question, then first started first. */
export async function challengeOpenAnswers(db: Db, challengeId: string): Promise<OpenAnswerRow[]> {
  const rows = await db
    .select({
      attemptId: attempts.id,
      nickname: attempts.nickname,
      questionId: questions.id,
      position: questions.position,
      prompt: questions.prompt,
      data: questions.data,
      answer: attemptAnswers.answer,
      mark: attemptAnswers.openMark,
    })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
    .where(and(eq(attempts.challengeId, challengeId), eq(attempts.status, "finished"), eq(questions.type, "open"), isNotNull(attemptAnswers.answer)))
    .orderBy(asc(questions.position), asc(attempts.startedAt), asc(attempts.id));
  return rows.flatMap((r) =>
    typeof r.answer === "string"
      ? [
          {
            attemptId: r.attemptId,
            nickname: r.nickname,
            questionId: r.questionId,
            position: r.position,
            prompt: r.prompt,
            modelAnswer: r.data.type === "open" ? (r.data.modelAnswer ?? null) : null,
            answer: r.answer,
            mark: r.mark ?? null,
          },
        ]
      : [],
  );
}

/**
 * Marks one open answer of an attempt at this challenge and totals the attempt again, in one
 * transaction holding the attempt's row. False when there is no such answer (another challenge's
 * attempt, a question that is not open, or no answer given).
 */
export async function markOpenAnswer(db: Db, challengeId: string, input: MarkOpenInput): Promise<{ score: number; correctCount: number } | null> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ id: attempts.id, multipliers: challenges.pointsMultipliers })
      .from(attempts)
      .innerJoin(challenges, eq(challenges.id, attempts.challengeId))
      .where(and(eq(attempts.id, input.attemptId), eq(attempts.challengeId, challengeId)))
      .for("update", { of: attempts });
    if (!attempt) return null;
    const [found] = await tx
      .select({ id: attemptAnswers.id, answer: attemptAnswers.answer, points: questions.points, position: questions.position, type: questions.type })
      .from(attemptAnswers)
      .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
      .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, input.questionId)));
    if (!found || found.type !== "open" || typeof found.answer !== "string") return null;
    await tx
      .update(attemptAnswers)
      .set({ openMark: input.mark, ...markedAnswer(input.mark, found, attempt.multipliers) })
      .where(eq(attemptAnswers.id, found.id));
    const all = await tx.select({ points: attemptAnswers.points, correct: attemptAnswers.correct }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id));
    const totals = attemptTotals(all);
    await tx.update(attempts).set(totals).where(eq(attempts.id, attempt.id));
    return totals;
  });
}
