import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerWrite, PlayerWrite } from "@/core/live/stored";
import type { GameStore } from "@/server/live/game-store";

/**
 * The one test suite every GameStore passes (after tldraw's storage contract suite): each
 * implementation's test file calls it with a factory. `owner()` gives a host and a quiz a game
 * may reference (rows the database's foreign keys need; any ids in memory).
 */
export type StoreFixture = { store: GameStore; owner(): Promise<{ hostId: string; quizId: string }>; close(): Promise<void> };

const SETTINGS = { locked: false, generatedNicknamesOnly: false, maxPlayers: 100, speedBonus: true, streakBonus: true, readingDelaySeconds: 0, pointsMultipliers: [], identifierLabel: null, questionOnPhones: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function gameStoreContractSuite(name: string, makeStore: () => Promise<StoreFixture>) {
  describe(`GameStore contract: ${name}`, () => {
    let f: StoreFixture;
    let store: GameStore;
    beforeAll(async () => {
      f = await makeStore();
      store = f.store;
    });
    afterAll(async () => {
      await f?.close();
    });

    let pinCounter = 100_000 + Math.floor(Math.random() * 800_000);
    async function newGame(pins: () => string = () => String(pinCounter++)) {
      const { hostId, quizId } = await f.owner();
      const id = randomUUID();
      return store.insertGame({ id, quizId, hostId, settings: SETTINGS, snapshot: (pin) => JSON.stringify({ pin, phase: "lobby" }) }, pins);
    }
    const player = (over: Partial<PlayerWrite> = {}): PlayerWrite => ({
      id: randomUUID(),
      nickname: `P${Math.random().toString(36).slice(2, 8)}`,
      tokenHash: randomUUID(),
      score: 0,
      streak: 0,
      kicked: false,
      connected: true,
      joinedAt: new Date(),
      ...over,
    });
    const answer = (playerId: string, questionId: string, over: Partial<AnswerWrite> = {}): AnswerWrite => ({
      playerId,
      questionId,
      questionIndex: 0,
      answer: true,
      correct: true,
      points: 900,
      timeMs: 1200,
      clientId: `c-${playerId}`,
      answeredAt: new Date(),
      ...over,
    });

    it("inserts a game with a PIN no open game has, and finds it by id and PIN", async () => {
      const first = await newGame();
      const pins = [first.pin, first.pin, String(pinCounter++)];
      const second = await newGame(() => pins.shift()!);
      expect(second.pin).not.toBe(first.pin);
      const row = await store.getGame(first.id);
      expect(row).toMatchObject({ id: first.id, pin: first.pin, state: "lobby", snapshot: { pin: first.pin, phase: "lobby" } });
      expect(await store.findOpenGameByPin(first.pin)).toEqual({ id: first.id });
      expect((await store.listOpenGames()).map((g) => g.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(await store.getGame(randomUUID())).toBeNull();
    });

    it("a finished game gives its PIN back and is no longer open", async () => {
      const g = await newGame();
      await store.commitGameBatch(g.id, {
        answers: [],
        players: [],
        game: { state: "finished", currentQuestion: 0, questionStartedAt: null, settings: SETTINGS, finishedAt: new Date(), snapshot: JSON.stringify({ done: true }) },
      });
      expect(await store.findOpenGameByPin(g.pin)).toBeNull();
      expect((await store.listOpenGames()).map((x) => x.id)).not.toContain(g.id);
      expect((await store.getGame(g.id))?.snapshot).toEqual({ done: true });
      const again = await newGame(() => g.pin);
      expect(again.pin).toBe(g.pin);
    });

    it("group commits store players (keeping the first token hash) and answers once each, in order", async () => {
      const g = await newGame();
      const ana = player({ nickname: "Ana" });
      const ben = player({ nickname: "Ben" });
      const q1 = randomUUID();
      const q2 = randomUUID();
      const t = Date.now();
      await store.commitGameBatch(g.id, { answers: [answer(ana.id, q1, { answeredAt: new Date(t) })], players: [ana, ben], game: null });
      await store.commitGameBatch(g.id, {
        answers: [
          answer(ana.id, q1, { answeredAt: new Date(t + 5), correct: false, clientId: "again" }), // a second answer: dropped
          answer(ben.id, q1, { answeredAt: new Date(t + 1), answer: { any: ["json"] } }),
          answer(ana.id, q2, { answeredAt: new Date(t + 2), questionIndex: 1, clientId: null }),
        ],
        players: [{ ...ana, tokenHash: "another", score: 900, nickname: "Anita", kicked: true }],
        game: null,
      });
      const players = await store.listGamePlayers(g.id);
      expect(players.map((p) => [p.id, p.nickname, p.tokenHash, p.kicked]).sort()).toEqual(
        [
          [ana.id, "Anita", ana.tokenHash, true],
          [ben.id, "Ben", ben.tokenHash, false],
        ].sort(),
      );
      const answers = await store.listGameAnswers(g.id);
      expect(answers.map((a) => [a.playerId, a.questionIndex, a.correct, a.clientId])).toEqual([
        [ana.id, 0, true, `c-${ana.id}`],
        [ben.id, 0, true, `c-${ben.id}`],
        [ana.id, 1, true, null],
      ]);
      expect(answers[1]!.answer).toEqual({ any: ["json"] });
      expect(answers[0]!.answeredAt.getTime()).toBe(t);
      expect(await store.findPlayerByTokenHash(ben.tokenHash)).toEqual({ playerId: ben.id, gameId: g.id, kicked: false, pin: g.pin });
      expect(await store.findPlayerByTokenHash("nobody")).toBeNull();
    });

    it("the same answer written again (re-scored at its reveal) updates its points and correctness, in the same batch too", async () => {
      const g = await newGame();
      const ana = player();
      const ben = player();
      const q = randomUUID();
      const at = new Date(Date.now() - 1000);
      const anaFirst = answer(ana.id, q, { answer: 8700, correct: false, points: 1960, answeredAt: at });
      await store.commitGameBatch(g.id, { answers: [anaFirst], players: [ana, ben], game: null });
      const benFirst = answer(ben.id, q, { answer: 9000, correct: false, points: 1900, answeredAt: at });
      await store.commitGameBatch(g.id, {
        answers: [{ ...anaFirst, correct: true, points: 2000 }, benFirst, { ...benFirst, correct: true, points: 2000 }],
        players: [],
        game: null,
      });
      // Another answer (another client id) is still dropped.
      await store.commitGameBatch(g.id, { answers: [answer(ana.id, q, { answer: 1, correct: false, points: 0, clientId: "other", answeredAt: at })], players: [], game: null });
      const answers = await store.listGameAnswers(g.id);
      expect(answers.map((a) => [a.playerId, a.answer, a.correct, a.points]).sort()).toEqual(
        [
          [ana.id, 8700, true, 2000],
          [ben.id, 9000, true, 2000],
        ].sort(),
      );
    });

    it("a lease has one owner; the owner renews it, hands it over when asked, releases it", async () => {
      const g = await newGame();
      expect(await store.acquireLease(g.id, "a", 5_000)).toMatchObject({ ok: true });
      expect(await store.acquireLease(g.id, "a", 5_000)).toMatchObject({ ok: true }); // its own: renewed
      expect(await store.acquireLease(g.id, "b", 5_000)).toEqual({ ok: false, owner: "a" });
      expect(await store.renewLeases("a", [g.id], 5_000)).toEqual({ held: [g.id], handoff: [] });
      expect(await store.renewLeases("b", [g.id], 5_000)).toEqual({ held: [], handoff: [] });
      await store.requestHandoff(g.id, "b");
      expect(await store.renewLeases("a", [g.id], 5_000)).toEqual({ held: [g.id], handoff: [g.id] });
      await store.releaseLeases("b"); // not b's: nothing happens
      expect(await store.acquireLease(g.id, "b", 5_000)).toEqual({ ok: false, owner: "a" });
      await store.releaseLeases("a", [g.id]);
      expect(await store.acquireLease(g.id, "b", 5_000)).toMatchObject({ ok: true });
      // Taking a lease clears an old hand-off request.
      expect(await store.renewLeases("b", [g.id], 5_000)).toEqual({ held: [g.id], handoff: [] });
      expect(await store.renewLeases("a", [g.id], 5_000)).toEqual({ held: [], handoff: [] });
    });

    it("an expired lease may be taken by another instance; the old owner then no longer holds it", async () => {
      const g = await newGame();
      const other = await newGame();
      expect(await store.acquireLease(g.id, "a", 50)).toMatchObject({ ok: true });
      expect(await store.acquireLease(other.id, "a", 60_000)).toMatchObject({ ok: true });
      await sleep(150);
      expect(await store.acquireLease(g.id, "b", 5_000)).toMatchObject({ ok: true });
      expect(await store.renewLeases("a", [g.id, other.id], 5_000)).toEqual({ held: [other.id], handoff: [] });
      await store.releaseLeases("a");
      expect(await store.acquireLease(other.id, "c", 5_000)).toMatchObject({ ok: true });
      await store.clearLeases();
      expect(await store.acquireLease(g.id, "d", 5_000)).toMatchObject({ ok: true });
    });

    it("a lease's epoch is new when another instance takes it, the same when its owner renews it", async () => {
      const g = await newGame();
      const first = await store.acquireLease(g.id, "a", 50);
      expect(first).toEqual({ ok: true, epoch: expect.any(Number) });
      expect(await store.acquireLease(g.id, "a", 5_000)).toEqual(first);
      await store.releaseLeases("a");
      const again = await store.acquireLease(g.id, "a", 50); // taken afresh: a new epoch
      if (!first.ok || !again.ok) throw new Error("lease not taken");
      expect(again.epoch).toBeGreaterThan(first.epoch);
      await sleep(150);
      const taken = await store.acquireLease(g.id, "b", 5_000);
      if (!taken.ok) throw new Error("lease not taken");
      expect(taken.epoch).toBeGreaterThan(again.epoch);
    });

    it("a group commit under a lease lost to another instance stores nothing; the new owner's are stored", async () => {
      const g = await newGame();
      const ana = player({ nickname: "Ana" });
      const q = randomUUID();
      const a = await store.acquireLease(g.id, "a", 50);
      if (!a.ok) throw new Error("lease not taken");
      const fenceA = { owner: "a", epoch: a.epoch };
      expect(await store.commitGameBatch(g.id, { answers: [], players: [ana], game: null }, fenceA)).toBe("stored");
      // a stalls past its lease (a GC pause, SIGSTOP); b takes the game over.
      await sleep(150);
      const b = await store.acquireLease(g.id, "b", 5_000);
      if (!b.ok) throw new Error("lease not taken");
      const stale = {
        answers: [answer(ana.id, q, { clientId: "from-a" })],
        players: [{ ...ana, score: 900 }],
        game: { state: "reveal" as const, currentQuestion: 0, questionStartedAt: null, settings: SETTINGS, finishedAt: null, snapshot: JSON.stringify({ by: "a" }) },
      };
      expect(await store.commitGameBatch(g.id, stale, fenceA)).toBe("lease_lost");
      expect(await store.listGameAnswers(g.id)).toEqual([]);
      expect((await store.getGame(g.id))?.snapshot).toEqual({ pin: g.pin, phase: "lobby" });
      // The answer resent to b (same client id) is b's to store; b's epoch is its own.
      expect(await store.commitGameBatch(g.id, { ...stale, answers: [answer(ana.id, q, { clientId: "from-b" })], game: null }, { owner: "b", epoch: b.epoch })).toBe("stored");
      expect((await store.listGameAnswers(g.id)).map((x) => x.clientId)).toEqual(["from-b"]);
      // Neither a's name with b's epoch nor b's name with a's epoch passes.
      expect(await store.commitGameBatch(g.id, stale, { owner: "a", epoch: b.epoch })).toBe("lease_lost");
      expect(await store.commitGameBatch(g.id, stale, { owner: "b", epoch: a.epoch })).toBe("lease_lost");
      // a taking the game back later gets a new epoch: its stale batch is still refused.
      await store.releaseLeases("b");
      const back = await store.acquireLease(g.id, "a", 5_000);
      if (!back.ok) throw new Error("lease not taken");
      expect(await store.commitGameBatch(g.id, stale, fenceA)).toBe("lease_lost");
      expect((await store.listGameAnswers(g.id)).map((x) => x.clientId)).toEqual(["from-b"]);
      // Without a lease row at all (released), a fenced commit is refused too.
      await store.releaseLeases("a");
      expect(await store.commitGameBatch(g.id, stale, { owner: "a", epoch: back.epoch })).toBe("lease_lost");
    });

    it("an expired lease nobody took is still its owner's to renew", async () => {
      const g = await newGame();
      expect(await store.acquireLease(g.id, "a", 50)).toMatchObject({ ok: true });
      await sleep(150);
      expect(await store.renewLeases("a", [g.id], 5_000)).toEqual({ held: [g.id], handoff: [] });
      expect(await store.acquireLease(g.id, "b", 5_000)).toEqual({ ok: false, owner: "a" });
      // Its commits still pass the fence: nobody else ran the game meanwhile.
      const p = player();
      const a = await store.acquireLease(g.id, "a", 5_000);
      if (!a.ok) throw new Error("lease not taken");
      expect(await store.commitGameBatch(g.id, { answers: [], players: [p], game: null }, { owner: "a", epoch: a.epoch })).toBe("stored");
      expect((await store.listGamePlayers(g.id)).map((x) => x.id)).toEqual([p.id]);
    });
  });
}
