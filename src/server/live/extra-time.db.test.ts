import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { getGame } from "@/db/queries/games";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";
import type { GameState } from "@/core/live/engine";
import { createLiveGame } from "./create-game";
import { DrizzleGameStore } from "./game-store-drizzle";
import { LiveGames } from "./games";
import { attachLiveServer } from "./socket";

/**
 * Extra time per player (docs/rules.md §4) on both databases: only the game's host may give it
 * (a guest's socket, a player's socket and another member are refused), and it is kept in the
 * game's snapshot, so a restarted server enforces it still.
 */
describe.each(testBackends)("extra time in a live game on $name", (backend) => {
  let handle: DbHandle;
  let live: ReturnType<typeof attachLiveServer>;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    handle = await backend.open();
    const http = createServer();
    live = attachLiveServer(http, async () => handle.db);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await live?.close();
    await handle?.close();
  });

  const socket = () => {
    const s = connect(url, { path: LIVE_SOCKET_PATH, transports: ["websocket"], forceNew: true });
    sockets.push(s);
    return s;
  };
  const ask = (s: ClientSocket, payload: object) => s.timeout(5000).emitWithAck("host:extraTime", payload as never);

  it("lets only the host give it, and keeps it in the snapshot across a restart", async () => {
    const host = await makeUser(handle.db);
    const quiz = await makeQuiz(handle.db, host.id, { questions: 1 });
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await live.games.hostAttach(id, host.id)).ok).toBe(true);
    const phone = socket();
    const joined = (await phone.timeout(5000).emitWithAck("player:join", { pin, nickname: "Ana" })) as { ok: boolean; playerId: string };
    expect(joined.ok).toBe(true);
    const payload = { playerId: joined.playerId, factor: 2 };

    // A guest's socket, the player's own socket and another member are refused; nothing changes.
    expect(await ask(socket(), payload)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(await ask(phone, payload)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    const other = await makeUser(handle.db);
    expect(await live.games.hostAttach(id, other.id)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const before = await live.games.hostAttach(id, host.id);
    expect(before.ok && before.value.extraTime).toBeUndefined();

    // The host may, by id or by nickname; a bad factor is refused by the payload's schema.
    expect(await ask(socket(), { ...payload, factor: 3 })).toMatchObject({ ok: false, error: { code: "validation_failed" } });
    const set = await live.games.hostCommand(id, { type: "extraTime", nickname: "ana", factor: 2 });
    expect(set.ok && set.value.extraTime).toEqual([{ playerId: joined.playerId, nickname: "Ana", factor: 2 }]);

    // A restart: the snapshot holds it.
    await live.games.handOver(id);
    const stored = await getGame(handle.db, id);
    const snap = (typeof stored!.snapshot === "string" ? JSON.parse(stored!.snapshot) : stored!.snapshot) as GameState;
    expect(snap.players.find((p) => p.id === joined.playerId)?.extraTime).toBe(2);
    const games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    const again = await games.hostAttach(id, host.id);
    expect(again.ok && again.value.extraTime).toEqual([{ playerId: joined.playerId, nickname: "Ana", factor: 2 }]);
    await games.close();
  });
});
