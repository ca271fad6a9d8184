import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, serializeGame } from "@/core/live/engine";
import { DEFAULT_SETTINGS } from "@/core/live/protocol";
import type { DbHandle } from "../client";
import { gameAnswers, games } from "../schema";
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
    expect((await findOpenGameByPin(handle.db, "111111"))?.id).toBe(c.id);
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
});
