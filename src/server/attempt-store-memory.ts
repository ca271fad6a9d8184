import { randomUUID } from "node:crypto";
import type { AnswerRecord, AttemptPatch, PlayerIdentity, QuestionRecord } from "@/core/play/attempt";
import type { AttemptStore, AttemptTx, AttemptUpdate, NewAttempt, PlayQuiz, StoredAttempt } from "@/core/play/attempt-store";

/** A quiz as the memory store keeps it: what play reads, who may play it, and its plays. */
export type MemoryQuiz = PlayQuiz & {
  ownerId: string;
  status: "draft" | "published" | "hidden";
  visibility: "public" | "unlisted" | "private";
  playCount: number;
  questions: QuestionRecord[];
};

type State = {
  quizzes: Map<string, MemoryQuiz>;
  attempts: Map<string, StoredAttempt>;
  answers: (AnswerRecord & { attemptId: string; questionId: string })[];
};

/**
 * Solo play's store in memory, for unit tests of its steps (no database): the same behaviour as
 * the database store, proven by the same contract suite (src/test/attempt-store-contract.ts).
 * Transactions run one at a time, and one that throws leaves nothing behind. Rows are copied in
 * and out, as a database would.
 */
export class MemoryAttemptStore implements AttemptStore {
  private state: State = { quizzes: new Map(), attempts: new Map(), answers: [] };
  private queue: Promise<unknown> = Promise.resolve();

  /** Adds a quiz (tests set up what they play). */
  addQuiz(quiz: Omit<MemoryQuiz, "playCount"> & { playCount?: number }): void {
    this.state.quizzes.set(quiz.id, structuredClone({ playCount: 0, ...quiz }));
  }

  /** How many finished plays a quiz has. */
  playCount(quizId: string): number {
    return this.state.quizzes.get(quizId)?.playCount ?? 0;
  }

  transaction<T>(fn: (tx: AttemptTx) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const before = structuredClone(this.state);
      try {
        return await fn(this.tx());
      } catch (error) {
        this.state = before;
        throw error;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async findPlayableQuiz(slug: string, who: PlayerIdentity): Promise<string | null> {
    for (const q of this.state.quizzes.values()) {
      if (q.slug !== slug || q.status !== "published") continue;
      if (q.visibility !== "private" || (who.userId !== null && q.ownerId === who.userId)) return q.id;
    }
    return null;
  }

  async insertAttempt(input: NewAttempt): Promise<{ id: string } | null> {
    const quiz = this.state.quizzes.get(input.quizId);
    if (!quiz || quiz.questions.length === 0) return null;
    const id = randomUUID();
    this.state.attempts.set(id, {
      id,
      quizId: input.quizId,
      challengeId: input.challengeId,
      nickname: input.nickname,
      userId: input.who.userId,
      guestId: input.who.userId ? null : input.who.guestId,
      status: "in_progress",
      questionCount: quiz.questions.length,
      currentPosition: 0,
      score: 0,
      correctCount: 0,
      streak: 0,
      bestStreak: 0,
      hintsUsed: 0,
      currentHintUsed: false,
      questionStartedAt: null,
      startedAt: input.now,
      updatedAt: input.now,
    });
    return { id };
  }

  private tx(): AttemptTx {
    const attemptOf = (id: string): StoredAttempt => {
      const a = this.state.attempts.get(id);
      if (!a) throw new Error(`No attempt ${id}`);
      return a;
    };
    const update = (id: string, change: AttemptUpdate | AttemptPatch): StoredAttempt => {
      const next = { ...attemptOf(id), ...change };
      this.state.attempts.set(id, next);
      return structuredClone(next);
    };
    return {
      lockAttempt: async (attemptId) => {
        const attempt = this.state.attempts.get(attemptId);
        const quiz = attempt && this.state.quizzes.get(attempt.quizId);
        if (!attempt || !quiz) return null;
        const { id, slug, title, language, speedBonus, streakBonus, timeLimit } = quiz;
        return { attempt: structuredClone(attempt), quiz: { id, slug, title, language, speedBonus, streakBonus, timeLimit } };
      },
      questionsFrom: async (quizId, position, count) => structuredClone(this.state.quizzes.get(quizId)?.questions.slice(position, position + count) ?? []),
      hasAnswer: async (attemptId, questionId) => this.state.answers.some((a) => a.attemptId === attemptId && a.questionId === questionId),
      optionVotes: async (questionId) => {
        const votes = new Map<string, number>();
        for (const a of this.state.answers) if (a.questionId === questionId && typeof a.answer === "string") votes.set(a.answer, (votes.get(a.answer) ?? 0) + 1);
        return votes;
      },
      wordAnswers: async (questionId, limit) =>
        this.state.answers
          .filter((a) => a.questionId === questionId && Array.isArray(a.answer))
          .sort((a, b) => b.answeredAt.getTime() - a.answeredAt.getTime())
          .slice(0, limit)
          .map((a) => structuredClone(a.answer as string[])),
      recordAnswer: async (attempt, questionId, record, patch) => {
        if (this.state.answers.some((a) => a.attemptId === attempt.id && a.questionId === questionId))
          throw new Error("duplicate key value violates unique constraint (attempt, question)");
        this.state.answers.push(structuredClone({ ...record, attemptId: attempt.id, questionId }));
        const updated = update(attempt.id, patch);
        const quiz = this.state.quizzes.get(attempt.quizId);
        if (patch.status === "finished" && quiz) quiz.playCount++;
        return updated;
      },
      updateAttempt: async (attemptId, change) => update(attemptId, change),
    };
  }
}
