import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../client";
import { apiTokens, quizzes, users } from "../schema";
import { testBackends } from "../test-databases";
import { hideQuiz } from "./admin";
import type { PlayerIdentity } from "./attempts";
import { answerQuestion, createAttempt, finishAttempt, readAttempt } from "@/test/solo-play";
import {
  getProfile,
  insertApiToken,
  listApiTokens,
  listFavorites,
  listHistory,
  listOwnQuizzes,
  listPublicQuizzesOf,
  MAX_API_TOKENS,
  revokeApiToken,
  updateSettings,
} from "./profile";
import { setFavorite } from "./social";
import { makeQuiz, makeUser } from "./social.test-helpers";

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe.each(testBackends)("profiles and /me on $name", (backend) => {
  let handle: DbHandle;
  let author: { id: string; handle: string };
  beforeAll(async () => {
    handle = await backend.open();
    author = await makeUser(handle.db, { handle: "author-one" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  /**
   * Plays a quiz of true-or-false questions (all true) as `who`: `plan[i]` answers question i
   * right, wrong, or lets it time out; "end" finishes the attempt there; a short plan leaves it
   * in progress.
   */
  async function play(who: PlayerIdentity, slug: string, plan: ("right" | "wrong" | "timeout" | "end")[]) {
    const created = await createAttempt(handle.db, { quizSlug: slug, who, nickname: "P", now: at(0) });
    let clock = 0;
    for (const step of plan) {
      if (step === "end") {
        await finishAttempt(handle.db, created!.id, who, { now: at(clock) });
        break;
      }
      const state = await readAttempt(handle.db, created!.id, who, { deliver: true, now: at(clock) });
      const q = state.ok ? state.value.question : null;
      if (!q) break;
      clock += step === "timeout" ? 10 * 60_000 : 1000;
      if (step === "timeout") continue; // the next read records it as unanswered
      const res = await answerQuestion(handle.db, created!.id, who, { questionId: q.id, answer: step === "right" }, { deliverNext: false, now: at(clock) });
      expect(res.ok).toBe(true);
    }
    await readAttempt(handle.db, created!.id, who, { deliver: false, now: at(clock) });
    return created!.id;
  }

  it("answers null for an unknown handle and finds a handle in any case", async () => {
    expect(await getProfile(handle.db, "nobody-here")).toBeNull();
    expect((await getProfile(handle.db, "AUTHOR-ONE"))?.id).toBe(author.id);
  });

  it("counts plays, accuracy and best streak over finished attempts only", async () => {
    const db = handle.db;
    const quiz = await makeQuiz(db, author.id, { questions: 5 });
    const player = await makeUser(db);
    const who = { userId: player.id, guestId: null };
    expect((await getProfile(db, player.handle))?.stats).toEqual({ quizzes: 0, plays: 0, accuracy: null, bestStreak: 0 });

    await play(who, quiz.slug, ["right", "right", "right", "wrong", "right"]); // 4 of 5, streak 3
    await play(who, quiz.slug, ["wrong", "timeout", "right", "right", "right"]); // 3 of 4 answered, streak 3
    await play(who, quiz.slug, ["right", "end"]); // 1 of 1 answered; the rest left unanswered
    await play(who, quiz.slug, ["right", "right", "right", "right"]); // in progress: not counted
    await play({ userId: null, guestId: "someone" }, quiz.slug, ["right", "right", "right", "right", "right"]);

    const profile = await getProfile(db, player.handle);
    expect(profile?.stats).toEqual({ quizzes: 0, plays: 3, accuracy: (4 + 3 + 1) / (5 + 4 + 1), bestStreak: 3 });
    expect(profile?.name).toBe(`Name ${player.handle}`);
    expect(profile?.memberSince).toBeInstanceOf(Date);

    const history = await listHistory(db, player.id);
    expect(history).toHaveLength(4);
    const finished = history.filter((h) => h.status === "finished");
    expect(finished.map((h) => [h.correct, h.answered, h.total]).sort()).toEqual([
      [1, 1, 5],
      [3, 4, 5],
      [4, 5, 5],
    ]);
    expect(history.find((h) => h.status === "in_progress")?.finishedAt).toBeNull();
    expect(history.every((h) => h.quiz.slug === quiz.slug && h.quiz.visible)).toBe(true);
  });

  it("lists only a member's published public quizzes on the profile, and all of them on /me", async () => {
    const db = handle.db;
    const maker = await makeUser(db);
    const pub = await makeQuiz(db, maker.id);
    const unlisted = await makeQuiz(db, maker.id, { visibility: "unlisted" });
    const priv = await makeQuiz(db, maker.id, { visibility: "private" });
    const draft = await makeQuiz(db, maker.id, { status: "draft", questions: 0 });
    const hidden = await makeQuiz(db, maker.id);
    await hideQuiz(db, hidden.id, author.id);

    const cards = await listPublicQuizzesOf(db, maker.id);
    expect(cards.map((c) => c.slug)).toEqual([pub.slug]);
    expect(cards[0]).toMatchObject({ questionCount: 3, questionTypes: ["boolean"], author: { handle: maker.handle } });
    expect((await getProfile(db, maker.handle))?.stats.quizzes).toBe(1);

    const own = await listOwnQuizzes(db, maker.id);
    expect(own.map((q) => q.slug).sort()).toEqual([pub.slug, unlisted.slug, priv.slug, draft.slug, hidden.slug].sort());
    expect(own.find((q) => q.slug === draft.slug)).toMatchObject({ status: "draft", questionCount: 0 });
    // The editor keeps a draft's questions in its working copy until it is published.
    await db.update(quizzes).set({ draft: { title: "Draft", questions: [{ id: "a" }, { id: "b" }] } }).where(eq(quizzes.id, draft.id));
    await db.update(quizzes).set({ draft: { title: "Edited", questions: [] } }).where(eq(quizzes.id, pub.id));
    const again = await listOwnQuizzes(db, maker.id);
    expect(again.find((q) => q.slug === draft.slug)?.questionCount).toBe(2);
    expect(again.find((q) => q.slug === pub.slug)?.questionCount).toBe(3);
    expect(own.find((q) => q.slug === hidden.slug)).toMatchObject({ status: "hidden", visibility: "public" });
    expect(own.find((q) => q.slug === priv.slug)).toMatchObject({ status: "published", visibility: "private" });
  });

  it("lists favorites newest first and drops quizzes the member can no longer see", async () => {
    const db = handle.db;
    const fan = await makeUser(db);
    const first = await makeQuiz(db, author.id);
    const second = await makeQuiz(db, author.id, { visibility: "unlisted" });
    const gone = await makeQuiz(db, author.id);
    const own = await makeQuiz(db, fan.id, { status: "draft" });
    for (const q of [first, second, gone, own]) {
      await setFavorite(db, fan.id, q.id, true);
      await new Promise((r) => setTimeout(r, 5));
    }
    await hideQuiz(db, gone.id, author.id);
    expect((await listFavorites(db, fan.id)).map((q) => q.slug)).toEqual([own.slug, second.slug, first.slug]);
  });

  it("saves display name and interface language", async () => {
    const db = handle.db;
    const member = await makeUser(db);
    await updateSettings(db, member.id, { name: "Renamed", locale: "es" });
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ name: "Renamed", locale: "es" });
  });

  it("keeps API tokens per member: list, limit, revoke only one's own", async () => {
    const db = handle.db;
    const [owner, stranger] = [await makeUser(db), await makeUser(db)];
    const made = await insertApiToken(db, { userId: owner.id, name: "CI", tokenHash: `h-${owner.id}-0`, prefix: "qd_abcdefg" });
    expect(made).toMatchObject({ name: "CI", prefix: "qd_abcdefg", lastUsedAt: null });
    expect((await listApiTokens(db, owner.id)).map((t) => t.name)).toEqual(["CI"]);
    expect(await listApiTokens(db, stranger.id)).toEqual([]);
    // Only the hash is stored.
    const [stored] = await db.select().from(apiTokens).where(eq(apiTokens.id, made!.id));
    expect(stored?.tokenHash).toBe(`h-${owner.id}-0`);

    expect(await revokeApiToken(db, stranger.id, made!.id)).toBe(false);
    expect(await revokeApiToken(db, owner.id, made!.id)).toBe(true);
    expect(await listApiTokens(db, owner.id)).toEqual([]);

    for (let i = 1; i <= MAX_API_TOKENS; i++) {
      expect(await insertApiToken(db, { userId: owner.id, name: `t${i}`, tokenHash: `h-${owner.id}-${i}`, prefix: "qd_x" })).not.toBeNull();
    }
    expect(await insertApiToken(db, { userId: owner.id, name: "one too many", tokenHash: `h-${owner.id}-x`, prefix: "qd_x" })).toBeNull();
    expect(await listApiTokens(db, owner.id)).toHaveLength(MAX_API_TOKENS);
  });
});
