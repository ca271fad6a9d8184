import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createGame, serializeGame } from "@/core/live/engine";
import { DEFAULT_SETTINGS } from "@/core/live/protocol";
import type { GameStore } from "./game-store";
import { MemoryGameStore } from "./game-store-memory";
import { LiveGames } from "./games";
import { GameElsewhere, type LiveTransport } from "./transport";

/**
 * Several instances on one store (in memory): a game has one owner at a time; another instance
 * asked for it takes it over when the owner hands it over (asked), lets go (shutdown) or stops
 * renewing its lease (died), and every acknowledged answer is in the game it loads.
 */
const TIMES = { leaseMs: 300, heartbeatMs: 40, waitMs: 2_000, pollMs: 20, minHoldMs: 1_000 };
const HOST = "host-1";

async function newGame(store: GameStore, questions = 3) {
  const id = randomUUID();
  const settings = { ...DEFAULT_SETTINGS, readingDelaySeconds: 0 };
  return store.insertGame(
    { id, quizId: randomUUID(), hostId: HOST, settings, snapshot: (pin) => {
      const created = createGame(
        {
          id,
          pin,
          seed: "s".repeat(32),
          quizTitle: "Ownership",
          settings,
          questions: Array.from({ length: questions }, () => ({
            id: randomUUID(),
            type: "boolean" as const,
            prompt: "True?",
            data: { type: "boolean" as const, correct: true },
            timeLimitSeconds: 120,
            points: 1000,
            explanation: "",
            imageUrl: null,
          })),
        },
        Date.now(),
      );
      if (!created.ok) throw new Error(created.error.message);
      return serializeGame(created.value);
    } },
    () => String(100_000 + Math.floor(Math.random() * 900_000)),
  );
}

