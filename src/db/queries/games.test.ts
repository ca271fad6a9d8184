import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, serializeGame } from "@/core/live/engine";
import { DEFAULT_SETTINGS } from "@/core/live/protocol";
import type { DbHandle } from "../client";
import { gameAnswers, games, players as playerTable } from "../schema";
import { testBackends } from "../test-databases";
import {
  commitGameBatch,
  findOpenGameByPin,
  findPlayerByTokenHash,
  getGame,
  insertGame,
  listGameAnswers,
  listHostedGames,
  listOpenGames,
  loadQuizForGame,
} from "./games";
import { makeQuiz, makeUser } from "./social.test-helpers";

describe.each(testBackends)("live game queries on $name", (backend) => {
  let handle: DbHandle;
  let host: { id: string };
  let quiz: { id: string; slug: string };
  beforeAll(async () => {
    handle = await backend.open();
    host = await makeUser(handle.db);
    quiz = await makeQuiz(handle.db, host.id, { questions: 2 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function newGame(pins: () => string) {
    const loaded = (await loadQuizForGame(handle.db, quiz.id))!;
    const id = randomUUID();
    return insertGame(
      handle.db,
      {
        id,
        quizId: quiz.id,
        hostId: host.id,
        settings: DEFAULT_SETTINGS,
        snapshot: (pin) => {
          const g = createGame({ id, pin, seed: "s", quizTitle: loaded.title, questions: loaded.questions }, Date.now());
          if (!g.ok) throw new Error(g.error.message);
          return serializeGame(g.value);
        },
      },
      pins,
    );
  }

  it("gives each open game its own PIN, retrying a taken one, and reuses a finished game's PIN", async () => {
    const a = await newGame(() => "111111");
    const tries = ["111111", "111111", "222222"];
    const b = await newGame(() => tries.shift()!);
    expect(b.pin).toBe("222222");
    await expect(newGame(() => "111111")).rejects.toThrow(/No free game PIN/);
    await handle.db.update(games).set({ state: "finished" }).where(eq(games.id, a.id));
    expect(await findOpenGameByPin(handle.db, "111111")).toBeNull();
    const c = await newGame(() => "111111");
    // With the quiz's language, which its phones read questions aloud in.
    expect(await findOpenGameByPin(handle.db, "111111")).toMatchObject({ id: c.id, state: "lobby", language: "en" });
    expect((await listOpenGames(handle.db)).map((g) => g.id)).toEqual(expect.arrayContaining([b.id, c.id]));
    expect((await getGame(handle.db, c.id))?.snapshot).toMatchObject({ id: c.id, pin: "111111", phase: "lobby" });
  });

  it("a group commit stores one answer per player and question, whatever is resent", async () => {
    const game = await newGame(() => "333333");
    const loaded = (await loadQuizForGame(handle.db, quiz.id))!;
    const playerId = randomUUID();
    const player = { id: playerId, nickname: "Ana", tokenHash: "hash-ana", score: 0, streak: 0, kicked: false, connected: true, joinedAt: new Date() };
    const answer = (clientId: string, points: number) => ({
      playerId,
      questionId: loaded.questions[0]!.id,
      questionIndex: 0,
      answer: true,
      correct: true,
      points,
      timeMs: 1200,
      clientId,
      answeredAt: new Date(),
    });
    await commitGameBatch(handle.db, game.id, { players: [player], answers: [answer("c1", 950)], game: null });
    await commitGameBatch(handle.db, game.id, { players: [{ ...player, score: 950, nickname: "Ana B" }], answers: [answer("c2", 1000)], game: null });
    const rows = await listGameAnswers(handle.db, game.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: "c1", points: 950, questionIndex: 0 });
    expect(await findPlayerByTokenHash(handle.db, "hash-ana")).toMatchObject({ playerId, gameId: game.id, pin: "333333", kicked: false });
    expect(await handle.db.select().from(gameAnswers).where(eq(gameAnswers.gameId, game.id))).toHaveLength(1);
    const hosted = await listHostedGames(handle.db, host.id);
    expect(hosted.find((g) => g.id === game.id)).toMatchObject({ pin: "333333", quizSlug: quiz.slug, playerCount: 1, state: "lobby" });
  });

  it("writes players, answers of every JSON shape and the game row in one transaction, or nothing", async () => {
    const game = await newGame(() => "444444");
    const loaded = (await loadQuizForGame(handle.db, quiz.id))!;
    const [q0, q1] = [loaded.questions[0]!.id, loaded.questions[1]!.id];
    const joinedAt = new Date("2026-11-22T08:00:00.123Z");
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const people = ids.map((id, i) => ({ id, nickname: `P'${i} "x"`, tokenHash: `hash-${id}`, score: 0, streak: 0, kicked: false, connected: true, joinedAt }));
    const values: unknown[] = ["opt-a", ["i1", "i2"], 42.5, false];
    const answeredAt = new Date("2026-11-22T08:01:02.345Z");
    const answers = ids.map((playerId, i) => ({
      playerId,
      questionId: q0,
      questionIndex: 0,
      answer: values[i],
      correct: i % 2 === 0,
      points: i * 100,
      timeMs: 1000 + i,
      clientId: i === 3 ? null : `c${i}`,
      answeredAt,
    }));
    const startedAt = new Date("2026-11-22T08:00:30.000Z");
    await commitGameBatch(handle.db, game.id, {
      players: people,
      answers,
      game: { state: "question", currentQuestion: 0, questionStartedAt: startedAt, settings: { ...DEFAULT_SETTINGS, locked: true }, finishedAt: null, snapshot: JSON.stringify({ marker: "snap-1" }) },
    });
    const stored = await listGameAnswers(handle.db, game.id);
    expect(stored.map((r) => r.answer).sort()).toEqual([...values].sort());
    expect(stored.find((r) => r.playerId === ids[3])).toMatchObject({ clientId: null, points: 300, timeMs: 1003, correct: false });
    expect(stored.every((r) => r.answeredAt.getTime() === answeredAt.getTime())).toBe(true);
    const [row] = await handle.db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ state: "question", currentQuestion: 0, snapshot: { marker: "snap-1" }, settings: { locked: true }, finishedAt: null });
    expect(row!.questionStartedAt?.getTime()).toBe(startedAt.getTime());

    // Reveal: scores update in place (quotes in names survive), and a batch that fails (an answer
    // without a question id, refused by the table) writes none of its parts.
    await commitGameBatch(handle.db, game.id, { players: people.map((p, i) => ({ ...p, score: i * 100, streak: 1 })), answers: [], game: null });
    const bad = { ...answers[0]!, questionId: null as unknown as string, playerId: ids[1]!, questionIndex: 1 };
    const newcomer = { ...people[0]!, id: randomUUID(), nickname: "Late", tokenHash: "hash-late" };
    await expect(
      commitGameBatch(handle.db, game.id, { players: [newcomer], answers: [{ ...answers[1]!, questionId: q1, questionIndex: 1 }, bad], game: { ...row!, state: "reveal", currentQuestion: 1, snapshot: "{}" } as never }),
    ).rejects.toThrow();
    expect(await findPlayerByTokenHash(handle.db, "hash-late")).toBeNull();
    expect(await listGameAnswers(handle.db, game.id)).toHaveLength(4);
    expect((await getGame(handle.db, game.id))?.state).toBe("question");
    const after = await handle.db.select().from(playerTable).where(eq(playerTable.gameId, game.id));
    expect(after.map((p) => [p.nickname, p.score, p.streak]).sort()).toEqual(people.map((p, i) => [p.nickname, i * 100, 1]).sort());
  });
});
