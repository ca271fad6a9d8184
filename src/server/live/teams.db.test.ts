import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { report } from "@/core/live/engine";
import type { DbHandle } from "@/db/client";
import { getGame } from "@/db/queries/games";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { players as playerRows } from "@/db/schema";
import { testBackends } from "@/db/test-databases";
import { createLiveGame } from "./create-game";
import { DrizzleGameStore } from "./game-store-drizzle";
import { LiveGames } from "./games";
import { loadGameState } from "./load-state";

/**
 * Team mode across a restart (both backends): the host's team setting is stored with the game, each
 * player's team with its row (`players.team`); a restarted registry, and the report rebuilt from
 * the database, have the same teams, those of players who joined after the last snapshot included.
 */
describe.each(testBackends)("team mode across a restart on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps the team setting and every player's team; the report rebuilt from the rows agrees", async () => {
    const host = await makeUser(handle.db);
    const quiz = await makeQuiz(handle.db, host.id, { questions: 2 });
    let games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await games.hostAttach(id, host.id)).ok).toBe(true);
    const set = await games.hostCommand(id, { type: "settings", patch: { readingDelaySeconds: 0, teams: { count: 3, assign: "pick" } } });
    expect(set.ok).toBe(true);
    // Joins after the settings' snapshot: their teams are only in their rows.
    const ids: Record<string, string> = {};
    for (const [name, team] of [["Ana", 2], ["Ben", undefined], ["Cleo", 2]] as const) {
      const r = await games.join(pin, name, undefined, undefined, team);
      if (!r.ok) throw new Error(r.error.message);
      ids[name] = r.value.playerId;
    }
    await games.close(); // writes what waits; the snapshot is still the one of the settings change
    const rows = await handle.db.select({ id: playerRows.id, team: playerRows.team }).from(playerRows).where(eq(playerRows.gameId, id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.team]))).toEqual({ [ids.Ana!]: 2, [ids.Ben!]: 0, [ids.Cleo!]: 2 });

    games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    expect(await games.restoreOpenGames()).toBe(1);
    const attached = await games.hostAttach(id, host.id);
    if (!attached.ok) throw new Error(attached.error.message);
    expect(attached.value.settings.teams).toEqual({ count: 3, assign: "pick" });
    expect(attached.value.players.map((p) => [p.nickname, p.team])).toEqual([
      ["Ana", 2],
      ["Ben", 0],
      ["Cleo", 2],
    ]);
    // A join after the restart still follows the rules: no pick → the smallest team (team 1, empty).
    const dan = await games.join(pin, "Dan");
    expect(dan.ok && dan.value.view.me.team).toEqual({ index: 1, rank: 1, of: 3 });
    if (dan.ok) ids.Dan = dan.value.playerId;

    // Play one question (Ana and Ben right, Cleo and Dan wrong); end; the report from the database
    // has the teams: team 0 (Ben) first, team 2 ((Ana + 0) / 2) second, team 1 (Dan, 0) third.
    expect((await games.hostCommand(id, { type: "start" })).ok).toBe(true);
    for (const [name, playerId] of Object.entries(ids)) {
      expect((await games.answer(id, playerId, { questionIndex: 0, answer: name === "Ana" || name === "Ben", clientId: `${name}-0` })).ok).toBe(true);
    }
    const ended = await games.hostCommand(id, { type: "end" });
    if (!ended.ok) throw new Error(ended.error.message);
    const r = ended.value.report!;
    expect(r.teams?.map((t) => [t.team, t.players, t.rank])).toEqual([
      [0, 1, 1],
      [1, 1, 3],
      [2, 2, 2],
    ]);
    await games.close();
    const loaded = await loadGameState(new DrizzleGameStore(async () => handle.db), (await getGame(handle.db, id))!);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(report(loaded.value.state)).toEqual(r);
  });
});