/** A store an instance stops reaching (it "died"): every call hangs. */
function severable(store: GameStore) {
  let dead = false;
  const proxy = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (dead ? new Promise(() => {}) : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { store: proxy, kill: () => (dead = true) };
}

function recordingTransport(released: string[]): LiveTransport {
  return { toHost() {}, toPlayer() {}, toGame() {}, toPlayerMe() {}, kicked() {}, release: (id) => released.push(id) };
}

async function playFirstAnswers(a: LiveGames, store: GameStore) {
  const { id, pin } = await newGame(store);
  expect((await a.hostAttach(id, HOST)).ok).toBe(true);
  const players: string[] = [];
  for (const name of ["Ana", "Ben", "Cleo"]) {
    const r = await a.join(pin, name);
    if (!r.ok) throw new Error(r.error.message);
    players.push(r.value.playerId);
  }
  expect((await a.hostCommand(id, { type: "start" })).ok).toBe(true);
  // Two of three answer (acknowledged: stored), the question stays open.
  for (const p of players.slice(0, 2)) expect((await a.answer(id, p, { questionIndex: 0, answer: true, clientId: `c-${p}` })).ok).toBe(true);
  return { id, pin, players };
}

async function finishOn(b: LiveGames, id: string, players: string[]) {
  // The last player answers on the new owner: the question closes with all three answers.
  const last = await b.answer(id, players[2]!, { questionIndex: 0, answer: true, clientId: "c-last" });
  expect(last.ok).toBe(true);
  // A phone resending an acknowledged answer after reconnecting: counted once.
  expect(await b.answer(id, players[0]!, { questionIndex: 0, answer: true, clientId: `c-${players[0]}` })).toMatchObject({ ok: true, value: { duplicate: true } });
  const ended = await b.hostCommand(id, { type: "end" });
  if (!ended.ok) throw new Error(ended.error.message);
  expect(ended.value.report!.questions[0]).toMatchObject({ answered: 3, correct: 3 });
}

describe("live game ownership across instances", () => {
  it("an instance asked for a game another one runs gets it handed over, with every acknowledged answer", async () => {
    const store = new MemoryGameStore();
    const releasedByA: string[] = [];
    const a = new LiveGames(store, recordingTransport(releasedByA), { instanceId: "a", times: TIMES });
    const b = new LiveGames(store, undefined, { instanceId: "b", times: TIMES });
    const { id, players } = await playFirstAnswers(a, store);
    // b is asked for the game (a socket of it reached b): a hands it over at its next heartbeat.
    expect((await b.hostAttach(id, HOST)).ok).toBe(true);
    expect(releasedByA).toEqual([id]); // a's sockets of the game were told to reconnect
    expect(a.stats().games).toBe(0);
    // A socket still reaching a soon after is not handed the game back at once (no ping-pong).
    const again = new LiveGames(store, undefined, { instanceId: "a2", times: { ...TIMES, waitMs: 200 } });
    await expect(again.hostAttach(id, HOST)).rejects.toBeInstanceOf(GameElsewhere);
    await finishOn(b, id, players);
    await Promise.all([a.close(), b.close()]);
  });

  it("a shut-down instance releases its games at once; a dead one's are taken when its lease runs out", async () => {
    const store = new MemoryGameStore();
    // Shut down: the lease is gone, so b does not wait for it.
    const a = new LiveGames(store, undefined, { instanceId: "a", times: { ...TIMES, leaseMs: 60_000 } });
    const first = await playFirstAnswers(a, store);
    await a.close();
    const b = new LiveGames(store, undefined, { instanceId: "b", times: { ...TIMES, waitMs: 0 } });
    await finishOn(b, first.id, first.players);

    // Died: its heartbeat stops reaching the store, and the lease runs out.
    const cut = severable(store);
    const c = new LiveGames(cut.store, undefined, { instanceId: "c", times: TIMES });
    const second = await playFirstAnswers(c, store);
    cut.kill();
    // Too impatient a claimant is told the game is elsewhere; a patient one gets it.
    const hasty = new LiveGames(store, undefined, { instanceId: "hasty", times: { ...TIMES, waitMs: 0 } });
    await expect(hasty.hostAttach(second.id, HOST)).rejects.toBeInstanceOf(GameElsewhere);
    const d = new LiveGames(store, undefined, { instanceId: "d", times: TIMES });
    await finishOn(d, second.id, second.players);
    await Promise.all([b.close(), d.close()]);
  });

  it("an owner paused past its lease cannot store or acknowledge an answer after another instance took the game", async () => {
    const store = new MemoryGameStore();
    const released: string[] = [];
    // a's heartbeat never comes round in this test: as if the process were stopped (SIGSTOP, a
    // long GC pause) while its lease ran out.
    const a = new LiveGames(store, recordingTransport(released), { instanceId: "a", times: { ...TIMES, heartbeatMs: 60_000 } });
    const { id, players } = await playFirstAnswers(a, store);
    await new Promise((r) => setTimeout(r, TIMES.leaseMs + 100));
    const b = new LiveGames(store, undefined, { instanceId: "b", times: TIMES });
    expect((await b.hostAttach(id, HOST)).ok).toBe(true); // b takes the expired lease over
    // a wakes up and takes an answer: its group commit is refused, nothing is stored, the phone
    // gets no acknowledgement (its socket is closed and it resends to b), a drops the game.
    await expect(a.answer(id, players[2]!, { questionIndex: 0, answer: false, clientId: "stale" })).rejects.toBeInstanceOf(GameElsewhere);
    expect((await store.listGameAnswers(id)).map((x) => x.clientId).sort()).toEqual(players.slice(0, 2).map((p) => `c-${p}`).sort());
    expect(released).toEqual([id]);
    expect(a.stats().games).toBe(0);
    // b's commits are stored: the resent answer, the reveal and the end.
    await finishOn(b, id, players);
    expect((await store.listGameAnswers(id)).map((x) => x.clientId)).toContain("c-last");
    await Promise.all([a.close(), b.close()]);
  });

  it("an instance that lost its lease stops running the game", async () => {
    const store = new MemoryGameStore();
    const released: string[] = [];
    const a = new LiveGames(store, recordingTransport(released), { instanceId: "a", times: { ...TIMES, waitMs: 0 } });
    const { id, players } = await playFirstAnswers(a, store);
    // Someone took the lease behind a's back (a stalled past it): at its next heartbeat a lets go.
    await store.releaseLeases("a");
    expect(await store.acquireLease(id, "z", 60_000)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, TIMES.heartbeatMs * 4));
    expect(released).toEqual([id]);
    await expect(a.answer(id, players[2]!, { questionIndex: 0, answer: true, clientId: "x" })).rejects.toBeInstanceOf(GameElsewhere);
    await a.close();
  });
});
