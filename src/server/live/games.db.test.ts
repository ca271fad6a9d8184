import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { report } from "@/core/live/engine";
import type { DbHandle } from "@/db/client";
import { getGame, listGameAnswers } from "@/db/queries/games";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { questions } from "@/db/schema";
import { testBackends } from "@/db/test-databases";
import { createLiveGame } from "./create-game";
import { DrizzleGameStore } from "./game-store-drizzle";
import { LiveGames } from "./games";
import { loadGameState } from "./load-state";

/**
 * The live-game registry on a real database (both backends): a game played across a restart of
 * the registry keeps every acknowledged answer, whether its question was revealed before the
 * restart or still open; the stored snapshot holds no answers (they are rows of their own); and
 * the report rebuilt from the database equals the one the running game gives.
 */
describe.each(testBackends)("live games across a restart on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A started game of `questionCount` true-or-false questions (always true) with these players. */
  async function startedGame(names: string[], questionCount: number) {
    const host = await makeUser(handle.db);
    const quiz = await makeQuiz(handle.db, host.id, { questions: questionCount });
    const games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await games.hostAttach(id, host.id)).ok).toBe(true);
    expect((await games.hostCommand(id, { type: "settings", patch: { readingDelaySeconds: 0 } })).ok).toBe(true);
    const ids: string[] = [];
    const tokens: string[] = [];
    for (const name of names) {
      const r = await games.join(pin, name);
      if (!r.ok) throw new Error(r.error.message);
      ids.push(r.value.playerId);
      tokens.push(r.value.token);
    }
    expect((await games.hostCommand(id, { type: "start" })).ok).toBe(true);
    return { games, id, pin, ids, tokens, quiz };
  }

  it("restores revealed and open questions' answers from their rows; resends still count once", async () => {
    const started = await startedGame(["Ana", "Ben", "Cleo"], 3);
    const { id, ids: players } = started;
    let games = started.games;
    const [ana, ben, cleo] = players as [string, string, string];
    const answer = (g: LiveGames, playerId: string, questionIndex: number, value: boolean) =>
      g.answer(id, playerId, { questionIndex, answer: value, clientId: `${playerId}-${questionIndex}` });

    // Question 1: everyone answers (Cleo wrong), so it is revealed at once.
    for (const [i, p] of players.entries()) expect((await answer(games, p, 0, i < 2)).ok).toBe(true);
    const board = await games.hostCommand(id, { type: "next" });
    if (!board.ok) throw new Error(board.error.message);
    expect(board.value.phase).toBe("scoreboard");
    const scoresBefore = new Map(board.value.scoreboard!.map((r) => [r.playerId, r.score]));
    expect(scoresBefore.get(cleo)).toBe(0);
    expect((await games.hostCommand(id, { type: "next" })).ok).toBe(true);

    // Question 2: two answers are acknowledged, then the server "restarts".
    // The acknowledgement carries the phone's own part: its answer locked in, nothing about right or wrong.
    const acked = await answer(games, ana, 1, true);
    if (!acked.ok) throw new Error(acked.error.message);
    expect(acked.value.me.mine).toEqual({ questionIndex: 1, answer: true });
    expect(acked.value.me.result).toBeNull();
    expect((await answer(games, ben, 1, false)).ok).toBe(true);
    await games.close();
    const stored = await getGame(handle.db, id);
    expect((stored!.snapshot as { answers: unknown[][] }).answers.every((list) => list.length === 0)).toBe(true);
    expect(await listGameAnswers(handle.db, id)).toHaveLength(5);

    games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    expect(await games.restoreOpenGames()).toBe(1);
    const again = await answer(games, ana, 1, true); // a phone resending after reconnecting
    expect(again).toMatchObject({ ok: true, value: { duplicate: true } });
    expect(await games.answer(id, ben, { questionIndex: 1, answer: true, clientId: "a-second-try" })).toMatchObject({
      ok: false,
      error: { code: "already_answered" },
    });
    expect((await answer(games, cleo, 1, true)).ok).toBe(true); // the last one: the reveal
    const ended = await games.hostCommand(id, { type: "end" });
    if (!ended.ok) throw new Error(ended.error.message);
    const r = ended.value.report!;
    expect(r.questionsPlayed).toBe(2);
    expect(r.questions.map((q) => [q.answered, q.correct])).toEqual([
      [3, 2],
      [3, 2],
    ]);
    const byName = new Map(r.players.map((p) => [p.nickname, p]));
    expect([byName.get("Ana")?.correct, byName.get("Ben")?.correct, byName.get("Cleo")?.correct]).toEqual([2, 1, 1]);
    expect(byName.get("Ben")!.score).toBe(scoresBefore.get(ben)); // nothing more for a wrong answer
    expect(byName.get("Ana")!.score).toBeGreaterThan(scoresBefore.get(ana)!);

    // The report a finished game's CSV is made from: rebuilt from the snapshot and the rows.
    await games.close();
    const loaded = await loadGameState(new DrizzleGameStore(async () => handle.db), (await getGame(handle.db, id))!);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(report(loaded.value.state)).toEqual(r);
  });

  it("writes answers waiting for their group commit before a phase change's write, in a commit of their own", async () => {
    const { games, id, ids, quiz } = await startedGame(["Ana", "Ben", "Cleo"], 2);
    const commitsBefore = games.counters.commits;
    // Two answers wait for their group commit when the host skips to the reveal (which writes the
    // snapshot and every player's row): the answers are acknowledged first, from a commit of
    // their own, and both are in the reveal.
    const order: string[] = [];
    const answered = ids.slice(0, 2).map((p, i) =>
      games.answer(id, p, { questionIndex: 0, answer: true, clientId: `c${i}` }).then((r) => {
        order.push(`answer ${i}`);
        return r;
      }),
    );
    const skipped = games.hostCommand(id, { type: "skip" }).then((r) => {
      order.push("reveal");
      return r;
    });
    const [a, b] = await Promise.all(answered);
    const reveal = await skipped;
    expect(a?.ok && b?.ok).toBe(true);
    expect(order).toEqual(["answer 0", "answer 1", "reveal"]);
    expect(games.counters.commits - commitsBefore).toBe(2);
    if (!reveal.ok) throw new Error(reveal.error.message);
    expect(reveal.value.phase).toBe("reveal");
    expect(reveal.value.reveal?.answered).toBe(2);
    expect(await listGameAnswers(handle.db, id)).toHaveLength(2);
    await games.close();

    // The author later removes those questions from the quiz (publishing deletes removed
    // questions): the game played its own copy of them, and its answers stay.
    await handle.db.delete(questions).where(eq(questions.quizId, quiz.id));
    expect(await listGameAnswers(handle.db, id)).toHaveLength(2);
  });

  it("acknowledges the answer that closes a question from its own commit, before the reveal's write", async () => {
    const { games, id, ids } = await startedGame(["Ana", "Ben"], 2);
    expect((await games.answer(id, ids[0]!, { questionIndex: 0, answer: true, clientId: "a" }))?.ok).toBe(true);
    const snapshotsBefore = games.counters.snapshots;
    // The last answer closes the question: the reveal (snapshot and every player's row) is
    // written after it, and its acknowledgement does not wait for that write.
    const last = await games.answer(id, ids[1]!, { questionIndex: 0, answer: false, clientId: "b" });
    expect(last?.ok).toBe(true);
    expect(games.counters.snapshots).toBe(snapshotsBefore);
    expect(await listGameAnswers(handle.db, id)).toHaveLength(2);
    await games.close(); // writes what waits: the reveal
    expect(games.counters.snapshots).toBe(snapshotsBefore + 1);
    expect((await getGame(handle.db, id))?.state).toBe("reveal");
  });

  it("a phone back before the restore waits for it: the game keeps the lease it runs under", async () => {
    const { games: before, id, pin, ids, tokens } = await startedGame(["Ana", "Ben"], 2);
    expect((await before.answer(id, ids[0]!, { questionIndex: 0, answer: true, clientId: "a" })).ok).toBe(true);
    await before.close();

    // The restarted server takes connections before it has restored its open games; Ana's phone
    // is back first. On PGlite the restore forgets the previous run's leases: had her resume
    // loaded the game already, the lease it took would be forgotten with them, and the game's
    // next write refused as if another instance held it.
    const games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    games.holdUntilRestored();
    let settled = false;
    const back = games.resume(pin, tokens[0]!).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300)); // time enough for an unheld resume to load the game
    expect(settled).toBe(false);
    // (The earlier tests' games are still open too: they are restored with it.)
    expect(await games.restoreOpenGames({ forgetLeases: async () => true })).toBeGreaterThanOrEqual(1);
    expect(await back).toMatchObject({ ok: true, value: { playerId: ids[0] } });
    // Ben's answer closes the question: stored under the lease the restore took, and revealed.
    expect((await games.answer(id, ids[1]!, { questionIndex: 0, answer: false, clientId: "b" })).ok).toBe(true);
    const host = await games.hostCommand(id, { type: "next" });
    expect(host).toMatchObject({ ok: true, value: { phase: "scoreboard" } });
    await games.close();
    expect(await listGameAnswers(handle.db, id)).toHaveLength(2);
    expect((await getGame(handle.db, id))?.state).toBe("scoreboard");
  });
});
