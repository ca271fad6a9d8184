import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { io, type Socket as ClientSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitToAll, eventFrame, fanoutCounters, fanoutMode, writeAcksDirectly } from "./fanout";

/**
 * The straight write of src/server/live/fanout.ts against a real Socket.IO server and real
 * socket.io-client connections (the versions in the lockfile): every client decodes the frame as
 * the event it is, in order with what Socket.IO itself sends, and the straight path is really
 * taken (if an upgrade of Socket.IO changes the internals it checks, the counters show it here).
 */
describe("emitToAll", () => {
  let http: HttpServer;
  let ioServer: Server;
  let url: string;
  const serverSockets: ServerSocket[] = [];
  const clients: ClientSocket[] = [];

  beforeAll(async () => {
    http = createServer();
    ioServer = new Server(http, { perMessageDeflate: false, httpCompression: false, maxHttpBufferSize: 1e7 });
    ioServer.on("connection", (s) => {
      writeAcksDirectly(s);
      s.on("echo", (payload: unknown, ack: (r: unknown) => void) => ack({ ok: true, payload }));
      serverSockets.push(s);
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    ioServer.disconnectSockets(true);
    await new Promise<void>((r) => void ioServer.close(() => r()));
  });

  async function connect(transports: ("websocket" | "polling")[]): Promise<{ client: ClientSocket; server: ServerSocket }> {
    const before = serverSockets.length;
    const client = io(url, { transports, forceNew: true, reconnection: false, upgrade: false });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once("connect", resolve);
      client.once("connect_error", reject);
    });
    while (serverSockets.length === before) await new Promise((r) => setTimeout(r, 5));
    const server = serverSockets.find((s) => s.id === client.id);
    if (!server) throw new Error("no server socket");
    return { client, server };
  }

  function next(client: ClientSocket, event: string): Promise<unknown> {
    return new Promise((resolve) => client.once(event, resolve));
  }

  it("writes one frame straight to every WebSocket client, decoded as the event", async () => {
    const peers = await Promise.all([connect(["websocket"]), connect(["websocket"]), connect(["websocket"])]);
    const payload = { phase: "question", text: "Ünïcødé ✓ and \"quotes\"", list: [1, 2, 3], nothing: null };
    const got = peers.map((p) => next(p.client, "game:state"));
    const before = { ...fanoutCounters };
    emitToAll(
      peers.map((p) => p.server),
      "game:state",
      payload,
    );
    expect(await Promise.all(got)).toEqual([payload, payload, payload]);
    expect(fanoutCounters.direct - before.direct).toBe(3);
    expect(fanoutCounters.fallback - before.fallback).toBe(0);
  });

  it("keeps the order of messages sent through Socket.IO before and after", async () => {
    const { client, server } = await connect(["websocket"]);
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      client.on("m", (v: string) => {
        seen.push(v);
        if (seen.length === 6) resolve();
      });
    });
    const before = { ...fanoutCounters };
    server.emit("m", "1");
    server.emit("m", "2"); // queued in Engine.IO until the first write completes
    emitToAll([server], "m", "3"); // so this one must not overtake it: the ordinary path
    server.emit("m", "4");
    expect(fanoutCounters.fallback - before.fallback).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    emitToAll([server], "m", "5"); // idle again: the straight path
    expect(fanoutCounters.direct - before.direct).toBe(1);
    server.emit("m", "6");
    await done;
    expect(seen).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("falls back to Socket.IO for a long-polling client, which still gets the message", async () => {
    const { client, server } = await connect(["polling"]);
    const got = next(client, "game:state");
    const before = { ...fanoutCounters };
    emitToAll([server], "game:state", { phase: "lobby" });
    expect(await got).toEqual({ phase: "lobby" });
    expect(fanoutCounters.fallback - before.fallback).toBe(1);
    expect(fanoutCounters.direct - before.direct).toBe(0);
  });

  it("frames payloads of every length class (7-bit, 16-bit and 64-bit lengths)", async () => {
    const { client, server } = await connect(["websocket"]);
    for (const size of [10, 125, 126, 5_000, 65_535, 70_000]) {
      const text = "x".repeat(size);
      const body = Buffer.byteLength(`42${JSON.stringify(["big", text])}`);
      expect(eventFrame("big", text).length - body).toBe(body < 126 ? 2 : body < 65536 ? 4 : 10);
      const got = next(client, "big");
      emitToAll([server], "big", text);
      expect(await got).toBe(text);
    }
  });

  it("writes acknowledgements straight to a WebSocket client, and through Socket.IO to a polling one", async () => {
    for (const [transport, straight] of [["websocket", 1], ["polling", 0]] as const) {
      const { client } = await connect([transport]);
      const before = { ...fanoutCounters };
      const payload = { n: 1, text: "✓ \"quoted\"" };
      const reply = await client.timeout(5000).emitWithAck("echo", payload);
      expect(reply).toEqual({ ok: true, payload });
      expect(fanoutCounters.directAcks - before.directAcks).toBe(straight);
      // Acknowledgements keep their ids apart when several are in flight.
      const many = await Promise.all([1, 2, 3, 4, 5].map((n) => client.timeout(5000).emitWithAck("echo", { n })));
      expect(many.map((r: { payload: { n: number } }) => r.payload.n)).toEqual([1, 2, 3, 4, 5]);
    }
  });
});

describe("fanoutMode", () => {
  it("takes the standard path unless the straight write is asked for", () => {
    const io = new Server();
    expect(fanoutMode("standard", io.of("/").adapter)).toBe("standard");
    expect(fanoutMode("direct", io.of("/").adapter)).toBe("direct");
  });

  it("takes the standard path, with a warning, when another adapter is in use", () => {
    // Any adapter but the in-memory default (Redis, session-aware recovery) must see every message.
    const Default = new Server().of("/").adapter.constructor as new (nsp: unknown) => object;
    class OtherAdapter extends Default {}
    const io = new Server({ adapter: OtherAdapter as never });
    const warnings: string[] = [];
    expect(fanoutMode("direct", io.of("/").adapter, (m) => warnings.push(m))).toBe("standard");
    expect(warnings).toEqual([expect.stringContaining("OtherAdapter")]);
    // Connection-state recovery swaps in Socket.IO's session-aware adapter: no straight writes either.
    const recovering = new Server({ connectionStateRecovery: {} });
    expect(fanoutMode("direct", recovering.of("/").adapter)).toBe("standard");
  });
});
