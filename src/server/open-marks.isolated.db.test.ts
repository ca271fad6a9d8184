import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { challengeCode, CODE_LENGTH } from "@/core/challenge/rules";
import type { PlayerIdentity } from "@/core/play/attempt";
import { quizInput } from "@/core/quiz-schema";
import { answerQuestion, finishAttempt, readAttempt } from "@/test/solo-play";
import { insertChallenge, startChallengeAttempt } from "@/db/queries/challenges";
import { challengeLeaderboard } from "@/db/queries/attempts";
import { insertQuiz } from "@/db/queries/quiz-writes";
import { makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import type { Viewer } from "./viewer";
import { asViewer } from "@/test/viewers";

// Who asks, and which database answers: set by each test.
const current: { viewer: Viewer | null; db: DbHandle["db"] | null } = { viewer: null, db: null };
vi.mock("./viewer", () => ({ getViewer: async () => current.viewer, currentPlayer: async () => null }));
vi.mock("@/db", () => ({ getDb: async () => current.db }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { markOpenAnswerAction } = await import("./actions/challenges");
const { openAnswersToMark } = await import("./challenges");
const { challengeReport } = await import("./reports");

/**
 * Marking open answers in a challenge (docs/rules.md §11), on both databases: only the owner (or
 * an admin) marks; a guest is refused (unauthorized), another member too (forbidden). A mark
 * updates the attempt's score and right answers, the challenge's leaderboard and its report.
 */
describe.each(testBackends)("marking open answers on $name", (backend) => {
  let handle: DbHandle;
  let owner: { id: string; handle: string };
  let stranger: { id: string; handle: string };
  let admin: { id: string; handle: string };
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
    owner = await makeUser(handle.db);
    stranger = await makeUser(handle.db);
    admin = await makeUser(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("marks right or wrong; scores, the leaderboard and the report follow; others are refused", async () => {
    current.db = handle.db;
    const slug = `open-${randomBytes(4).toString("hex")}`;
    const input = quizInput.parse({
      title: "Open marking",
      category: "science",
      speedBonus: false,
      questions: [
        { type: "boolean", prompt: "Water is wet", correct: true },
        { type: "open", prompt: "Explain rain", modelAnswer: "Condensation", points: 2000 },
      ],
    });
    const quizId = (await insertQuiz(handle.db, owner.id, { ...input, slug }, { status: "published" }))!;
    const now = new Date();
    const { code } = await insertChallenge(
      handle.db,
      { quizId, ownerId: owner.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 1, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    const play = async (who: PlayerIdentity, nickname: string, answers: unknown[]) => {
      const started = await startChallengeAttempt(handle.db, { code, who, nickname, now: new Date() });
      if (!started.ok) throw new Error("refused");
      let state = await readAttempt(handle.db, started.id, who, { deliver: true });
      for (const a of answers) {
        if (!state.ok || !state.value.question) break;
        const res = await answerQuestion(handle.db, started.id, who, { questionId: state.value.question.id, answer: a }, { deliverNext: true });
        if (!res.ok) throw new Error(res.error);
        state = { ok: true, value: res.value.next };
      }
      if (state.ok && state.value.question) await finishAttempt(handle.db, started.id, who);
      return started.id;
    };
    const ada = await play({ userId: null, guestId: "g-ada" }, "Ada", [true, "Clouds get heavy"]);
    const bo = await play({ userId: null, guestId: "g-bo" }, "Bo", [true, "Magic"]);

    current.viewer = asViewer(owner);
    const toMark = await openAnswersToMark(code);
    expect(toMark.map((r) => [r.nickname, r.answer, r.mark, r.modelAnswer])).toEqual([
      ["Ada", "Clouds get heavy", null, "Condensation"],
      ["Bo", "Magic", null, "Condensation"],
    ]);
    const openId = toMark[0]!.questionId;
    const before = await challengeLeaderboard(handle.db, await challengeIdOf(code), null);
    expect(before.top.map((e) => e.score)).toEqual([1000, 1000]);

    // Who must not: a guest, another member; and bad input.
    current.viewer = null;
    expect(await markOpenAnswerAction(code, { attemptId: ada, questionId: openId, mark: "right" })).toMatchObject({ ok: false, code: "unauthorized" });
    current.viewer = asViewer(stranger);
    expect(await markOpenAnswerAction(code, { attemptId: ada, questionId: openId, mark: "right" })).toMatchObject({ ok: false, code: "forbidden" });
    current.viewer = asViewer(owner);
    expect(await markOpenAnswerAction(code, { attemptId: ada, questionId: openId, mark: "maybe" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await markOpenAnswerAction("ZZZZZZZZ", { attemptId: ada, questionId: openId, mark: "right" })).toMatchObject({ ok: false, code: "not_found" });
    // The boolean question is not open: nothing to mark.
    const boolId = await questionIdAt(code, 0);
    expect(await markOpenAnswerAction(code, { attemptId: ada, questionId: boolId, mark: "right" })).toMatchObject({ ok: false, code: "not_found" });
    // Nothing changed by the refusals.
    expect((await openAnswersToMark(code)).map((r) => r.mark)).toEqual([null, null]);

    // The owner marks Ada right (2000 points), Bo wrong; an admin may change a mark.
    expect(await markOpenAnswerAction(code, { attemptId: ada, questionId: openId, mark: "right" })).toEqual({ ok: true, value: { score: 3000, correctCount: 2 } });
    expect(await markOpenAnswerAction(code, { attemptId: bo, questionId: openId, mark: "right" })).toEqual({ ok: true, value: { score: 3000, correctCount: 2 } });
    current.viewer = asViewer(admin, "admin");
    expect(await markOpenAnswerAction(code, { attemptId: bo, questionId: openId, mark: "wrong" })).toEqual({ ok: true, value: { score: 1000, correctCount: 1 } });
    current.viewer = asViewer(owner);
    expect((await openAnswersToMark(code)).map((r) => [r.nickname, r.mark])).toEqual([
      ["Ada", "right"],
      ["Bo", "wrong"],
    ]);
    const after = await challengeLeaderboard(handle.db, await challengeIdOf(code), null);
    expect(after.top.map((e) => [e.nickname, e.score])).toEqual([
      ["Ada", 3000],
      ["Bo", 1000],
    ]);
    const report = await challengeReport(code);
    // The report's scores follow; its rates stay on the auto-graded questions (docs/rules.md §12).
    expect(report.players.map((p) => [p.nickname, p.score, p.correctCount])).toEqual([
      ["Ada", 3000, 1],
      ["Bo", 1000, 1],
    ]);
    expect(report.questions[1]!.distribution.map((d) => [d.answer, d.count])).toEqual([
      ["Clouds get heavy", 1],
      ["Magic", 1],
    ]);
  });
});

async function challengeIdOf(code: string): Promise<string> {
  const { getChallenge } = await import("@/db/queries/challenges");
  return (await getChallenge(current.db!, code))!.id;
}

async function questionIdAt(code: string, position: number): Promise<string> {
  const { questions } = await import("@/db/schema");
  const { eq, and } = await import("drizzle-orm");
  const c = await import("@/db/queries/challenges").then((m) => m.getChallenge(current.db!, code));
  const [q] = await current.db!.select({ id: questions.id }).from(questions).where(and(eq(questions.quizId, c!.quiz.id), eq(questions.position, position)));
  return q!.id;
}
