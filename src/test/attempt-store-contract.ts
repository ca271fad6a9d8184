import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerRecord, AttemptPatch, PlayerIdentity } from "@/core/play/attempt";
import type { AttemptStore, StoredAttempt } from "@/core/play/attempt-store";

/**
 * The one test suite every AttemptStore passes (as every GameStore passes
 * src/server/live/game-store-contract.ts): each implementation's test file calls it with a
 * factory. `member()` gives a member id an attempt or a quiz may reference, `quiz()` a quiz of
 * `questions` true-or-false questions owned by `ownerId`, `plays()` a quiz's count of finished plays.
 */
export type AttemptStoreFixture = {
  store: AttemptStore;
  member(): Promise<string>;
  quiz(opts: {
    ownerId: string;
    questions: number;
    status?: "draft" | "published";
    visibility?: "public" | "unlisted" | "private";
  }): Promise<{ id: string; slug: string }>;
  plays(quizId: string): Promise<number>;
  close(): Promise<void>;
};

const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);

const answerRecord = (over: Partial<AnswerRecord> = {}): AnswerRecord => ({ answer: true, correct: true, points: 900, timeMs: 1500, hintUsed: false, answeredAt: at(5), ...over });

/** The attempt after answering its question at `position` of `total`. */
const patchAfter = (position: number, total: number, over: Partial<AttemptPatch> = {}): AttemptPatch => ({
  score: 900 * (position + 1),
  correctCount: position + 1,
  streak: position + 1,
  bestStreak: position + 1,
  hintsUsed: 0,
  currentPosition: position + 1,
  questionStartedAt: null,
  currentHintUsed: false,
  updatedAt: at(5 * (position + 1)),
  ...(position + 1 >= total ? { status: "finished" as const, finishedAt: at(5 * (position + 1)), durationMs: 5000 * (position + 1) } : {}),
  ...over,
});

