import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { createLogger, setLogger, type Logger } from "@/log";
import { metricsText, setMetricSources } from "../metrics";
import { createLiveGame } from "./create-game";
import { DrizzleGameStore } from "./game-store-drizzle";
import { LiveGames } from "./games";

type Line = Record<string, unknown>;

/**
 * What an operator sees of a live game: JSON log lines that each carry the game's id (an answer's
 * included, at debug level), and the live metrics moving as the game is played.
 */
describe("a live game's logs and metrics", () => {
  const lines: Line[] = [];
  let handle: DbHandle;
  let previous: Logger;
  beforeAll(async () => {
    previous = setLogger(createLogger({ write: (s: string) => void lines.push(JSON.parse(s) as Line) }, { level: "debug" }));
    handle = await testBackends[0]!.open();
  });
  afterAll(async () => {
    setLogger(previous);
    await handle?.close();
  });

  it("logs the answer with its game id, and counts commits, broadcasts and games", async () => {
    const host = await makeUser(handle.db);
    const quiz = await makeQuiz(handle.db, host.id, { questions: 2 });
    const games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    setMetricSources({ live: () => games.stats() });
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await games.hostAttach(id, host.id)).ok).toBe(true);
    expect((await games.hostCommand(id, { type: "settings", patch: { readingDelaySeconds: 0 } })).ok).toBe(true);
    const ana = await games.join(pin, "Ana");
    const ben = await games.join(pin, "Ben");
    if (!ana.ok || !ben.ok) throw new Error("join failed");
    expect((await games.hostCommand(id, { type: "start" })).ok).toBe(true);
    expect((await games.answer(id, ana.value.playerId, { questionIndex: 0, answer: true, clientId: "a0" })).ok).toBe(true);

    const answerLine = lines.find((l) => l.msg === "answer stored");
    expect(answerLine).toMatchObject({ level: "debug", gameId: id, playerId: ana.value.playerId, questionIndex: 0, duplicate: false });
    expect(typeof answerLine?.time).toBe("string");
    // Every line about this game names it: its phase changes too.
    const gameLines = lines.filter((l) => typeof l.msg === "string" && /^(answer|game )/.test(l.msg));
    expect(gameLines.length).toBeGreaterThanOrEqual(2);
    for (const l of gameLines) expect(l.gameId).toBe(id);

    const { body } = await metricsText();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(body)?.[1]);
    expect(value("quizdeck_live_games")).toBe(1);
    expect(value("quizdeck_live_group_commit_answers_count")).toBeGreaterThanOrEqual(1);
    expect(value("quizdeck_live_group_commit_answers_sum")).toBeGreaterThanOrEqual(1);
    expect(value("quizdeck_live_group_commit_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(value("quizdeck_live_broadcast_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^quizdeck_live_players\{state="connected"\} 2$/m);
    await games.close();
  });
});
