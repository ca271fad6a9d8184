import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { players as playerRows } from "@/db/schema";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";
import { createLiveGame } from "./create-game";
import { attachLiveServer } from "./socket";

type Phone = { socket: ClientSocket; playerId: string; events: string[]; disconnects: string[] };

/**
 * What the live server sends through Socket.IO's own rooms, to real socket.io-client connections:
 * a game's room broadcast reaches every phone of that game and no other; a kicked player leaves
 * the room before the broadcast that follows the kick; handing a game over closes its sockets'
 * transports without a goodbye, so they reconnect by themselves.
 */
describe("the live server's rooms", () => {
  let handle: DbHandle;
  let live: ReturnType<typeof attachLiveServer>;
  let url: string;
  const phones: Phone[] = [];

  beforeAll(async () => {
    handle = await testBackends[0]!.open();
    const http = createServer();
    live = attachLiveServer(http, async () => handle.db);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const p of phones) p.socket.disconnect();
    await live?.close();
    await handle?.close();
  });

  /** An attached game of one question with these players joined, each on a phone of its own. */
  async function gameWith(...nicknames: string[]) {
    const host = await makeUser(handle.db);
    const quiz = await makeQuiz(handle.db, host.id, { questions: 1 });
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await live.games.hostAttach(id, host.id)).ok).toBe(true);
    const players: Phone[] = [];
    for (const nickname of nicknames) {
      const socket = connect(url, { path: LIVE_SOCKET_PATH, transports: ["websocket"], forceNew: true });
      const phone: Phone = { socket, playerId: "", events: [], disconnects: [] };
      socket.onAny((event: string) => phone.events.push(event));
      socket.on("disconnect", (reason) => phone.disconnects.push(reason));
      const joined = (await socket.timeout(5000).emitWithAck("player:join", { pin, nickname })) as { ok: boolean; playerId: string };
      expect(joined.ok).toBe(true);
      phone.playerId = joined.playerId;
      phones.push(phone);
      players.push(phone);
    }
    return { id, players };
  }

  /** A reply from the server: whatever it wrote to this phone before has arrived. */
  const roundTrip = (p: Phone) => p.socket.timeout(5000).emitWithAck("player:join", {});
  const count = (p: Phone, event: string) => p.events.filter((e) => e === event).length;

  it("sends a game's room broadcast to every phone of that game and to no other", async () => {
    const a = await gameWith("Ana", "Ben");
    const b = await gameWith("Cleo");
    const [ana, ben] = a.players as [Phone, Phone];
    const cleo = b.players[0]!;
    const before = [ana, ben, cleo].map((p) => count(p, "game:state"));
    expect((await live.games.hostCommand(a.id, { type: "start" })).ok).toBe(true);
    await vi.waitFor(() => expect([count(ana, "game:state"), count(ben, "game:state")]).toEqual([before[0]! + 1, before[1]! + 1]));
    await roundTrip(cleo);
    expect(count(cleo, "game:state")).toBe(before[2]);
  });

  it("takes a kicked player out of the game's room before the broadcast that follows", async () => {
    const { id, players } = await gameWith("Ana", "Ben");
    const [ana, ben] = players as [Phone, Phone];
    const before = count(ana, "game:state");
    expect((await live.games.hostCommand(id, { type: "kick", playerId: ben.playerId })).ok).toBe(true);
    // The others' ranks moved: the room hears of it; Ben is told, then disconnected by the server.
    await vi.waitFor(() => expect(count(ana, "game:state")).toBe(before + 1));
    await vi.waitFor(() => expect(ben.disconnects).toEqual(["io server disconnect"]));
    const afterKick = ben.events.slice(ben.events.indexOf("player:kicked"));
    expect(afterKick).toEqual(["player:kicked"]);
  });

  it("closes the transports of a game handed over, which reconnect; other games' stay", async () => {
    const a = await gameWith("Ana");
    const b = await gameWith("Cleo");
    const ana = a.players[0]!;
    const cleo = b.players[0]!;
    const reconnected = new Promise<void>((r) => ana.socket.io.once("reconnect", () => r()));
    await live.games.handOver(a.id);
    await vi.waitFor(() => expect(ana.disconnects).toEqual(["transport close"]));
    await reconnected;
    await roundTrip(cleo);
    expect(cleo.disconnects).toEqual([]);
  });

  it("lets only the host set the scoring and the join field; phones must then fill it, stored for the report", async () => {
    const { id, players } = await gameWith("Ana");
    const ana = players[0]!;
    const ask = (socket: ClientSocket, event: string, payload: object) => socket.timeout(5000).emitWithAck(event as "host:settings", payload as never);
    const patch = { speedBonus: false, streakBonus: false, identifierLabel: "Student number", pointsMultipliers: [2 as const] };
    // A guest's socket, a player's socket and another member are refused; nothing changes.
    const guest = connect(url, { path: LIVE_SOCKET_PATH, transports: ["websocket"], forceNew: true });
    expect(await ask(guest, "host:settings", patch)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(await ask(guest, "host:attach", { gameId: id })).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(await ask(ana.socket, "host:settings", patch)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    const other = await makeUser(handle.db);
    expect(await live.games.hostAttach(id, other.id)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const [before] = await handle.db.select().from(playerRows).where(eq(playerRows.id, ana.playerId));
    expect(before?.identifier).toBeNull();
    // The host may.
    const set = await live.games.hostCommand(id, { type: "settings", patch });
    expect(set.ok && set.value.settings).toMatchObject(patch);
    const pin = set.ok ? set.value.pin : "";
    const join = (payload: object) => guest.timeout(5000).emitWithAck("player:join", { pin, nickname: "Bo", ...payload });
    expect(await join({})).toMatchObject({ ok: false, error: { code: "identifier_rejected" } });
    const joined = (await join({ identifier: "  S-042 " })) as { ok: boolean; playerId: string; state: object };
    expect(joined.ok).toBe(true);
    expect(JSON.stringify(joined.state)).not.toContain("S-042"); // the phone's own view does not carry it
    await vi.waitFor(async () => {
      const [row] = await handle.db.select().from(playerRows).where(eq(playerRows.id, joined.playerId));
      expect(row?.identifier).toBe("S-042");
    });
    guest.disconnect();
  });
});