export function attemptStoreContractSuite(name: string, makeStore: () => Promise<AttemptStoreFixture>) {
  describe(`AttemptStore contract: ${name}`, () => {
    let f: AttemptStoreFixture;
    let store: AttemptStore;
    let owner: string;
    beforeAll(async () => {
      f = await makeStore();
      store = f.store;
      owner = await f.member();
    });
    afterAll(async () => {
      await f?.close();
    });

    const guest = (): PlayerIdentity => ({ userId: null, guestId: randomUUID() });
    async function started(questions = 3, who: PlayerIdentity = guest()) {
      const quiz = await f.quiz({ ownerId: owner, questions });
      const created = await store.insertAttempt({ quizId: quiz.id, who, nickname: "Ada", challengeId: null, now: T0 });
      return { quiz, id: created!.id, who };
    }
    const read = (id: string) => store.transaction((tx) => tx.lockAttempt(id));

    it("starts an attempt in progress at its first question; a quiz without questions starts none", async () => {
      const { quiz, id } = await started(3);
      const row = await read(id);
      expect(row?.attempt).toMatchObject({
        id,
        quizId: quiz.id,
        challengeId: null,
        nickname: "Ada",
        userId: null,
        status: "in_progress",
        questionCount: 3,
        currentPosition: 0,
        score: 0,
        streak: 0,
        currentHintUsed: false,
        questionStartedAt: null,
        startedAt: T0,
        updatedAt: T0,
      });
      expect(row?.quiz).toEqual({ id: quiz.id, slug: quiz.slug, title: expect.any(String), language: "en", speedBonus: true, streakBonus: true, timeLimit: 20 });
      const empty = await f.quiz({ ownerId: owner, questions: 0, status: "draft" });
      expect(await store.insertAttempt({ quizId: empty.id, who: guest(), nickname: "Bo", challengeId: null, now: T0 })).toBeNull();
    });

    it("keeps a member's attempt by their account only, a guest's by the guest id", async () => {
      const member = await f.member();
      const quiz = await f.quiz({ ownerId: owner, questions: 1 });
      const mine = await store.insertAttempt({ quizId: quiz.id, who: { userId: member, guestId: "g-ignored" }, nickname: "M", challengeId: null, now: T0 });
      expect((await read(mine!.id))?.attempt).toMatchObject({ userId: member, guestId: null });
      const theirs = await store.insertAttempt({ quizId: quiz.id, who: { userId: null, guestId: "g-1" }, nickname: "G", challengeId: null, now: T0 });
      expect((await read(theirs!.id))?.attempt).toMatchObject({ userId: null, guestId: "g-1" });
    });

    it("finds a published quiz to play: public or unlisted for anyone, private for its owner only, a draft for nobody", async () => {
      const other = await f.member();
      const open = await f.quiz({ ownerId: owner, questions: 1 });
      const link = await f.quiz({ ownerId: owner, questions: 1, visibility: "unlisted" });
      const own = await f.quiz({ ownerId: owner, questions: 1, visibility: "private" });
      const draft = await f.quiz({ ownerId: owner, questions: 1, status: "draft" });
      const asOwner = { userId: owner, guestId: null };
      const asOther = { userId: other, guestId: null };
      expect(await store.findPlayableQuiz(open.slug, guest())).toBe(open.id);
      expect(await store.findPlayableQuiz(link.slug, asOther)).toBe(link.id);
      expect(await store.findPlayableQuiz(own.slug, asOwner)).toBe(own.id);
      expect(await store.findPlayableQuiz(own.slug, asOther)).toBeNull();
      expect(await store.findPlayableQuiz(own.slug, guest())).toBeNull();
      expect(await store.findPlayableQuiz(draft.slug, asOwner)).toBeNull();
      expect(await store.findPlayableQuiz(`no-such-${randomUUID()}`, asOwner)).toBeNull();
    });

    it("has no attempt under an unknown id", async () => {
      expect(await read(randomUUID())).toBeNull();
    });

    it("gives a quiz's questions in order, from a position, at most as many as asked", async () => {
      const { quiz } = await started(3);
      const all = await store.transaction((tx) => tx.questionsFrom(quiz.id, 0, 10));
      expect(all.map((q) => q.prompt)).toEqual(["Statement 1 is true", "Statement 2 is true", "Statement 3 is true"]);
      expect(all[0]).toMatchObject({ type: "boolean", points: 1000, timeLimit: null, hint: null, data: { type: "boolean", correct: true } });
      const window = await store.transaction((tx) => tx.questionsFrom(quiz.id, 1, 2));
      expect(window.map((q) => q.id)).toEqual([all[1]!.id, all[2]!.id]);
      expect(await store.transaction((tx) => tx.questionsFrom(quiz.id, 3, 2))).toEqual([]);
    });

    it("records an answer with the attempt's changes; the finishing one counts a play", async () => {
      const { quiz, id } = await started(2);
      const [q1, q2] = await store.transaction((tx) => tx.questionsFrom(quiz.id, 0, 2));
      const after1 = await store.transaction((tx) => tx.recordAnswer({ id, quizId: quiz.id }, q1!.id, answerRecord({ answer: "opt-a" }), patchAfter(0, 2)));
      expect(after1).toMatchObject({ id, status: "in_progress", currentPosition: 1, score: 900, correctCount: 1, streak: 1 });
      expect(await store.transaction((tx) => tx.hasAnswer(id, q1!.id))).toBe(true);
      expect(await store.transaction((tx) => tx.hasAnswer(id, q2!.id))).toBe(false);
      expect(await store.transaction((tx) => tx.optionVotes(q2!.id))).toEqual(new Map());
      expect(await f.plays(quiz.id)).toBe(0);
      const after2 = await store.transaction((tx) => tx.recordAnswer({ id, quizId: quiz.id }, q2!.id, answerRecord({ answer: null, correct: false, points: 0 }), patchAfter(1, 2)));
      expect(after2).toMatchObject({ status: "finished", currentPosition: 2, score: 1800 });
      // A stored answer naming an option is a vote for it; none (null) is not counted.
      expect(await store.transaction((tx) => tx.optionVotes(q2!.id))).toEqual(new Map());
      expect(await store.transaction((tx) => tx.optionVotes(q1!.id))).toEqual(new Map([["opt-a", 1]]));
      // Only answers that are lists of words are a word cloud's.
      expect(await store.transaction((tx) => tx.wordAnswers(q1!.id, 10))).toEqual([]);
      expect((await read(id))?.attempt).toMatchObject({ status: "finished", currentPosition: 2, score: 1800 });
      expect(await f.plays(quiz.id)).toBe(1);
    });

    it("reads a word cloud's answers from every attempt: lists of words only, the latest first, at most as many as asked", async () => {
      const first = await started(1);
      const [q] = await store.transaction((tx) => tx.questionsFrom(first.quiz.id, 0, 1));
      const answerIt = async (id: string, answer: unknown, seconds: number) =>
        store.transaction((tx) => tx.recordAnswer({ id, quizId: first.quiz.id }, q!.id, answerRecord({ answer: answer as string[], correct: false, points: 0, answeredAt: at(seconds) }), patchAfter(0, 1)));
      await answerIt(first.id, ["Sun", "rain"], 1);
      for (const [answer, seconds] of [[["snow"], 2], [null, 3], ["not a list", 4]] as const) {
        const other = await store.insertAttempt({ quizId: first.quiz.id, who: guest(), nickname: "Bo", challengeId: null, now: T0 });
        await answerIt(other!.id, answer, seconds);
      }
      expect(await store.transaction((tx) => tx.wordAnswers(q!.id, 10))).toEqual([["snow"], ["Sun", "rain"]]);
      expect(await store.transaction((tx) => tx.wordAnswers(q!.id, 1))).toEqual([["snow"]]);
    });

    it("refuses a second answer to one question, and a transaction that fails stores none of its writes", async () => {
      const { quiz, id } = await started(2);
      const [q1] = await store.transaction((tx) => tx.questionsFrom(quiz.id, 0, 1));
      await store.transaction((tx) => tx.recordAnswer({ id, quizId: quiz.id }, q1!.id, answerRecord(), patchAfter(0, 2)));
      await expect(
        store.transaction(async (tx) => {
          await tx.updateAttempt(id, { currentHintUsed: true, updatedAt: at(60) });
          await tx.recordAnswer({ id, quizId: quiz.id }, q1!.id, answerRecord(), patchAfter(0, 2, { score: 5000 }));
        }),
      ).rejects.toThrow();
      expect((await read(id))?.attempt).toMatchObject({ score: 900, currentHintUsed: false, updatedAt: at(5) });
    });

    it("updates an attempt: its question's clock, the hint, abandoning it", async () => {
      const { id } = await started(2);
      const shown = await store.transaction((tx) => tx.updateAttempt(id, { questionStartedAt: at(1), updatedAt: at(1) }));
      expect(shown).toMatchObject({ questionStartedAt: at(1), updatedAt: at(1), currentHintUsed: false });
      await store.transaction((tx) => tx.updateAttempt(id, { currentHintUsed: true, updatedAt: at(2) }));
      await store.transaction((tx) => tx.updateAttempt(id, { status: "abandoned", questionStartedAt: null }));
      expect((await read(id))?.attempt).toMatchObject({ status: "abandoned", questionStartedAt: null, currentHintUsed: true, updatedAt: at(2) });
    });

    it("runs two steps of one attempt one after the other: the second sees what the first stored", async () => {
      const { quiz, id } = await started(3);
      const step = () =>
        store.transaction(async (tx) => {
          const row = await tx.lockAttempt(id);
          const position = row!.attempt.currentPosition;
          const [q] = await tx.questionsFrom(quiz.id, position, 1);
          return tx.recordAnswer({ id, quizId: quiz.id }, q!.id, answerRecord(), patchAfter(position, 3));
        });
      const results: StoredAttempt[] = await Promise.all([step(), step()]);
      expect(results.map((r) => r.currentPosition).sort()).toEqual([1, 2]);
      expect((await read(id))?.attempt.currentPosition).toBe(2);
    });
  });
}
