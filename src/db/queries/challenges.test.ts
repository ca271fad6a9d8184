import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlayerIdentity } from "@/core/play/attempt";
import type { DbHandle } from "../client";
import { attempts, quizzes } from "../schema";
import { testBackends } from "../test-databases";
import { challengeLeaderboard, getAttemptResult, leaderboard, openAttempt } from "./attempts";
import { answerQuestion, createAttempt, finishAttempt, readAttempt } from "@/test/solo-play";
import {
  attemptsUsed,
  challengeAttempts,
  closeChallenge,
  findChallengeableQuiz,
  getChallenge,
  insertChallenge,
  listOwnChallenges,
  startChallengeAttempt,
} from "./challenges";
import { makeQuiz, makeUser } from "./social.test-helpers";

const T0 = new Date("2026-05-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const guest = (id: string): PlayerIdentity => ({ userId: null, guestId: id });
const member = (id: string): PlayerIdentity => ({ userId: id, guestId: null });

let codeSeq = 0;
/** Codes that never collide across tests and backends (a real server draws them at random). */
const nextCode = () => `T${String(++codeSeq).padStart(3, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`.slice(0, 8);

describe.each(testBackends)("challenges on $name", (backend) => {
  let handle: DbHandle;
  let owner: { id: string; handle: string };
  let quiz: { id: string; slug: string };
  beforeAll(async () => {
    handle = await backend.open();
    owner = await makeUser(handle.db);
    quiz = await makeQuiz(handle.db, owner.id, { questions: 3 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function challenge(opts: { attemptsAllowed?: number; opensAt?: Date; closesAt?: Date; quizId?: string } = {}) {
    return insertChallenge(
      handle.db,
      {
        quizId: opts.quizId ?? quiz.id,
        ownerId: owner.id,
        opensAt: opts.opensAt ?? T0,
        closesAt: opts.closesAt ?? at(7 * DAY),
        attemptsAllowed: opts.attemptsAllowed ?? 1,
        now: T0,
      },
      nextCode,
    );
  }

  const start = (code: string, who: PlayerIdentity, now = at(1000), nickname = "Player") =>
    startChallengeAttempt(handle.db, { code, who, nickname, now });

  /** Starts and plays an attempt through: `right` answers right, each `ms` after its question shows. */
  async function play(code: string, who: PlayerIdentity, nickname: string, right: number, ms: number, startAt = at(1000)) {
    const started = await start(code, who, startAt, nickname);
    if (!started.ok) throw new Error(`refused: ${JSON.stringify(started)}`);
    let clock = startAt.getTime();
    let state = await readAttempt(handle.db, started.id, who, { deliver: true, now: new Date(clock) });
    for (let i = 0; state.ok && state.value.question; i++) {
      clock += ms;
      const res = await answerQuestion(handle.db, started.id, who, { questionId: state.value.question.id, answer: i < right }, { deliverNext: true, now: new Date(clock) });
      if (!res.ok) throw new Error(res.error);
      state = { ok: true, value: res.value.next };
    }
    return started.id;
  }

  it("stores a challenge under a fresh code, retrying a code already taken", async () => {
    const first = await challenge();
    const codes = [first.code, first.code, "NEWCODE1"];
    const second = await insertChallenge(
      handle.db,
      { quizId: quiz.id, ownerId: owner.id, opensAt: T0, closesAt: at(DAY), attemptsAllowed: 3, now: T0 },
      () => codes.shift()!,
    );
    expect(second.code).toBe("NEWCODE1");
    const read = await getChallenge(handle.db, "NEWCODE1");
    expect(read).toMatchObject({
      code: "NEWCODE1",
      ownerId: owner.id,
      attemptsAllowed: 3,
      opensAt: T0,
      closesAt: at(DAY),
      quiz: { id: quiz.id, slug: quiz.slug, status: "published" },
      owner: { handle: owner.handle },
    });
    await expect(
      insertChallenge(handle.db, { quizId: quiz.id, ownerId: owner.id, opensAt: T0, closesAt: at(DAY), attemptsAllowed: 1, now: T0 }, () => first.code, 3),
    ).rejects.toThrow("No free challenge code");
    expect(await getChallenge(handle.db, "NOSUCH00")).toBeNull();
  });

  it("hands out only published quizzes with questions that the member may see", async () => {
    const other = await makeUser(handle.db);
    const admin = { userId: (await makeUser(handle.db, { role: "admin" })).id, admin: true };
    const priv = await makeQuiz(handle.db, owner.id, { visibility: "private" });
    const unlisted = await makeQuiz(handle.db, owner.id, { visibility: "unlisted" });
    const draft = await makeQuiz(handle.db, owner.id, { status: "draft" });
    const me = { userId: owner.id, admin: false };
    const them = { userId: other.id, admin: false };
    expect(await findChallengeableQuiz(handle.db, quiz.slug, them)).toMatchObject({ id: quiz.id });
    expect(await findChallengeableQuiz(handle.db, unlisted.slug, them)).toMatchObject({ id: unlisted.id });
    expect(await findChallengeableQuiz(handle.db, priv.slug, me)).toMatchObject({ id: priv.id });
    expect(await findChallengeableQuiz(handle.db, priv.slug, admin)).toMatchObject({ id: priv.id });
    expect(await findChallengeableQuiz(handle.db, priv.slug, them)).toBeNull();
    expect(await findChallengeableQuiz(handle.db, draft.slug, me)).toBeNull();
    expect(await findChallengeableQuiz(handle.db, "no-such-quiz", me)).toBeNull();
  });

  it("starts attempts linked to the challenge within the limit, then refuses", async () => {
    const c = await challenge({ attemptsAllowed: 2 });
    const who = guest("g-limit");
    const a = await start(c.code, who, at(1000));
    const b = await start(c.code, who, at(1500));
    expect(a.ok && b.ok).toBe(true);
    expect(await start(c.code, who)).toEqual({ ok: false, error: "refused", refusal: { code: "no_attempts_left", allowed: 2 } });
    expect(await attemptsUsed(handle.db, c.id, who)).toBe(2);
    const rows = await handle.db.select().from(attempts).where(eq(attempts.challengeId, c.id));
    expect(rows.map((r) => [r.guestId, r.userId, r.quizId, r.status])).toEqual([
      ["g-limit", null, quiz.id, "in_progress"],
      ["g-limit", null, quiz.id, "in_progress"],
    ]);
    // The challenge's attempt in progress is what its page offers as Continue.
    expect((await openAttempt(handle.db, quiz.id, who, at(2000), c.id))?.id).toBe(b.ok && b.id);
  });

  it("counts a member by user id and a guest by guest id, apart from each other and from solo play", async () => {
    const c = await challenge({ attemptsAllowed: 1 });
    const m = await makeUser(handle.db);
    // The same browser: the member's page also carries a guest cookie from before signing in.
    expect((await start(c.code, guest("g-shared"))).ok).toBe(true);
    expect((await start(c.code, { userId: m.id, guestId: "g-shared" })).ok).toBe(true);
    expect(await attemptsUsed(handle.db, c.id, member(m.id))).toBe(1);
    expect(await attemptsUsed(handle.db, c.id, guest("g-shared"))).toBe(1);
    expect(await attemptsUsed(handle.db, c.id, guest("g-other"))).toBe(0);
    expect(await attemptsUsed(handle.db, c.id, null)).toBe(0);
    // A solo play of the same quiz is not an attempt at the challenge.
    await createAttempt(handle.db, { quizSlug: quiz.slug, who: guest("g-solo"), nickname: "Solo" });
    expect(await attemptsUsed(handle.db, c.id, guest("g-solo"))).toBe(0);
    expect((await start(c.code, guest("g-solo"))).ok).toBe(true);
  });

  it("never passes the limit with many starts at once by one player", async () => {
    const c = await challenge({ attemptsAllowed: 2 });
    const who = guest("g-race");
    const results = await Promise.all(Array.from({ length: 12 }, () => start(c.code, who)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.error === "refused" && r.refusal.code === "no_attempts_left")).toHaveLength(10);
    expect(await attemptsUsed(handle.db, c.id, who)).toBe(2);
    // Another player racing alongside is not held to the first one's count.
    const both = await Promise.all([start(c.code, guest("g-race-2")), start(c.code, member(owner.id)), start(c.code, guest("g-race-2"))]);
    expect(both.every((r) => r.ok)).toBe(true);
  });

  it("refuses a start before it opens and from the moment it closes, saying when", async () => {
    const c = await challenge({ opensAt: at(DAY), closesAt: at(2 * DAY), attemptsAllowed: 3 });
    expect(await start(c.code, guest("g-window"), at(DAY - 1))).toEqual({
      ok: false,
      error: "refused",
      refusal: { code: "challenge_closed", state: "upcoming", at: at(DAY) },
    });
    expect((await start(c.code, guest("g-window"), at(DAY))).ok).toBe(true);
    expect((await start(c.code, guest("g-window"), at(2 * DAY - 1))).ok).toBe(true);
    expect(await start(c.code, guest("g-window"), at(2 * DAY))).toEqual({
      ok: false,
      error: "refused",
      refusal: { code: "challenge_closed", state: "closed", at: at(2 * DAY) },
    });
    expect(await attemptsUsed(handle.db, c.id, guest("g-window"))).toBe(2);
  });

  it("lets an attempt started before the deadline be finished after it", async () => {
    const c = await challenge({ closesAt: at(60_000) });
    const who = guest("g-late");
    const started = await start(c.code, who, at(50_000));
    if (!started.ok) throw new Error("refused");
    const first = await readAttempt(handle.db, started.id, who, { deliver: true, now: at(59_000) });
    if (!first.ok || !first.value.question) throw new Error("no question");
    const res = await answerQuestion(handle.db, started.id, who, { questionId: first.value.question.id, answer: true }, { deliverNext: true, now: at(61_000) });
    expect(res.ok && res.value.feedback.correct).toBe(true);
    expect((await finishAttempt(handle.db, started.id, who, { now: at(62_000) })).ok).toBe(true);
  });

  it("closes now: nobody starts it afterwards, and an upcoming one never opens", async () => {
    const open = await challenge({ attemptsAllowed: 5 });
    expect((await start(open.code, guest("g-close"), at(1000))).ok).toBe(true);
    await closeChallenge(handle.db, open.id, at(2000));
    expect(await getChallenge(handle.db, open.code)).toMatchObject({ opensAt: T0, closesAt: at(2000) });
    expect(await start(open.code, guest("g-close"), at(3000))).toMatchObject({ error: "refused", refusal: { code: "challenge_closed", state: "closed" } });
    const upcoming = await challenge({ opensAt: at(DAY), closesAt: at(2 * DAY) });
    await closeChallenge(handle.db, upcoming.id, at(1000));
    expect(await getChallenge(handle.db, upcoming.code)).toMatchObject({ opensAt: at(1000), closesAt: at(1000) });
    expect(await start(upcoming.code, guest("g-close"), at(DAY + 1))).toMatchObject({ refusal: { code: "challenge_closed", state: "closed" } });
  });

  it("grants play of a private quiz to anyone with the code, and none of a hidden or unpublished one", async () => {
    const priv = await makeQuiz(handle.db, owner.id, { visibility: "private" });
    const c = await challenge({ quizId: priv.id });
    // Solo play of that private quiz is refused to a guest; the challenge is what opens it.
    expect(await createAttempt(handle.db, { quizSlug: priv.slug, who: guest("g-priv"), nickname: "G" })).toBeNull();
    expect((await start(c.code, guest("g-priv"))).ok).toBe(true);
    await handle.db.update(quizzes).set({ status: "hidden" }).where(eq(quizzes.id, priv.id));
    expect(await start(c.code, guest("g-priv-2"))).toEqual({ ok: false, error: "not_found" });
    await handle.db.update(quizzes).set({ status: "draft" }).where(eq(quizzes.id, priv.id));
    expect(await start(c.code, guest("g-priv-2"))).toEqual({ ok: false, error: "not_found" });
    expect(await start("NOSUCH00", guest("g-priv-2"))).toEqual({ ok: false, error: "not_found" });
  });

  it("ranks each player's best finished attempt in the challenge: score, then time", async () => {
    // Without the speed bonus two players with every answer right tie on score: time decides.
    const flat = await makeQuiz(handle.db, owner.id, { questions: 3 });
    await handle.db.update(quizzes).set({ speedBonus: false }).where(eq(quizzes.id, flat.id));
    const c = await challenge({ attemptsAllowed: 3, quizId: flat.id });
    const m = await makeUser(handle.db);
    await play(c.code, guest("g-ada"), "Ada", 3, 4000); // all right, slower
    await play(c.code, guest("g-bo"), "Bo", 3, 2000); // all right, faster
    await play(c.code, guest("g-cy"), "Cy", 1, 1000);
    await play(c.code, guest("g-cy"), "Cy again", 2, 1000); // Cy's best of two
    await play(c.code, member(m.id), "Member", 0, 1000);
    // Unfinished and solo attempts stay off the challenge's board.
    expect((await start(c.code, guest("g-dee"))).ok).toBe(true);
    const solo = await createAttempt(handle.db, { quizSlug: flat.slug, who: guest("g-solo-best"), nickname: "Solo" });
    await finishAttempt(handle.db, solo!.id, guest("g-solo-best"));

    const board = await challengeLeaderboard(handle.db, c.id, guest("g-cy"));
    expect(board.players).toBe(4);
    expect(board.top.map((e) => [e.rank, e.nickname])).toEqual([
      [1, "Bo"],
      [2, "Ada"],
      [3, "Cy again"],
      [4, "Member"],
    ]);
    expect(board.top[0]!.score).toBeGreaterThan(board.top[2]!.score);
    expect(board.top[0]!.score).toBe(board.top[1]!.score);
    expect(board.top[0]!.durationMs).toBeLessThan(board.top[1]!.durationMs);
    expect(board.viewer).toMatchObject({ nickname: "Cy again", isViewer: true });
    const limited = await challengeLeaderboard(handle.db, c.id, member(m.id), 2);
    expect(limited.top.map((e) => e.nickname)).toEqual(["Bo", "Ada"]);
    expect(limited.viewer).toMatchObject({ nickname: "Member", rank: 4 });
    // The attempts are solo plays of the quiz too: its own board counts them.
    const quizBoard = await leaderboard(handle.db, flat.id, null, 100);
    expect(quizBoard.top.map((e) => e.nickname)).toEqual(expect.arrayContaining(["Bo", "Ada", "Cy again", "Member", "Solo"]));
  });

  it("lets time break a tie only between attempts that answered as many questions: End quiz at once never wins on time", async () => {
    const flat = await makeQuiz(handle.db, owner.id, { questions: 3 });
    await handle.db.update(quizzes).set({ speedBonus: false }).where(eq(quizzes.id, flat.id));
    const c = await challenge({ quizId: flat.id });
    await play(c.code, guest("g-slow-wrong"), "Slow", 0, 20_000); // 0 points, three answers, a minute
    const quitter = guest("g-quitter");
    const started = await start(c.code, quitter, at(2000), "Quitter");
    if (!started.ok) throw new Error("refused");
    await finishAttempt(handle.db, started.id, quitter, { now: at(2000) }); // 0:00, nothing answered
    const board = await challengeLeaderboard(handle.db, c.id, quitter);
    expect(board.top.map((e) => [e.rank, e.nickname, e.score])).toEqual([
      [1, "Slow", 0],
      [2, "Quitter", 0],
    ]);
    expect(board.top[1]!.durationMs).toBeLessThan(board.top[0]!.durationMs);
    expect((await getAttemptResult(handle.db, started.id, quitter))?.rank).toBe(2);
  });

  it("shows its owner every attempt, first started first, with handles and an abandoned one as such", async () => {
    const c = await challenge({ attemptsAllowed: 2 });
    const m = await makeUser(handle.db);
    await play(c.code, member(m.id), "Mem", 2, 1000, at(1000));
    expect((await start(c.code, guest("g-owner-view"), at(5000), "Guesty")).ok).toBe(true);
    const rows = await challengeAttempts(handle.db, c.id, at(60_000));
    expect(rows.map((r) => [r.nickname, r.handle, r.status, r.score > 0, r.correctCount, r.questionCount])).toEqual([
      ["Mem", m.handle, "finished", true, 2, 3],
      ["Guesty", null, "in_progress", false, 0, 3],
    ]);
    expect(rows[0]!.finishedAt).not.toBeNull();
    expect(rows[1]!.finishedAt).toBeNull();
    const later = await challengeAttempts(handle.db, c.id, at(5000 + DAY + 1));
    expect(later.map((r) => r.status)).toEqual(["finished", "abandoned"]);
  });

  it("lists a member's challenges with their players and attempts, newest first, hidden quizzes left out", async () => {
    const me = await makeUser(handle.db);
    const mine = await makeQuiz(handle.db, me.id);
    const hidden = await makeQuiz(handle.db, me.id);
    const make = (quizId: string, now: Date) =>
      insertChallenge(handle.db, { quizId, ownerId: me.id, opensAt: now, closesAt: at(DAY), attemptsAllowed: 2, now }, nextCode);
    const older = await make(mine.id, at(0));
    const newer = await make(mine.id, at(1000));
    await make(hidden.id, at(2000));
    await handle.db.update(quizzes).set({ status: "hidden" }).where(eq(quizzes.id, hidden.id));
    for (const who of [guest("g-l1"), guest("g-l1"), guest("g-l2"), member(owner.id)]) expect((await start(older.code, who)).ok).toBe(true);
    const list = await listOwnChallenges(handle.db, me.id);
    expect(list.map((c) => [c.code, c.players, c.attempts])).toEqual([
      [newer.code, 0, 0],
      [older.code, 3, 4],
    ]);
    expect(list[1]).toMatchObject({ quizTitle: `Quiz ${mine.slug}`, attemptsAllowed: 2, closesAt: at(DAY) });
    expect(await listOwnChallenges(handle.db, owner.id)).not.toContainEqual(expect.objectContaining({ code: older.code }));
  });
});
