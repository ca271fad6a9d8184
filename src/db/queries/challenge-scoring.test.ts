import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlayerIdentity } from "@/core/play/attempt";
import { answerQuestion, readAttempt } from "@/test/solo-play";
import type { DbHandle } from "../client";
import { testBackends } from "../test-databases";
import { findChallengeableQuiz, getChallenge, insertChallenge, startChallengeAttempt } from "./challenges";
import { makeQuiz, makeUser } from "./social.test-helpers";

/**
 * A challenge's scoring, as its owner chose it when creating it (docs/rules.md §9, §11): stored on
 * its row, read back, and applied to every attempt at it; a challenge without one plays the quiz's own.
 */
const T0 = new Date("2026-05-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const guest = (id: string): PlayerIdentity => ({ userId: null, guestId: id });
let seq = 0;
const nextCode = () => `S${String(++seq).padStart(3, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`.slice(0, 8);

describe.each(testBackends)("a challenge's scoring on $name", (backend) => {
  let handle: DbHandle;
  let owner: { id: string };
  let quiz: { id: string; slug: string };
  beforeAll(async () => {
    handle = await backend.open();
    owner = await makeUser(handle.db);
    quiz = await makeQuiz(handle.db, owner.id, { questions: 3 }); // three true/false questions of 1000 points, 20 s
  });
  afterAll(async () => {
    await handle?.close();
  });

  const create = (scoring?: { speedBonus: boolean; streakBonus: boolean; pointsMultipliers: (0 | 1 | 2)[] }) =>
    insertChallenge(handle.db, { quizId: quiz.id, ownerId: owner.id, opensAt: T0, closesAt: at(86_400_000), attemptsAllowed: 1, now: T0, ...(scoring ? { scoring } : {}) }, nextCode);

  /** Plays an attempt with every answer right, each `ms` after its question shows: the points of each answer. */
  async function pointsOfRightAnswers(code: string, who: PlayerIdentity, ms: number) {
    const started = await startChallengeAttempt(handle.db, { code, who, nickname: "Ada", now: at(1000) });
    if (!started.ok) throw new Error("refused");
    let clock = at(1000).getTime();
    let state = await readAttempt(handle.db, started.id, who, { deliver: true, now: new Date(clock) });
    const points: number[] = [];
    const shown: number[] = [];
    while (state.ok && state.value.question) {
      shown.push(state.value.question.points);
      clock += ms;
      const res = await answerQuestion(handle.db, started.id, who, { questionId: state.value.question.id, answer: true }, { deliverNext: true, now: new Date(clock) });
      if (!res.ok) throw new Error(res.error);
      points.push(res.value.feedback.points);
      state = { ok: true, value: res.value.next };
    }
    return { points, shown };
  }

  it("offers the quiz's own scoring to start from: its switches and each question's points", async () => {
    expect(await findChallengeableQuiz(handle.db, quiz.slug, { userId: owner.id, admin: false })).toMatchObject({
      speedBonus: true,
      streakBonus: true,
      questionPoints: [1000, 1000, 1000],
    });
  });

  it("stores the owner's choice and scores every attempt by it: speed on, streak off, ×2 / ×0 / ×1", async () => {
    const c = await create({ speedBonus: true, streakBonus: false, pointsMultipliers: [2, 0, 1] });
    expect((await getChallenge(handle.db, c.code))?.scoring).toEqual({ speedBonus: true, streakBonus: false, pointsMultipliers: [2, 0, 1] });
    // Worked by hand: 10 s of 20 s → × (1 − 10/20/2) = 0.75; no streak bonus.
    const { points, shown } = await pointsOfRightAnswers(c.code, guest("g-a"), 10_000);
    expect(shown).toEqual([2000, 0, 1000]);
    expect(points).toEqual([1500, 0, 750]);
  });

  it("with the speed bonus off, a right answer scores in full whatever the time; the streak adds up", async () => {
    const c = await create({ speedBonus: false, streakBonus: true, pointsMultipliers: [1, 1, 1] });
    // 1000, then 1000 + 100 (2nd in a row), then 1000 + 200.
    expect((await pointsOfRightAnswers(c.code, guest("g-b"), 15_000)).points).toEqual([1000, 1100, 1200]);
  });

  it("a challenge without a choice of its own plays the quiz's scoring", async () => {
    const c = await create();
    expect((await getChallenge(handle.db, c.code))?.scoring).toEqual({ speedBonus: true, streakBonus: true, pointsMultipliers: null });
    expect((await pointsOfRightAnswers(c.code, guest("g-c"), 10_000)).points).toEqual([750, 850, 950]);
  });
});
